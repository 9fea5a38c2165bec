package sensor.lidar.gpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.raytrace.TraceScene;
import sensor.bench.SceneV1;
import sensor.bench.WarmUp;
import sensor.bench.SimpleSceneView;
import sensor.raytrace.CpuBvhBackend;

/**
 * Closest-hit benchmark of the GPU backend on scene v1 (docs/BENCHMARKS.md), not a unit test: machine and GPU, mesh
 * flattening + upload cost, per-update cost (instances + top-level BVH upload) with 1,000 moving boxes, closest-hit
 * Grays/s end to end (rays up, hits down) and the ratio to the CPU backend (all threads) in the same run, the hit
 * count and distance sum to compare with docs/BENCHMARKS.md's check, and whether the GPU hits equal the CPU's.
 *
 * <p>Run from the workspace root on a machine with an NVIDIA GPU, after
 * {@code mvn -o -q install -pl sensor.api,sensor.raytrace,sensor.env,sensor.materials,sensor.lidar,sensor.bench,sensor.lidar.gpu -DskipTests}
 * and {@code mvn -o -q dependency:build-classpath -pl sensor.lidar.gpu -Dmdep.outputFile=/tmp/gpu.cp}:
 * <pre>
 * java -Xms4g -Xmx4g -cp sensor.lidar.gpu/target/test-classes:sensor.lidar.gpu/target/classes:$(cat /tmp/gpu.cp) \
 *     sensor.lidar.gpu.GpuBenchmark [repetitions]
 * </pre>
 * ({@code repetitions}, default 10, timed passes per figure; best and median are printed).
 */
public final class GpuBenchmark {
    private GpuBenchmark() {}

