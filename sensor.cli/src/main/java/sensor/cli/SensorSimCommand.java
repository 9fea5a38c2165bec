package sensor.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import sensor.api.PluginCatalog;
import sensor.api.env.SensorEnvironment;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.api.io.LiveView;
import sensor.api.io.LiveViewFactory;
import sensor.api.io.RecorderFactory;
import sensor.batch.BatchJob;
import sensor.batch.BatchManifest;
import sensor.scenario.Scenario;
import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;
import sensor.scenario.Suggestions;
import sensor.scenario.run.LiveService;
import sensor.scenario.run.PluginTypes;
import sensor.scenario.run.RunBudget;
import sensor.scenario.run.RunJob;
import sensor.scenario.run.RunManifest;
import sensor.scenario.run.ScenarioRun;

/**
 * The {@code sensorsim} command line (picocli): {@code run SCENARIO --out DIR}, {@code validate SCENARIO},
 * {@code batch MANIFEST --out DIR}, {@code demo}, {@code types}, {@code serve}, {@code bench}. Exit codes: 0 success, 1 run failure, 2 usage error, 3 invalid scenario.
 */
@Command(name = "sensorsim", mixinStandardHelpOptions = true, versionProvider = SensorSimCommand.Version.class,
        description = {"Synthetic sensor data from a scenario file: lidar point clouds, camera images, radar detections, "
                + "IMU, encoder, odometer, GNSS, cone and ground-truth signals.",
                "'sensorsim help COMMAND' or 'sensorsim COMMAND --help' describes a command."},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:success",
                "1:the run failed (a fault while running, a plugin that would not load, a file that could not be written)",
                "2:usage error (a wrong option or argument), or a run refused by its estimate (--max-output, heap)",
                "3:invalid scenario or manifest (file, line and column named)",
                "130, 143:stopped by Ctrl-C or SIGTERM, with complete files"},
        subcommands = CommandLine.HelpCommand.class)
final class SensorSimCommand implements Runnable {
    static final int INVALID_SCENARIO = 3;

    private final SensorEnvironment env;
    private final SimulationFactory simulations;
    private final PluginCatalog catalog;
    private final Supplier<RecorderFactory> recorders;
    private final PluginLoader plugins;
    private final Server server;
    private final PrintStream out, err;

    /** Installs the bundles of a {@code --plugins} folder before the scenario is read. */
    interface PluginLoader {
        /** Installs and starts every bundle of {@code dir}; throws naming the file and the reason on the first that fails. */
        void load(Path dir) throws PluginException;
    }

    private BooleanSupplier cancelled = () -> false;
    private Supplier<LiveViewFactory> liveViews = () -> null;
    private Supplier<LiveViewFactory> ros2Views = () -> null;
    private Supplier<java.util.function.ToIntFunction<String[]>> bench = () -> null;
    private Supplier<java.util.function.ToIntFunction<String[]>> assemble = () -> null;

    /** The version of this bundle (or "dev" outside a framework). */
    static final class Version implements CommandLine.IVersionProvider {
        static String get() {
            org.osgi.framework.Bundle b = org.osgi.framework.FrameworkUtil.getBundle(SensorSimCommand.class);
            return b == null ? "dev" : b.getVersion().toString();
        }

        @Override
        public String[] getVersion() {
            return new String[] {"sensorsim " + get()};
        }
    }

    /** Runs end after their current step, with complete files, once {@code cancelled} is true (SIGTERM, SIGINT). */
    SensorSimCommand cancelledBy(BooleanSupplier cancelled) {
        this.cancelled = cancelled;
        return this;
    }

    /** Where {@code run --live} finds its live view (the service of an output bundle, when one is installed). */
    SensorSimCommand liveViews(Supplier<LiveViewFactory> liveViews) {
        this.liveViews = liveViews;
        return this;
    }

    /** Where {@code --ros2} finds its DDS bridge (the {@code live.protocol=ros2} service, when installed). */
    SensorSimCommand ros2Views(Supplier<LiveViewFactory> ros2Views) {
        this.ros2Views = ros2Views;
        return this;
    }

