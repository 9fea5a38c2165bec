package sensor.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.env.ScenarioLoader;
import sensor.api.env.SensorEnvironment;
import sensor.api.raytrace.RaytraceBackend;

/**
 * {@code sensorsim bench [--quick] [--threads N] [--json FILE] [--peer FILE] [--only SECTIONS] [--backend ID]
 * [--lidar-backend cpu|gpu|auto] [--demo FILE]}: the benchmark suite, run through the installed services (the raytrace backend, the lidar, material
 * and noise plugins, the scenario loader, the command line for the demo), printed as a table with the machine first
 * and written as JSON. A service of the JDK type {@code ToIntFunction<String[]>} with {@code sensorsim.command=bench},
 * which the command line's {@code bench} hands its arguments to, so a distribution without this bundle has no bench.
 * Exit codes: 0 done, 1 a benchmark failed, 2 usage error.
 */
@Component(service = ToIntFunction.class, property = "sensorsim.command=bench")
public class BenchCommand implements ToIntFunction<String[]> {
    static final Set<String> SECTIONS = Set.of("raytrace", "lidar", "camera", "imu", "demo");
    private static final String USAGE = """
            Usage: sensorsim bench [--quick] [--threads N] [--json FILE] [--peer FILE] [--only SECTIONS]
                                   [--backend ID] [--lidar-backend cpu|gpu|auto] [--demo FILE]
            Runs the benchmark suite and prints one line per figure, the machine first.
              --quick          fewer passes and frames (a smoke run; figures are noisier)
              --threads N      threads of the multi-threaded figures, 1..1024 (default: the cores, %d here)
              --json FILE      also write {"machine": {...}, "figures": [{"name", "value", "unit"}]} to FILE
              --peer FILE      a peer's figures in the same format (sensor.bench/peer/run-embree.sh writes Embree's):
                               printed beside ours with the ratio, and kept in --json under "peer"
              --only SECTIONS  comma-separated subset of raytrace, lidar, camera, imu, demo
                               (default: all)
              --backend ID     raytrace backend of the raytrace section (default cpu-bvh)
              --lidar-backend B
                               where the lidar section's trace stage runs: cpu, gpu or auto (default cpu)
              --demo FILE      scenario of the demo and camera figures (default distro/scenarios/demo.yaml)
            """;

    @Reference
    SensorEnvironment env;

    @Reference
    ScenarioLoader loader;

    @Reference(policyOption = ReferencePolicyOption.GREEDY)
    List<RaytraceBackend> backends;

