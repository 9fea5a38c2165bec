package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;
import sensor.raytrace.CpuBvhBackend;
import sensor.raytrace.geometry.Meshes;
import sensor.raytrace.geometry.Poses;

/**
 * The flat arrays uploaded to the GPU, traversed by the Java reference traversal ({@link FlatTracer}, the kernel
 * line by line): same closest hits as brute force over every triangle, and bit for bit the CPU backend's.
 */
class FlatSceneTest {
    static final int N = 30_000;

    static FlatScene flat(TestScene s, double t) {
        FlatScene f = new FlatScene();
        f.scan(s);
        f.pose(s, t);
        return f;
    }

    @Test
    void meshesMatchBruteForce() {
        Random rnd = new Random(3);
        TestScene s = new TestScene();
        Shape.TriangleMesh soup = TestScene.soup(rnd, 400);
        Pose[] poses = {TestScene.pose(rnd, 4), TestScene.pose(rnd, 4), Pose.IDENTITY};
        for (Pose p : poses) {
            s.add(soup, p);
        }
        int c = 17, r = 13;
        float[] h = new float[c * r];
        for (int i = 0; i < h.length; i++) {
            h[i] = (float) rnd.nextGaussian();
        }
        Shape.Heightfield hf = new Shape.Heightfield(c, r, 0.7, 0.9, h);
        Pose hp = new Pose(new Vec3(1, -2, -3), Quat.axisAngle(new Vec3(0.2, 0.1, 1), 0.8));
        s.add(hf, hp);
        FlatScene f = flat(s, 0);
        assertEquals(2, f.meshBuilds, "one BVH per distinct shape");
        double[] o = new double[3 * N], d = new double[3 * N];
        TestScene.rays(11, N, o, d);
        HitBuffer out = new HitBuffer(N);
        new FlatTracer(f).closestHit(o, d, N, 50, out);
        float[][] verts = {soup.vertices(), soup.vertices(), soup.vertices(), Meshes.heightfieldVertices(hf)};
        int[][] idx = {soup.indices(), soup.indices(), soup.indices(), Meshes.heightfieldIndices(hf)};
        Pose[] all = {poses[0], poses[1], poses[2], hp};
        int hits = 0, mismatches = 0;
        for (int i = 0; i < N; i++) {
            double best = Double.POSITIVE_INFINITY;
            int obj = -1;
            for (int k = 0; k < all.length; k++) {
                double t = bruteForce(verts[k], idx[k], all[k], o, d, i);
                if (t < best) {
                    best = t;
                    obj = k;
                }
            }
            if (best > 50) {
                best = Double.POSITIVE_INFINITY;
                obj = -1;
            }
            if (obj >= 0) {
                hits++;
            }
            boolean same = obj == out.objectIndex[i]
                    && (obj < 0 || Math.abs(best - out.distance[i]) <= 1e-6 * Math.max(1, best));
            if (!same) {
                mismatches++;
            }
        }
        assertTrue(hits > N / 10, "the rays hit something: " + hits);
        assertTrue(mismatches <= 3, mismatches + " of " + N + " rays differ from brute force (edges only)");
    }