    /** Where {@code assemble} finds its implementation (the {@code sensorsim.command=assemble} service, when installed). */
    SensorSimCommand assemble(Supplier<java.util.function.ToIntFunction<String[]>> assemble) {
        this.assemble = assemble;
        return this;
    }

    /** Where {@code bench} finds the benchmark suite (the {@code sensorsim.command=bench} service, when installed). */
    SensorSimCommand bench(Supplier<java.util.function.ToIntFunction<String[]>> bench) {
        this.bench = bench;
        return this;
    }

    /** Rejects a {@code --live} port outside [0, 65535] (null: no live view). */
    private static void checkLivePort(CommandLine.Model.CommandSpec spec, Integer port) {
        if (port != null && (port < 0 || port > 65535)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--live must be a port in [0, 65535], got " + port);
        }
    }

    /** Starts a live view on 127.0.0.1:{@code port} (the {@code --live} option) and says where viewers connect. */
    private LiveView openLive(CommandLine.Model.CommandSpec spec, int port) {
        checkLivePort(spec, port);
        LiveViewFactory f = liveViews.get();
        if (f == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--live: no live view is installed in this distribution (the sensor.io bundle provides one)");
        }
        try {
            LiveView view = f.open("127.0.0.1", port);
            err.println("live: Foxglove viewers connect to " + view.address() + " (Open connection > Foxglove WebSocket)");
            return view;
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--live: " + e.getMessage());
        }
    }

    /**
     * Serves a deploy folder until the runtime stops; returns the exit code. Null where the distribution has no live
     * service: {@code serve} is then hidden from the help and says which distributions have it.
     */
    interface Server {
        /** {@code live}: where every simulation's streams are published too, or null. */
        int serve(LiveService.Options options, LiveView live) throws Exception;
    }

    /** A plugin folder that could not be loaded: the message names the file and the reason. */
    static final class PluginException extends Exception {
        private static final long serialVersionUID = 1L;

        PluginException(String message) {
            super(message);
        }
    }

    SensorSimCommand(SensorEnvironment env, SimulationFactory simulations, PluginCatalog catalog,
            Supplier<RecorderFactory> recorders, PluginLoader plugins, Server server, PrintStream out, PrintStream err) {
        this.server = server;
        this.env = env;
        this.simulations = simulations;
        this.catalog = catalog;
        this.recorders = recorders;
        this.plugins = plugins;
        this.out = out;
        this.err = err;
    }

    @Override
    public void run() {
        out.println(new CommandLine(this).getUsageMessage());
    }

