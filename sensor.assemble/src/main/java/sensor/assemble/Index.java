package sensor.assemble;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.Version;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The OSGi repository index (chapter 132, {@code repository/index.xml}) of the bundles a distribution jar carries:
 * per bundle its identity, its content (SHA-256, URL inside the jar, size) and every capability and requirement as
 * the OSGi framework reads them from its manifest. Written at build time ({@link #main}); read by {@code assemble},
 * which offers exactly the bundles listed and checks each one's SHA-256 before using it.
 */
final class Index {
    static final String ENTRY = "repository/index.xml";
    private static final String NS = "http://www.osgi.org/xmlns/repository/v1.0.0";

    /** One bundle of the index: identity, where it is inside the jar, and its SHA-256. */
    record Resource(String symbolicName, String version, String url, String sha256) {}

    private Index() {}

    /**
     * {@code java sensor.assemble.Index ROOT OUT}: indexes into {@code OUT} the bundles a distribution jar unpacked in
     * {@code ROOT} starts (its {@code launcher.properties}) and those under {@code ROOT/repository}; each URL is the
     * bundle's path inside the jar.
     */
    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        Map<String, Path> jars = new TreeMap<>();
        java.util.Properties launcher = new java.util.Properties();
        try (InputStream in = Files.newInputStream(root.resolve(DistributionJar.PROPERTIES))) {
            launcher.load(in);
        }
        DistributionJar.bundles(launcher).forEach(e -> jars.put(e, root.resolve(e)));
        try (Stream<Path> s = Files.list(Files.createDirectories(root.resolve("repository")))) {
            s.filter(p -> p.toString().endsWith(".jar")).forEach(p -> jars.put("repository/" + p.getFileName(), p));
        }
        Path storage = root.toAbsolutePath().resolveSibling(root.getFileName() + "-framework");
        try (OutputStream out = Files.newOutputStream(Path.of(args[1]))) {
            out.write(write(jars, storage, Index.class.getClassLoader()).getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * The index of {@code jars} (URL inside the distribution jar to file), read by a Felix framework (loaded from
     * {@code felix}) kept in {@code storage}.
     */
    static String write(Map<String, Path> jars, Path storage, ClassLoader felix) throws IOException, BundleException {
        Framework fw = Resolution.nested(felix, storage);
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<repository xmlns=\"" + NS
                + "\" name=\"sensorsim\" increment=\"0\">\n");
        try {
            for (Map.Entry<String, Path> e : new TreeMap<>(jars).entrySet()) {
                Path jar = e.getValue();
                Bundle b = fw.getBundleContext().installBundle(jar.toUri().toString());
                BundleRevision r = b.adapt(BundleRevision.class);
                x.append("  <resource>\n");
                capability(x, "osgi.identity", Map.of("osgi.identity", b.getSymbolicName(), "type", "osgi.bundle",
                        "version", b.getVersion()), Map.of());
                capability(x, "osgi.content", Map.of("osgi.content", Lock.sha256(Files.readAllBytes(jar)), "url",
                        e.getKey(), "size", Files.size(jar), "mime",
                        "application/vnd.osgi.bundle"), Map.of());
                for (BundleCapability c : r.getDeclaredCapabilities(null)) {
                    if (!c.getNamespace().equals("osgi.identity")) {
                        capability(x, c.getNamespace(), c.getAttributes(), c.getDirectives());
                    }
                }
                for (BundleRequirement q : r.getDeclaredRequirements(null)) {
                    if ("dynamic".equals(q.getDirectives().get(Constants.RESOLUTION_DIRECTIVE))) {
                        continue; // DynamicImport-Package wires at run time only; an index leaves it out, as bnd's does
                    }
                    x.append("    <requirement namespace=\"").append(escape(q.getNamespace())).append("\">\n");
                    attributes(x, q.getAttributes(), q.getDirectives());
                    x.append("    </requirement>\n");
                }
                x.append("  </resource>\n");
            }
        } finally {
            fw.stop();
        }
        return x.append("</repository>\n").toString();
    }

    private static void capability(StringBuilder x, String namespace, Map<String, Object> attrs, Map<String, String> dirs) {
        x.append("    <capability namespace=\"").append(escape(namespace)).append("\">\n");
        attributes(x, attrs, dirs);
        x.append("    </capability>\n");
    }

    private static void attributes(StringBuilder x, Map<String, Object> attrs, Map<String, String> dirs) {
        for (Map.Entry<String, Object> a : new TreeMap<>(attrs).entrySet()) {
            Object v = a.getValue();
            Object first = v instanceof List<?> l && !l.isEmpty() ? l.get(0) : v;
            String type = first instanceof Version ? "Version" : first instanceof Long ? "Long"
                    : first instanceof Double ? "Double" : null;
            if (v instanceof List<?>) {
                type = "List<" + (type == null ? "String" : type) + ">";
            }
            String value = v instanceof List<?> l ? String.join(",", l.stream().map(String::valueOf).toList()) : String.valueOf(v);
            x.append("      <attribute name=\"").append(escape(a.getKey())).append('"')
                    .append(type == null ? "" : " type=\"" + escape(type) + "\"").append(" value=\"").append(escape(value))
                    .append("\"/>\n");
        }
        for (Map.Entry<String, String> d : new TreeMap<>(dirs).entrySet()) {
            x.append("      <directive name=\"").append(escape(d.getKey())).append("\" value=\"").append(escape(d.getValue()))
                    .append("\"/>\n");
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** The bundles of an index: identity, URL and SHA-256 of each. */
    static List<Resource> read(InputStream in) throws IOException {
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            doc = f.newDocumentBuilder().parse(in);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("the repository index is not valid XML: " + e.getMessage());
        }
        List<Resource> out = new ArrayList<>();
        NodeList resources = doc.getElementsByTagNameNS(NS, "resource");
        for (int i = 0; i < resources.getLength(); i++) {
            Map<String, String> identity = new TreeMap<>(), content = new TreeMap<>();
            NodeList caps = ((Element) resources.item(i)).getElementsByTagNameNS(NS, "capability");
            for (int j = 0; j < caps.getLength(); j++) {
                Element c = (Element) caps.item(j);
                Map<String, String> target = switch (c.getAttribute("namespace")) {
                    case "osgi.identity" -> identity;
                    case "osgi.content" -> content;
                    default -> null;
                };
                NodeList attrs = c.getElementsByTagNameNS(NS, "attribute");
                for (int k = 0; target != null && k < attrs.getLength(); k++) {
                    Element a = (Element) attrs.item(k);
                    target.put(a.getAttribute("name"), a.getAttribute("value"));
                }
            }
            out.add(new Resource(identity.get("osgi.identity"), identity.get("version"), content.get("url"),
                    content.get("osgi.content")));
        }
        return out;
    }
}
