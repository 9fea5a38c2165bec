package sensor.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import sensor.api.env.SensorEnvironment;
import sensor.api.io.OutputSink;
import sensor.api.sensor.SensorFrame;
import sensor.cli.scenario.PluginCatalog;
import sensor.cli.scenario.ScenarioBuilder;
import sensor.cli.scenario.ScenarioException;
import sensor.cli.scenario.ScenarioReader;
import sensor.io.api.OutputFormat;
import sensor.io.api.RecordingSink;
import sensor.lidar.api.LidarOutput;

/**
 * The {@code sensorsim} command line (picocli): {@code run SCENARIO --out DIR}, {@code validate SCENARIO},
 * {@code demo}, {@code types}. Exit codes: 0 success, 1 run failure, 2 usage error, 3 invalid scenario.
 */
@Command(name = "sensorsim", mixinStandardHelpOptions = true, version = "sensorsim 0.1.0",
        description = "Synthetic lidar, IMU, encoder and odometer data from a scenario file.")
final class SensorSimCommand implements Runnable {
    static final int INVALID_SCENARIO = 3;

    private final SensorEnvironment env;
    private final PluginCatalog catalog;
    private final PrintStream out, err;

    SensorSimCommand(SensorEnvironment env, PluginCatalog catalog, PrintStream out, PrintStream err) {
        this.env = env;
        this.catalog = catalog;
        this.out = out;
        this.err = err;
    }

    @Override
    public void run() {
        out.println(new CommandLine(this).getUsageMessage());
    }

    /** Runs the command line; returns the exit code. */
    int execute(String... args) {
        CommandLine cl = new CommandLine(this)
                .addSubcommand("run", new RunCommand())
                .addSubcommand("validate", new ValidateCommand())
                .addSubcommand("demo", new DemoCommand())
                .addSubcommand("types", new TypesCommand());
        java.io.PrintWriter outWriter = new java.io.PrintWriter(out, true), errWriter = new java.io.PrintWriter(err, true);
        cl.setOut(outWriter);
        cl.setErr(errWriter);
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof ScenarioException se) {
                err.println("sensorsim: invalid scenario: " + se.getMessage());
                return INVALID_SCENARIO;
            }
            err.println("sensorsim: " + e);
            return 1;
        });
        try {
            return cl.execute(args);
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
    }

    private ScenarioReader.Loaded load(Path scenario) throws ScenarioException {
        return new ScenarioReader().read(scenario);
    }

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Run a scenario and write its outputs.")
    final class RunCommand implements Callable<Integer> {
        @Parameters(paramLabel = "SCENARIO", description = "scenario file (.yaml, .yml or .json)")
        Path scenario;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder (created)")
        Path outDir;

        @Option(names = "--seed", description = "noise seed (overrides the scenario)")
        Long seed;

        @Option(names = "--threads", description = "lidar worker threads, 1..256 (default: all processors)")
        Integer threads;

        @Option(names = "--duration", description = "simulated seconds (overrides the scenario)")
        Double duration;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (duration != null && !(duration > 0 && duration <= 86400)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--duration must be in (0, 86400] s, got " + duration);
            }
            if (threads != null && (threads < 1 || threads > 256)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--threads must be in [1, 256], got " + threads);
            }
            ScenarioReader.Loaded loaded = load(scenario);
            ScenarioBuilder.Built built = new ScenarioBuilder(env, catalog)
                    .build(loaded, new ScenarioBuilder.Overrides(seed, threads, duration));
            EnumSet<OutputFormat> formats = formats(loaded, built.formats());
            return new RunJob(env, out, err).run(built, new RecordingSink(outDir, formats), outDir);
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true, description = "Check a scenario without running it.")
    final class ValidateCommand implements Callable<Integer> {
        @Parameters(paramLabel = "SCENARIO")
        Path scenario;

        @Override
        public Integer call() throws Exception {
            ScenarioReader.Loaded loaded = load(scenario);
            ScenarioBuilder.Built built = new ScenarioBuilder(env, catalog)
                    .build(loaded, new ScenarioBuilder.Overrides(null, 1, null));
            formats(loaded, built.formats());
            out.printf(Locale.ROOT, "%s: valid: %d objects, %d sensors, %.3f s%n", scenario, env.objects().size(),
                    built.sensors(), built.duration());
            env.sensors().forEach(s -> env.removeSensor(s.spec().id()));
            env.objects().forEach(o -> env.removeObject(o.id()));
            return 0;
        }
    }

    @Command(name = "demo", mixinStandardHelpOptions = true,
            description = "Boot, list plugin types, step a small built-in world, print what happened.")
    final class DemoCommand implements Callable<Integer> {
        @Parameters(paramLabel = "SECONDS", defaultValue = "2", description = "simulated seconds, (0, 3600]")
        double seconds;

        @Override
        public Integer call() {
            if (!(seconds > 0 && seconds <= 3600)) {
                throw new IllegalArgumentException("SECONDS must be a number in (0, 3600], got " + seconds);
            }
            return DemoJob.run(env, seconds, out);
        }
    }

    @Command(name = "types", mixinStandardHelpOptions = true, description = "List the discovered plugin types.")
    final class TypesCommand implements Callable<Integer> {
        @Override
        public Integer call() {
            out.println(SensorCommands.types(env));
            return 0;
        }
    }

    private static EnumSet<OutputFormat> formats(ScenarioReader.Loaded loaded, List<String> names) throws ScenarioException {
        Map<String, OutputFormat> byName = new TreeMap<>(Map.of("pcd", OutputFormat.PCD_BINARY, "pcd-ascii",
                OutputFormat.PCD_ASCII, "ply", OutputFormat.PLY, "las", OutputFormat.LAS, "csv", OutputFormat.CSV, "mcap",
                OutputFormat.MCAP, "png", OutputFormat.PNG));
        EnumSet<OutputFormat> set = EnumSet.noneOf(OutputFormat.class);
        for (String n : names) {
            OutputFormat f = byName.get(n.toLowerCase(Locale.ROOT));
            if (f == null) {
                throw loaded.error(loaded.scenario().output(), "output.formats: '" + n + "' is unknown; expected one of "
                        + byName.keySet(), null);
            }
            set.add(f);
        }
        if (set.isEmpty()) {
            throw loaded.error(loaded.scenario().output(), "output.formats must name at least one of " + byName.keySet(), null);
        }
        return set;
    }

    /** Passes every {@code stride}-th frame of each lidar (and every other frame) to {@code sink}. */
    static OutputSink everyNthLidarFrame(OutputSink sink, int stride) {
        return stride == 1 ? sink : (SensorFrame f) -> {
            if (!(f.data() instanceof LidarOutput) || (f.index() - 1) % stride == 0) {
                sink.accept(f);
            }
        };
    }

}