    @Reference(target = "(sensorsim.command=cli)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile ToIntFunction<String[]> cli;

    /** Parsed arguments. */
    record Options(boolean quick, int threads, Path json, Path peer, Set<String> only, String backend, Path demo,
            String lidarBackend) {}

    /** Parses {@code args}; throws {@link IllegalArgumentException} naming the option and what it allows. */
    static Options parse(String[] args) {
        boolean quick = false;
        int threads = Runtime.getRuntime().availableProcessors();
        Path json = null, peer = null, demo = Path.of("distro/scenarios/demo.yaml");
        Set<String> only = SECTIONS;
        String backend = "cpu-bvh", lidarBackend = "cpu";
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--quick")) {
                quick = true;
                continue;
            }
            if (!Set.of("--threads", "--json", "--peer", "--only", "--backend", "--lidar-backend", "--demo").contains(a)) {
                throw new IllegalArgumentException("unknown option '" + a + "'");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + " needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--threads" -> {
                    try {
                        threads = Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        threads = 0;
                    }
                    if (threads < 1 || threads > 1024) {
                        throw new IllegalArgumentException("--threads must be an integer in [1, 1024], got '" + v + "'");
                    }
                }
                case "--json" -> json = Path.of(v);
                case "--peer" -> peer = Path.of(v);
                case "--only" -> {
                    only = Set.of(v.split(","));
                    for (String s : only) {
                        if (!SECTIONS.contains(s)) {
                            throw new IllegalArgumentException("--only takes raytrace, lidar, camera, imu, demo (comma-separated), "
                                    + "got '" + s + "'");
                        }
                    }
                }
                case "--backend" -> backend = v;
                case "--lidar-backend" -> {
                    if (!Set.of("cpu", "gpu", "auto").contains(v)) {
                        throw new IllegalArgumentException("--lidar-backend takes cpu, gpu or auto, got '" + v + "'");
                    }
                    lidarBackend = v;
                }
                default -> demo = Path.of(v);
            }
        }
        return new Options(quick, threads, json, peer, only, backend, demo, lidarBackend);
    }

    @Override
    public int applyAsInt(String[] args) {
        PrintStream out = System.out;
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            out.printf(Locale.ROOT, USAGE, Runtime.getRuntime().availableProcessors());
            return 0;
        }
        Options o;
        Report peer;
        RaytraceBackend backend;
        try {
            o = parse(args);
            peer = o.peer == null ? null : Report.read(o.peer, out);
            backend = backends.stream().filter(b -> b.id().equals(o.backend)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("--backend: no raytrace backend '" + o.backend + "' here; installed: "
                            + backends.stream().map(RaytraceBackend::id).toList()));
            if (o.json != null && !Files.isDirectory(o.json.toAbsolutePath().getParent())) {
                throw new IllegalArgumentException("--json " + o.json + ": its folder does not exist");
            }
            if ((o.only.contains("demo") || o.only.contains("camera")) && !Files.isRegularFile(o.demo)) {
                throw new IllegalArgumentException("--demo " + o.demo + ": no such scenario file (run from the "
                        + "repository's root, give --demo FILE, or leave the demo out with --only)");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("sensorsim bench: " + e.getMessage());
            System.err.printf(Locale.ROOT, USAGE, Runtime.getRuntime().availableProcessors());
            return 2;
        }
        Report report = new Report(Report.machine(backend.describe()), out);
        out.println("sensorsim bench" + (o.quick ? " --quick" : "") + ", " + o.threads + " thread(s) for the multi-threaded "
                + "figures");
        report.machine.forEach((k, v) -> out.println("machine." + k + ": " + v));
        Path work = null;
        try {
            work = Files.createTempDirectory("sensorsim-bench");
            if (o.only.contains("raytrace")) {
                quiet(o, out);
                RaytraceFigures.measure(backend, o.threads, o.quick ? 1 : 5, report, out);
            }
            if (o.only.contains("lidar")) {
                quiet(o, out);
                RuntimeFigures.measureLidar(env, loader, work, o.threads, o.quick ? 3 : 10, o.quick ? 1 : 3, o.lidarBackend,
                        report, out);
                RuntimeFigures.measureCatalog(env, loader, work, o.quick ? 2 : 10, o.quick ? 1 : 3, report, out);
            }
            if (o.only.contains("camera")) {
                quiet(o, out);
                RuntimeFigures.measureCamera(env, loader, o.demo, work, o.threads, o.quick ? 20 : 100, o.quick ? 1 : 2,
                        report, out);
            }
            if (o.only.contains("imu")) {
                quiet(o, out);
                RuntimeFigures.measureImu(env, loader, work, o.quick ? 2 : 10, o.quick ? 1 : 3, report, out);
            }
            if (o.only.contains("demo")) {
                quiet(o, out);
                demo(o, work, report, out);
            }
            if (peer != null) {
                report.printComparison(peer);
            }
            if (o.json != null) {
                report.writeJson(o.json, peer);
                out.println("figures written to " + o.json);
            }
            return 0;
        } catch (IOException | RuntimeException e) {
            System.err.println("sensorsim bench: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            return 1;
        } finally {
            deleteTree(work);
        }
    }

    /** Lets the JIT compilers fall idle before a section ({@link WarmUp#quiet}), at most 10 s (1 s with --quick). */
    private static void quiet(Options o, PrintStream out) {
        double waited = WarmUp.quiet(o.quick ? 1 : 10);
        out.printf(Locale.ROOT, "(%.1f s for the JIT compilers to fall idle)%n", waited);
    }

    /**
     * The demo scenario run by the command line as a user runs it ({@code run FILE --out DIR}, every output
     * written), its log kept aside; the real-time factor is simulated over wall seconds of the run. It runs twice in
     * this JVM: {@code demo.rtf} is the first run, {@code demo.rtf.warm} the second, whose code the JIT compilers have
     * compiled already (as in a {@code batch} or a {@code serve} session after its first run).
     */
    private void demo(Options o, Path work, Report report, PrintStream out) throws IOException {
        ToIntFunction<String[]> command = cli;
        if (command == null) {
            throw new IllegalStateException("demo: the command line's service (sensorsim.command=cli) is not installed");
        }
        double duration = o.quick ? 2 : 10;
        out.printf(Locale.ROOT, "demo: %s, %.0f s simulated, every output written, twice%n", o.demo, duration);
        report.add("demo.rtf", duration / runDemo(command, o.demo, work, "demo", duration), "x real time");
        report.add("demo.rtf.warm", duration / runDemo(command, o.demo, work, "demo-warm", duration), "x real time");
    }

    /** One run of the demo into {@code work/name}, its log in {@code work/name.log}; its wall seconds. */
    private static double runDemo(ToIntFunction<String[]> command, Path demo, Path work, String name, double duration)
            throws IOException {
        Path log = work.resolve(name + ".log");
        int code;
        long t0 = System.nanoTime();
        PrintStream stdout = System.out, stderr = System.err;
        try (PrintStream quiet = new PrintStream(Files.newOutputStream(log), true)) {
            System.setOut(quiet);
            System.setErr(quiet);
            code = command.applyAsInt(new String[] {"run", demo.toString(), "--out", work.resolve(name).toString(),
                "--duration", Double.toString(duration)});
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        double wall = (System.nanoTime() - t0) * 1e-9;
        if (code != 0) {
            throw new IllegalStateException("demo: the run of " + demo + " failed (exit " + code + "):\n"
                    + Files.readString(log).strip());
        }
        return wall;
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> paths = new ArrayList<>(walk.sorted(Comparator.reverseOrder()).toList());
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            System.err.println("sensorsim bench: could not delete " + dir + ": " + e.getMessage());
        }
    }
}
