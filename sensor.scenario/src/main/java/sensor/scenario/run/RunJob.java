package sensor.scenario.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;

import sensor.api.env.SensorEnvironment;
import sensor.api.env.Simulation;
import sensor.api.io.Recorder;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.scenario.ScenarioBuilder;

/**
 * Steps a built scenario for its duration, recording every delivered frame (on a writer thread of its own,
 * {@link AsyncRecorder}), with a progress bar on the
 * error stream (redrawn in place on a terminal, one line per 10 % otherwise) and a summary at the end.
 */
public final class RunJob {
    /**
     * Calls that may wait for the writer thread: up to 1,024 (a second of a 1 kHz IMU), holding at most a quarter of
     * the heap or 256 MB of frame data, whichever is less (a lidar frame holds a few MB, as does a camera's).
     */
    static final int WRITE_AHEAD = 1024;
    static final long WRITE_AHEAD_BYTES = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 4);

    private final Simulation env;
    private final PrintStream out, err;
    private final int writeAhead;

    RunJob(Simulation env, PrintStream out, PrintStream err) {
        this(env, out, err, WRITE_AHEAD);
    }

    /** {@code writeAhead}: calls that may wait for the writer thread; 0 writes on the simulation's thread. */
    RunJob(Simulation env, PrintStream out, PrintStream err, int writeAhead) {
        this.env = env;
        this.out = out;
        this.err = err;
        this.writeAhead = writeAhead;
    }

    /** Where each sensor of {@code env} sits, by sensor id (for the recorders' transform trees). */
    public static Map<String, SensorMount> mounts(SensorEnvironment env) {
        Map<String, SensorMount> mounts = new java.util.TreeMap<>();
        env.sensors().forEach(s -> mounts.put(s.spec().id(), s.spec().mount()));
        return mounts;
    }

    /** Exit code of a run ended by SIGTERM or SIGINT (the process ends with the signal's own code). */
    static final int TERMINATED = 143;
    /**
     * How far a real-time run may fall behind the wall clock before its clock slips: a live stream then keeps its
     * rate (running slower) instead of catching up in a burst.
     */
    static final long MAX_LAG_NANOS = 100_000_000L;

    /**
     * Steps the simulation for the scenario's duration into {@code sink}. Cancellation (SIGTERM, SIGINT) ends it
     * after the current chunk with every file complete; an error (out of memory included) aborts the recorder (the
     * growing files keep what they hold up to the last flush), removes the output folder when it is left empty, then
     * propagates.
     */
    int run(ScenarioBuilder.Built built, Recorder recorder, Path outDir, RunManifest manifest, BooleanSupplier cancelled) {
        return run(built, recorder, outDir, manifest, cancelled, Start.now(env, List.of()));
    }

    /**
     * Where a run starts: the simulated time and wall clock of its start, its sensors' mounts then, and the frames
     * delivered since (the first samples taken for the estimate, so the scenario is built once).
     */
    record Start(double time, long wallClock, Map<String, SensorMount> mounts, List<SensorFrame> frames) {
        /** A run starting now, with the frames {@code env} delivers from now on collected in {@code frames}. */
        static Start now(Simulation env, List<SensorFrame> frames) {
            return new Start(env.time(), System.nanoTime(), RunJob.mounts(env), frames);
        }

        /** The same start with its wall clock moved on by {@code nanos}: a pause (the estimate) the run does not count. */
        Start paused(long nanos) {
            return new Start(time, wallClock + nanos, mounts, frames);
        }
    }

    /** As {@link #run(ScenarioBuilder.Built, Recorder, Path, RunManifest, BooleanSupplier)}, from {@code start}. */
    int run(ScenarioBuilder.Built built, Recorder recorder, Path outDir, RunManifest manifest, BooleanSupplier cancelled,
            Start start) {
        Recorder sink = writeAhead > 0 ? new AsyncRecorder(recorder, writeAhead, WRITE_AHEAD_BYTES) : recorder;
        sink.mounts(start.time(), start.mounts());
        start.frames().forEach(sink::accept);
        env.addOutputSink(sink);
        boolean finished = false;
        boolean terminal = System.console() != null;
        long wall0 = start.wallClock(); // slips when the simulation falls behind
        double t0 = start.time(), chunk = Math.min(built.realtime() ? 0.01 : 0.1, built.duration());
        int lastDecile = 0;
        Map<String, String> summaries = new java.util.HashMap<>(); // each sensor's summary line, read before removal
        try {
            while (env.time() - t0 < built.duration() - 1e-9 && !cancelled.getAsBoolean()) {
                env.advance(Math.min(chunk, built.duration() - (env.time() - t0)));
                if (built.realtime()) { // paced to the wall clock (for live viewers)
                    long ahead = (long) ((env.time() - t0) * 1e9) - (System.nanoTime() - wall0);
                    if (ahead > 0) {
                        Thread.sleep(ahead / 1_000_000, (int) (ahead % 1_000_000));
                    } else if (ahead < -MAX_LAG_NANOS) { // behind: the clock slips rather than streams catch up in a burst
                        wall0 -= ahead + MAX_LAG_NANOS; // lag back to MAX_LAG_NANOS
                    }
                }
                double f = (env.time() - t0) / built.duration();
                if (terminal) {
                    int w = 30, done = (int) Math.round(f * w);
                    err.printf(Locale.ROOT, "\r[%s%s] %3.0f%%  t = %.2f / %.2f s", "=".repeat(done), " ".repeat(w - done),
                            100 * f, env.time() - t0, built.duration());
                } else if ((int) (f * 10) > lastDecile) {
                    lastDecile = (int) (f * 10);
                    err.printf(Locale.ROOT, "progress %3d%%  t = %.2f / %.2f s%n", lastDecile * 10, env.time() - t0,
                            built.duration());
                }
            }
            if (terminal) {
                err.println();
            }
            finished = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = true; // an interrupted pause: the files written so far are complete
        } finally {
            env.removeOutputSink(sink);
            if (finished) {
                RunManifest.recordGaps(sink, env.interruptions());
                sink.close();
            } else {
                sink.abort();
                RunManifest.removeIfEmpty(outDir);
            }
            env.sensors().forEach(s -> {
                if (s.summary() != null) {
                    summaries.put(s.spec().id(), s.summary());
                }
                env.removeSensor(s.spec().id());
            });
        }
        double wall = (System.nanoTime() - wall0) * 1e-9, simulated = env.time() - t0;
        Recorder.Summary s = sink.summary();
        long frames = s.frames().values().stream().mapToLong(Long::longValue).sum();
        out.printf(Locale.ROOT, "simulated %.3f s in %.2f s wall (real-time factor %.2f)%n", simulated, wall, simulated / wall);
        for (Map.Entry<String, Long> e : new java.util.TreeMap<>(s.frames()).entrySet()) {
            String line = summaries.get(e.getKey());
            out.printf(Locale.ROOT, "  %-16s %d frames%s%n", e.getKey(), e.getValue(), line == null ? "" : ", " + line);
        }
        out.printf(Locale.ROOT, "%d frames, %d points (%.0f points/s), %d files in %s (with %s, as the estimate counts)%n",
                frames, s.points(), s.points() / wall, s.files().size() + 1, outDir, RunManifest.NAME);
        out.println("raytrace: " + env.raytrace());
        manifest.write(outDir, s.files(), env.interruptions());
        if (cancelled.getAsBoolean()) {
            err.printf(Locale.ROOT, "sensorsim: stopped at t = %.3f s; the files written so far are complete%n", simulated);
            return TERMINATED;
        }
        var gaps = env.interruptions();
        for (Simulation.Interruption i : gaps) {
            out.printf(Locale.ROOT, "  interrupted: %s '%s' without its type '%s' from t = %.3f s to %s%n", i.kind(), i.id(),
                    i.typeId(), i.from(), Double.isNaN(i.to()) ? "the end" : String.format(Locale.ROOT, "t = %.3f s", i.to()));
        }
        if (!gaps.isEmpty()) {
            err.println("sensorsim: the run lost plugin types (listed above): its data has gaps");
            return 1;
        }
        return 0;
    }
}
