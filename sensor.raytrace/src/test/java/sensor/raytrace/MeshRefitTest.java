package sensor.raytrace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.DoubleBinaryOperator;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.raytrace.HitBuffer;

/** Deformed meshes (same indices, new vertices): the BLAS is refit, not rebuilt, and hits follow the new vertices. */
class MeshRefitTest {
    private static final Pose TILT = new Pose(new Vec3(0.5, -0.25, 1), Quat.rollPitchYaw(0.3, -0.2, 0.7));
    private static final int RAYS = 4000;
    private static final double MAX = 40;

    /** A heightfield-like grid mesh, {@code c × c} vertices over [−10, 10]², z = f(x, y). */
    static Shape.TriangleMesh grid(int c, DoubleBinaryOperator f) {
        float[] v = new float[3 * c * c];
        for (int j = 0; j < c; j++) {
            for (int i = 0; i < c; i++) {
                int k = j * c + i;
                double x = -10 + 20.0 * i / (c - 1), y = -10 + 20.0 * j / (c - 1);
                v[3 * k] = (float) x;
                v[3 * k + 1] = (float) y;
                v[3 * k + 2] = (float) f.applyAsDouble(x, y);
            }
        }
        int[] idx = new int[6 * (c - 1) * (c - 1)];
        int q = 0;
        for (int j = 0; j < c - 1; j++) {
            for (int i = 0; i < c - 1; i++) {
                int v00 = j * c + i, v10 = v00 + 1, v01 = v00 + c, v11 = v01 + 1;
                idx[q++] = v00;
                idx[q++] = v10;
                idx[q++] = v11;
                idx[q++] = v00;
                idx[q++] = v11;
                idx[q++] = v01;
            }
        }
        return new Shape.TriangleMesh(v, idx);
    }

    /** Rays from above the grid, mostly downwards, some grazing; half from shared origins. */
    static double[][] raysFromAbove(Random rnd, int count) {
        double[] o = new double[3 * count], d = new double[3 * count];
        for (int r = 0; r < count; r++) {
            if (r % 2 == 0 || r == 0) {
                o[3 * r] = 24 * rnd.nextDouble() - 12;
                o[3 * r + 1] = 24 * rnd.nextDouble() - 12;
                o[3 * r + 2] = 3 + 6 * rnd.nextDouble();
            } else {
                System.arraycopy(o, 3 * (r - 1), o, 3 * r, 3);
            }
            double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = -Math.abs(rnd.nextGaussian()) - 0.1;
            double n = Math.sqrt(x * x + y * y + z * z);
            d[3 * r] = x / n;
            d[3 * r + 1] = y / n;
            d[3 * r + 2] = z / n;
        }
        // into the mesh's frame of TILT: trace in the world, so move the origins with the pose
        for (int r = 0; r < count; r++) {
            Vec3 wo = TILT.transformPoint(new Vec3(o[3 * r], o[3 * r + 1], o[3 * r + 2]));
            Vec3 wd = TILT.transformVector(new Vec3(d[3 * r], d[3 * r + 1], d[3 * r + 2]));
            o[3 * r] = wo.x();
            o[3 * r + 1] = wo.y();
            o[3 * r + 2] = wo.z();
            d[3 * r] = wd.x();
            d[3 * r + 1] = wd.y();
            d[3 * r + 2] = wd.z();
        }
        return new double[][] {o, d};
    }

    private static HitBuffer trace(CpuTraceScene s, double[][] rays) {
        HitBuffer out = new HitBuffer(RAYS);
        s.closestHit(rays[0], rays[1], RAYS, MAX, out);
        return out;
    }

