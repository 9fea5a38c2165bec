package sensor.assemble;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.ToIntFunction;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * {@code sensorsim assemble --from DISTRIBUTION [--add JAR]... [--remove BUNDLE]... [--complete] --out FILE}: a
 * tailored distribution written with {@code java} alone. It starts from the bundle list of a shipped distribution
 * (embedded in every jar at build time), adds and removes bundles, lets {@link Resolution} complete it from the bundles
 * this jar carries, and writes a jar that behaves like a shipped one (help without booting, the same launcher) with
 * its lock ({@value #LOCK}: every bundle with its SHA-256). Its id ({@code sensorsim.distribution}, which {@code types}
 * prints and every run manifest records) is the starting distribution's when nothing was added or removed, else the
 * jar's file name; the lock's SHA-256 goes into every run manifest too. Refused requests write nothing and exit 3, one line per unmet
 * requirement. A service of the JDK type {@code ToIntFunction<String[]>} with {@code sensorsim.command=assemble}, as
 * {@code bench} is, so the command line imports nothing of it.
 */
@Component(service = ToIntFunction.class, property = "sensorsim.command=assemble")
public class AssembleCommand implements ToIntFunction<String[]> {
    static final String LOCK = "distribution-lock.json";
    static final String USAGE = """
            Usage: sensorsim assemble --from DISTRIBUTION --out FILE [--add JAR]... [--remove BUNDLE]... [--complete]
            Writes a tailored distribution: a shipped one with bundles added and removed, completed from the bundles of
            this jar by the OSGi framework's resolver (each bundle it adds is printed with its reason); the jar runs
            with java alone, as the shipped ones do.
              --from DISTRIBUTION  the shipped distribution to start from (sensorsim, sensorsim-lidar, sensorsim-proprio)
              --add JAR            a bundle to add, e.g. your plugin; repeatable
              --remove BUNDLE      a bundle of the starting distribution to leave out, by symbolic name; repeatable
              --complete           add nothing: refuse when the bundles named need more
              --out FILE           the jar to write (replaced atomically; nothing is written when refused)
            Exit codes: 0 written, 2 usage error, 3 the bundles do not resolve (one line per unmet requirement).
            """;

    private BundleContext context;
    private final PrintStream out = System.out, err = System.err;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @Override
    public int applyAsInt(String[] args) {
        String from = null;
        Path target = null;
        boolean complete = false;
        List<Path> add = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                out.print(USAGE);
                return 0;
            }
            if (a.equals("--complete")) {
                complete = true;
                continue;
            }
            if (!List.of("--from", "--out", "--add", "--remove").contains(a)) {
                return usage("unknown option '" + a + "'");
            }
            if (i + 1 == args.length) {
                return usage(a + " needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--from" -> from = v;
                case "--out" -> target = Path.of(v);
                case "--add" -> add.add(Path.of(v));
                default -> remove.add(v);
            }
        }
        if (from == null || target == null) {
            return usage("--from and --out are required");
        }
        try {
            return assemble(from, add, remove, complete, target);
        } catch (IOException | ReflectiveOperationException | org.osgi.framework.BundleException e) {
            err.println("sensorsim: assemble: " + e.getMessage());
            return 1;
        }
    }

    private int usage(String message) {
        err.println("sensorsim assemble: " + message);
        err.println("Try 'sensorsim assemble --help' for usage.");
        return 2;
    }

    private int assemble(String from, List<Path> add, List<String> remove, boolean complete, Path target)
            throws IOException, ReflectiveOperationException, org.osgi.framework.BundleException {
        Path self = running();
        if (self == null) {
            return usage("runs from an exported distribution jar: java -jar sensorsim.jar assemble ...");
        }
        DistributionJar jar = new DistributionJar(self);
        Map<String, Properties> shipped = jar.shipped();
        Properties base = shipped.get(from);
        if (base == null) {
            return usage("--from: no shipped distribution '" + from + "' in this jar; it has " + shipped.keySet());
        }
        Path work = Files.createTempDirectory("sensorsim-assemble");
        try {
            Map<String, Path> own = jar.extract(jar.ownBundles(), work);
            Map<String, Path> chosen = new LinkedHashMap<>();
            for (String e : DistributionJar.bundles(base)) {
                Path f = own.get(e);
                if (f == null) {
                    return usage("--from " + from + ": its bundle " + e.substring(4) + " is not in this jar; assemble it "
                            + "from that distribution's own jar");
                }
                if (!remove.contains(symbolicName(f))) {
                    chosen.put(e, f);
                }
            }
            for (String r : remove) {
                if (chosen.values().stream().noneMatch(f -> r.equals(symbolicNameOrNull(f)))
                        && own.values().stream().noneMatch(f -> r.equals(symbolicNameOrNull(f)))) {
                    return usage("--remove: no bundle '" + r + "' in " + from);
                }
            }
            Map<String, Path> added = new LinkedHashMap<>();
            for (Path a : add) {
                if (!Files.isRegularFile(a) || symbolicNameOrNull(a) == null) {
                    return usage("--add: " + a + (Files.isRegularFile(a) ? " is not an OSGi bundle (no Bundle-SymbolicName)"
                            : " is not a file"));
                }
                added.put("jar/" + a.getFileName(), a.toAbsolutePath());
            }
            chosen.putAll(added);
            Map<String, Path> repository = new LinkedHashMap<>(own);
            repository.keySet().removeAll(chosen.keySet());
            Resolution.Result result;
            try (Resolution r = new Resolution(context, work.resolve("framework"))) {
                result = r.resolve(chosen, repository, complete);
            }
            if (!result.unmet().isEmpty()) {
                err.println("sensorsim: assemble: refused, nothing written; " + result.unmet().size()
                        + " requirement(s) cannot be met:");
                result.unmet().forEach(l -> err.println("  " + l));
                return 3;
            }
            result.added().forEach(a -> out.println(a.reason()));
            Map<String, Path> files = new LinkedHashMap<>(own);
            files.putAll(added);
            Map<String, String> attrs = new LinkedHashMap<>();
            for (String e : result.entries()) {
                Manifest m = manifest(files.get(e));
                attrs.put(e, symbolicName(files.get(e)) + ";version=\"" + m.getMainAttributes().getValue("Bundle-Version")
                        + "\";startlevel=1");
            }
            Map<String, byte[]> extra = new LinkedHashMap<>(jar.help(result.entries().stream()
                    .anyMatch(e -> "sensor.service".equals(symbolicNameOrNull(files.get(e)))) ? "full" : "tailored"));
            byte[] lock = lock(from, result.entries(), files);
            extra.put(LOCK, lock);
            Properties launcher = new Properties();
            launcher.putAll(base);
            String id = add.isEmpty() && remove.isEmpty() ? from
                    : target.getFileName().toString().replaceFirst("\\.jar$", "");
            launcher.setProperty("sensorsim.distribution", id);
            launcher.setProperty("sensorsim.distribution.lock", sha256(lock));
            jar.write(target, launcher, result.entries(), added, attrs, extra);
            out.printf(Locale.ROOT, "assemble: wrote %s: %d bundles (%s, %d added, %d removed), %.1f MB%n", target,
                    result.entries().size(), from, add.size() + result.added().size(), remove.size(),
                    Files.size(target) / 1e6);
            return 0;
        } finally {
            deleteTree(work);
        }
    }

    /** The lock: the starting distribution and every bundle with its symbolic name, version and SHA-256, in order. */
    private static byte[] lock(String from, List<String> entries, Map<String, Path> files) throws IOException {
        StringBuilder b = new StringBuilder("{\n  \"from\": \"" + from + "\",\n  \"bundles\": [\n");
        for (int i = 0; i < entries.size(); i++) {
            Path f = files.get(entries.get(i));
            b.append(String.format(Locale.ROOT, "    {\"entry\": \"%s\", \"symbolicName\": \"%s\", \"version\": \"%s\", "
                    + "\"sha256\": \"%s\"}%s%n", entries.get(i), symbolicName(f),
                    manifest(f).getMainAttributes().getValue("Bundle-Version"), sha256(f), i + 1 < entries.size() ? "," : ""));
        }
        return b.append("  ]\n}\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String sha256(Path f) throws IOException {
        return sha256(Files.readAllBytes(f));
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The distribution jar this runtime was launched from, or null (not launched from one). */
    private static Path running() {
        for (String p : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            Path f = Path.of(p);
            if (p.endsWith(".jar") && Files.isRegularFile(f)) {
                try (JarFile j = new JarFile(f.toFile())) {
                    if (j.getEntry(DistributionJar.PROPERTIES) != null) {
                        return f;
                    }
                } catch (IOException e) {
                    // not a jar we can read: keep looking
                }
            }
        }
        return null;
    }

    private static Manifest manifest(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            return m == null ? new Manifest() : m;
        }
    }

    private static String symbolicNameOrNull(Path jar) {
        try {
            String s = manifest(jar).getMainAttributes().getValue("Bundle-SymbolicName");
            return s == null ? null : s.split(";")[0].strip();
        } catch (IOException e) {
            return null;
        }
    }

    private static String symbolicName(Path jar) throws IOException {
        String s = symbolicNameOrNull(jar);
        if (s == null) {
            throw new IOException(jar.getFileName() + " is not an OSGi bundle");
        }
        return s;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