    /**
     * Where one query's time goes, by CUDA events ({@link JCudaDevice#profile}): rays up, kernel, hits down (median
     * of {@code reps} profiled passes), and the kernel alone in Grays/s.
     */
    private static void profile(TraceScene s, double[] o, double[] d, int n, HitBuffer out, int reps) {
        float[][] ph = new float[3][reps];
        JCudaDevice.profile = true;
        try {
            for (int i = 0; i < reps; i++) {
                s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, out);
                float[] p = ((CudaTraceScene) s).kernels().phases();
                for (int k = 0; k < 3; k++) {
                    ph[k][i] = p[k];
                }
            }
        } finally {
            JCudaDevice.profile = false;
        }
        for (float[] p : ph) {
            Arrays.sort(p);
        }
        System.out.printf("one query of %,d rays by CUDA events (median; best): rays up %.2f ms; kernel %.3f ms (best %.3f"
                + " ms, %.2f Grays/s); hits down %.2f ms%n", n, ph[0][reps / 2], ph[1][reps / 2], ph[1][0],
                n / (ph[1][0] * 1e-3) * 1e-9, ph[2][reps / 2]);
    }

    /**
     * The lidar's trace stage [L-P] on scene v1 (Lambertian, default air, heap depth 2, one sub-ray a beam): on the GPU
     * ({@code lidarTrace}, rays up and candidates down included; then with {@code lidarFinish}, the frame's returns
     * down instead) and in Java on 1 and on all threads, same run.
     */
    private static void tracestage(SimpleSceneView shapes, double[] o, double[] d, int n, CudaBvhBackend backend,
            int reps, int cores) {
        SceneView view = new SceneView() {
            @Override public List<ObjectSpec> objects() { return shapes.objects(); }
            @Override public Pose objectPose(int index, double t) { return shapes.objectPose(index, t); }
            @Override public sensor.api.material.SurfaceMaterial material(int index) { return shapes.material(index); }
            @Override public sensor.api.material.AmbientMaterial ambient() {
                return sensor.api.material.AmbientMaterial.defaultAir();
            }
            @Override public long revision() { return shapes.revision(); }
        };
        int[] key = java.util.stream.IntStream.range(0, n).toArray();
        double[] optics = {0.001, 0.005, 0.005, 0};
        sensor.api.random.CounterRandom random = sensor.api.random.CounterRandom.of(1, "bench");
        int nodes = 3, slots = 2 * nodes * n;
        ShadingTraceScene.Candidates c = new ShadingTraceScene.Candidates(new double[slots], new double[slots],
                new int[slots], new double[slots], new double[slots], new double[0], null);
        ShadingTraceScene.Shading shading = new ShadingTraceScene.Shading(nodes, SceneV1.MAX_DISTANCE, Math.tan(optics[0]),
                optics[1], optics[2], optics[3], random.key(), 0, false, false, new double[0], 0);
        try (ShadingTraceScene s = (ShadingTraceScene) backend.createScene(view, 1)) {
            s.update(view, 0);
            WarmUp.run(() -> s.shade(view, shading, o, d, key, 0, n, c));
            double[] t = new double[reps];
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                s.shade(view, shading, o, d, key, 0, n, c);
                t[i] = (System.nanoTime() - t0) * 1e-9;
            }
            Arrays.sort(t);
            System.out.printf("GPU trace stage (lidarTrace: heap depth 2, Lambertian, air), scene v1, rays up + candidates"
                    + " down included: best %.1f Mrays/s, median %.1f Mrays/s%n", n / t[0] * 1e-6, n / t[reps / 2] * 1e-6);
            ShadingTraceScene.Finish finish = new ShadingTraceScene.Finish(n, 1, ShadingTraceScene.Finish.STRONGEST, 0,
                    SceneV1.MAX_DISTANCE, 0, 0, null, false);
            ShadingTraceScene.Returns r = new ShadingTraceScene.Returns(new int[n], new double[n], new double[n],
                    new int[n], new int[n], null);
            Runnable frame = () -> {
                if (!s.shade(view, shading, o, d, key, 0, n, null) || !s.finish(finish, r)) {
                    throw new IllegalStateException("the device failed: see the warning above");
                }
            };
            WarmUp.run(frame);
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                frame.run();
                t[i] = (System.nanoTime() - t0) * 1e-9;
            }
            Arrays.sort(t);
            System.out.printf("GPU lidar stages (lidarTrace + lidarFinish: trace, divergence, strongest return), scene v1,"
                    + " rays up + returns down included: best %.1f Mrays/s, median %.1f Mrays/s%n", n / t[0] * 1e-6,
                    n / t[reps / 2] * 1e-6);
        }
        try (TraceScene s = new CpuBvhBackend().createScene(view, cores)) {
            s.update(view, 0);
            for (int threads : cores == 1 ? new int[] {1} : new int[] {1, cores}) {
                double[] t = new double[3];
                for (int i = 0; i < t.length; i++) {
                    long t0 = System.nanoTime();
                    sensor.lidar.JavaReturns.trace(view, s, o, d, key, n, random, 0, 2, SceneV1.MAX_DISTANCE, optics, threads);
                    t[i] = (System.nanoTime() - t0) * 1e-9;
                }
                Arrays.sort(t);
                System.out.printf("Java trace stage, same scene, %d thread(s), class path: best %.2f Mrays/s%n", threads,
                        n / t[0] * 1e-6);
            }
        }
    }

    /** Runs the benchmark. */
    public static void main(String[] args) {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf("machine: %d cores, JDK %s%n", cores, System.getProperty("java.version"));
        if (!Gpu.available()) {
            System.out.println(Gpu.WHY_NOT);
            return;
        }
        System.out.println("GPU: " + Gpu.DEVICE.description());
        SceneV1 v1 = new SceneV1();
        ObjectSpec terrain = ObjectSpec.fixed("scene-v1", new Shape.TriangleMesh(v1.vertices, v1.indices), Pose.IDENTITY);
        SimpleSceneView view = new SimpleSceneView(List.of(terrain), null);
        int n = SceneV1.RAYS;
        double[] o = new double[3 * n], d = new double[3 * n];
        SceneV1.rays(0, n, o, d);
        HitBuffer gpu = new HitBuffer(n), cpu = new HitBuffer(n);
        CudaBvhBackend backend = new CudaBvhBackend(Gpu.DEVICE, CpuBvhBackend::new, System.getLogger("bench"));

        double[] build = new double[3];
        for (int i = 0; i < build.length; i++) {
            long t0 = System.nanoTime();
            try (TraceScene s = backend.createScene(view, 1)) {
                s.update(view, 0);
            }
            build[i] = (System.nanoTime() - t0) * 1e-6;
        }
        System.out.printf("flatten + BVH build + upload (326,000 triangles): first %.1f ms, best %.1f ms%n", build[0],
                Arrays.stream(build).min().getAsDouble());

        double gbest, cbest;
        try (TraceScene s = backend.createScene(view, 1)) {
            s.update(view, 0);
            WarmUp.run(() -> s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, gpu)); // the Java side (the PTX: at load)
            double[] t = new double[reps];
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, gpu);
                t[i] = (System.nanoTime() - t0) * 1e-9;
            }
            Arrays.sort(t);
            gbest = n / t[0];
            System.out.printf("GPU closest hit, scene v1, rays up + hits down included: best %.3f Grays/s, median %.3f"
                    + " Grays/s%n", gbest * 1e-9, n / t[reps / 2] * 1e-9);
            profile(s, o, d, n, gpu, reps);
        }
        try (TraceScene s = new CpuBvhBackend().createScene(view, cores)) {
            s.update(view, 0);
            WarmUp.run(() -> s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, cpu));
            double[] t = new double[Math.max(3, reps / 3)];
            for (int i = 0; i < t.length; i++) {
                long t0 = System.nanoTime();
                s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, cpu);
                t[i] = (System.nanoTime() - t0) * 1e-9;
            }
            Arrays.sort(t);
            cbest = n / t[0];
            System.out.printf("CPU closest hit, %d threads, class path (no Vector API module; the distribution's CPU"
                    + " figure is bench's): best %.2f Mrays/s%n", cores, cbest * 1e-6);
        }
        System.out.printf("GPU / CPU on the class path (same run, best vs best): %.1fx%n", gbest / cbest);
        long hits = 0, same = 0;
        double sum = 0;
        for (int r = 0; r < n; r++) {
            if (gpu.objectIndex[r] >= 0) {
                hits++;
                sum += gpu.distance[r];
            }
            if (gpu.objectIndex[r] == cpu.objectIndex[r] && gpu.distance[r] == cpu.distance[r]) {
                same++;
            }
        }
        System.out.printf("check: %,d hits, distance sum %.1f m; %,d of %,d rays identical to the CPU backend%n", hits,
                sum, same, n);

        tracestage(view, o, d, n, backend, reps, cores);

        // updates: the terrain plus 1,000 boxes on moving bodies (instances + TLAS re-uploaded, no mesh upload)
        List<ObjectSpec> objects = new ArrayList<>(List.of(terrain));
        for (int i = 0; i < 1000; i++) {
            objects.add(new ObjectSpec("body" + i, new Shape.Box(0.5, 0.5, 0.5), "b" + i,
                    Pose.translation(-100 + (i % 40) * 5, -100 + (i / 40) * 8, 5), null));
        }
        SimpleSceneView moving = new SimpleSceneView(objects, (i, time) -> Pose.translation(Math.sin(time + i), 0, 0));
        try (TraceScene s = backend.createScene(moving, 1)) {
            s.update(moving, 0);
            double[] t = new double[100];
            for (int i = 0; i < t.length; i++) {
                long t0 = System.nanoTime();
                s.update(moving, 0.01 * (i + 1));
                t[i] = (System.nanoTime() - t0) * 1e-6;
            }
            Arrays.sort(t);
            System.out.printf("update() with 1,000 moving bodies (poses, TLAS build, upload): best %.3f ms, median"
                    + " %.3f ms%n", t[0], t[t.length / 2]);
            long t0 = System.nanoTime();
            s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, gpu);
            System.out.printf("GPU closest hit with them: %.3f Grays/s%n", n / ((System.nanoTime() - t0) * 1e-9) * 1e-9);
        }
    }
}