    /** Every ray's hit against double brute force over {@code mesh} (object 0 at {@link #TILT}). */
    private static void assertBruteForce(Shape.TriangleMesh mesh, double[][] rays, HitBuffer out, String what) {
        float[] v = mesh.vertices();
        int[] idx = mesh.indices();
        int hits = 0, mismatches = 0;
        int[] tri = new int[1];
        for (int r = 0; r < RAYS; r++) {
            Vec3 o = TILT.inverseTransformPoint(new Vec3(rays[0][3 * r], rays[0][3 * r + 1], rays[0][3 * r + 2]));
            Vec3 d = TILT.inverseTransformVector(new Vec3(rays[1][3 * r], rays[1][3 * r + 1], rays[1][3 * r + 2]));
            double t = CpuTraceSceneTest.bruteForce(v, idx, new double[] {o.x(), o.y(), o.z()},
                    new double[] {d.x(), d.y(), d.z()}, MAX, tri);
            if (Double.isInfinite(t)) {
                if (out.objectIndex[r] != -1) {
                    mismatches++;
                }
                continue;
            }
            hits++;
            if (out.objectIndex[r] != 0 || Math.abs(out.distance[r] - t) > 1e-5 * t) {
                mismatches++;
            }
        }
        assertTrue(hits > RAYS / 4, what + ": enough hits to mean something: " + hits);
        assertEquals(0, mismatches, what + ": rays where the refit BVH and brute force disagree");
    }

    /** The output of a scene built afresh on {@code ts}: a refit tree must give exactly the same. */
    private static void assertSameAsFreshBuild(TestScene ts, double[][] rays, HitBuffer out, String what) {
        CpuTraceScene fresh = (CpuTraceScene) new CpuBvhBackend().createScene(ts, 1);
        try (fresh) {
            fresh.update(ts, 0);
            HitBuffer ref = trace(fresh, rays);
            assertArrayEquals(ref.objectIndex, out.objectIndex, what + ": objects");
            assertArrayEquals(ref.distance, out.distance, what + ": distances");
            assertArrayEquals(ref.normal, out.normal, what + ": normals");
        }
    }

    /**
     * Deforms object 0 of a one-mesh scene through {@code shapes} (same indices each time), checking after
     * each update that the BLAS was refit (no build) and that hits match brute force and a fresh build.
     */
    private static void deformAndCheck(Shape.TriangleMesh[] shapes, double[][] rays, String what) {
        for (int threads = 1; threads <= 2; threads++) {
            TestScene ts = new TestScene();
            ts.add(shapes[0], TILT);
            CpuTraceScene s = (CpuTraceScene) new CpuBvhBackend().createScene(ts, threads);
            try (s) {
                s.update(ts, 0);
                assertEquals(1, s.blasBuilds);
                assertEquals(0, s.blasRefits);
                assertBruteForce(shapes[0], rays, trace(s, rays), what + " before deforming, " + threads + " threads");
                for (int k = 1; k < shapes.length; k++) {
                    MeshBvh before = s.instMesh[0];
                    ts.reshape(0, shapes[k]);
                    s.update(ts, 0.1 * k);
                    String step = what + " deformation " + k + ", " + threads + " threads";
                    assertEquals(1, s.blasBuilds, step + ": no BLAS build");
                    assertEquals(k, s.blasRefits, step + ": one refit per deformation");
                    MeshBvh after = s.instMesh[0];
                    assertSame(before.triId, after.triId, step + ": same triangle order");
                    assertSame(before.wide.child, after.wide.child, step + ": same nodes");
                    HitBuffer out = trace(s, rays);
                    assertBruteForce(shapes[k], rays, out, step);
                    assertSameAsFreshBuild(ts, rays, out, step);
                    s.packets = false;
                    HitBuffer single = trace(s, rays);
                    s.packets = true;
                    assertArrayEquals(out.distance, single.distance, step + ": packets and single rays agree");
                    assertArrayEquals(out.objectIndex, single.objectIndex, step + ": packets and single rays agree");
                }
            }
        }
    }

    @Test
    void deformedGridIsRefitAndMatchesBruteForce() {
        int c = 40; // 3042 triangles
        Shape.TriangleMesh[] shapes = {
            grid(c, (x, y) -> 0.5 * Math.sin(x) * Math.cos(y)),
            grid(c, (x, y) -> 2 * Math.sin(0.7 * x + 1) + 0.3 * y),
            grid(c, (x, y) -> -1.5 + 0.05 * x * y),
        };
        deformAndCheck(shapes, raysFromAbove(new Random(11), RAYS), "grid");
    }

