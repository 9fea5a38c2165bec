package sensor.raytrace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;

/**
 * The any-hit query ({@link CpuTraceScene#occluded}) against a second method: closest hits, stepping past the
 * looked-through objects (the contract's default, {@link TraceScene#occluded}, over the same backend's closest hits).
 */
class OcclusionTest {
    @Test
    void withoutLookThroughARayIsBlockedExactlyWhenItHasAClosestHit() {
        Random rnd = new Random(21);
        TestScene ts = CpuTraceSceneTest.mixedScene(rnd);
        for (int perOrigin : new int[] {1, 8, 1500}) { // scattered (shadow rays), lidar-like packets, long runs
            int n = 12_000;
            double[][] rays = CpuTraceSceneTest.randomRays(rnd, n, perOrigin);
            for (boolean packets : new boolean[] {false, true}) {
                for (int threads : new int[] {1, 3}) {
                    HitBuffer hits = new HitBuffer(n);
                    boolean[] blocked = new boolean[n];
                    try (CpuTraceScene s = scene(ts, threads, packets)) {
                        s.closestHit(rays[0], rays[1], n, 30, hits);
                        s.occluded(rays[0], rays[1], n, 30, null, blocked);
                    }
                    int count = 0;
                    for (int r = 0; r < n; r++) {
                        assertEquals(hits.objectIndex[r] >= 0, blocked[r], "ray " + r + ", " + perOrigin
                                + " per origin, packets " + packets + ", " + threads + " threads");
                        count += blocked[r] ? 1 : 0;
                    }
                    assertTrue(count > n / 5 && count < n - n / 5, "both answers common: " + count + " of " + n);
                }
            }
        }
    }

    @Test
    void lookedThroughObjectsAgreeWithClosestHitsSteppedPastThem() {
        Random rnd = new Random(22);
        TestScene ts = CpuTraceSceneTest.mixedScene(rnd);
        BitSet fog = new BitSet();
        for (int i = 0; i < ts.objects.size(); i += 3) { // the plane, the mesh (below) and every third small shape
            fog.set(i);
        }
        fog.set(1);
        int n = 12_000;
        for (int perOrigin : new int[] {1, 8}) {
            double[][] rays = CpuTraceSceneTest.randomRays(rnd, n, perOrigin);
            boolean[] reference = new boolean[n], anyHit = new boolean[n], plain = new boolean[n];
            try (CpuTraceScene s = scene(ts, 2, true)) {
                closestHitsOnly(s).occluded(rays[0], rays[1], n, 30, fog, reference);
                s.occluded(rays[0], rays[1], n, 30, fog, anyHit);
                s.occluded(rays[0], rays[1], n, 30, null, plain);
            }
            assertArrayEquals(reference, anyHit, perOrigin + " per origin");
            int through = 0;
            for (int r = 0; r < n; r++) {
                through += plain[r] && !anyHit[r] ? 1 : 0;
                assertFalse(anyHit[r] && !plain[r], "looking through objects never blocks a ray: " + r);
            }
            assertTrue(through > n / 20, "rays only the looked-through objects block: " + through);
        }
    }

    /** A box behind a fog box along +x: the fog alone blocks nothing, the box does, within reach only. */
    @Test
    void aSolidBehindALookedThroughVolumeStillBlocks() {
        TestScene ts = new TestScene();
        int fogBox = ts.add(new Shape.Box(1, 5, 5), Pose.translation(5, 0, 0));
        ts.add(new Shape.Box(1, 1, 1), Pose.translation(10, 0, 0));
        ts.add(new Shape.Plane(), Pose.translation(0, 0, -3));
        BitSet fog = new BitSet();
        fog.set(fogBox);
        double[] o = {0, 0, 0, 0, 3, 0, 0, 0, 0}, d = {1, 0, 0, 1, 0, 0, 0, 0, -1};
        try (CpuTraceScene s = scene(ts, 1, false)) {
            boolean[] out = new boolean[3];
            s.occluded(o, d, 3, 100, fog, out);
            assertArrayEquals(new boolean[] {true, false, true}, out, "the box at 9 m; beside it the fog only; the ground");
            s.occluded(o, d, 3, 8.9, fog, out);
            assertArrayEquals(new boolean[] {false, false, true}, out, "the box's face at 9 m lies beyond 8.9 m");
            s.occluded(o, d, 3, 9.01, fog, out);
            assertTrue(out[0], "within 9.01 m");
            s.occluded(o, d, 3, 100, null, out);
            assertArrayEquals(new boolean[] {true, true, true}, out, "nothing looked through: the fog blocks");
            BitSet ground = new BitSet();
            ground.set(2);
            s.occluded(o, d, 3, 100, ground, out);
            assertArrayEquals(new boolean[] {true, true, false}, out, "a looked-through plane");
            closestHitsOnly(s).occluded(o, d, 3, 100, ground, out);
            assertArrayEquals(new boolean[] {true, true, false}, out, "the contract's default");
        }
    }

