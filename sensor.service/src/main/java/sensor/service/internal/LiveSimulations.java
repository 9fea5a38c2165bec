package sensor.service.internal;

import java.lang.System.Logger.Level;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

import sensor.api.PluginCatalog;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.api.io.LiveView;
import sensor.api.io.OutputSink;
import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.scenario.Scenario;
import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;
import sensor.scenario.run.MutedLogs;
import sensor.scenario.run.RunJob;
import sensor.scenario.run.RunManifest;
import sensor.scenario.run.ScenarioRun;
import sensor.service.Simulations;

/**
 * The live simulations of the runtime, each started from a scenario file and running on its own thread until
 * its duration is over or it is stopped: paced to the wall clock when the scenario says {@code realtime: true},
 * as fast as possible otherwise, recording into {@code <out>/<name>/}. Sensors whose type is not installed wait
 * for it. Stopping (or the end) closes the recorder, so every file is complete, and the simulation. One log
 * line per start, stop and end.
 */
@Component(service = {LiveSimulations.class, Simulations.class})
public class LiveSimulations implements Simulations {
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    private static final ScenarioBuilder.Overrides NO_OVERRIDES = new ScenarioBuilder.Overrides(null, null, null);

    @Reference
    SimulationFactory factory;

    @Reference
    PluginCatalog catalog;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile RecorderFactory recorders;

    @Reference
    ConfigurationAdmin configAdmin;

    private final Map<String, LiveRun> runs = new LinkedHashMap<>();
    private volatile Path out = Path.of("out");
    private volatile LiveView liveView;

    @Deactivate
    void deactivate() {
        for (String name : names()) {
            stop(name);
        }
    }

    /** The folder each simulation writes its sub-folder into. */
    void setOut(Path out) {
        this.out = out;
    }

    /** Where simulations started from now on also publish, their sensors named {@code <simulation>/<sensor>}; or null. */
    void setLiveView(LiveView view) {
        this.liveView = view;
    }

    /**
     * The live view's sink for simulation {@code name}: frames and mounts with sensor and body ids prefixed by the
     * simulation's name, so that simulations side by side publish on topics of their own.
     */
    private static OutputSink prefixed(LiveView view, String name, Simulation sim) {
        Map<String, SensorMount> mounts = new java.util.TreeMap<>();
        RunJob.mounts(sim).forEach((id, m) -> mounts.put(name + "/" + id,
                new SensorMount(m.bodyId() == null ? null : name + "/" + m.bodyId(), m.offset())));
        view.mounts(sim.time(), mounts);
        return f -> view.accept(new SensorFrame(name + "/" + f.sensorId(), f.typeId(), f.index(), f.time(), f.deliveredAt(),
                f.data()));
    }

    @Override
    public synchronized Set<String> names() {
        return new TreeSet<>(runs.keySet());
    }

    /** A started simulation by name, or null. */
    synchronized LiveRun get(String name) {
        return runs.get(name);
    }

    @Override
    public Map<String, Object> snapshot(String name) {
        LiveRun run = get(name);
        return run == null ? null : run.snapshot();
    }

    /** Whether a simulation of that name is running (started and not finished or stopped). */
    synchronized boolean running(String name) {
        LiveRun run = runs.get(name);
        return run != null && !run.closed;
    }

