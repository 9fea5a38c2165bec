package sensor.bench;

import java.io.IOException;
import java.util.List;

import sensor.api.env.MaterialSpec;
import sensor.api.env.ObjectSpec;
import sensor.api.env.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.env.Environment;
import sensor.lidar.LidarSensorType;
import sensor.lidar.NoiseStages;
import sensor.lidar.api.LidarConfig;
import sensor.api.lidar.LidarOutput;
import sensor.lidar.api.OusterModel;
import sensor.lidar.api.StageSpec;
import sensor.materials.api.AtmosphereMaterial;
import sensor.materials.impl.AtmosphereType;
import sensor.materials.impl.GgxOrenNayarType;
import sensor.raytrace.CpuBvhBackend;

/**
 * Lidar benchmark on scene v1 (docs/BENCHMARKS.md) through the real environment and lidar sensor: an Ouster
 * OS1-128 in 2048×10 mode at (0, 0, 2) (262,144 rays per frame). Prints, machine first, Mrays/s for the
 * closest-hit-only configuration (Lambertian, clear air, heap depth 1, no noise) and the full pipeline
 * (two-layer GGX + Oren–Nayar material, atmosphere with returns, beam divergence, heap depth 2, ray-angle
 * and distance noise), each on 1 thread and all threads, and the real-time factor (simulated seconds per
 * wall second) of the full pipeline on all threads.
 *
 * <p>Run from the workspace root after {@code mvn -q install -DskipTests}:
 * <pre>
 * java -Xmx4g -cp "$(ls sensor.bench/target/sensor.bench-*.jar):sensor.api/target/classes:sensor.env/target/classes:\
 * sensor.raytrace/target/classes:sensor.lidar/target/classes:sensor.materials/target/classes" sensor.bench.LidarBenchmark [frames]
 * </pre>
 */
public final class LidarBenchmark {
    private static final int REPETITIONS = 3;

    private LidarBenchmark() {}

    public static void main(String[] args) throws IOException {
        int frames = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        RaytraceBenchmark.machine();
        int all = Runtime.getRuntime().availableProcessors();
        double fast1 = run(false, 1, frames), fastN = run(false, all, frames);
        double full1 = run(true, 1, frames), fullN = run(true, all, frames);
        System.out.printf("lidar closest-hit only: %.2f Mrays/s (1 thread), %.2f Mrays/s (%d threads)%n", fast1, fastN, all);
        System.out.printf("lidar full pipeline:    %.2f Mrays/s (1 thread), %.2f Mrays/s (%d threads)%n", full1, fullN, all);
        double raysPerSecondOfSimulation = 2048 * 128 * 10;
        System.out.printf("real-time factor, OS1-128 2048x10, full pipeline, %d threads: %.3f%n", all,
                fullN * 1e6 / raysPerSecondOfSimulation);
    }

    /** Mrays/s of the lidar over {@code frames} frames after a two-frame warm-up, best of a few passes. */
    private static double run(boolean full, int threads, int frames) {
        Environment env = new Environment();
        LidarSensorType lidar = new LidarSensorType();
        lidar.setBackend(new CpuBvhBackend());
        lidar.setCatalog(sensor.api.PluginCatalog.of(java.util.List.of(new NoiseStages.RayAngle(), new NoiseStages.Distance())));
        env.bindSensorType(lidar);
        env.bindSurfaceMaterialType(new GgxOrenNayarType());
        env.bindAmbientMaterialType(new AtmosphereType());
        env.setWorld(env.newKinematicWorld(0.01, new Vec3(0, 0, -9.81)));
        SceneV1 v1 = new SceneV1();
        ObjectSpec scene = ObjectSpec.fixed("scene-v1", new Shape.TriangleMesh(v1.vertices, v1.indices), Pose.IDENTITY);
        env.addObject(full ? scene.withMaterial(MaterialSpec.of("ggx-oren-nayar")) : scene);
        if (full) {
            env.setAmbient("atmosphere", new AtmosphereMaterial());
        } else {
            env.setAmbient(AmbientMaterial.clear(1.0, 0));
        }
        LidarConfig c = LidarConfig.ouster(new OusterModel(OusterModel.Product.OS1, 128, OusterModel.Spacing.UNIFORM,
                OusterModel.Mode.M2048x10)).setRange(0.3, 200).setThreads(threads);
        if (full) {
            c.setHeapDepth(2).setDistortions(List.of(new StageSpec("ray-angle-gaussian", null)))
                    .setNoises(List.of(new StageSpec("distance-gaussian", null)));
        } else {
            c.setHeapDepth(1);
        }
        long[] points = new long[1];
        env.addOutputSink(f -> points[0] += ((LidarOutput) f.data()).count());
        env.addSensor(SensorSpec.of("os1", "lidar", c, SensorMount.world(Pose.translation(0, 0, 2)), 10));
        env.advance(0.2);
        double seconds = Double.MAX_VALUE;
        for (int rep = 0; rep < REPETITIONS; rep++) { // the machines are shared: keep the best of a few passes
            long t0 = System.nanoTime();
            points[0] = 0;
            env.advance(frames * 0.1);
            seconds = Math.min(seconds, (System.nanoTime() - t0) * 1e-9);
        }
        double mrays = frames * 2048.0 * 128 / seconds / 1e6;
        System.out.printf("  %s, %d thread(s): best of %d passes of %d frames: %.2f s, %.0f points/frame, %.2f Mrays/s%n",
                full ? "full pipeline" : "closest hit", threads, REPETITIONS, frames, seconds, (double) points[0] / frames, mrays);
        env.sensors().forEach(s -> env.removeSensor(s.spec().id()));
        return mrays;
    }
}
