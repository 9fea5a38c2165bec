package sensor.scenario.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.env.Simulation;
import sensor.api.geom.Pose;
import sensor.api.io.Recorder;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.env.Simulations;
import sensor.groundtruth.GroundTruthSensorType;
import sensor.scenario.ScenarioBuilder;

/** A batch run that loses a plugin type mid-run says so and exits 1; a cancelled run ends with 143. */
class RunJobTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

    private int run(Simulations factory, Simulation sim, Recorder recorder, java.util.function.BooleanSupplier cancel)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "version: 1\n");
        // frames are written on the simulation's thread (no writer thread): these tests act from inside the recorder
        // at a given frame, so the simulation must not run ahead of it
        return new RunJob(sim, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                0).run(new ScenarioBuilder.Built(1, List.of("csv"), 1, 1, false), recorder, dir,
                        new RunManifest("test", scenario, 0), cancel);
    }

    private final List<String> metadata = new java.util.ArrayList<>();

    /** A recorder that counts frames, calls {@code onFrame} with the count and keeps metadata as text. */
    private Recorder counting(java.util.function.IntConsumer onFrame) {
        return new Recorder() {
            int n;

            @Override
            public void accept(SensorFrame frame) {
                onFrame.accept(++n);
            }

            @Override
            public void metadata(String name, Map<String, String> entries) {
                metadata.add(name + " " + entries);
            }

            @Override
            public Summary summary() {
                return new Summary(Map.of("g", (long) n), 0, List.of());
            }
        };
    }

    @Test
    void aRunThatLosesItsSensorTypeExitsOneAndListsTheGap() throws Exception {
        Simulations factory = new Simulations();
        GroundTruthSensorType type = new GroundTruthSensorType();
        factory.types().bindSensorType(type, 0);
        try (Simulation sim = factory.create("lost")) {
            sim.addSensor(SensorSpec.of("g", "ground-truth", null, SensorMount.on(null, Pose.IDENTITY), 10));
            int code = run(factory, sim, counting(n -> {
                if (n == 3) {
                    factory.types().unbindSensorType(type); // the plugin bundle leaves mid-run
                }
            }), () -> false);
            assertEquals(1, code, err.toString());
            assertTrue(out.toString().contains("interrupted: sensor 'g' without its type 'ground-truth' from t = 0.300 s"),
                    out.toString());
            assertTrue(Files.readString(dir.resolve("run-manifest.json")).contains("\"missingType\" : \"ground-truth\""));
            assertEquals(List.of("sensorsim.interruption {kind=sensor, id=g, missingType=ground-truth, from=0.3, to=end}"),
                    metadata, "the gap as run metadata (an MCAP Metadata record)");
        }
    }

    @Test
    void aCancelledRunEndsAfterItsCurrentStepWithCode143() throws Exception {
        Simulations factory = new Simulations();
        factory.types().bindSensorType(new GroundTruthSensorType(), 0);
        try (Simulation sim = factory.create("cancelled")) {
            sim.addSensor(SensorSpec.of("g", "ground-truth", null, SensorMount.on(null, Pose.IDENTITY), 10));
            int[] frames = {0};
            int code = run(factory, sim, counting(n -> frames[0] = n), () -> frames[0] >= 2);
            assertEquals(RunJob.TERMINATED, code);
            assertTrue(sim.time() < 0.5, "stopped early: t = " + sim.time());
            assertTrue(err.toString().contains("stopped at t = "), err.toString());
        }
    }

    @Test
    void theRunsWallClockLeavesOutThePauseForTheEstimate() throws Exception {
        Simulations factory = new Simulations();
        factory.types().bindSensorType(new GroundTruthSensorType(), 0);
        try (Simulation sim = factory.create("paused")) {
            sim.addSensor(SensorSpec.of("g", "ground-truth", null, SensorMount.on(null, Pose.IDENTITY), 10));
            Path scenario = Files.writeString(dir.resolve("s.yaml"), "version: 1\n");
            // sampled from 30 s ago, 29 s of which went to the estimate: the run counts about 1 s
            RunJob.Start start = new RunJob.Start(sim.time(), System.nanoTime() - 30_000_000_000L, RunJob.mounts(sim),
                    List.of()).paused(29_000_000_000L);
            new RunJob(sim, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                    0).run(new ScenarioBuilder.Built(1, List.of("csv"), 1, 1, false), counting(n -> { }), dir,
                            new RunManifest("test", scenario, 0), () -> false, start);
            java.util.regex.Matcher wall = java.util.regex.Pattern.compile("in ([0-9.]+) s wall").matcher(out.toString());
            assertTrue(wall.find(), out.toString());
            double seconds = Double.parseDouble(wall.group(1));
            assertTrue(seconds >= 1 && seconds < 20, "about 1 s and the run's own time, not 30 s: " + seconds);
        }
    }
}
