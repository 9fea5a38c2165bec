package sensor.cli;

import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.PluginCatalog;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;
import sensor.cli.scenario.ScenarioBuilder;
import sensor.cli.scenario.ScenarioException;
import sensor.cli.scenario.ScenarioReader;

/**
 * The live simulations of the runtime, each started from a scenario file and running on its own thread until
 * its duration is over or it is stopped: paced to the wall clock when the scenario says {@code realtime: true},
 * as fast as possible otherwise, recording into {@code <out>/<name>/}. Sensors whose type is not installed wait
 * for it. Stopping (or the end) closes the recorder, so every file is complete, and the simulation. One log
 * line per start, stop and end.
 */
@Component(service = LiveSimulations.class)
public class LiveSimulations {
    private static final System.Logger LOG = System.getLogger("sensor.cli");

    @Reference
    SimulationFactory factory;

    @Reference
    PluginCatalog catalog;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile RecorderFactory recorders;

    private final Map<String, LiveRun> runs = new LinkedHashMap<>();
    private volatile Path out = Path.of("out");

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

    /** Names of the simulations started and not stopped (running or finished). */
    synchronized Set<String> names() {
        return new TreeSet<>(runs.keySet());
    }

    /** A started simulation by name, or null. */
    synchronized LiveRun get(String name) {
        return runs.get(name);
    }

    /**
     * Starts a simulation from a scenario file, named after the file; one of that name is stopped first (an
     * edited file restarts its simulation with the new content).
     *
     * @throws ScenarioException when the file is invalid; nothing is started and nothing is written
     */
    synchronized LiveRun start(Path scenario) throws ScenarioException {
        String name = SensorSimCommand.simulationName(scenario);
        ScenarioReader.Loaded loaded = new ScenarioReader().read(scenario);
        RecorderFactory f = recorders;
        if (f == null) {
            throw loaded.error(loaded.scenario(), "no output bundle is installed; nothing can be written", null);
        }
        stop(name);
        Simulation sim = factory.create(name);
        try {
            ScenarioBuilder.Built built = new ScenarioBuilder(sim, catalog, true)
                    .build(loaded, new ScenarioBuilder.Overrides(null, null, null));
            Set<String> formats = new TreeSet<>(built.formats());
            Recorder recorder = f.open(out.resolve(name), formats, built.lidarFrameStride());
            LiveRun run = new LiveRun(name, scenario, sim, recorder, built);
            runs.put(name, run);
            run.start();
            LOG.log(Level.INFO, "simulation ''{0}'' started from {1}: {2} sensors, {3} s{4}, writing to {5}", name,
                    scenario.getFileName(), built.sensors(), built.duration(), built.realtime() ? " in real time" : "",
                    out.resolve(name));
            return run;
        } catch (ScenarioException e) {
            sim.close();
            throw e;
        } catch (java.io.IOException | RuntimeException e) {
            sim.close();
            throw loaded.error(loaded.scenario(), e.getMessage(), e);
        }
    }

    /** Stops a simulation and closes its files; returns false when none has that name. */
    boolean stop(String name) {
        LiveRun run;
        synchronized (this) {
            run = runs.remove(name);
        }
        if (run == null) {
            return false;
        }
        run.stop();
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
        private final ScenarioBuilder.Built built;
        private final Thread thread;
        private volatile boolean stopping;
        private volatile long wallStart;
        private volatile double simulated;
        private boolean closed;

        LiveRun(String name, Path scenario, Simulation sim, Recorder recorder, ScenarioBuilder.Built built) {
            this.name = name;
            this.scenario = scenario;
            this.sim = sim;
            this.recorder = recorder;
            this.built = built;
            this.thread = new Thread(this::loop, "simulation-" + name);
            thread.setDaemon(true);
        }

        void start() {
            sim.addOutputSink(recorder);
            wallStart = System.nanoTime();
            thread.start();
        }

        private void loop() {
            double t0 = sim.time(), chunk = Math.min(0.01, built.duration());
            try {
                while (!stopping && simulated < built.duration() - 1e-9) {
                    sim.advance(Math.min(chunk, built.duration() - simulated));
                    simulated = sim.time() - t0;
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
            closed = true;
            sim.removeOutputSink(recorder);
            try {
                recorder.close();
            } finally {
                sim.close();
            }
        }

        double simulatedTime() {
            return simulated;
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
            return b.toString();
        }
    }
}