    /** Double Möller–Trumbore over every triangle, in the world frame. */
    static double bruteForce(float[] v, int[] idx, Pose p, double[] o, double[] d, int i) {
        double[] r = new double[9];
        Poses.rotation(p.rotation(), r, 0);
        double best = Double.POSITIVE_INFINITY;
        double ox = o[3 * i], oy = o[3 * i + 1], oz = o[3 * i + 2], dx = d[3 * i], dy = d[3 * i + 1], dz = d[3 * i + 2];
        for (int t = 0; t < idx.length / 3; t++) {
            double[][] w = new double[3][3];
            for (int k = 0; k < 3; k++) {
                int a = 3 * idx[3 * t + k];
                for (int row = 0; row < 3; row++) {
                    w[k][row] = r[3 * row] * v[a] + r[3 * row + 1] * v[a + 1] + r[3 * row + 2] * v[a + 2]
                            + (row == 0 ? p.position().x() : row == 1 ? p.position().y() : p.position().z());
                }
            }
            double e1x = w[1][0] - w[0][0], e1y = w[1][1] - w[0][1], e1z = w[1][2] - w[0][2];
            double e2x = w[2][0] - w[0][0], e2y = w[2][1] - w[0][1], e2z = w[2][2] - w[0][2];
            double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
            double det = e1x * px + e1y * py + e1z * pz;
            if (det == 0) {
                continue;
            }
            double tx = ox - w[0][0], ty = oy - w[0][1], tz = oz - w[0][2];
            double u = (tx * px + ty * py + tz * pz) / det;
            if (u < 0 || u > 1) {
                continue;
            }
            double qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
            double vv = (dx * qx + dy * qy + dz * qz) / det;
            if (vv < 0 || u + vv > 1) {
                continue;
            }
            double th = (e2x * qx + e2y * qy + e2z * qz) / det;
            if (th > 0 && th < best) {
                best = th;
            }
        }
        return best;
    }

    /** Every shape kind, rotated and translated: the flat traversal gives the CPU backend's hits exactly. */
    @Test
    void mixedSceneMatchesCpuBackendExactly() {
        TestScene s = TestScene.mixed(7);
        double[] o = new double[3 * N], d = new double[3 * N];
        TestScene.rays(12, N, o, d);
        HitBuffer gpu = new HitBuffer(N), cpu = new HitBuffer(N);
        try (TraceScene ref = new CpuBvhBackend().createScene(s, 1)) {
            for (double t : new double[] {0, 1}) {
                if (t == 1) { // bodies move: no mesh rebuild
                    s.move(1, TestScene.pose(new Random(99), 10));
                    s.move(5, TestScene.pose(new Random(98), 10));
                }
                ref.update(s, t);
                ref.closestHit(o, d, N, 40, cpu);
                FlatScene f = flat(s, t);
                new FlatTracer(f).closestHit(o, d, N, 40, gpu);
                assertSame(cpu, gpu, N);
            }
        }
    }

    /**
     * Rays through the shared edges and vertices of a grid of triangles, where a test that is not watertight lets
     * rays slip through and where several triangles tie: the flat traversal (the kernel's arithmetic, a binary tree)
     * hits exactly the CPU backend's triangles (a 4-wide tree).
     */
    @Test
    void raysThroughSharedEdgesAndVerticesMatchCpuBackendExactly() {
        int m = 30;
        float[] v = new float[3 * m * m];
        Random rnd = new Random(5);
        for (int k = 0; k < m * m; k++) {
            v[3 * k] = (float) (k % m * 0.5 + 0.04 * rnd.nextDouble());
            v[3 * k + 1] = (float) (k / m * 0.45 + 0.04 * rnd.nextDouble());
            v[3 * k + 2] = (float) (0.1 * rnd.nextDouble());
        }
        int[] idx = new int[6 * (m - 1) * (m - 1)];
        for (int j = 0, t = 0; j < m - 1; j++) {
            for (int i = 0; i < m - 1; i++, t += 6) {
                int a = j * m + i;
                System.arraycopy(new int[] {a, a + 1, a + m + 1, a, a + m + 1, a + m}, 0, idx, t, 6);
            }
        }
        TestScene s = new TestScene();
        s.add(new Shape.TriangleMesh(v, idx), Pose.IDENTITY);
        int cells = (m - 1) * (m - 1), n = cells + (m - 2) * (m - 2);
        double[] o = new double[3 * n], d = new double[3 * n];
        for (int r = 0; r < n; r++) { // a point on each cell's diagonal (the edge its triangles share), then each interior vertex
            int c = r < cells ? r : r - cells;
            int k = r < cells ? c / (m - 1) * m + c % (m - 1) : (c / (m - 2) + 1) * m + c % (m - 2) + 1;
            int far = r < cells ? k + m + 1 : k;
            double f = 0.37;
            double tx = v[3 * k] + f * (v[3 * far] - v[3 * k]), ty = v[3 * k + 1] + f * (v[3 * far + 1] - v[3 * k + 1]),
                    tz = v[3 * k + 2] + f * (v[3 * far + 2] - v[3 * k + 2]);
            double ox = 6.1, oy = 7.3, oz = 9, len = Math.sqrt((tx - ox) * (tx - ox) + (ty - oy) * (ty - oy) + (tz - oz) * (tz - oz));
            o[3 * r] = ox;
            o[3 * r + 1] = oy;
            o[3 * r + 2] = oz;
            d[3 * r] = (tx - ox) / len;
            d[3 * r + 1] = (ty - oy) / len;
            d[3 * r + 2] = (tz - oz) / len;
        }
        HitBuffer gpu = new HitBuffer(n), cpu = new HitBuffer(n);
        try (TraceScene ref = new CpuBvhBackend().createScene(s, 1)) {
            ref.update(s, 0);
            ref.closestHit(o, d, n, 40, cpu);
        }
        new FlatTracer(flat(s, 0)).closestHit(o, d, n, 40, gpu);
        for (int r = 0; r < n; r++) {
            assertEquals(0, cpu.objectIndex[r], "ray " + r + " hits the grid");
            assertEquals(0, gpu.objectIndex[r], "ray " + r + " hits the grid");
            assertEquals(cpu.distance[r], gpu.distance[r], "distance of ray " + r);
            for (int k = 0; k < 3; k++) {
                assertEquals(cpu.normal[3 * r + k], gpu.normal[3 * r + k], "normal of ray " + r);
            }
        }
    }