    @Test
    void meshWhoseTrianglesMoveFarIsRefitAndMatchesBruteForce() {
        // randomMesh indexes 3t, 3t + 1, 3t + 2: every random mesh of a size has the same indices, so a
        // second one is the first with every triangle moved somewhere else in the volume
        Shape.TriangleMesh a = CpuTraceSceneTest.randomMesh(new Random(21), 3000);
        Shape.TriangleMesh b = new Shape.TriangleMesh(CpuTraceSceneTest.randomMesh(new Random(22), 3000).vertices(),
                a.indices());
        float[] vb = b.vertices(), vc = new float[vb.length];
        for (int i = 0; i < vb.length; i += 3) { // and its axes swapped round: every box changes
            vc[i] = vb[i + 1];
            vc[i + 1] = vb[i + 2];
            vc[i + 2] = vb[i];
        }
        Shape.TriangleMesh c = new Shape.TriangleMesh(vc, a.indices());
        deformAndCheck(new Shape.TriangleMesh[] {a, b, c, a}, CpuTraceSceneTest.randomRays(new Random(23), RAYS, 8),
                "random mesh");
    }

    @Test
    void meshWhoseIndicesChangeIsRebuilt() {
        Random rnd = new Random(31);
        Shape.TriangleMesh a = grid(30, (x, y) -> 0.3 * Math.sin(x + y));
        int[] idx = a.indices();
        // same triangle count, other triangles: the other diagonal in every cell
        Shape.TriangleMesh b = grid(30, (x, y) -> 1 + 0.3 * Math.cos(x - y));
        int[] flipped = b.indices();
        for (int q = 0; q < flipped.length; q += 6) {
            int v00 = idx[q], v10 = idx[q + 1], v11 = idx[q + 2], v01 = idx[q + 5];
            flipped[q] = v00;
            flipped[q + 1] = v10;
            flipped[q + 2] = v01;
            flipped[q + 3] = v10;
            flipped[q + 4] = v11;
            flipped[q + 5] = v01;
        }
        Shape.TriangleMesh other = new Shape.TriangleMesh(b.vertices(), flipped);
        // fewer triangles
        int[] half = java.util.Arrays.copyOf(idx, idx.length / 2);
        Shape.TriangleMesh fewer = new Shape.TriangleMesh(b.vertices(), half);
        double[][] rays = raysFromAbove(rnd, RAYS);
        TestScene ts = new TestScene();
        ts.add(a, TILT);
        CpuTraceScene s = (CpuTraceScene) new CpuBvhBackend().createScene(ts, 2);
        try (s) {
            s.update(ts, 0);
            assertEquals(1, s.blasBuilds);
            ts.reshape(0, other);
            s.update(ts, 0.1);
            assertEquals(2, s.blasBuilds, "other indices: rebuilt");
            assertEquals(0, s.blasRefits, "other indices: not refit");
            HitBuffer out = trace(s, rays);
            assertBruteForce(other, rays, out, "other diagonals");
            assertSameAsFreshBuild(ts, rays, out, "other diagonals");
            ts.reshape(0, fewer);
            s.update(ts, 0.2);
            assertEquals(3, s.blasBuilds, "fewer triangles: rebuilt");
            assertEquals(0, s.blasRefits, "fewer triangles: not refit");
            assertSameAsFreshBuild(ts, rays, trace(s, rays), "fewer triangles");
        }
    }

    @Test
    void deformingOneOfTwoObjectsSharingAShapeLeavesTheOtherAsItWas() {
        Shape.TriangleMesh a = grid(20, (x, y) -> 0);
        Shape.TriangleMesh b = grid(20, (x, y) -> 3);
        TestScene ts = new TestScene();
        ts.add(a, Pose.IDENTITY);
        ts.add(a, Pose.translation(100, 0, 0));
        CpuTraceScene s = (CpuTraceScene) new CpuBvhBackend().createScene(ts, 1);
        try (s) {
            s.update(ts, 0);
            assertEquals(1, s.blasBuilds, "one BLAS for the shared shape");
            ts.reshape(1, b);
            s.update(ts, 0.1);
            assertEquals(1, s.blasBuilds);
            assertEquals(1, s.blasRefits);
            assertNotSame(s.instMesh[0], s.instMesh[1]);
            HitBuffer out = new HitBuffer(2);
            s.closestHit(new double[] {0, 0, 10, 100, 0, 10}, new double[] {0, 0, -1, 0, 0, -1}, 2, 100, out);
            assertEquals(0, out.objectIndex[0]);
            assertEquals(10, out.distance[0], 1e-9, "the undeformed object at z = 0");
            assertEquals(1, out.objectIndex[1]);
            assertEquals(7, out.distance[1], 1e-9, "the deformed object at z = 3");
        }
    }
}
