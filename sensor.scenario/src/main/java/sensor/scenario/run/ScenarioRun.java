package sensor.scenario.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

import sensor.api.PluginCatalog;
import sensor.api.control.ControllerType;
import sensor.api.env.Simulation;
import sensor.api.io.OutputSink;
import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;
import sensor.api.sensor.SensorFrame;
import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;

/**
 * The one way a read scenario becomes a run, shared by {@code run}, {@code validate}, {@code batch} and {@code serve}:
 * built once into its simulation, its output formats checked against the writers present (with the scenario's
 * line), optionally sampled once by every sensor (those frames are the run's first, so nothing is built twice) and
 * estimated, then recorded into an output folder.
 */
public final class ScenarioRun {
    private final Simulation sim;
    private final ScenarioReader.Loaded loaded;
    private final ScenarioBuilder.Built built;
    private final RecorderFactory recorders;
    private final Set<String> formats;
    /** Format id to the settings its writer checked (the scenario's {@code output.<format>}). */
    private final Map<String, Map<String, Object>> settings;
    /** The series the controllers' commands are recorded in ({@code <controller>.<kind>.<target>}), as their types say. */
    private final List<String> commandSeries;
    private RunJob.Start start;

    private ScenarioRun(Simulation sim, ScenarioReader.Loaded loaded, ScenarioBuilder.Built built, RecorderFactory recorders,
            Set<String> formats, List<String> commandSeries) throws ScenarioException {
        this.sim = sim;
        this.loaded = loaded;
        this.built = built;
        this.recorders = recorders;
        this.formats = formats;
        this.settings = settings(loaded, formats, recorders);
        this.commandSeries = commandSeries;
    }

    /** A simulation's name from its scenario file: the file name without extension, other characters as '_'. */
    public static String simulationName(Path scenario) {
        String n = scenario.getFileName().toString().replaceFirst("\\.(ya?ml|json)$", "").replaceAll("[^A-Za-z0-9._-]", "_");
        return n.isEmpty() ? "scenario" : n;
    }

    /** Each controller's command series, from its type's {@link ControllerType#commands} (none for an absent type). */
    @SuppressWarnings("unchecked")
    private static List<String> commandSeries(Simulation sim, PluginCatalog catalog, double duration) {
        List<String> series = new ArrayList<>();
        for (var c : sim.controllers()) {
            ControllerType<Object> type = catalog.find(ControllerType.class, c.spec().typeId());
            if (type != null) {
                type.commands(type.configFrom(c.spec().config()), duration).forEach(k -> series.add(c.spec().id() + "." + k));
            }
        }
        return series;
    }

    /**
     * Builds {@code loaded} into {@code sim} (tolerant: absent plugin types wait, as in {@code serve}; with
     * {@code objectsAndSensors} false only the world, the live service adding the rest as configurations).
     *
     * @param recorders the writers present, or null when no output bundle is installed (refused)
     */
    public static ScenarioRun build(Simulation sim, PluginCatalog catalog, ScenarioReader.Loaded loaded,
            ScenarioBuilder.Overrides overrides, RecorderFactory recorders, boolean tolerant, boolean objectsAndSensors)
            throws ScenarioException {
        if (recorders == null) {
            throw loaded.error(loaded.scenario(), "no output bundle is installed (sensor.io or another RecorderFactory); "
                    + "nothing can be written", null);
        }
        ScenarioBuilder.Built built = new ScenarioBuilder(sim, catalog, tolerant).build(loaded, overrides, objectsAndSensors);
        return new ScenarioRun(sim, loaded, built, recorders, formats(loaded, built.formats(), recorders),
                commandSeries(sim, catalog, built.duration()));
    }

    /** What was built. */
    public ScenarioBuilder.Built built() {
        return built;
    }

