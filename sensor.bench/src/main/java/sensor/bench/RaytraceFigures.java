package sensor.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;

/**
 * Closest hit on scene v1 (docs/BENCHMARKS.md) through a raytrace backend's contract: BVH build time, memory per
 * triangle, Mrays/s on 1 and N threads with direction generation inside the timing (as the peers were timed), the
 * hit count and distance sum to compare with the peers, and the cost of 1,000 moving rigid bodies over the
 * static scene (poses and top level refreshed every pass, then every ray traced).
 */
final class RaytraceFigures {
    static final int BODIES = 1000;

    private RaytraceFigures() {}

    /** Measures with {@code reps} timed passes per figure (the best is kept: the machines are shared). */
    static void measure(RaytraceBackend backend, int threads, int reps, Report report, PrintStream out) {
        SceneV1 v1 = new SceneV1();
        out.printf(Locale.ROOT, "raytrace: backend %s, scene v1 (%,d triangles, %,d rays from (0, 0, 2))%n", backend.id(),
                v1.triangleCount(), SceneV1.RAYS);
        ObjectSpec terrain = ObjectSpec.fixed("scene-v1", new Shape.TriangleMesh(v1.vertices, v1.indices), Pose.IDENTITY);
        SimpleSceneView staticView = new SimpleSceneView(List.of(terrain), null);

        long[] bytes = {-1};
        report.add("raytrace.build.s", bestBuild(backend, v1, 1, bytes), "s");
        if (threads > 1) { // the build's subtrees as tasks on the runtime's pool
            report.add("raytrace.build.s." + threads + "t", bestBuild(backend, v1, threads, bytes), "s");
        }
        if (bytes[0] >= 0) {
            report.add("bvh.bytes_per_triangle", (double) bytes[0] / v1.triangleCount(), "bytes");
        }

        int n = SceneV1.RAYS;
        double[] o = new double[3 * n], d = new double[3 * n];
        HitBuffer out1 = new HitBuffer(n);
        double static1 = 0;
        for (int t : threads == 1 ? new int[] {1} : new int[] {1, threads}) {
            try (TraceScene s = backend.createScene(staticView, t)) {
                s.update(staticView, 0);
                double rate = bestRate(s, staticView, false, t, o, d, out1, reps);
                static1 = t == 1 ? rate : static1;
                report.add("raytrace.closest_hit.mrays_s." + t + "t", rate, "Mrays/s");
            }
        }
        long hits = 0;
        double sum = 0;
        for (int r = 0; r < n; r++) {
            if (out1.objectIndex[r] >= 0) {
                hits++;
                sum += out1.distance[r];
            }
        }
        report.add("raytrace.check.hits", hits, "rays");
        report.add("raytrace.check.distance_sum", Math.rint(sum * 10) / 10, "m");

        List<ObjectSpec> objects = new ArrayList<>();
        objects.add(terrain);
        Shape.Box small = new Shape.Box(0.25, 0.25, 0.25);
        for (int b = 0; b < BODIES; b++) {
            objects.add(new ObjectSpec("body-box-" + b, small, "body-" + b, Pose.IDENTITY, null));
        }
        SimpleSceneView moving = new SimpleSceneView(objects, RaytraceFigures::bodyPose);
        try (TraceScene s = backend.createScene(moving, 1)) {
            s.update(moving, 0);
            double rate = bestRate(s, moving, true, 1, o, d, out1, reps);
            report.add("raytrace.moving_over_static", static1 / rate, "ratio");
        }
    }

    /**
     * Seconds of the best of 3 scene builds on {@code threads}; {@code bytes[0]}: the scene's acceleration structures.
     * Each pass gets its own mesh (the last vertex raised by a millimetre per pass): a backend that shares trees by
     * content would otherwise hand a pass an earlier pass's tree.
     */
    private static double bestBuild(RaytraceBackend backend, SceneV1 v1, int threads, long[] bytes) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            float[] vertices = v1.vertices.clone();
            vertices[vertices.length - 1] += 1e-3f * (i + 1 + 3 * threads); // distinct for every pass and thread count
            SimpleSceneView view = new SimpleSceneView(List.of(ObjectSpec.fixed("scene-v1",
                    new Shape.TriangleMesh(vertices, v1.indices), Pose.IDENTITY)), null);
            long t0 = System.nanoTime();
            try (TraceScene s = backend.createScene(view, threads)) {
                s.update(view, 0);
                best = Math.min(best, (System.nanoTime() - t0) * 1e-9);
                bytes[0] = s.acceleratorBytes();
            }
        }
        return best;
    }

    /** Body {@code index}: a box circling the origin 1 m above the terrain, radius 5–100 m. */
    static Pose bodyPose(int index, double t) {
        double radius = 5 + 95.0 * ((index * 0.618034) % 1.0);
        double phase = 2 * Math.PI * index / BODIES + 0.3 * t;
        double x = radius * Math.cos(phase), y = radius * Math.sin(phase);
        return new Pose(new Vec3(x, y, SceneV1.h(x, y) + 1), Quat.axisAngle(new Vec3(1, 1, 1), index + t));
    }

    /**
     * Mrays/s, best of {@code reps} passes after the warm-up ({@link WarmUp#run}); a pass generates the directions
     * ({@link #rays}) and traces every ray, after refreshing the scene to a new time when {@code update}.
     */
    private static double bestRate(TraceScene s, SimpleSceneView view, boolean update, int threads, double[] o,
            double[] d, HitBuffer out, int reps) {
        int n = SceneV1.RAYS;
        double[] time = {1};
        Runnable pass = () -> {
            if (update) {
                s.update(view, time[0] += 1e-3);
            }
            rays(o, d, threads);
            s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, out);
        };
        WarmUp.run(pass);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            pass.run();
            best = Math.min(best, System.nanoTime() - t0);
        }
        return n / (best * 1e-3);
    }

    /**
     * Generates every ray of scene v1 on {@code threads} threads, each a contiguous part, as Embree's peer does in
     * its tracing threads: generated on one thread, the directions were a serial part of every multi-threaded pass
     * (4.8 ms of about 80 with 2 threads on a 2-core AMD EPYC).
     */
    static void rays(double[] o, double[] d, int threads) {
        int n = SceneV1.RAYS;
        Thread[] parts = new Thread[threads - 1];
        for (int t = 1; t < threads; t++) {
            int from = (int) ((long) n * t / threads), to = (int) ((long) n * (t + 1) / threads);
            parts[t - 1] = new Thread(() -> SceneV1.rays(from, to - from, o, d, from), "scene v1 rays " + t);
            parts[t - 1].start();
        }
        SceneV1.rays(0, n / threads, o, d, 0);
        for (Thread p : parts) {
            try {
                p.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while generating the rays", e);
            }
        }
    }
}