    /** Runs the command line; returns the exit code. */
    int execute(String... args) {
        java.io.PrintWriter outWriter = new java.io.PrintWriter(out, true), errWriter = new java.io.PrintWriter(err, true);
        CommandLine cl = commandLine();
        cl.setOut(outWriter);
        cl.setErr(errWriter);
        try {
            return cl.execute(args);
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
    }

    /**
     * The command line with its subcommands and handlers; {@code bench} is hidden where the distribution has no
     * benchmark suite. {@link HelpTexts} prints its help at build time, so the jars answer --help without booting.
     */
    CommandLine commandLine() {
        CommandLine cl = new CommandLine(this)
                .addSubcommand("run", new RunCommand())
                .addSubcommand("validate", new ValidateCommand())
                .addSubcommand("batch", new BatchCommand())
                .addSubcommand("demo", new DemoCommand())
                .addSubcommand("types", new TypesCommand())
                .addSubcommand("serve", new ServeCommand())
                .addSubcommand("bench", new BenchCommand())
                .addSubcommand("assemble", new AssembleCommand());
        cl.getSubcommands().get("bench").setUnmatchedOptionsArePositionalParams(true);
        cl.getSubcommands().get("assemble").setUnmatchedOptionsArePositionalParams(true);
        cl.getSubcommands().get("bench").getCommandSpec().usageMessage().hidden(bench.get() == null);
        cl.getSubcommands().get("serve").getCommandSpec().usageMessage().hidden(server == null);
        for (CommandLine sub : cl.getSubcommands().values()) { // every command's help lists the top level's exit codes
            if (!sub.getCommandName().equals("help")) {
                sub.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n")
                        .exitCodeList(cl.getCommandSpec().usageMessage().exitCodeList());
            }
        }
        cl.setParameterExceptionHandler((e, parsed) -> { // one line and where help is, not the whole usage
            CommandLine at = e.getCommandLine();
            err.println(at.getCommandSpec().qualifiedName() + ": " + e.getMessage());
            String closest = e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
                    && !u.getUnmatched().get(0).startsWith("-") ? Suggestions.closest(
                            u.getUnmatched().get(0), List.copyOf(at.getSubcommands().keySet())) : null;
            if (closest != null) {
                err.println("Did you mean: " + at.getCommandSpec().qualifiedName() + " " + closest + "?");
            } else {
                CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
            }
            String help = at == cl ? "sensorsim --help" : "sensorsim " + at.getCommandName() + " --help";
            err.println("Try '" + help + "' for usage.");
            return 2;
        });
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof ScenarioException se) {
                err.println("sensorsim: invalid scenario: " + se.getMessage());
                return INVALID_SCENARIO;
            }
            if (e instanceof RunBudget.Exceeded be) {
                err.println("sensorsim: refused: " + be.getMessage());
                return 2;
            }
            if (e instanceof PluginException pe) {
                err.println("sensorsim: " + pe.getMessage());
                return 1;
            }
            err.println("sensorsim: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            return 1;
        });
        return cl;
    }

    private ScenarioReader.Loaded load(Path scenario) throws ScenarioException {
        ScenarioReader.Loaded loaded = new ScenarioReader().read(scenario);
        loaded.warnings().forEach(err::println);
        return loaded;
    }


    private static double duration(ScenarioReader.Loaded loaded) {
        return loaded.scenario().duration() == null ? 10 : loaded.scenario().duration();
    }

    /** The {@code --max-output} and {@code --force} options of run and validate. */
    static final class BudgetOptions {
        @Option(names = "--max-output", paramLabel = "SIZE", defaultValue = "4GB",
                description = "refuse a run estimated to write more, e.g. 500MB, 20GB (default ${DEFAULT-VALUE})")
        String maxOutput;

        @Option(names = "--force", description = "run even when the estimate exceeds --max-output, the heap or the free disk space")
        boolean force;

        void checkGeometry(ScenarioReader.Loaded loaded) throws RunBudget.Exceeded {
            if (!force) {
                RunBudget.checkGeometry(loaded);
            }
        }

        /** Prints the estimate; refuses it (unless forced) when over budget. */
        void check(RunBudget.Estimate estimate, PrintStream out) throws RunBudget.Exceeded {
            long max = RunBudget.parseSize(maxOutput);
            out.println(estimate.summary());
            if (!force) {
                estimate.check(max);
            }
        }

        /** As {@link #check(RunBudget.Estimate, PrintStream)}, and refuses output that would not fit in {@code outDir}. */
        void check(RunBudget.Estimate estimate, PrintStream out, Path outDir) throws RunBudget.Exceeded {
            check(estimate, out);
            if (!force) {
                estimate.checkSpace(outDir);
            }
        }
    }

    /** The {@code --plugins DIR} option of run, validate and types. */
    /** The live views asked for (Foxglove with {@code --live}, ROS 2 with {@code --ros2}) as one, or null for none. */
    private LiveView openViews(CommandLine.Model.CommandSpec spec, Integer live, Ros2Options ros2, Scenario.Ros2Spec scenario) {
        return LiveViews.both(live == null ? null : openLive(spec, live), () -> ros2.open(spec, ros2Views.get(), err, scenario));
    }

    static final class PluginsOption {
        @Option(names = "--plugins", paramLabel = "DIR",
                description = "install and start the bundles (.jar) in DIR before reading the scenario")
        Path dir;

        void load(PluginLoader loader) throws PluginException {
            if (dir != null) {
                loader.load(dir);
            }
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Run a scenario and write its outputs.")
    final class RunCommand implements Callable<Integer> {
        @Parameters(paramLabel = "SCENARIO", description = "scenario file (YAML or JSON, told apart by content)")
        Path scenario;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder (created)")
        Path outDir;

        @Option(names = "--seed", description = "noise seed (overrides the scenario)")
        Long seed;

        @Option(names = "--threads", description = "lidar and camera worker threads, 1..256 (default: all processors)")
        Integer threads;

        @Option(names = "--duration", description = "simulated seconds (overrides the scenario)")
        Double duration;

        @Option(names = "--overwrite", description = "replace the files an earlier run listed in DIR/run-manifest.json")
        boolean overwrite;

        @Option(names = "--verbose", description = "log the raytrace backend selection and plugin events")
        boolean verbose;

        @Option(names = "--live", arity = "0..1", fallbackValue = "8765", paramLabel = "PORT",
                description = "publish every stream while the run goes on over the Foxglove WebSocket protocol on "
                        + "127.0.0.1:PORT (default ${FALLBACK-VALUE}; 0: any free port)")
        Integer live;

        @CommandLine.Mixin
        Ros2Options ros2;

        @CommandLine.Mixin
        BudgetOptions budget;

        @CommandLine.Mixin
        PluginsOption pluginsOption;

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
            if (verbose) {
                java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.FINE);
                java.util.Arrays.stream(java.util.logging.Logger.getLogger("").getHandlers())
                        .forEach(h -> h.setLevel(java.util.logging.Level.FINE));
                err.println("sensorsim: raytrace backends, best first: " + env.raytraceBackends());
            }
            checkLivePort(spec, live); // before anything changes
            if (ros2.domain != null) {
                ros2.domain(spec, null);
            }
            String occupied = overwrite ? null : RunManifest.prepare(outDir, false);
            if (occupied != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), occupied);
            }
            pluginsOption.load(plugins);
            ScenarioReader.Loaded loaded = load(scenario);
            budget.checkGeometry(loaded);
            ros2.check(spec, ros2Views.get(), loaded.scenario().ros2());
            try (Simulation sim = simulations.create(ScenarioRun.simulationName(scenario))) {
                ScenarioRun run = ScenarioRun.build(sim, catalog, loaded, new ScenarioBuilder.Overrides(seed, threads, duration),
                        recorders.get(), false, true);
                budget.check(run.sampleAndEstimate(), out, outDir);
                String refused = RunManifest.prepare(outDir, overwrite);
                if (refused != null) {
                    throw new CommandLine.ParameterException(spec.commandLine(), refused);
                }
                try (LiveView view = openLive(sim, loaded.scenario().ros2())) {
                    return run.run(outDir, new RunManifest(RunManifest.release(), scenario, sim.seed()), out, err, cancelled);
                }
            }
        }

        /** Starts the live views of {@code sim} asked for ({@code --live}, {@code --ros2}); null for none. */
        private LiveView openLive(Simulation sim, Scenario.Ros2Spec scenarioRos2) {
            LiveView view = openViews(spec, live, ros2, scenarioRos2);
            if (view != null) {
                view.mounts(sim.time(), RunJob.mounts(sim));
                sim.addOutputSink(view);
            }
            return view;
        }
    }

    @Command(name = "batch", mixinStandardHelpOptions = true, description = "Run the variations of a batch manifest (a base "
            + "scenario with seeds and swept fields) into OUT/<id>/, skipping those already complete; OUT/index.csv lists them all.")
    final class BatchCommand implements Callable<Integer> {
        @Parameters(paramLabel = "MANIFEST", description = "batch manifest (.yaml, .yml or .json)")
        Path manifest;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder (created); OUT/<id>/ per variation")
        Path outDir;

        @Option(names = "--shard", paramLabel = "i/N", description = "run only the i-th of N shards (every N-th variation from the i-th)")
        String shard;

        @Option(names = "--jobs", paramLabel = "K", defaultValue = "1", description = "variations run at a time, 1..64 (default ${DEFAULT-VALUE})")
        int jobs;

        @Option(names = "--threads", description = "lidar and camera worker threads per variation, 1..256 (default: processors / jobs)")
        Integer threads;

        @Option(names = "--only", paramLabel = "INDEX", description = "run only variation INDEX (1-based, as in index.csv)")
        Integer only;

        @Option(names = "--list", description = "check the manifest, write OUT/index.csv and list the variations; run nothing")
        boolean list;

        @CommandLine.Mixin
        BudgetOptions budget;

        @CommandLine.Mixin
        PluginsOption pluginsOption;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (jobs < 1 || jobs > 64) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--jobs must be in [1, 64], got " + jobs);
            }
            if (threads != null && (threads < 1 || threads > 256)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--threads must be in [1, 256], got " + threads);
            }
            BatchJob.Selection selection;
            try {
                selection = BatchJob.Selection.parse(shard, only);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            pluginsOption.load(plugins);
            BatchManifest m = BatchManifest.read(manifest);
            if (only != null && (only < 1 || only > m.variations().size())) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--only must be in [1, " + m.variations().size()
                        + "] (the manifest's variations), got " + only);
            }
            var job = new BatchJob(m, outDir, out, err);
            if (only != null && !list) { // a host that runs variations one by one (the Spark job) checked the manifest with --list
                return runBatch(job, selection);
            }
            RunBudget.Estimate each = checkVariations(m);
            if (!list && !budget.force) { // the shard's variations, each as the first: refused when they would not fit
                long count = m.variations().stream().filter(selection::includes).count();
                each.times(count).checkSpace(outDir);
            }
            if (list) {
                job.writeIndex();
                m.variations().forEach(v -> out.printf(Locale.ROOT, "%d %s %s%n", v.index(), v.id(), v.label()));
                return 0;
            }
            return runBatch(job, selection);
        }

        /**
         * Builds every variation that differs in more than its seed (in a scratch simulation, as run does) so that a
         * bad one is refused before anything runs; the first also samples once and has its output estimated.
         */
        private RunBudget.Estimate checkVariations(BatchManifest m) throws Exception {
            Set<Object> built = new java.util.HashSet<>();
            RunBudget.Estimate first = null;
            for (var v : m.variations()) {
                if (!built.add(v.overrides())) {
                    continue;
                }
                budget.checkGeometry(v.loaded());
                try (Simulation scratch = simulations.create(ScenarioRun.simulationName(manifest) + ".check")) {
                    ScenarioRun run = ScenarioRun.build(scratch, catalog, v.loaded(), new ScenarioBuilder.Overrides(null, 1, null),
                            recorders.get(), false, true);
                    if (built.size() == 1) {
                        first = run.sampleAndEstimate();
                        out.print("each variation: ");
                        budget.check(first, out);
                    }
                } catch (ScenarioException e) {
                    throw m.invalid(v, e);
                }
            }
            return first;
        }

        private int runBatch(BatchJob job, BatchJob.Selection selection) throws Exception {
            int perRun = threads != null ? threads : Math.max(1, Runtime.getRuntime().availableProcessors() / jobs);
            PrintStream quiet = new PrintStream(java.io.OutputStream.nullOutputStream());
            return job.run(selection, jobs, (v, dir) -> {
                try (Simulation sim = simulations.create(ScenarioRun.simulationName(manifest) + "." + v.id())) {
                    return ScenarioRun.build(sim, catalog, v.loaded(), new ScenarioBuilder.Overrides(null, perRun, null),
                            recorders.get(), false, true).run(dir, new RunManifest(RunManifest.release(), dir.resolve(BatchJob.SCENARIO),
                                    sim.seed()), quiet, quiet, cancelled);
                }
            }, cancelled);
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true, description = "Check a scenario without running it: "
            + "read it, build it, let every sensor sample once and print the estimate of its outputs.")
    final class ValidateCommand implements Callable<Integer> {
        @Parameters(paramLabel = "SCENARIO", description = "scenario file (YAML or JSON, told apart by content)")
        Path scenario;

        @CommandLine.Mixin
        PluginsOption pluginsOption;

        @CommandLine.Mixin
        BudgetOptions budget;

        @Override
        public Integer call() throws Exception {
            pluginsOption.load(plugins);
            ScenarioReader.Loaded loaded = load(scenario);
            budget.checkGeometry(loaded);
            try (Simulation sim = simulations.create(ScenarioRun.simulationName(scenario))) {
                RunBudget.Estimate estimate = ScenarioRun.build(sim, catalog, loaded, new ScenarioBuilder.Overrides(null, 1, null),
                        recorders.get(), false, true).sampleAndEstimate();
                out.printf(Locale.ROOT, "%s: valid: %d objects, %d sensors, %.3f s%n", scenario, sim.objects().size(),
                        sim.sensors().size(), duration(loaded));
                budget.check(estimate, out);
                return 0;
            }
        }
    }

    @Command(name = "demo", mixinStandardHelpOptions = true,
            description = "Boot, list plugin types, step a small built-in world, print what happened.")
    final class DemoCommand implements Callable<Integer> {
        @Parameters(paramLabel = "SECONDS", arity = "0..1", defaultValue = "2",
                description = "simulated seconds, (0, 3600] (default ${DEFAULT-VALUE})")
        double seconds;

        @Override
        public Integer call() {
            if (!(seconds > 0 && seconds <= 3600)) {
                throw new IllegalArgumentException("SECONDS must be a number in (0, 3600], got " + seconds);
            }
            return DemoJob.run(env, catalog, seconds, out);
        }
    }

    @Command(name = "serve", mixinStandardHelpOptions = true, description = {
            "Stay up and run what is dropped into the deploy folder:",
            "* scenarios (.yaml, .yml, .json) start simulations named after the file, writing to OUT/<name>/; an edit to "
                    + "objects, materials or sensors updates one in place, other edits restart it, deleting stops it;",
            "* configurations (.cfg) add sensors, objects and materials to a running simulation;",
            "* bundles (.jar) are installed, updated when replaced and uninstalled when deleted.",
            "With no command at all, the jar does the same with the defaults."})
    final class ServeCommand implements Callable<Integer> {
        @Option(names = "--deploy", paramLabel = "DIR", defaultValue = "deploy", description = "deploy folder (created; default ${DEFAULT-VALUE})")
        Path deploy;

        @Option(names = "--out", paramLabel = "DIR", defaultValue = "out", description = "output folder (created; default ${DEFAULT-VALUE})")
        Path outDir;

        @Option(names = "--live", arity = "0..1", fallbackValue = "8765", paramLabel = "PORT",
                description = "publish every simulation's streams over the Foxglove WebSocket protocol on 127.0.0.1:PORT "
                        + "(default ${FALLBACK-VALUE}; 0: any free port), topics prefixed by the simulation's name")
        Integer live;

        @CommandLine.Mixin
        Ros2Options ros2;

        @Option(names = "--after-crash", paramLabel = "WHAT", defaultValue = "restart", converter = AfterCrashConverter.class,
                description = "a simulation that an earlier service left cut short (kill -9, power cut), its scenario still "
                        + "in the deploy folder: restart (default; its cut-short files move to OUT/<name>.cut-short-N/) or "
                        + "stop (it stays stopped until its scenario file changes)")
        LiveService.AfterCrash afterCrash;

        @Option(names = "--trust", paramLabel = "KEYSTORE", description = "start only bundles whose jar signature "
                + "verifies against a certificate of this keystore (JKS or PKCS12; every entry signed, as jarsigner -verify "
                + "-strict); any other jar is refused with one line and nothing of it runs")
        Path trust;

        @Option(names = "--trust-password-file", paramLabel = "FILE", description = "the keystore's password (first line)")
        Path trustPassword;

        @Option(names = "--console", arity = "0..1", fallbackValue = "8080", paramLabel = "PORT",
                description = "open the web console (Apache Felix Web Console and a simulations page) on "
                        + "http://127.0.0.1:PORT (default ${FALLBACK-VALUE}; 0: any free port); every request needs the "
                        + "token printed at start")
        Integer console;

        @Option(names = "--console-address", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
                description = "the address the console listens on (default ${DEFAULT-VALUE}: this machine only)")
        String consoleAddress;

        @Option(names = "--console-token-file", paramLabel = "FILE",
                description = "read the console's token (16 characters or more) from this file instead of generating one")
        Path consoleTokenFile;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (trustPassword != null && trust == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--trust-password-file needs --trust KEYSTORE");
            }
            if (console != null && (console < 0 || console > 65535)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--console must be a port in [0, 65535], got " + console);
            }
            if (console == null && (consoleTokenFile != null || !"127.0.0.1".equals(consoleAddress))) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--console-address and --console-token-file need --console");
            }
            if (server == null) {
                err.println("sensorsim: serve: this distribution has no live service (the sensor.service bundle); "
                        + "sensorsim.jar and sensorsim-shell.jar have it");
                return 2;
            }
            try (LiveView view = openViews(spec, live, ros2, null)) {
                return server.serve(new LiveService.Options(deploy, outDir, afterCrash, trust, trustPassword,
                        console == null ? null : new LiveService.Console(consoleAddress, console, consoleTokenFile)), view);
            }
        }
    }

    /** {@code restart} or {@code stop}, any case; otherwise a message naming both. */
    static final class AfterCrashConverter implements CommandLine.ITypeConverter<LiveService.AfterCrash> {
        @Override
        public LiveService.AfterCrash convert(String value) {
            for (LiveService.AfterCrash a : LiveService.AfterCrash.values()) {
                if (a.name().equalsIgnoreCase(value.strip())) {
                    return a;
                }
            }
            throw new CommandLine.TypeConversionException("it must be restart or stop, got '" + value + "'");
        }
    }

    @Command(name = "bench", description = "Run the benchmark suite (scene v1 ray casting, the lidar pipeline, the IMU, "
            + "the demo) and print its figures with the machine; bench --help for its options.")
    final class BenchCommand implements Callable<Integer> {
        @Parameters(arity = "0..*", paramLabel = "OPTIONS", description = "passed to the benchmark suite")
        List<String> options = new java.util.ArrayList<>();

        @Override
        public Integer call() {
            java.util.function.ToIntFunction<String[]> suite = bench.get();
            if (suite == null) {
                err.println("sensorsim: bench: this distribution has no benchmark suite (the sensor.bench bundle)");
                return 2;
            }
            return suite.applyAsInt(options.toArray(String[]::new));
        }
    }

    @Command(name = "assemble", description = "Write a tailored distribution from a feature file (bundles, plugin types, "
            + "configurations), a shipped one with bundles added and removed, or a scenario, completed by the OSGi resolver, "
            + "runnable with java alone; assemble --help for its options.")
    final class AssembleCommand implements Callable<Integer> {
        @Parameters(arity = "0..*", paramLabel = "OPTIONS", description = "passed to the assembler")
        List<String> options = new java.util.ArrayList<>();

        @Override
        public Integer call() {
            java.util.function.ToIntFunction<String[]> assembler = assemble.get();
            if (assembler == null) {
                err.println("sensorsim: assemble: this distribution has no assembler (the sensor.assemble bundle)");
                return 2;
            }
            return assembler.applyAsInt(options.toArray(String[]::new));
        }
    }

    @Command(name = "types", mixinStandardHelpOptions = true,
            description = "List the plugin types of every kind, output formats and raytrace backends present.")
    final class TypesCommand implements Callable<Integer> {
        @Option(names = "--plugins", paramLabel = "DIR", description = "install and start the bundles (.jar) in DIR first, "
                + "so that their types are listed too")
        Path plugins;

        @Override
        public Integer call() throws PluginException {
            if (plugins != null) {
                SensorSimCommand.this.plugins.load(plugins);
            }
            out.print(PluginTypes.listing(catalog, recorders.get(), env));
            return 0;
        }
    }
}
