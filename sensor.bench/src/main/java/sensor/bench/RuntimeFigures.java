package sensor.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import sensor.api.env.MaterialSpec;
import sensor.api.env.ObjectSpec;
import sensor.api.env.ScenarioLoader;
import sensor.api.env.SensorEnvironment;
import sensor.api.env.Shape;
import sensor.api.geom.Pose;
import sensor.api.material.AmbientMaterial;

/**
 * The lidar and IMU through the runtime as a user runs them: scenarios built by the command line's
 * {@link ScenarioLoader} into the environment, with the installed sensor, material and noise plugins.
 * <ul>
 * <li>Lidar: an Ouster OS1-128 in 2048×10 mode at (0, 0, 2) over scene v1 (262,144 rays a frame), in the
 * closest-hit configuration (default material, clear air, heap depth 1, no noise) and the full pipeline
 * (two-layer GGX + Oren–Nayar material, atmosphere with returns, beam divergence, heap depth 2, ray-angle and
 * distance noise), on 1 and N threads; Mrays/s and the real-time factor (simulated seconds per wall second).</li>
 * <li>IMU: the demo's accelerometer, gyroscope and magnetometer chains at 1 kHz on a moving body; samples per
 * wall second, the environment's stepping included.</li>
 * </ul>
 */
final class RuntimeFigures {
    private static final double RAYS_PER_SECOND = 2048 * 128 * 10;

    private RuntimeFigures() {}

    /** Lidar figures: {@code frames} frames per pass, {@code reps} passes (best kept), 1 and {@code threads} threads. */
    static void measureLidar(SensorEnvironment env, ScenarioLoader loader, Path work, int threads, int frames, int reps,
            Report report, PrintStream out) throws IOException {
        out.printf(Locale.ROOT, "lidar: Ouster OS1-128 2048x10 on scene v1, %d frames a pass%n", frames);
        SceneV1 v1 = new SceneV1();
        ObjectSpec scene = ObjectSpec.fixed("scene-v1", new Shape.TriangleMesh(v1.vertices, v1.indices), Pose.IDENTITY);
        for (boolean full : new boolean[] {false, true}) {
            for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
                Path file = work.resolve("lidar.yaml");
                Files.writeString(file, lidarScenario(full, t));
                loader.load(file);
                if (full) {
                    env.addObject(scene.withMaterial(MaterialSpec.of("ggx-oren-nayar")));
                } else {
                    env.setAmbient(AmbientMaterial.clear(1.0, 0));
                    env.addObject(scene);
                }
                double seconds = bestSeconds(env, frames * 0.1, reps);
                double mrays = frames * 2048.0 * 128 / seconds / 1e6;
                String name = full ? "lidar.full" : "lidar.closest_hit";
                report.add(name + ".mrays_s." + t + "t", mrays, "Mrays/s");
                if (full) {
                    report.add("lidar.full.rtf." + t + "t", mrays * 1e6 / RAYS_PER_SECOND, "x real time");
                }
                clear(env);
            }
        }
    }

    /** IMU figure: {@code seconds} simulated per pass, {@code reps} passes. */
    static void measureImu(SensorEnvironment env, ScenarioLoader loader, Path work, double seconds, int reps, Report report,
            PrintStream out) throws IOException {
        out.printf(Locale.ROOT, "imu: accelerometer, gyroscope and magnetometer with noise at 1 kHz, %.0f s a pass%n", seconds);
        Path file = work.resolve("imu.yaml");
        Files.writeString(file, IMU_SCENARIO);
        loader.load(file);
        try {
            report.add("imu.samples_per_s", 1000 * seconds / bestSeconds(env, seconds, reps), "samples/s");
        } finally {
            clear(env);
        }
    }

    /** Wall seconds of the best of {@code reps} advances by {@code simulated} seconds, after a 0.2 s warm-up. */
    private static double bestSeconds(SensorEnvironment env, double simulated, int reps) {
        env.advance(0.2);
        double best = Double.MAX_VALUE;
        for (int rep = 0; rep < reps; rep++) {
            long t0 = System.nanoTime();
            env.advance(simulated);
            best = Math.min(best, (System.nanoTime() - t0) * 1e-9);
        }
        return best;
    }

    private static void clear(SensorEnvironment env) {
        env.sensors().forEach(s -> env.removeSensor(s.spec().id()));
        env.objects().forEach(o -> env.removeObject(o.id()));
    }

    /** The lidar scenario; scene v1 itself is added as an object after loading (326,000 triangles). */
    static String lidarScenario(boolean full, int threads) {
        String stages = full ? ", heapDepth: 2, distortions: [{type: ray-angle-gaussian}], noise: [{type: distance-gaussian}]"
                : ", heapDepth: 1";
        return "version: 1\nname: bench-lidar\nseed: 1\nduration: 1\ntimeStep: 0.01\n"
                + (full ? "ambient: {type: atmosphere}\n" : "")
                + "objects:\n  - {id: marker, shape: {type: sphere, radius: 0.01}, pose: {position: [0, 0, -100]}}\n"
                + "sensors:\n  - id: os1\n    type: lidar\n    pose: {position: [0, 0, 2]}\n    frequency: 10\n"
                + "    config: {model: OS1-128, mode: 2048x10, range: [0.3, 200], threads: " + threads + stages + "}\n";
    }

    private static final String IMU_SCENARIO = """
            version: 1
            name: bench-imu
            seed: 1
            duration: 1
            timeStep: 0.001
            magneticField: {declination: 2.5, inclination: 66, intensity: 4.9e-5}
            bodies:
              - id: car
                motion: {type: waypoints, times: [0, 1000], points: [[-45, -5, 0.0], [8955, -5, 0.0]]}
            objects:
              - {id: marker, shape: {type: sphere, radius: 0.01}, pose: {position: [0, 0, -100]}}
            sensors:
              - id: imu
                type: imu
                body: car
                frequency: 1000
                config:
                  sensors:
                    - kind: accelerometer
                      stages: [{type: spectral-noise, density: {x: 0.0008, y: 0.0008, z: 0.0008}}]
                    - kind: gyroscope
                      stages: [{type: spectral-noise, density: {x: 0.00005, y: 0.00005, z: 0.00005}}]
                    - kind: magnetometer
            """;
}