    /**
     * Starts a simulation from a scenario file, named after the file. Its world (bodies, joints, seed, fields,
     * ambient) is built directly; its objects and sensors become Configuration Admin configurations
     * ({@value ObjectConfiguration#PID}, {@value SensorConfiguration#PID}, {@value ControllerConfiguration#PID}) that the configuration components apply,
     * as they would a {@code .cfg} file. When the simulation of that name runs and only objects, materials or sensors
     * changed, their configurations are updated instead (effective from the next step); otherwise it restarts.
     *
     * @throws ScenarioException when the file is invalid; nothing is started or changed and nothing is written
     */
    synchronized LiveRun start(Path scenario) throws ScenarioException {
        String name = ScenarioRun.simulationName(scenario);
        ScenarioReader.Loaded loaded = check(scenario, new ScenarioReader().read(scenario));
        loaded.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        LiveRun running = runs.get(name);
        if (running(name) && running.sameWorld(loaded.scenario())) {
            int changed;
            try {
                changed = running.configure(loaded, configAdmin);
            } catch (IOException e) {
                throw loaded.error(loaded.scenario(), "cannot update its configurations: " + e.getMessage(), e);
            }
            LOG.log(Level.INFO, "simulation ''{0}'' reconfigured from {1}: {2} object or sensor configuration(s) changed",
                    name, scenario.getFileName(), changed);
            return running;
        }
        stop(name);
        Simulation sim = factory.create(name);
        try {
            ScenarioRun prepared = ScenarioRun.build(sim, catalog, loaded, NO_OVERRIDES, recorders, true, false);
            ScenarioBuilder.Built built = prepared.built();
            boolean cutShort = RunState.isCutShort(out.resolve(name));
            Path aside = RunState.moveAside(out.resolve(name));
            if (aside != null && cutShort) {
                LOG.log(Level.INFO, "simulation ''{0}'': the files it left when it was cut short moved to {1}", name, aside);
            } else if (aside != null) {
                LOG.log(Level.INFO, "simulation ''{0}'': the files of its previous run moved to {1}, this run writes into"
                        + " an empty {2}", name, aside, out.resolve(name));
            }
            Recorder recorder = prepared.open(out.resolve(name));
            LiveRun run = new LiveRun(name, scenario, sim, recorder, liveView, built, loaded.scenario(), out.resolve(name),
                    aside);
            runs.put(name, run);
            run.configure(loaded, configAdmin);
            run.awaitConfigured(loaded.scenario());
            run.start();
            LOG.log(Level.INFO, "simulation ''{0}'' started from {1}: {2} sensors, {3} s{4}, writing to {5}", name,
                    scenario.getFileName(), built.sensors(), built.duration(), built.realtime() ? " in real time" : "",
                    out.resolve(name));
            applyWaiting(name);
            return run;
        } catch (ScenarioException e) {
            stop(name);
            sim.close();
            throw e;
        } catch (IOException | InterruptedException | RuntimeException e) {
            stop(name);
            sim.close();
            throw loaded.error(loaded.scenario(), e.getMessage(), e);
        }
    }

    /** Updates the configurations that waited for {@code name} to open, so that their components apply them now. */
    private void applyWaiting(String name) throws IOException {
        for (String pid : LiveConfigurations.opened(name)) {
            Configuration[] c;
            try {
                c = configAdmin.listConfigurations("(" + org.osgi.framework.Constants.SERVICE_PID + "="
                        + pid.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").replace("*", "\\*") + ")");
            } catch (org.osgi.framework.InvalidSyntaxException e) {
                continue;
            }
            if (c != null && c[0].getProperties() != null) {
                c[0].update(c[0].getProperties());
            }
        }
    }

    @Override
    public void check(Path scenario, byte[] content) throws ScenarioException {
        check(scenario, new ScenarioReader().read(scenario, content));
    }

    /**
     * The whole scenario, checked before anything changes: a live simulation gets its objects and sensors as
     * configurations, so this scratch build is where a bad one is refused with its line.
     */
    private ScenarioReader.Loaded check(Path scenario, ScenarioReader.Loaded loaded) throws ScenarioException {
        try (Simulation check = factory.create(ScenarioRun.simulationName(scenario) + ".check")) {
            MutedLogs.during(() -> ScenarioRun.build(check, catalog, loaded, NO_OVERRIDES, recorders, true, true));
        } catch (ScenarioException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw loaded.error(loaded.scenario(), String.valueOf(e.getMessage()), e);
        }
        return loaded;
    }

    @Override
    public boolean stop(String name) {
        LiveRun run;
        synchronized (this) {
            run = runs.remove(name);
        }
        if (run == null) {
            return false;
        }
        run.stop();
        run.deleteConfigurations();
        LOG.log(Level.INFO, "simulation ''{0}'' stopped at t = {1} s; its files are complete",
                name, String.format(Locale.ROOT, "%.3f", run.simulatedTime()));
        return true;
    }