    /**
     * Lets every sensor sample once (at most 1 s of simulated time), keeps those frames as the run's first, and
     * estimates the run's outputs from them (a pause the run's wall clock leaves out). What a sensor can only find out
     * when it samples (a joint it names that the world lacks, say) makes the scenario invalid too, located at that
     * sensor's entry.
     */
    public RunBudget.Estimate sampleAndEstimate() throws ScenarioException, IOException {
        List<SensorFrame> first = Collections.synchronizedList(new ArrayList<>());
        OutputSink collect = first::add;
        sim.addOutputSink(collect);
        try {
            start = RunJob.Start.now(sim, first);
            try {
                double t0 = sim.time();
                while (sim.time() - t0 < 1 && sim.sensors().stream().anyMatch(s -> s.samples() == 0)) {
                    sim.step();
                }
            } catch (RuntimeException e) {
                String m = String.valueOf(e.getMessage());
                Object at = loaded.scenario().sensors().stream().filter(s -> m.startsWith("sensors '" + s.id() + "'"))
                        .findFirst().map(Object.class::cast).orElse(loaded.scenario());
                throw loaded.error(at, m, e);
            }
        } finally {
            sim.removeOutputSink(collect);
        }
        long estimating = System.nanoTime();
        try {
            return RunBudget.estimate(sim, built, RunBudget.firstOfEach(first), commandSeries,
                    (dir, stride) -> recorders.open(dir, formats, stride, settings));
        } finally {
            start = start.paused(System.nanoTime() - estimating);
        }
    }

    /** Opens the recorder of the scenario's formats in {@code dir} (created). */
    public Recorder open(Path dir) throws IOException {
        return recorders.open(dir, formats, built.lidarFrameStride(), settings);
    }

    /** Runs the scenario's duration into {@code dir} (from the first samples when it was sampled); the exit code. */
    public int run(Path dir, RunManifest manifest, PrintStream out, PrintStream err, BooleanSupplier cancelled) throws IOException {
        Recorder recorder = open(dir);
        RunJob job = new RunJob(sim, out, err);
        return start != null ? job.run(built, recorder, dir, manifest, cancelled, start)
                : job.run(built, recorder, dir, manifest, cancelled);
    }

    /**
     * The settings of the scenario's formats ({@code output.<format>} objects), each checked by its writer; a field of
     * {@code output} that is none of its own and no format it names is refused with its line.
     */
    private static Map<String, Map<String, Object>> settings(ScenarioReader.Loaded loaded, Set<String> formats,
            RecorderFactory factory) throws ScenarioException {
        var output = loaded.scenario().output();
        Map<String, Map<String, Object>> settings = new java.util.TreeMap<>();
        Map<String, com.fasterxml.jackson.databind.JsonNode> given = output == null ? Map.of() : output.settings();
        for (var e : given.entrySet()) {
            String id = e.getKey();
            if (!formats.contains(id)) {
                throw loaded.error(output, "output." + id + " is not a field of output: its fields are formats, "
                        + "lidarFrameStride and the settings of a format it writes, by the format's id (formats written: "
                        + formats + ")", null);
            }
            try {
                Map<String, Object> fields = ScenarioReader.fields(e.getValue());
                factory.checkSettings(id, fields);
                settings.put(id, fields);
            } catch (IllegalArgumentException ex) {
                throw loaded.error(output, "output." + id + ": " + ex.getMessage(), ex);
            }
        }
        return settings;
    }

    /** The bundle that writes each shipped output format, for the message when a distribution lacks it. */
    private static final Map<String, String> FORMAT_BUNDLES = Map.of("csv", "sensor.io", "pcd", "sensor.io.cloud",
            "pcd-ascii", "sensor.io.cloud", "ply", "sensor.io.cloud", "las", "sensor.io.cloud", "laz", "sensor.io.cloud",
            "png", "sensor.io.png", "kitti", "sensor.io.kitti", "mcap", "sensor.io.ros");

    /** The scenario's output formats as ids the writers present know; an unknown one is refused with its line. */
    private static Set<String> formats(ScenarioReader.Loaded loaded, List<String> names, RecorderFactory factory)
            throws ScenarioException {
        Set<String> set = new LinkedHashSet<>();
        for (String n : names) {
            String id = n.toLowerCase(Locale.ROOT);
            if (!factory.formats().contains(id)) {
                String bundle = FORMAT_BUNDLES.get(id);
                throw loaded.error(loaded.scenario().output(), "output.formats: '" + n + "' is unknown; expected one of "
                        + factory.formats() + (bundle == null ? "" : "; the bundle " + bundle + " writes it (this "
                        + "distribution lacks it: add it with --plugins DIR)"), null);
            }
            set.add(id);
        }
        if (set.isEmpty()) {
            throw loaded.error(loaded.scenario().output(), "output.formats must name at least one of " + factory.formats(), null);
        }
        return set;
    }
}