    static void assertSame(HitBuffer cpu, HitBuffer gpu, int n) {
        int hits = 0;
        boolean[] kinds = new boolean[64];
        for (int i = 0; i < n; i++) {
            assertEquals(cpu.objectIndex[i], gpu.objectIndex[i], "object of ray " + i);
            assertEquals(cpu.distance[i], gpu.distance[i], "distance of ray " + i);
            for (int k = 0; k < 3; k++) {
                assertEquals(cpu.normal[3 * i + k], gpu.normal[3 * i + k], "normal of ray " + i);
            }
            if (cpu.objectIndex[i] >= 0) {
                hits++;
                kinds[cpu.objectIndex[i]] = true;
            }
        }
        assertTrue(hits > n / 4, "hits " + hits);
        int seen = 0;
        for (boolean b : kinds) {
            seen += b ? 1 : 0;
        }
        assertTrue(seen >= 10, "most objects are hit: " + seen);
    }

    @Test
    void movingBodiesRebuildNoMeshAndANewMeshDoes() {
        TestScene s = TestScene.mixed(8);
        FlatScene f = flat(s, 0);
        int builds = f.meshBuilds, version = f.meshPoolVersion;
        s.move(1, Pose.translation(3, 3, 3));
        f.pose(s, 1);
        assertEquals(builds, f.meshBuilds);
        s.add(TestScene.soup(new Random(1), 10), Pose.IDENTITY);
        f.scan(s);
        f.pose(s, 2);
        assertTrue(f.meshPoolVersion > version);
        assertTrue(f.fitsKernelStack());
    }

    @Test
    void emptyAndPlaneOnlyScenes() {
        TestScene s = new TestScene();
        FlatScene f = flat(s, 0);
        HitBuffer out = new HitBuffer(1);
        new FlatTracer(f).closestHit(new double[] {0, 0, 1}, new double[] {0, 0, -1}, 1, 10, out);
        assertEquals(-1, out.objectIndex[0]);
        assertEquals(Double.POSITIVE_INFINITY, out.distance[0]);
        s.add(new Shape.Plane(), Pose.IDENTITY);
        f = flat(s, 0);
        new FlatTracer(f).closestHit(new double[] {0, 0, 1}, new double[] {0, 0, -1}, 1, 10, out);
        assertEquals(0, out.objectIndex[0]);
        assertEquals(1.0, out.distance[0]);
        assertEquals(1.0, out.normal[2]);
    }
}