    /** One running (or finished) simulation. */
    static final class LiveRun {
        private final String name;
        private final Path scenario;
        private final Simulation sim;
        private final Recorder recorder;
        private final LiveView view;
        private final ScenarioBuilder.Built built;
        private final Thread thread;
        private Scenario scenarioNow;
        /** The configurations this run made, by factory PID and name, with the properties last given. */
        private final Map<String, Configuration> configurations = new LinkedHashMap<>();
        private final Map<String, String> given = new LinkedHashMap<>();
        private volatile boolean stopping;
        private volatile long wallStart;
        private volatile double simulated;
        private volatile boolean closed;
        private volatile boolean failed;
        private final Path dir;
        /** Where the previous run's files in {@link #dir} were moved before this one started, or null. */
        private final Path previous;
        /** The members as the run left them, kept once it has ended (its simulation is closed then). */
        private List<Map<String, Object>> finalMembers;
        private RunState.State state;

        LiveRun(String name, Path scenario, Simulation sim, Recorder recorder, LiveView view, ScenarioBuilder.Built built,
                Scenario content, Path dir, Path previous) {
            this.name = name;
            this.dir = dir;
            this.previous = previous;
            this.state = RunState.starting(name, scenario);
            this.view = view;
            this.scenario = scenario;
            this.sim = sim;
            this.recorder = recorder;
            this.built = built;
            this.scenarioNow = content;
            this.thread = new Thread(this::loop, "simulation-" + name);
            thread.setDaemon(true);
        }

        void start() {
            saveState(RunState.RUNNING);
            recorder.mounts(sim.time(), RunJob.mounts(sim));
            sim.addOutputSink(recorder);
            if (view != null) {
                sim.addOutputSink(prefixed(view, name, sim));
            }
            wallStart = System.nanoTime();
            thread.start();
        }

        private void loop() {
            double t0 = sim.time(), chunk = Math.min(0.01, built.duration());
            long saved = System.nanoTime();
            try {
                while (!stopping && simulated < built.duration() - 1e-9) {
                    sim.advance(Math.min(chunk, built.duration() - simulated));
                    simulated = sim.time() - t0;
                    if (System.nanoTime() - saved > 1_000_000_000L) {
                        saveState(RunState.RUNNING);
                        saved = System.nanoTime();
                    }
                    if (built.realtime()) {
                        long ahead = (long) (simulated * 1e9) - (System.nanoTime() - wallStart);
                        if (ahead > 0) {
                            Thread.sleep(ahead / 1_000_000, (int) (ahead % 1_000_000));
                        }
                    }
                }
                if (!stopping) {
                    LOG.log(Level.INFO, "simulation ''{0}'' finished: {1} s simulated{2}", name,
                            String.format(Locale.ROOT, "%.3f", simulated), gaps());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failed = true;
                LOG.log(Level.ERROR, "simulation ''{0}'' failed at t = {1} s: {2}", name, simulated, e.getMessage());
            } finally {
                close();
            }
        }

        private String gaps() {
            List<Simulation.Interruption> gaps = sim.interruptions();
            return gaps.isEmpty() ? "" : "; " + gaps.size() + " interruption(s): " + gaps;
        }

        /** Stops the thread (within one step chunk) and closes the files. */
        void stop() {
            stopping = true;
            thread.interrupt();
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            close();
        }

        private synchronized void close() {
            if (closed) {
                return;
            }
            // what the page shows from now on: every member as the run left it, in the run's final state
            finalMembers = members(endState());
            closed = true;
            sim.removeOutputSink(recorder);
            try {
                RunManifest.recordGaps(recorder, sim.interruptions());
                recorder.close();
            } finally {
                sim.close();
                saveState(endState());
            }
        }

        /** How the run ended, or ends once it closes: failed, stopped or finished. */
        private String endState() {
            return failed ? RunState.FAILED : stopping ? RunState.STOPPED : RunState.FINISHED;
        }

        /** Rewrites {@code run-state.json}; a failure to is logged (the run's own files report a full disk). */
        private synchronized void saveState(String now) {
            state = state.with(now, simulated);
            try {
                RunState.write(dir, state);
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "simulation ''{0}'': cannot write {1}: {2}", name, dir.resolve(RunState.NAME),
                        e.getMessage());
            }
        }