    @Test
    void rejectsAnAnswerArrayShorterThanTheRays() {
        TestScene ts = new TestScene();
        ts.add(new Shape.Sphere(1), Pose.translation(3, 0, 0));
        try (CpuTraceScene s = scene(ts, 1, true)) {
            double[] o = new double[6], d = {1, 0, 0, 1, 0, 0};
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> s.occluded(o, d, 2, 10, null, new boolean[1]));
            assertEquals("count must be in [0, 1], got 2", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> s.occluded(o, d, 2, 0, null, new boolean[2]));
            assertEquals("maxDistance must be > 0, got 0.0", e.getMessage());
            e = assertThrows(IllegalArgumentException.class,
                    () -> s.occluded(o, new double[] {1, 0, 0, 2, 0, 0}, 2, 10, null, new boolean[2]));
            assertEquals("directions of ray 1 must be a unit vector, |d|^2 = 4.0", e.getMessage());
            assertThrows(IllegalArgumentException.class,
                    () -> closestHitsOnly(s).occluded(o, d, 2, 10, null, new boolean[1]));
        }
    }

    @Test
    void checksTheRaysOfALargeQueryOnThePoolAndNamesTheFirstFaultBeforeTouchingTheAnswers() throws Exception {
        onTwoWorkers(s -> {
            int n = 3 * CpuTraceScene.CHUNK + 5, badOrigin = CpuTraceScene.CHUNK + 1, badDirection = 2 * CpuTraceScene.CHUNK + 7;
            double[] o = new double[3 * n], d = new double[3 * n];
            for (int r = 0; r < n; r++) {
                d[3 * r] = 1;
            }
            d[3 * badDirection] = 2;
            o[3 * badOrigin + 1] = Double.NaN;
            HitBuffer hits = new HitBuffer(n);
            java.util.Arrays.fill(hits.distance, 42);
            boolean[] blocked = new boolean[n];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.closestHit(o, d, n, 10, hits));
            assertEquals("origins of ray " + badOrigin + " must be finite", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> s.occluded(o, d, n, 10, null, blocked));
            assertEquals("origins of ray " + badOrigin + " must be finite", e.getMessage());
            o[3 * badOrigin + 1] = 0;
            e = assertThrows(IllegalArgumentException.class, () -> s.closestHit(o, d, n, 10, hits));
            assertEquals("directions of ray " + badDirection + " must be a unit vector, |d|^2 = 4.0", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> s.occluded(o, d, n, 10, null, blocked));
            assertEquals("directions of ray " + badDirection + " must be a unit vector, |d|^2 = 4.0", e.getMessage());
            for (int r = 0; r < n; r++) {
                assertEquals(42, hits.distance[r], "untouched answer " + r);
                assertFalse(blocked[r], "untouched answer " + r);
            }
            d[3 * badDirection] = 1;
            s.closestHit(o, d, n, 10, hits);
            s.occluded(o, d, n, 10, null, blocked);
            for (int r = 0; r < n; r++) {
                assertEquals(2, hits.distance[r], 1e-9, "ray " + r);
                assertTrue(blocked[r], "ray " + r);
            }
        });
    }

    @Test
    void everyKindOfFaultyRayAnywhereInALargeQueryIsRefusedWithTheContractsMessage() throws Exception {
        onTwoWorkers(s -> {
            Random rnd = new Random(11);
            int n = 5000;
            double[] o = new double[3 * n], d = new double[3 * n];
            for (int r = 0; r < n; r++) { // unit directions with three non-zero components
                double x = 0.2 + rnd.nextDouble(), y = 0.2 + rnd.nextDouble(), z = 0.2 + rnd.nextDouble();
                double len = Math.sqrt(x * x + y * y + z * z);
                d[3 * r] = x / len;
                d[3 * r + 1] = -y / len;
                d[3 * r + 2] = z / len;
                o[3 * r] = rnd.nextDouble();
            }
            HitBuffer hits = new HitBuffer(n);
            boolean[] blocked = new boolean[n];
            double[] bad = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (int axis = 0; axis < 3; axis++) {
                for (double v : bad) {
                    int r = rnd.nextInt(n);
                    double[] oo = o.clone();
                    oo[3 * r + axis] = v;
                    String message = "origins of ray " + r + " must be finite";
                    assertEquals(message, assertThrows(IllegalArgumentException.class,
                            () -> s.closestHit(oo, d, n, 10, hits)).getMessage());
                    assertEquals(message, assertThrows(IllegalArgumentException.class,
                            () -> s.occluded(oo, d, n, 10, null, blocked)).getMessage());
                }
            }
            for (double scale : new double[] {0, 0.5, 0.9, 0.99, 1.01, 1.1, 2}) {
                for (int k = 0; k < 3; k++) { // the factor on one component or on all three
                    int r = rnd.nextInt(n);
                    double[] dd = d.clone();
                    for (int axis = 0; axis < 3; axis++) {
                        if (k == axis || scale == 0) {
                            dd[3 * r + axis] *= scale;
                        }
                    }
                    double len2 = dd[3 * r] * dd[3 * r] + dd[3 * r + 1] * dd[3 * r + 1] + dd[3 * r + 2] * dd[3 * r + 2];
                    if (Math.abs(len2 - 1) <= 1e-4) {
                        continue;
                    }
                    String message = "directions of ray " + r + " must be a unit vector, |d|^2 = " + len2;
                    assertEquals(message, assertThrows(IllegalArgumentException.class,
                            () -> s.closestHit(o, dd, n, 10, hits)).getMessage());
                    assertEquals(message, assertThrows(IllegalArgumentException.class,
                            () -> s.occluded(o, dd, n, 10, null, blocked)).getMessage());
                }
            }
            assertEquals("count must be in [0, " + (n - 1) + "], got " + n, assertThrows(IllegalArgumentException.class,
                    () -> s.closestHit(java.util.Arrays.copyOf(o, 3 * n - 3), d, n, 10, hits)).getMessage());
            assertEquals("count must be in [0, " + (n - 1) + "], got " + n, assertThrows(IllegalArgumentException.class,
                    () -> s.occluded(o, java.util.Arrays.copyOf(d, 3 * n - 1), n, 10, null, blocked)).getMessage());
            assertEquals("count must be in [0, " + (n - 1) + "], got " + n, assertThrows(IllegalArgumentException.class,
                    () -> s.closestHit(o, d, n, 10, new HitBuffer(n - 1))).getMessage());
            assertEquals("maxDistance must be > 0, got NaN", assertThrows(IllegalArgumentException.class,
                    () -> s.closestHit(o, d, n, Double.NaN, hits)).getMessage());
            assertEquals("out must not be null", assertThrows(IllegalArgumentException.class,
                    () -> s.closestHit(o, d, n, 10, null)).getMessage());
            assertEquals("out must not be null", assertThrows(IllegalArgumentException.class,
                    () -> s.occluded(o, d, n, 10, null, null)).getMessage());
            s.closestHit(o, d, n, 10, hits); // the valid query passes
        });
    }

    /** A query of {@link #onTwoWorkers}. */
    interface SceneTest {
        void run(CpuTraceScene s) throws Exception;
    }

    /** Runs {@code test} on a scene with a unit sphere 3 m along +x, traced by two pool workers. */
    private static void onTwoWorkers(SceneTest test) throws Exception {
        TestScene ts = new TestScene();
        ts.add(new Shape.Sphere(1), Pose.translation(3, 0, 0));
        java.util.concurrent.ForkJoinPool fj = new java.util.concurrent.ForkJoinPool(2);
        try (CpuTraceScene s = new CpuTraceScene(ts, 2, new sensor.env.ForkJoinComputePool(fj), new SharedBlas())) {
            s.update(ts, 0);
            test.run(s);
        } finally {
            fj.shutdown();
        }
    }

    private static CpuTraceScene scene(TestScene ts, int threads, boolean packets) {
        CpuTraceScene s = (CpuTraceScene) new CpuBvhBackend().createScene(ts, threads);
        s.packets = packets;
        s.update(ts, 0);
        return s;
    }

    /** {@code s} behind the contract alone: its occlusion query is the interface's default, over closest hits. */
    private static TraceScene closestHitsOnly(TraceScene s) {
        return new TraceScene() {
            @Override
            public void update(SceneView scene, double t) {
                s.update(scene, t);
            }

            @Override
            public void closestHit(double[] origins, double[] directions, int count, double maxDistance, HitBuffer out) {
                s.closestHit(origins, directions, count, maxDistance, out);
            }

            @Override
            public void close() {
                // s is closed by its owner
            }
        };
    }
}
