package sensor.assemble;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

/**
 * What an assembled jar records about itself: its lock, a complete feature (chapter 159) naming every bundle with
 * its coordinates, start level, symbolic name, version and SHA-256, with the feature's configurations and framework
 * properties; and the bundle that carries the feature's configurations to the OSGi Configurator. Both are written
 * byte for byte the same from the same inputs.
 */
final class Lock {
    /** The time of the generated bundle's entries, as {@link DistributionJar}'s: 1980-02-01. */
    private static final long FIXED_TIME = 315_532_800_000L + 86_400_000L * 31;

    private Lock() {}

    /** The lock of a distribution {@code id} of {@code bundles} (in launch order) with their start levels. */
    static byte[] write(Feature f, String id, List<Repository.Candidate> bundles, Map<String, Integer> levels)
            throws IOException {
        Map<String, Object> lock = new LinkedHashMap<>();
        lock.put("feature-resource-version", "1.0");
        lock.put("id", f.id != null ? f.id : "sensorsim:" + id + ":0.0.0");
        lock.put("complete", true);
        List<Object> list = new ArrayList<>();
        for (Repository.Candidate c : bundles) {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("id", c.coordinates());
            b.put("start-order", levels.get(c.entry()));
            b.put("sensorsim.symbolic-name", c.symbolicName());
            b.put("sensorsim.version", c.version());
            b.put("sensorsim.sha256", sha256(Files.readAllBytes(c.file())));
            list.add(b);
        }
        lock.put("bundles", list);
        if (!f.configurations.isEmpty()) {
            lock.put("configurations", f.configurations);
        }
        if (!f.frameworkProperties.isEmpty()) {
            lock.put("framework-launching-properties", f.frameworkProperties);
        }
        Map<String, Object> extension = new LinkedHashMap<>(); // (Map.of's order changes from one run to the next)
        extension.put("kind", "mandatory");
        extension.put("type", "JSON");
        extension.put("json", f.from == null ? Map.of() : Map.of("from", f.from.value()));
        lock.put("extensions", Map.of(Feature.EXTENSION, extension));
        StringBuilder text = new StringBuilder("{\n");
        String sep = "";
        for (Map.Entry<String, Object> e : lock.entrySet()) {
            text.append(sep).append("  ");
            Json.quote(e.getKey(), text);
            text.append(": ");
            if (e.getValue() instanceof List<?> l) { // one bundle per line
                text.append("[\n");
                for (int i = 0; i < l.size(); i++) {
                    text.append("    ").append(Json.write(l.get(i))).append(i + 1 < l.size() ? ",\n" : "\n");
                }
                text.append("  ]");
            } else {
                text.append(Json.write(e.getValue()));
            }
            sep = ",\n";
        }
        return text.append("\n}\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The bundle {@code <artifact>.configuration} carrying the feature's configurations as an OSGi Configurator
     * resource ({@code OSGI-INF/configurator/<artifact>.json}); it requires the Configurator extender, so the
     * resolver checks that the distribution has one.
     */
    static Path configurationBundle(Feature f, Path dir) throws IOException {
        String[] c = (f.id != null ? f.id : "sensorsim:feature:0.0.0").split(":");
        String artifact = c[1];
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", artifact + ".configuration");
        a.putValue("Bundle-Version", osgiVersion(c[c.length - 1]));
        a.putValue("Bundle-Description", "The configurations of the feature " + (f.id != null ? f.id : artifact));
        a.putValue("Require-Capability",
                "osgi.extender;filter:=\"(&(osgi.extender=osgi.configurator)(version>=1.0)(!(version>=2.0)))\"");
        Map<String, Object> resource = new LinkedHashMap<>();
        resource.put(":configurator:resource-version", 1);
        resource.putAll(f.configurations);
        Path jar = dir.resolve(artifact + ".configuration-" + c[c.length - 1] + ".jar");
        try (JarOutputStream z = new JarOutputStream(Files.newOutputStream(jar))) {
            ZipEntry e = new ZipEntry("META-INF/MANIFEST.MF");
            e.setTime(FIXED_TIME);
            z.putNextEntry(e);
            m.write(z);
            z.closeEntry();
            e = new ZipEntry("OSGI-INF/configurator/" + artifact + ".json");
            e.setTime(FIXED_TIME);
            z.putNextEntry(e);
            z.write((Json.write(resource) + "\n").getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        return jar;
    }

    /** A Maven version as an OSGi one: 1.2.3-SNAPSHOT is 1.2.3.SNAPSHOT; anything unreadable is 0.0.0. */
    static String osgiVersion(String maven) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(?:[.-]([\\w-]+))?")
                .matcher(maven);
        if (!m.matches()) {
            return "0.0.0";
        }
        return m.group(1) + "." + (m.group(2) == null ? "0" : m.group(2)) + "." + (m.group(3) == null ? "0" : m.group(3))
                + (m.group(4) == null ? "" : "." + m.group(4));
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