        double simulatedTime() {
            return simulated;
        }

        /** Whether {@code next} differs from the running scenario only in objects, materials and sensors. */
        boolean sameWorld(Scenario next) {
            return world(scenarioNow).equals(world(next));
        }

        private static Scenario world(Scenario s) {
            return new Scenario(s.version(), s.name(), s.seed(), s.duration(), s.timeStep(), s.gravity(), s.output(), s.ambient(),
                    s.magneticField(), Map.of(), s.bodies(), s.joints(), List.of(), List.of(), s.realtime(), s.dynamics(), s.lights(),
                    List.of());
        }

        /** Creates, updates and deletes this run's configurations to match the scenario; returns how many changed. */
        synchronized int configure(ScenarioReader.Loaded loaded, ConfigurationAdmin admin) throws IOException {
            Map<String, Map<String, Object>> wanted = ScenarioConfigurations.of(name, loaded);
            int changed = 0;
            for (var e : wanted.entrySet()) {
                String text = ScenarioConfigurations.text(e.getValue());
                if (text.equals(given.get(e.getKey()))) {
                    continue;
                }
                Configuration c = configurations.get(e.getKey());
                if (c == null) {
                    String[] pidAndName = e.getKey().split("\\|", 2);
                    c = admin.getFactoryConfiguration(pidAndName[0], pidAndName[1], "?");
                    configurations.put(e.getKey(), c);
                }
                c.update(new Hashtable<>(e.getValue()));
                given.put(e.getKey(), text);
                changed++;
            }
            for (String key : new ArrayList<>(configurations.keySet())) {
                if (!wanted.containsKey(key)) {
                    configurations.remove(key).delete();
                    given.remove(key);
                    changed++;
                }
            }
            scenarioNow = loaded.scenario();
            return changed;
        }

        /** Waits (up to 10 s) until the configuration components added every object, sensor and controller. */
        void awaitConfigured(Scenario s) throws InterruptedException {
            long end = System.nanoTime() + 10_000_000_000L;
            Set<String> objects = new HashSet<>(), sensors = new HashSet<>(), controllers = new HashSet<>();
            s.objects().forEach(o -> objects.add(o.id()));
            s.sensors().forEach(e -> sensors.add(e.id()));
            s.controllers().forEach(c -> controllers.add(c.id()));
            while (!sim.objects().stream().map(o -> o.id()).collect(Collectors.toSet()).containsAll(objects)
                    || !sim.sensors().stream().map(i -> i.spec().id()).collect(Collectors.toSet()).containsAll(sensors)
                    || !sim.controllers().stream().map(i -> i.spec().id()).collect(Collectors.toSet()).containsAll(controllers)) {
                if (System.nanoTime() > end) {
                    throw new IllegalStateException("the objects, sensors and controllers of '" + name + "' were not all configured within "
                            + "10 s; the log says why");
                }
                Thread.sleep(5);
            }
        }

        synchronized void deleteConfigurations() {
            for (Configuration c : configurations.values()) {
                try {
                    c.delete();
                } catch (IOException | IllegalStateException e) {
                    // already gone
                }
            }
            configurations.clear();
            given.clear();
        }

