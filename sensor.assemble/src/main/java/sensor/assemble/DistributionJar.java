package sensor.assemble;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * An exported distribution jar (bnd's launcher, {@code launcher.properties}, the bundles under {@code jar/}, the help
 * texts): what it carries, the bundle lists of the shipped distributions embedded at build time
 * ({@code distributions/<name>.properties}), and the writing of a tailored copy with another set of bundles.
 */
final class DistributionJar {
    static final String PROPERTIES = "launcher.properties", BUNDLES = "launch.bundles", ATTRS = "launch.runbundles.attrs";
    /** The time of every entry a tailored jar adds or rewrites, so that the same inputs give the same bytes. */
    private static final long FIXED_TIME = 315_532_800_000L + 86_400_000L * 31; // 1980-02-01, as bnd's -reproducible

    private final Path file;

    DistributionJar(Path file) {
        this.file = file;
    }

    /**
     * The shipped distributions this jar knows, by name (e.g. {@code sensorsim-lidar}), each with its launcher's
     * properties (its bundles, their start levels, the framework's properties).
     */
    Map<String, Properties> shipped() throws IOException {
        Map<String, Properties> all = new TreeMap<>();
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                String n = e.getName();
                if (n.startsWith("distributions/") && n.endsWith(".properties")) {
                    all.put(n.substring("distributions/".length(), n.length() - ".properties".length()), load(zip, e));
                }
            }
        }
        return all;
    }

    /** The bundle entries ({@code jar/...}) this jar starts: its repository. */
    List<String> ownBundles() throws IOException {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            return bundles(load(zip, zip.getEntry(PROPERTIES)));
        }
    }

    /**
     * The help texts of a variant ({@code full}: with bench and serve, {@code tailored}: without), embedded at build
     * time under {@code help-variants/}, as the entries {@code help/...} of a jar; empty where the jar has none.
     */
    Map<String, byte[]> help(String variant) throws IOException {
        Map<String, byte[]> texts = new TreeMap<>();
        String prefix = "help-variants/" + variant + "/";
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                if (e.getName().startsWith(prefix) && !e.isDirectory()) {
                    try (InputStream in = zip.getInputStream(e)) {
                        texts.put("help/" + e.getName().substring(prefix.length()), in.readAllBytes());
                    }
                }
            }
        }
        return texts;
    }

    /** Copies the entries named into {@code dir}, each under its file name; returns entry name to file. */
    Map<String, Path> extract(List<String> entries, Path dir) throws IOException {
        Map<String, Path> out = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (String n : entries) {
                Path target = dir.resolve(n.substring(n.lastIndexOf('/') + 1));
                ZipEntry e = zip.getEntry(n);
                if (e == null) {
                    continue;
                }
                try (InputStream in = zip.getInputStream(e)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
                out.put(n, target);
            }
        }
        return out;
    }

    /**
     * Every bundle this jar carries (those it starts and those under {@code repository/}), copied into {@code dir}:
     * entry name ({@code jar/<file name>}) to file. Where the jar has its repository index ({@value Index#ENTRY}), the
     * bundles are exactly those it lists, each checked against its SHA-256; else the bundles it starts.
     */
    Map<String, Path> bundles(Path dir) throws IOException {
        List<Index.Resource> index;
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ZipEntry e = zip.getEntry(Index.ENTRY);
            if (e == null) {
                return extract(ownBundles(), dir);
            }
            try (InputStream in = zip.getInputStream(e)) {
                index = Index.read(in);
            }
        }
        Map<String, Path> out = new LinkedHashMap<>();
        Files.createDirectories(dir.resolve("repository"));
        for (Index.Resource r : index) {
            Path f = extract(List.of(r.url()), r.url().startsWith("repository/") ? dir.resolve("repository") : dir)
                    .get(r.url());
            if (f == null || !Lock.sha256(Files.readAllBytes(f)).equals(r.sha256())) {
                throw new IOException(file.getFileName() + " is damaged: its bundle " + r.url() + (f == null ? " is missing"
                        : " differs from its repository index (SHA-256)") + "; download the distribution again");
            }
            out.put("jar/" + f.getFileName(), f);
        }
        return out;
    }

    /**
     * Writes {@code out} atomically: this jar with the launcher's properties {@code launcher} but exactly the bundles of
     * {@code attrs} started, in that order (entry name to its launcher attributes {@code bsn;version="v";startlevel=n};
     * entries not in this jar come from {@code added}, entry name to file), the other bundle entries left out, and
     * {@code extra} entries added or replaced (name to content).
     */
    void write(Path out, Properties launcher, Map<String, String> attrs, Map<String, Path> added,
            Map<String, byte[]> extra) throws IOException {
        Path tmp = out.toAbsolutePath().resolveSibling("." + out.getFileName() + ".part");
        try (ZipFile zip = new ZipFile(file.toFile());
                ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(tmp))) {
            List<String> carried = bundles(load(zip, zip.getEntry(PROPERTIES)));
            boolean newHelp = extra.keySet().stream().anyMatch(k -> k.startsWith("help/"));
            for (ZipEntry e : Collections.list(zip.entries())) {
                String n = e.getName();
                if (n.equals(PROPERTIES) || extra.containsKey(n) || added.containsKey(n)
                        || carried.contains(n) && !attrs.containsKey(n)
                        || n.startsWith("repository/") // a tailored jar carries the bundles it runs, and its own index
                        || newHelp && n.startsWith("help/") && !n.equals("help/version.txt")) {
                    continue;
                }
                ZipEntry copy = new ZipEntry(n);
                copy.setTime(e.getTime());
                z.putNextEntry(copy);
                try (InputStream in = zip.getInputStream(e)) {
                    in.transferTo(z);
                }
                z.closeEntry();
            }
            for (Map.Entry<String, Path> a : new TreeMap<>(added).entrySet()) {
                put(z, a.getKey(), Files.readAllBytes(a.getValue()));
            }
            for (Map.Entry<String, byte[]> x : new TreeMap<>(extra).entrySet()) {
                put(z, x.getKey(), x.getValue());
            }
            put(z, PROPERTIES, rewrite(launcher, attrs));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Each bundle's start level in a launcher's properties, by symbolic name. */
    static Map<String, Integer> startLevels(Properties launcher) {
        Map<String, Integer> levels = new TreeMap<>();
        for (String a : launcher.getProperty(ATTRS, "").split(",(?=[^,;]*;version)")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("([^;]+);.*startlevel=(\\d+).*").matcher(a);
            if (m.matches()) {
                levels.put(m.group(1), Integer.valueOf(m.group(2)));
            }
        }
        return levels;
    }

    /** The launcher's properties with the bundle list and attributes of {@code attrs}, keys sorted, no date. */
    private static byte[] rewrite(Properties launcher, Map<String, String> attrs) throws IOException {
        Properties p = new Properties();
        p.putAll(launcher);
        p.setProperty(BUNDLES, String.join(",", attrs.keySet()));
        p.setProperty(ATTRS, String.join(",", attrs.values()));
        StringBuilder b = new StringBuilder();
        for (String key : new TreeMap<>(Map.copyOf(toStrings(p))).keySet()) {
            java.io.StringWriter w = new java.io.StringWriter();
            Properties one = new Properties();
            one.setProperty(key, p.getProperty(key));
            one.store(w, null);
            w.toString().lines().filter(l -> !l.startsWith("#")).forEach(l -> b.append(l).append('\n'));
        }
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Map<String, String> toStrings(Properties p) {
        Map<String, String> m = new TreeMap<>();
        p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
        return m;
    }

    private static void put(ZipOutputStream z, String name, byte[] data) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setTime(FIXED_TIME);
        z.putNextEntry(e);
        z.write(data);
        z.closeEntry();
    }

    static List<String> bundles(Properties launcher) {
        String list = launcher.getProperty(BUNDLES, "").strip();
        return list.isEmpty() ? List.of() : List.of(list.split(","));
    }

    private static Properties load(ZipFile zip, ZipEntry e) throws IOException {
        Properties p = new Properties();
        try (InputStream in = zip.getInputStream(e)) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            in.transferTo(buf);
            p.load(new StringReader(buf.toString(StandardCharsets.ISO_8859_1)));
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return p;
    }
}
