package sensor.assemble;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import java.util.jar.JarFile;

import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Version;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * {@code sensorsim assemble}: a tailored distribution written with {@code java} alone, from a feature file
 * ({@link Feature}), from a shipped distribution with bundles added and removed ({@code --from}), or as the smallest
 * distribution that runs a scenario ({@code --for}). The bundles come from this jar (the ones it runs and those it
 * carries only for assembly) and the {@code --repo} folders; {@link Resolution} completes them with the OSGi
 * framework's own resolver, each addition printed with its reason. The result behaves like a shipped jar (help
 * without booting, the same launcher) and carries its lock ({@value #LOCK}: a complete feature naming every bundle
 * with its coordinates and SHA-256); its id ({@code sensorsim.distribution}) and the lock's SHA-256 go into every run
 * manifest. Refused requests write nothing and exit 3, one line per problem, at the feature file's line and column.
 * A service of the JDK type {@code ToIntFunction<String[]>} with {@code sensorsim.command=assemble}, as {@code bench}
 * is, so the command line imports nothing of it.
 */
@Component(service = ToIntFunction.class, property = "sensorsim.command=assemble")
public class AssembleCommand implements ToIntFunction<String[]> {
    static final String LOCK = "distribution-lock.json";
    /** What every distribution starts from when a feature names no shipped one: the runtime's base and the command line. */
    static final List<String> CORE = List.of("org.apache.felix.scr", "org.apache.felix.configadmin",
            "org.apache.felix.fileinstall", "org.apache.felix.configurator", "org.apache.johnzon.core",
            "org.apache.felix.log", "sensor.env", "sensor.cli");
    /** The live service's web console (feature: "console"), and the interactive shell ("shell"). */
    static final List<String> CONSOLE = List.of("sensor.console", "org.apache.felix.http.jetty",
            "org.apache.felix.http.servlet-api", "org.apache.felix.webconsole", "org.apache.felix.webconsole.plugins.ds"),
            SHELL = List.of("org.apache.felix.gogo.shell", "org.apache.felix.gogo.command", "org.apache.felix.gogo.runtime");
    static final String USAGE = """
            Usage: sensorsim assemble FEATURE.json --out FILE [--repo DIR]... [--maven-repo DIR]... [--var NAME=VALUE]...
                                      [--jlink DIR]
                   sensorsim assemble --from DISTRIBUTION --out FILE [--add JAR]... [--remove BUNDLE]... [--complete]
                   sensorsim assemble --for SCENARIO.yaml --out FILE [--plugins DIR]
            Writes a tailored distribution that runs with java alone, as the shipped ones do. The bundles come from this
            jar and the --repo folders; the OSGi framework's resolver completes them (each bundle it adds is printed
            with its reason). The jar carries its lock, distribution-lock.json: every bundle with its SHA-256.
              FEATURE.json         an OSGi feature (chapter 159: bundles, configurations, framework properties,
                                   variables) with the extension "sensorsim.distribution" (from, requires, remove,
                                   shell, console); see docs/distributions.md
              --from DISTRIBUTION  start from a shipped distribution (sensorsim, sensorsim-lidar, sensorsim-proprio,
                                   sensorsim-shell)
              --add JAR            a bundle to add, e.g. your plugin; repeatable
              --remove BUNDLE      a bundle of the starting distribution to leave out, by symbolic name; repeatable
              --complete           add nothing: refuse when the bundles named need more
              --for SCENARIO.yaml  the smallest distribution that runs this scenario (checked with validate)
              --plugins DIR        jars the scenario's types may come from (with --for)
              --repo DIR           more bundles: every jar below DIR, flat or in Maven's layout; repeatable
              --maven-repo DIR     a Maven local repository (e.g. ~/.m2/repository): the feature's bundles are taken
                                   from it by their coordinates' path; repeatable
              --var NAME=VALUE     a value for one of the feature's variables; repeatable
              --out FILE           the jar to write (replaced atomically; nothing is written when refused)
              --jlink DIR          also a runtime image in DIR (a new folder): a Java of only the modules the bundles
                                   use, the jar and bin/sensorsim (needs a JDK)
            Exit codes: 0 written, 2 usage error, 3 refused (one line per problem, with its line:column).
            """;

    private BundleContext context;
    private final PrintStream out = System.out, err = System.err;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    /** What to assemble, however it was asked for. */
    private static final class Request {
        Feature feature = new Feature();
        String source = "";          // the feature file's name, for "file:line:column: "
        String fromName;             // --from, for the id rule of that form
        Path scenario;               // --for
        final List<Path> add = new ArrayList<>(), repos = new ArrayList<>(), mavenRepos = new ArrayList<>();
        Path target, jlink;
    }

    @Override
    public int applyAsInt(String[] args) {
        Request q = new Request();
        Path featureFile = null;
        Map<String, String> vars = new LinkedHashMap<>();
        List<String> remove = new ArrayList<>();
        boolean complete = false;
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
            if (!a.startsWith("-")) {
                if (featureFile != null) {
                    return usage("one feature file at a time; got " + featureFile + " and " + a);
                }
                featureFile = Path.of(a);
                continue;
            }
            if (!List.of("--from", "--out", "--add", "--remove", "--repo", "--var", "--for", "--plugins", "--jlink",
                    "--maven-repo").contains(a)) {
                return usage("unknown option '" + a + "'");
            }
            if (i + 1 == args.length) {
                return usage(a + " needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--from" -> q.fromName = v;
                case "--out" -> q.target = Path.of(v);
                case "--add" -> q.add.add(Path.of(v));
                case "--remove" -> remove.add(v);
                case "--for" -> q.scenario = Path.of(v);
                case "--jlink" -> q.jlink = Path.of(v);
                case "--maven-repo" -> q.mavenRepos.add(Path.of(v));
                case "--var" -> {
                    int eq = v.indexOf('=');
                    if (eq <= 0) {
                        return usage("--var takes NAME=VALUE; got '" + v + "'");
                    }
                    vars.put(v.substring(0, eq), v.substring(eq + 1));
                }
                default -> q.repos.add(Path.of(v)); // --repo, --plugins
            }
        }
        int forms = (featureFile != null ? 1 : 0) + (q.fromName != null ? 1 : 0) + (q.scenario != null ? 1 : 0);
        if (forms != 1 || q.target == null) {
            return usage("give one of FEATURE.json, --from DISTRIBUTION or --for SCENARIO.yaml, and --out FILE");
        }
        if (featureFile != null && (!q.add.isEmpty() || !remove.isEmpty() || complete)) {
            return usage("--add, --remove and --complete go with --from; a feature says them in its file");
        }
        if (q.jlink != null && Files.exists(q.jlink)) {
            return usage("--jlink: " + q.jlink + " exists; name a new folder for the runtime image");
        }
        if (q.jlink != null && Jlink.tool().isEmpty()) {
            err.println("sensorsim: assemble: refused, nothing written: --jlink needs a JDK's jlink, and this Java ("
                    + System.getProperty("java.home") + ") has none; run assemble with a JDK's java");
            return 3;
        }
        for (Path d : concat(q.repos, q.mavenRepos)) {
            if (!Files.isDirectory(d)) {
                return usage("--repo/--maven-repo/--plugins: " + d + " is not a folder");
            }
        }
        for (Path a : q.add) {
            if (!Files.isRegularFile(a)) {
                return usage("--add: " + a + " is not a file");
            }
        }
        try {
            if (featureFile != null) {
                if (!Files.isRegularFile(featureFile)) {
                    return usage(featureFile + " is not a file");
                }
                q.source = featureFile.toString();
                q.feature = Feature.read(Files.readString(featureFile, StandardCharsets.UTF_8), vars);
            } else if (q.scenario != null) {
                if (!Files.isRegularFile(q.scenario)) {
                    return usage("--for: " + q.scenario + " is not a file");
                }
                q.source = q.scenario.toString();
                ScenarioTypes.read(q.scenario, q.feature);
            } else {
                q.feature.from = new Json.Node(q.fromName, 0, 0);
                remove.forEach(r -> q.feature.remove.put(r, new Json.Node(r, 0, 0)));
                q.feature.complete = complete;
            }
            if (!q.feature.problems.isEmpty()) {
                return refuse(q, q.feature.problems);
            }
            return assemble(q);
        } catch (IOException | BundleException | InterruptedException e) {
            err.println("sensorsim: assemble: " + e.getMessage());
            return 1;
        }
    }

    private int usage(String message) {
        err.println("sensorsim assemble: " + message);
        err.println("Try 'sensorsim assemble --help' for usage.");
        return 2;
    }

    private int refuse(Request q, List<String> problems) {
        List<String> lines = problems.stream().sorted(Comparator.comparingLong(AssembleCommand::position)).toList();
        err.println("sensorsim: assemble: refused, nothing written; " + lines.size() + " problem(s):");
        lines.forEach(l -> err.println("  " + (q.source.isEmpty() || !Character.isDigit(l.charAt(0)) ? "" : q.source + ":") + l));
        return 3;
    }

    /** Where a problem line points (line, then column), for the order of the lines; 0 for the command line's. */
    private static long position(String line) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+):(\\d+): .*").matcher(line);
        return m.matches() ? Long.parseLong(m.group(1)) * 100_000 + Long.parseLong(m.group(2)) : 0;
    }

    private static List<Path> concat(List<Path> a, List<Path> b) {
        List<Path> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** "line:column: " of a node of the feature, or "" where the request came from the command line. */
    private static String at(Json.Node n) {
        return n == null || n.line() == 0 ? "" : n.where() + ": ";
    }

    private int assemble(Request q) throws IOException, BundleException, InterruptedException {
        Feature f = q.feature;
        Path self = running();
        if (self == null) {
            return usage("runs from an exported distribution jar: java -jar sensorsim.jar assemble ...");
        }
        DistributionJar jar = new DistributionJar(self);
        Map<String, Properties> shipped = jar.shipped();
        String from = f.from == null ? null : (String) f.from.value();
        if (from != null && !shipped.containsKey(from)) {
            return f.from.line() == 0 ? usage("--from: no shipped distribution '" + from + "' in this jar; it has "
                    + shipped.keySet()) : refuse(q, List.of(at(f.from) + Feature.EXTENSION + ".from: no shipped "
                    + "distribution '" + from + "' in this jar; it has " + shipped.keySet()));
        }
        Path work = Files.createTempDirectory("sensorsim-assemble");
        try {
            Repository repo = new Repository();
            jar.bundles(work).forEach((e, p) -> add(repo, e, p));
            for (Path d : q.repos) {
                repo.addFolder(d);
            }
            repo.mavenRepositories.addAll(q.mavenRepos);
            List<String> problems = new ArrayList<>();
            Map<String, Json.Node> chosen = new LinkedHashMap<>(); // entry -> where the feature asks for it
            Map<String, Integer> startOrder = new TreeMap<>();
            if (from != null) {
                for (String e : DistributionJar.bundles(shipped.get(from))) {
                    if (repo.entry(e) == null) {
                        return usage("--from " + from + ": its bundle " + e.substring(4) + " is not in this jar; assemble "
                                + "it from that distribution's own jar");
                    }
                    chosen.put(e, f.from);
                }
            } else {
                for (String bsn : CORE) {
                    Repository.Candidate c = repo.named(bsn);
                    if (c == null) {
                        return usage("this jar lacks " + bsn + ", which every distribution has; assemble from sensorsim.jar");
                    }
                    chosen.put(c.entry(), f.extension);
                }
            }
            choose(repo, chosen, f.console, CONSOLE, f.extension, "console", problems);
            choose(repo, chosen, f.shell, SHELL, f.extension, "shell", problems);
            f.remove.forEach((bsn, node) -> {
                if (!chosen.keySet().removeIf(e -> repo.entry(e).symbolicName().equals(bsn))) {
                    problems.add(at(node) + (node.line() == 0 ? "--remove" : Feature.EXTENSION + ".remove") + ": no bundle '"
                            + bsn + "' in " + (from == null ? "the distribution" : from));
                }
            });
            for (Feature.BundleRef b : f.bundles) {
                Repository.Candidate c = repo.find(b);
                if (c == null) {
                    problems.add(at(b.at()) + "bundles: " + b.id() + " is in no repository: not in this jar"
                            + (q.repos.isEmpty() && q.mavenRepos.isEmpty() ? " (add the folder that has it with --repo DIR, "
                            + "or a Maven repository with --maven-repo DIR)" : " nor in " + concat(q.repos, q.mavenRepos))
                            + near(repo, b));
                    continue;
                }
                chosen.put(c.entry(), b.at());
                if (b.startOrder() > 0) {
                    startOrder.put(c.entry(), b.startOrder());
                }
            }
            for (Path a : q.add) {
                Repository.Candidate c = repo.add("jar/" + a.getFileName(), a.toAbsolutePath());
                if (c == null) {
                    return usage("--add: " + a + " is not an OSGi bundle (no Bundle-SymbolicName)");
                }
                chosen.put(c.entry(), null);
            }
            List<String> reasons = new ArrayList<>();
            if (!f.requires.isEmpty()) {
                requireTypes(f, repo, chosen, problems, work, reasons);
            }
            if (!f.configurations.isEmpty()) {
                Path configuration = Lock.configurationBundle(f, work);
                String entry = add(repo, "jar/" + configuration.getFileName(), configuration).entry();
                chosen.put(entry, f.extension);
                startOrder.put(entry, 3); // after the Configurator and its JSON provider (level 2), which then read it
            }
            if (!problems.isEmpty()) {
                return refuse(q, problems);
            }
            Resolution.Result result;
            Map<String, Path> offered = new LinkedHashMap<>();
            repo.all().stream().filter(c -> !chosen.containsKey(c.entry())).forEach(c -> offered.put(c.entry(), c.file()));
            Map<String, Path> start = new LinkedHashMap<>();
            chosen.keySet().forEach(e -> start.put(e, repo.entry(e).file()));
            try (Resolution r = new Resolution(felix(), work.resolve("framework"))) {
                result = r.resolve(start, offered, f.complete);
            }
            if (!result.unmet().isEmpty()) {
                return refuse(q, result.unmet().stream().map(u -> at(chosen.get(u.entry())) + u.line()).toList());
            }
            reasons.forEach(out::println);
            result.added().forEach(a -> out.println(a.reason()));
            return write(q, jar, shipped, repo, result, startOrder, work);
        } finally {
            Jlink.deleteTree(work);
        }
    }

    private static Repository.Candidate add(Repository repo, String entry, Path file) {
        try {
            return repo.add(entry, file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Adds ({@code on} true) or removes (false) a group of bundles; null leaves the distribution as it is. */
    private static void choose(Repository repo, Map<String, Json.Node> chosen, Boolean on, List<String> group,
            Json.Node at, String field, List<String> problems) {
        if (Boolean.FALSE.equals(on)) {
            chosen.keySet().removeIf(e -> group.contains(repo.entry(e).symbolicName()));
        } else if (Boolean.TRUE.equals(on)) {
            for (String bsn : group) {
                Repository.Candidate c = repo.named(bsn);
                if (c == null) {
                    problems.add(at(at) + Feature.EXTENSION + "." + field + ": this jar does not carry " + bsn
                            + "; assemble from sensorsim.jar, or give its folder with --repo DIR");
                } else if (chosen.keySet().stream().noneMatch(e -> repo.entry(e).symbolicName().equals(bsn))) {
                    chosen.put(c.entry(), at);
                }
            }
        }
    }

    /** The bundles providing the feature's type ids; an id nobody provides is a problem, with the closest ids. */
    private void requireTypes(Feature f, Repository repo, Map<String, Json.Node> chosen, List<String> problems, Path work,
            List<String> reasons) {
        List<String> running = java.util.Arrays.stream(context.getBundles()).map(b -> b.getSymbolicName() + " " + b.getVersion()).toList();
        TypeIndex types = new TypeIndex(context, repo.all().stream().filter(c -> !running.contains(c.name())
                && !c.file().startsWith(work)).toList()); // the plugins of --repo, --plugins, --add; not the jar's own
        List<Repository.Candidate> tracers = new ArrayList<>();
        for (Feature.TypeRef t : f.requires) {
            String by = types.provider(t.kind(), t.id());
            Repository.Candidate c = by == null ? null : repo.all().stream().filter(x -> x.name().equals(by)).findFirst()
                    .orElse(null);
            if (c == null) {
                if (t.kind().equals("*")) {
                    continue; // a nested "type" of a scenario that is no plugin type (validate checks the rest)
                }
                List<String> near = types.near(t.kind(), t.id());
                problems.add(at(t.at()) + "requires: no bundle of this jar" + (repo.folders.isEmpty() ? "" : " or of "
                        + repo.folders) + " provides the type " + t + (near.isEmpty() ? "; the kinds are " + types.kinds()
                        : "; did you mean " + String.join(", ", near) + "?"));
            } else if (!chosen.containsKey(c.entry())) {
                chosen.put(c.entry(), t.at());
                reasons.add("+ " + c.name() + " provides the type " + t.kind() + "/" + t.id());
                tracers.add(c);
            }
        }
        // a lidar, camera or radar refers to the raytrace backend only optionally (its sensors wait for one), so the
        // resolver would not add it: a type whose bundle traces rays brings the CPU backend unless the feature names one
        String backend = types.provider("raytrace-backend", "cpu-bvh");
        Repository.Candidate cpu = backend == null ? null : repo.all().stream().filter(x -> x.name().equals(backend))
                .findFirst().orElse(null);
        Repository.Candidate tracer = tracers.stream().filter(AssembleCommand::traces).findFirst().orElse(null);
        if (tracer != null && cpu != null && f.requires.stream().noneMatch(t -> t.kind().equals("raytrace-backend"))
                && !chosen.containsKey(cpu.entry())) {
            chosen.put(cpu.entry(), f.extension);
            reasons.add("+ " + cpu.name() + " provides the type raytrace-backend/cpu-bvh, which " + tracer.name()
                    + " traces its rays with");
        }
    }

    /** Whether a bundle refers to the raytrace backend service (its sensors trace rays). */
    private static boolean traces(Repository.Candidate c) {
        try (JarFile j = new JarFile(c.file().toFile())) {
            String req = j.getManifest().getMainAttributes().getValue("Require-Capability");
            return req != null && req.contains("(objectClass=sensor.api.raytrace.RaytraceBackend)");
        } catch (IOException | NullPointerException e) {
            return false;
        }
    }

    /** "; did you mean ..." for a bundle id whose artifact is in the repository at another version. */
    private static String near(Repository repo, Feature.BundleRef b) {
        List<String> same = repo.all().stream().map(Repository.Candidate::coordinates)
                .filter(c -> c.split(":")[1].equals(b.artifact())).distinct().toList();
        return same.isEmpty() ? "" : "; the repository has " + String.join(", ", same);
    }

    private int write(Request q, DistributionJar jar, Map<String, Properties> shipped, Repository repo,
            Resolution.Result result, Map<String, Integer> startOrder, Path work)
            throws IOException, InterruptedException, BundleException {
        Feature f = q.feature;
        String from = f.from == null ? null : (String) f.from.value();
        Map<String, Integer> levels = new TreeMap<>();
        shipped.values().forEach(p -> levels.putAll(DistributionJar.startLevels(p)));
        List<Repository.Candidate> bundles = result.entries().stream().map(repo::entry)
                .sorted(Comparator.comparing(Repository.Candidate::symbolicName)
                        .thenComparing(c -> Version.parseVersion(c.version())))
                .toList(); // as bnd's launcher orders them (-runstartlevel: order=sortbynameversion)
        Map<String, String> attrs = new LinkedHashMap<>();
        Map<String, Integer> level = new LinkedHashMap<>();
        Map<String, Path> added = new LinkedHashMap<>();
        List<String> own = jar.ownBundles();
        for (Repository.Candidate c : bundles) {
            int l = startOrder.getOrDefault(c.entry(), levels.getOrDefault(c.symbolicName(), 1));
            level.put(c.entry(), l);
            attrs.put(c.entry(), c.symbolicName() + ";version=\"" + c.version() + "\";startlevel=" + l);
            if (!own.contains(c.entry())) {
                added.put(c.entry(), c.file());
            }
        }
        boolean live = bundles.stream().anyMatch(c -> c.symbolicName().equals("sensor.service"));
        Map<String, byte[]> extra = new LinkedHashMap<>(jar.help(live ? "full" : "tailored"));
        String base = q.target.getFileName().toString().replaceFirst("\\.jar$", "");
        String id = f.frameworkProperties.getOrDefault("sensorsim.distribution", q.fromName != null
                ? (f.remove.isEmpty() && q.add.isEmpty() ? from : base)
                : f.id != null ? f.id.split(":")[1] : base);
        Map<String, Path> files = new TreeMap<>();
        bundles.forEach(c -> files.put(c.entry(), c.file()));
        extra.put(Index.ENTRY, Index.write(files, work.resolve("index"), felix()).getBytes(StandardCharsets.UTF_8));
        byte[] lock = Lock.write(f, id, bundles, level);
        extra.put(LOCK, lock);
        Properties launcher = new Properties();
        launcher.putAll(shipped.get(from != null ? from : shipped.containsKey("sensorsim") ? "sensorsim"
                : shipped.keySet().iterator().next()));
        launcher.putAll(f.frameworkProperties);
        launcher.setProperty("sensorsim.distribution", id);
        int top = level.values().stream().max(Integer::compare).orElse(1); // as bnd's launcher: all start, then the rest
        launcher.setProperty("launch.startlevel.default", String.valueOf(top + 1));
        launcher.setProperty("org.osgi.framework.startlevel.beginning", String.valueOf(top + 2));
        launcher.setProperty("launch.name", id);
        launcher.setProperty("sensorsim.distribution.lock", Lock.sha256(lock));
        Path written = q.scenario == null ? q.target : q.target.toAbsolutePath().resolveSibling("." + base + ".check.jar");
        jar.write(written, launcher, attrs, added, extra);
        if (q.scenario != null) {
            String problem = ScenarioTypes.validate(written, q.scenario);
            if (problem != null) {
                Files.deleteIfExists(written);
                return refuse(q, List.of("the assembled distribution does not run the scenario: " + problem));
            }
            Files.move(written, q.target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        out.printf(Locale.ROOT, "assemble: wrote %s: %d bundles (%s, %d added by the resolver), %.1f MB%n", q.target,
                bundles.size(), from != null ? "from " + from : f.id != null ? f.id : q.scenario != null
                        ? "for " + q.scenario.getFileName() : "the command line", result.added().size(), Files.size(q.target) / 1e6);
        if (q.jlink != null) {
            java.util.Set<String> modules = Jlink.modules(q.target);
            String failed = Jlink.link(Jlink.tool().orElseThrow(), q.target, modules, q.jlink);
            if (failed != null) {
                err.println("sensorsim: assemble: the jar is written, the runtime image is not: jlink says: " + failed);
                return 1;
            }
            out.printf(Locale.ROOT, "assemble: linked %s: a Java runtime of %d modules %s and the jar, %.1f MB; run %s%n",
                    q.jlink, modules.size(), modules, Jlink.size(q.jlink) / 1e6, q.jlink.resolve("bin/sensorsim"));
        }
        return 0;
    }

    /** The class loader of the framework running this command, from which a second Felix is made. */
    private ClassLoader felix() {
        return context.getBundle(0).getClass().getClassLoader();
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
}