        /**
         * What the web console shows: scenario, times, real-time factor, state, output folder with its files and bytes,
         * sensors and controllers with their types and states, and every interruption (a sensor, controller or
         * material without its type, from when to when; {@code to} null while it lasts).
         */
        Map<String, Object> snapshot() {
            double wall = (System.nanoTime() - wallStart) * 1e-9;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name);
            m.put("scenario", scenario.toString());
            m.put("time", simulated);
            m.put("duration", built.duration());
            m.put("realTimeFactor", wallStart == 0 ? 0 : simulated / Math.max(wall, 1e-9));
            m.put("state", closed ? endState() : RunState.RUNNING);
            m.put("out", dir.toString());
            long[] size = new long[2];
            try (var files = java.nio.file.Files.walk(dir)) {
                files.filter(java.nio.file.Files::isRegularFile).forEach(f -> {
                    size[0]++;
                    size[1] += f.toFile().length();
                });
            } catch (IOException | java.io.UncheckedIOException e) {
                // the folder is being written: the next poll counts again
            }
            m.put("files", size[0]);
            m.put("bytes", size[1]);
            if (previous != null) {
                m.put("previous", previous.toString());
            }
            List<Map<String, Object>> gaps = new ArrayList<>();
            for (var g : sim.interruptions()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("kind", g.kind());
                e.put("id", g.id());
                e.put("type", g.typeId());
                e.put("from", g.from());
                e.put("to", Double.isNaN(g.to()) ? null : g.to());
                gaps.add(e);
            }
            List<Map<String, Object>> members;
            synchronized (this) {
                members = closed ? finalMembers : members(null);
            }
            m.put("members", members);
            m.put("interruptions", gaps);
            return m;
        }

        /**
         * The sensors, controllers and materials with their states: running, waiting for its type (never had it) or
         * detached (its type left); a member that ran shows {@code ended} instead of running, once the run has ended.
         */
        private synchronized List<Map<String, Object>> members(String ended) {
            List<Map<String, Object>> members = new ArrayList<>();
            for (var s : new ArrayList<>(sim.sensors())) {
                members.add(member("sensor", s.spec().id(), s.spec().typeId(), s.state(), s.samples(), ended));
            }
            for (var c : new ArrayList<>(sim.controllers())) {
                members.add(member("controller", c.spec().id(), c.spec().typeId(), c.state(), c.applied(), ended));
            }
            if (scenarioNow.materials() != null) {
                scenarioNow.materials().forEach((id, spec) -> {
                    String type = spec.path("type").asText("");
                    boolean waiting = sim.interruptions().stream().anyMatch(g -> g.kind().equals("material")
                            && g.typeId().equals(type) && Double.isNaN(g.to()));
                    members.add(Map.of("kind", "material", "id", id, "type", type, "state", waiting
                            ? "waiting for its type (objects use the default material)" : ended != null ? ended : "running"));
                });
            }
            return members;
        }

        private static Map<String, Object> member(String kind, String id, String type,
                sensor.api.env.SensorEnvironment.SensorInfo.State state, long count, String ended) {
            return Map.of("kind", kind, "id", id, "type", type, "state",
                    state == sensor.api.env.SensorEnvironment.SensorInfo.State.ACTIVE ? ended != null ? ended : "running"
                            : count == 0 ? "waiting for its type" : "detached");
        }

        /** One paragraph: time, real-time factor, sensors with their states and samples. */
        String status() {
            double wall = (System.nanoTime() - wallStart) * 1e-9;
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                    "%s (%s): t = %.3f / %.3f s, real-time factor %.2f, %s%n", name, scenario.getFileName(), simulated,
                    built.duration(), simulated / Math.max(wall, 1e-9), closed ? "finished" : "running"));
            for (var s : new ArrayList<>(sim.sensors())) {
                b.append(String.format(Locale.ROOT, "  %-16s %-14s %-8s %d samples%n", s.spec().id(), s.spec().typeId(),
                        s.state() == sensor.api.env.SensorEnvironment.SensorInfo.State.ACTIVE ? "active" : "waiting",
                        s.samples()));
            }
            for (var c : new ArrayList<>(sim.controllers())) {
                b.append(String.format(Locale.ROOT, "  %-16s %-14s %-8s %d commands applied, %d refused%n", c.spec().id(),
                        c.spec().typeId(), c.state() == sensor.api.env.SensorEnvironment.SensorInfo.State.ACTIVE ? "active"
                        : "waiting", c.applied(), c.refused()));
            }
            return b.toString();
        }
    }
}
