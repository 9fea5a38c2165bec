package sensor.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import sensor.api.env.ObjectSpec;
import sensor.api.env.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;
import sensor.raytrace.CpuBvhBackend;

/**
 * Closest-hit benchmark of the CPU backend on scene v1 (docs/BENCHMARKS.md): machine, BVH build time, Mrays/s on
 * 1 and 2 threads with direction generation included, the hit count and distance sum to compare with the
 * peers, then the cost of 1,000 moving rigid bodies (update() time and Mrays/s with them).
 *
 * <p>Run (after {@code mvn -o -q install -pl sensor.api,sensor.raytrace,sensor.bench -DskipTests}):
 * <pre>
 * java -Xms2g -Xmx2g -cp sensor.bench/target/classes:sensor.raytrace/target/classes:sensor.api/target/classes \
 *     sensor.bench.RaytraceBenchmark [repetitions]
 * </pre>
 * from the workspace root; {@code repetitions} (default 5) timed passes per figure, the best is printed with
 * the median.
 */
public final class RaytraceBenchmark {
    private static final int BODIES = 1000;

    private RaytraceBenchmark() {}

    /** Runs the benchmark. */
    public static void main(String[] args) throws IOException {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        machine();
        SceneV1 v1 = new SceneV1();
        System.out.printf("scene v1: %,d vertices, %,d triangles, %,d rays%n", v1.vertexCount(), v1.triangleCount(),
                SceneV1.RAYS);
        Shape.TriangleMesh mesh = new Shape.TriangleMesh(v1.vertices, v1.indices);
        ObjectSpec terrain = ObjectSpec.fixed("scene-v1", mesh, Pose.IDENTITY);
        SimpleSceneView staticView = new SimpleSceneView(List.of(terrain), null);
        CpuBvhBackend backend = new CpuBvhBackend();

        double[] build = new double[3];
        for (int i = 0; i < build.length; i++) {
            long t0 = System.nanoTime();
            try (TraceScene s = backend.createScene(staticView, 1)) {
                s.update(staticView, 0);
            }
            build[i] = (System.nanoTime() - t0) * 1e-6;
        }
        System.out.printf("BVH build (326,000 triangles, binned SAH): first %.1f ms, best of %d %.1f ms%n", build[0],
                build.length, Arrays.stream(build).min().getAsDouble());

        int n = SceneV1.RAYS;
        double[] o = new double[3 * n], d = new double[3 * n];
        HitBuffer out = new HitBuffer(n);
        for (int threads : new int[] {1, 2}) {
            try (TraceScene s = backend.createScene(staticView, threads)) {
                s.update(staticView, 0);
                double[] mrays = time(s, o, d, out, reps);
                System.out.printf("closest hit, scene v1, %d thread%s: best %.2f Mrays/s, median %.2f Mrays/s%n", threads,
                        threads == 1 ? "" : "s", mrays[0], mrays[1]);
            }
        }
        long hits = 0, boxHits = 0;
        double sum = 0;
        for (int r = 0; r < n; r++) {
            if (out.objectIndex[r] >= 0) {
                hits++;
                sum += out.distance[r];
                if (axisAligned(out.normal, r)) {
                    boxHits++;
                }
            }
        }
        System.out.printf("hits: %,d (on boxes, by axis-aligned normal: %,d), sum of hit distances: %,.1f m "
                + "(expected ≈ 827,560 and ≈ 14,900,280 m)%n", hits, boxHits, sum);

        // 1,000 moving rigid bodies over the static scene
        List<ObjectSpec> objects = new ArrayList<>();
        objects.add(terrain);
        Shape.Box small = new Shape.Box(0.25, 0.25, 0.25);
        for (int b = 0; b < BODIES; b++) {
            objects.add(new ObjectSpec("body-box-" + b, small, "body-" + b, Pose.IDENTITY, null));
        }
        SimpleSceneView moving = new SimpleSceneView(objects, RaytraceBenchmark::bodyPose);
        for (int threads : new int[] {1, 2}) {
            try (TraceScene s = backend.createScene(moving, threads)) {
                int updates = 500;
                for (int i = 0; i < updates; i++) { // warm-up
                    s.update(moving, i * 1e-3);
                }
                long t0 = System.nanoTime();
                for (int i = 0; i < updates; i++) {
                    s.update(moving, 1 + i * 1e-3);
                }
                double us = (System.nanoTime() - t0) * 1e-3 / updates;
                double[] mrays = time(s, o, d, out, reps);
                long h = 0;
                for (int r = 0; r < n; r++) {
                    h += out.objectIndex[r] > 0 ? 1 : 0;
                }
                System.out.printf("1,000 moving bodies, %d thread%s: update() %.1f us (poses + TLAS rebuild, no BLAS), "
                        + "closest hit best %.2f Mrays/s, median %.2f Mrays/s (%,d rays hit a body)%n", threads,
                        threads == 1 ? "" : "s", us, mrays[0], mrays[1], h);
            }
        }
    }

    /** Body {@code index}: a box circling the origin 1 m above the terrain, radius 5–100 m. */
    static Pose bodyPose(int index, double t) {
        double radius = 5 + 95.0 * ((index * 0.618034) % 1.0);
        double phase = 2 * Math.PI * index / BODIES + 0.3 * t;
        double x = radius * Math.cos(phase), y = radius * Math.sin(phase);
        return new Pose(new Vec3(x, y, SceneV1.h(x, y) + 1), Quat.axisAngle(new Vec3(1, 1, 1), index + t));
    }

    private static boolean axisAligned(double[] nrm, int r) {
        return Math.abs(nrm[3 * r]) == 1 || Math.abs(nrm[3 * r + 1]) == 1 || Math.abs(nrm[3 * r + 2]) == 1;
    }

    /** Warms up, then times {@code reps} passes (directions generated inside the timing); best and median Mrays/s. */
    private static double[] time(TraceScene s, double[] o, double[] d, HitBuffer out, int reps) {
        int n = SceneV1.RAYS;
        for (int i = 0; i < 2; i++) {
            SceneV1.rays(0, n, o, d);
            s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, out);
        }
        double[] rate = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            SceneV1.rays(0, n, o, d);
            s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, out);
            rate[i] = n / ((System.nanoTime() - t0) * 1e-3);
        }
        Arrays.sort(rate);
        return new double[] {rate[reps - 1], rate[reps / 2]};
    }

    static void machine() throws IOException {
        String cpu = "unknown CPU";
        Path info = Path.of("/proc/cpuinfo");
        if (Files.isReadable(info)) {
            cpu = Files.readAllLines(info).stream().filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(cpu);
        }
        System.out.printf("machine: %d cores (%s), JDK %s (%s), %s %s %s%n", Runtime.getRuntime().availableProcessors(),
                cpu, System.getProperty("java.version"), System.getProperty("java.vm.name"), System.getProperty("os.name"),
                System.getProperty("os.version"), System.getProperty("os.arch"));
    }
}
