package sensor.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.env.ScenarioLoader;
import sensor.api.env.SensorEnvironment;
import sensor.api.scene.Shape;
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
            String backend, Report report, PrintStream out) throws IOException {
        out.printf(Locale.ROOT, "lidar: Ouster OS1-128 2048x10 on scene v1, %d frames a pass, trace stage backend %s%n",
                frames, backend);
        SceneV1 v1 = new SceneV1();
        ObjectSpec scene = ObjectSpec.fixed("scene-v1", new Shape.TriangleMesh(v1.vertices, v1.indices), Pose.IDENTITY);
        for (boolean full : new boolean[] {false, true}) {
            for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
                Path file = work.resolve("lidar.yaml");
                Files.writeString(file, lidarScenario(full, t, backend));
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

    /** Catalog models of every vendor and pattern kind, each against the OS1-64 (the demo's lidar). */
    static final java.util.List<String[]> CATALOG = java.util.List.of(new String[] {"OS1-64", "1024x10"},
            new String[] {"OS1-128", "2048x10"}, new String[] {"VLP-16", "600rpm"}, new String[] {"HDL-64E-S3", "600rpm"},
            new String[] {"Pandar64", "10Hz"}, new String[] {"RS-LiDAR-16", "600rpm"}, new String[] {"Mid-70", "10Hz"});

    /**
     * Per-ray cost of catalog models: closest hit (default material, clear air, heap depth 1) on 1 thread inside a
     * sphere of radius 50 m, which every ray hits at the same cost whatever its direction, so the figures compare what
     * a model adds per ray (beam origins, firing times, replayed patterns) and not where its beams point in a scene.
     * Every model runs once unmeasured first (the JIT compiles their common code), then each is measured, best of two
     * rounds over the models (in one round the model measured first was up to 3× slow while code recompiled); rays are
     * counted from the frames, and the time the same simulation takes without the lidar (the environment's stepping)
     * is taken off, so a model of few rays a second is not charged for it; each model's passes trace as many rays as
     * the OS1-64's. Figures: ns per ray and the ratio to the OS1-64's.
     */
    static void measureCatalog(SensorEnvironment env, ScenarioLoader loader, Path work, int frames, int reps, Report report,
            PrintStream out) throws IOException {
        out.printf(Locale.ROOT, "lidar catalog: ns per ray, closest hit, 1 thread, inside a 50 m sphere, as many rays a pass "
                + "as %d OS1-64 frames%n", frames);
        long[] raysPerFrame = new long[CATALOG.size()];
        for (int m = 0; m < CATALOG.size(); m++) {
            long[] rays = new long[1];
            seconds(env, loader, work, CATALOG.get(m), 1, 1, rays);
            raysPerFrame[m] = rays[0];
        }
        double steppingPerFrame = seconds(env, loader, work, null, frames, reps, new long[1]) / frames;
        double[] ns = new double[CATALOG.size()];
        java.util.Arrays.fill(ns, Double.MAX_VALUE);
        for (int round = 0; round < 2; round++) {
            for (int m = 0; m < CATALOG.size(); m++) {
                int n = (int) Math.ceil((double) frames * raysPerFrame[0] / raysPerFrame[m]); // the OS1-64's rays
                long[] rays = new long[1];
                ns[m] = Math.min(ns[m], (seconds(env, loader, work, CATALOG.get(m), n, reps, rays) - n * steppingPerFrame)
                        * 1e9 / rays[0]);
            }
        }
        for (int m = 0; m < CATALOG.size(); m++) {
            report.add("lidar.catalog.ns_per_ray." + CATALOG.get(m)[0], ns[m], "ns/ray");
            report.add("lidar.catalog.vs_os1_64." + CATALOG.get(m)[0], ns[m] / ns[0], "x OS1-64");
        }
    }

    /**
     * The best wall seconds of {@code reps} passes of {@code frames} frames of {@code model} = {id, mode} (none: the
     * dome alone); {@code rays[0]}: the rays of the best pass.
     */
    private static double seconds(SensorEnvironment env, ScenarioLoader loader, Path work, String[] model, int frames,
            int reps, long[] rays) throws IOException {
        Path file = work.resolve("catalog.yaml");
        Files.writeString(file, "version: 1\nname: bench-catalog\nseed: 1\nduration: 1\ntimeStep: 0.01\n"
                + "objects:\n  - {id: dome, shape: {type: sphere, radius: 50}}\n" + (model == null ? ""
                        : "sensors:\n  - {id: lidar, type: lidar, frequency: 10, config: {model: " + model[0] + ", mode: "
                                + model[1] + ", heapDepth: 1, threads: 1, emitMisses: true}}\n"));
        loader.load(file);
        env.setAmbient(AmbientMaterial.clear(1.0, 0));
        long[] count = {0};
        sensor.api.io.OutputSink counter = f -> {
            if (f.data() instanceof sensor.api.frame.PointCloud o) {
                count[0] += o.count();
            }
        };
        try {
            env.advance(0.1);
            env.addOutputSink(counter);
            double best = Double.MAX_VALUE;
            for (int rep = 0; rep < reps; rep++) {
                count[0] = 0;
                long t0 = System.nanoTime();
                env.advance(frames * 0.1);
                double seconds = (System.nanoTime() - t0) * 1e-9;
                if (seconds < best) {
                    best = seconds;
                    rays[0] = count[0];
                }
            }
            return best;
        } finally {
            env.removeOutputSink(counter);
            clear(env);
        }
    }

    /**
     * Camera figure: the demo's town seen by one 640 × 480 camera at 10 Hz on the demo's car (1 ray per pixel, sun
     * shadows, mirror rays, fog), nothing else; frames per wall second over the first {@code frames} frames of the
     * drive (the scenario loaded afresh for each pass, the first frame's scene build included), the best of {@code reps}
     * passes, on 1 and {@code threads} threads.
     */
    static void measureCamera(SensorEnvironment env, ScenarioLoader loader, Path demo, Path work, int threads, int frames,
            int reps, Report report, PrintStream out) throws IOException {
        out.printf(Locale.ROOT, "camera: 640x480 at 10 Hz on the car of %s, %d frames a pass%n", demo, frames);
        String town = Files.readString(demo);
        for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
            Path file = work.resolve("camera.yaml");
            Files.writeString(file, cameraScenario(town, demo.toAbsolutePath().getParent(), t));
            double best = Double.MAX_VALUE;
            for (int rep = 0; rep < reps; rep++) {
                loader.load(file);
                try {
                    long t0 = System.nanoTime();
                    env.advance(frames * 0.1);
                    best = Math.min(best, (System.nanoTime() - t0) * 1e-9);
                } finally {
                    clear(env);
                }
            }
            report.add("camera.fps." + t + "t", frames / best, "frames/s");
        }
    }

    /**
     * The scenario {@code town} (its mesh files resolved against {@code dir}) with its sensors replaced by one camera on
     * its body {@code car}: {@code distro/batches/camera-fps.yaml}'s camera.
     */
    static String cameraScenario(String town, Path dir, int threads) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^sensors:.*\\R(?:[ \\t#-].*\\R?|\\R)*").matcher(town);
        if (!m.find()) {
            throw new IllegalArgumentException("camera: " + dir + ": the demo scenario has no sensors section to replace");
        }
        String sensors = "sensors:\n  - {id: camera, type: camera, body: car, pose: {position: [0.6, 0, 1.7]}, frequency: 10,\n"
                + "     config: {width: 640, height: 480, horizontalFov: 90, threads: " + threads + "}}\n";
        return java.util.regex.Pattern.compile("(file:\\s*)([^\\s,}]+)").matcher(town.substring(0, m.start()) + sensors
                + town.substring(m.end())).replaceAll(r -> r.group(1)
                        + java.util.regex.Matcher.quoteReplacement(dir.resolve(r.group(2)).toString()));
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
    static String lidarScenario(boolean full, int threads, String backend) {
        String stages = full ? ", heapDepth: 2, distortions: [{type: ray-angle-gaussian}], noise: [{type: distance-gaussian}]"
                : ", heapDepth: 1";
        return "version: 1\nname: bench-lidar\nseed: 1\nduration: 1\ntimeStep: 0.01\n"
                + (full ? "ambient: {type: atmosphere}\n" : "")
                + "objects:\n  - {id: marker, shape: {type: sphere, radius: 0.01}, pose: {position: [0, 0, -100]}}\n"
                + "sensors:\n  - id: os1\n    type: lidar\n    pose: {position: [0, 0, 2]}\n    frequency: 10\n"
                + "    config: {model: OS1-128, mode: 2048x10, range: [0.3, 200], threads: " + threads + ", backend: " + backend
                + stages + "}\n";
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
