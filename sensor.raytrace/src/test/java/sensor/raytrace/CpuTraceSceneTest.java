package sensor.raytrace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;

class CpuTraceSceneTest {
    /** Float precision on ranges: relative 1e-6 plus an absolute 1e-6 m. */
    private static void assertRange(double expected, double actual, String what) {
        assertEquals(expected, actual, 1e-6 * Math.abs(expected) + 1e-6, what);
    }

    private static final Quat TILT = Quat.rollPitchYaw(0.3, -0.5, 1.1);

    /** One ray; returns {distance, objectIndex, nx, ny, nz}. */
    private static double[] cast(TraceScene s, Vec3 o, Vec3 d, double max) {
        Vec3 u = d.normalized();
        HitBuffer out = new HitBuffer(1);
        s.closestHit(new double[] {o.x(), o.y(), o.z()}, new double[] {u.x(), u.y(), u.z()}, 1, max, out);
        return new double[] {out.distance[0], out.objectIndex[0], out.normal[0], out.normal[1], out.normal[2]};
    }

    private static TraceScene scene(TestScene ts, int threads) {
        TraceScene s = new CpuBvhBackend().createScene(ts, threads);
        s.update(ts, 0);
        return s;
    }

    private static void assertNormal(Vec3 expected, double[] hit) {
        assertEquals(expected.x(), hit[2], 1e-9, "nx");
        assertEquals(expected.y(), hit[3], 1e-9, "ny");
        assertEquals(expected.z(), hit[4], 1e-9, "nz");
    }

    @Test
    void backendId() {
        assertEquals("cpu-bvh", new CpuBvhBackend().id());
    }

    @Test
    void sphereRangeMatchesClosedForm() {
        TestScene ts = new TestScene();
        Vec3 c = new Vec3(3, -4, 2.5);
        ts.add(new Shape.Sphere(1.5), new Pose(c, TILT));
        try (TraceScene s = scene(ts, 1)) {
            Random rnd = new Random(1);
            for (int k = 0; k < 200; k++) {
                Vec3 o = new Vec3(-10 + rnd.nextDouble(), 5 * rnd.nextDouble(), rnd.nextDouble());
                Vec3 target = c.plus(new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).times(0.5));
                Vec3 d = target.minus(o).normalized();
                // closed form: |o + t d − c|² = r², smaller root
                Vec3 oc = o.minus(c);
                double b = oc.dot(d), disc = b * b - (oc.dot(oc) - 1.5 * 1.5);
                double[] hit = cast(s, o, d, 100);
                if (disc < 0) {
                    assertEquals(-1, hit[1]);
                    continue;
                }
                double t = -b - Math.sqrt(disc);
                assertRange(t, hit[0], "sphere range");
                assertEquals(0, hit[1]);
                assertNormal(o.plus(d.times(t)).minus(c).times(1 / 1.5), hit);
            }
        }
    }

    @Test
    void boxFacesMatchClosedForm() {
        TestScene ts = new TestScene();
        Pose pose = new Pose(new Vec3(-2, 7, 1), TILT);
        double[] h = {0.5, 1.25, 2};
        ts.add(new Shape.Box(h[0], h[1], h[2]), pose);
        try (TraceScene s = scene(ts, 1)) {
            for (int axis = 0; axis < 3; axis++) {
                for (int sign = -1; sign <= 1; sign += 2) {
                    double[] n = new double[3];
                    n[axis] = sign;
                    Vec3 localN = new Vec3(n[0], n[1], n[2]);
                    // a point on the face, off its centre, and an oblique approach from outside
                    double[] p = {0.3 * h[0], -0.4 * h[1], 0.2 * h[2]};
                    p[axis] = sign * h[axis];
                    Vec3 face = pose.transformPoint(new Vec3(p[0], p[1], p[2]));
                    Vec3 worldN = pose.transformVector(localN);
                    Vec3 dirLocal = localN.times(-1).plus(new Vec3(0.05, -0.04, 0.03)).normalized();
                    Vec3 d = pose.transformVector(dirLocal);
                    double dist = 6.5;
                    Vec3 o = face.minus(d.times(dist));
                    double[] hit = cast(s, o, d, 100);
                    assertRange(dist, hit[0], "box face " + axis + "/" + sign);
                    assertNormal(worldN, hit);
                }
            }
            // from inside: the exit face, normal facing the origin (inwards)
            Vec3 o = pose.position();
            Vec3 d = pose.transformVector(Vec3.X);
            double[] hit = cast(s, o, d, 100);
            assertRange(h[0], hit[0], "box from inside");
            assertNormal(d.times(-1), hit);
        }
    }

    @Test
    void cylinderSideAndCapsMatchClosedForm() {
        TestScene ts = new TestScene();
        Pose pose = new Pose(new Vec3(1, 2, 3), TILT);
        double r = 0.75, height = 3;
        ts.add(new Shape.Cylinder(r, height), pose);
        try (TraceScene s = scene(ts, 1)) {
            // side: ray perpendicular to the axis aimed at an axis point at local z = 0.8, offset sideways by 0.3
            Vec3 axisPoint = pose.transformPoint(new Vec3(0, 0.3, 0.8));
            Vec3 d = pose.transformVector(new Vec3(-1, 0, 0));
            Vec3 o = axisPoint.minus(d.times(10));
            double[] hit = cast(s, o, d, 100);
            double expected = 10 - Math.sqrt(r * r - 0.3 * 0.3);
            assertRange(expected, hit[0], "cylinder side");
            assertNormal(pose.transformVector(new Vec3(Math.sqrt(r * r - 0.09) / r, 0.3 / r, 0)), hit);
            // top cap, oblique
            Vec3 dl = new Vec3(0.1, 0.2, -1).normalized();
            Vec3 capPoint = new Vec3(0.2, -0.1, height / 2);
            Vec3 ol = capPoint.minus(dl.times(4));
            hit = cast(s, pose.transformPoint(ol), pose.transformVector(dl), 100);
            assertRange(4, hit[0], "top cap");
            assertNormal(pose.transformVector(Vec3.Z), hit);
            // bottom cap, along the axis from below
            hit = cast(s, pose.transformPoint(new Vec3(0, 0, -height / 2 - 2.25)), pose.transformVector(Vec3.Z), 100);
            assertRange(2.25, hit[0], "bottom cap");
            assertNormal(pose.transformVector(Vec3.Z.times(-1)), hit);
            // passes beside the cylinder
            hit = cast(s, pose.transformPoint(new Vec3(5, r + 0.01, 0)), pose.transformVector(new Vec3(-1, 0, 0)), 100);
            assertEquals(-1, hit[1]);
        }
    }

    @Test
    void planeMatchesClosedFormFromBothSides() {
        TestScene ts = new TestScene();
        Pose pose = new Pose(new Vec3(0, 0, -1.5), Quat.axisAngle(new Vec3(1, 0, 0), 0.2));
        ts.add(new Shape.Plane(), pose);
        try (TraceScene s = scene(ts, 1)) {
            Vec3 n = pose.transformVector(Vec3.Z);
            for (double sign : new double[] {1, -1}) {
                Vec3 foot = pose.transformPoint(new Vec3(3, -2, 0));
                Vec3 d = new Vec3(0.3, 0.1, -sign).normalized();
                double height = 2.0;
                Vec3 o = foot.plus(n.times(sign * height));
                double expected = height / Math.abs(n.dot(d));
                double[] hit = cast(s, o, d, 100);
                assertRange(expected, hit[0], "plane");
                assertNormal(n.times(sign), hit);
            }
            // parallel ray misses
            double[] hit = cast(s, Vec3.ZERO, pose.transformVector(Vec3.X), 100);
            assertEquals(-1, hit[1]);
            assertEquals(Double.POSITIVE_INFINITY, hit[0]);
        }
    }

    @Test
    void meshQuadMatchesClosedForm() {
        TestScene ts = new TestScene();
        Pose pose = new Pose(new Vec3(10, -3, 4), TILT);
        float[] v = {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0};
        int[] idx = {0, 1, 2, 0, 2, 3};
        ts.add(new Shape.TriangleMesh(v, idx), pose);
        try (TraceScene s = scene(ts, 1)) {
            Random rnd = new Random(2);
            Vec3 n = pose.transformVector(Vec3.Z);
            for (int k = 0; k < 200; k++) {
                double x = -1.2 + 2.4 * rnd.nextDouble(), y = -1.2 + 2.4 * rnd.nextDouble();
                Vec3 target = pose.transformPoint(new Vec3(x, y, 0));
                Vec3 d = new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalized();
                double dist = 1 + 20 * rnd.nextDouble();
                Vec3 o = target.minus(d.times(dist));
                double[] hit = cast(s, o, d, 100);
                boolean inside = Math.abs(x) < 0.999 && Math.abs(y) < 0.999;
                boolean outside = Math.abs(x) > 1.001 || Math.abs(y) > 1.001;
                if (inside) {
                    assertRange(dist, hit[0], "quad range");
                    assertNormal(n.dot(d) < 0 ? n : n.times(-1), hit);
                } else if (outside) {
                    assertEquals(-1, hit[1]);
                }
            }
        }
    }

    @Test
    void heightfieldUsesTheDocumentedDiagonal() {
        TestScene ts = new TestScene();
        int cols = 5, rows = 4;
        double dx = 0.5, dy = 0.75;
        float[] z = new float[cols * rows];
        Random rnd = new Random(3);
        for (int i = 0; i < z.length; i++) {
            z[i] = (float) rnd.nextDouble();
        }
        Shape.Heightfield hf = new Shape.Heightfield(cols, rows, dx, dy, z);
        Pose pose = new Pose(new Vec3(2, 1, -3), Quat.axisAngle(Vec3.Z, 0.7));
        ts.add(hf, pose);
        try (TraceScene s = scene(ts, 1)) {
            for (int k = 0; k < 300; k++) {
                double x = (-(cols - 1) / 2.0 + (cols - 1) * rnd.nextDouble()) * dx * 0.999;
                double y = (-(rows - 1) / 2.0 + (rows - 1) * rnd.nextDouble()) * dy * 0.999;
                // cell and local coordinates
                double gx = x / dx + (cols - 1) / 2.0, gy = y / dy + (rows - 1) / 2.0;
                int i = (int) Math.floor(gx), j = (int) Math.floor(gy);
                double fx = gx - i, fy = gy - j;
                double h00 = hf.height(i, j), h10 = hf.height(i + 1, j), h01 = hf.height(i, j + 1),
                        h11 = hf.height(i + 1, j + 1);
                // triangles (v00, v10, v11) where fx >= fy, (v00, v11, v01) where fy > fx
                double h = fx >= fy ? h00 + fx * (h10 - h00) + fy * (h11 - h10) : h00 + fy * (h01 - h00) + fx * (h11 - h01);
                Vec3 o = pose.transformPoint(new Vec3(x, y, 5));
                double[] hit = cast(s, o, Vec3.Z.times(-1), 100);
                assertRange(5 - h, hit[0], "heightfield range at (" + x + ", " + y + ")");
                assertTrue(hit[4] > 0, "normal faces up, towards the origin");
            }
        }
    }

    @Test
    void missesAndMaxDistance() {
        TestScene ts = new TestScene();
        ts.add(new Shape.Sphere(1), Pose.translation(11, 0, 0));
        try (TraceScene s = scene(ts, 1)) {
            double[] hit = cast(s, Vec3.ZERO, Vec3.X, 10); // entry at exactly 10: (0, max] is inclusive
            assertEquals(10, hit[0]);
            assertEquals(0, hit[1]);
            hit = cast(s, Vec3.ZERO, Vec3.X, Math.nextDown(10.0));
            assertEquals(Double.POSITIVE_INFINITY, hit[0]);
            assertEquals(-1, hit[1]);
            assertEquals(0, hit[2]);
            hit = cast(s, Vec3.ZERO, Vec3.Y, 100);
            assertEquals(Double.POSITIVE_INFINITY, hit[0]);
            assertEquals(-1, hit[1]);
        }
    }

    @Test
    void emptySceneMissesEverything() {
        TestScene ts = new TestScene();
        try (TraceScene s = scene(ts, 2)) {
            double[] hit = cast(s, Vec3.ZERO, Vec3.X, 100);
            assertEquals(-1, hit[1]);
        }
    }

    /** Double-precision Möller–Trumbore over every triangle. */
    static double bruteForce(float[] v, int[] idx, double[] o, double[] d, double max, int[] triOut) {
        double best = Double.POSITIVE_INFINITY;
        triOut[0] = -1;
        for (int t = 0; t < idx.length / 3; t++) {
            int a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
            double e1x = v[b] - v[a], e1y = v[b + 1] - v[a + 1], e1z = v[b + 2] - v[a + 2];
            double e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
            double px = d[1] * e2z - d[2] * e2y, py = d[2] * e2x - d[0] * e2z, pz = d[0] * e2y - d[1] * e2x;
            double det = e1x * px + e1y * py + e1z * pz;
            if (det == 0) {
                continue;
            }
            double tx = o[0] - v[a], ty = o[1] - v[a + 1], tz = o[2] - v[a + 2];
            double u = (tx * px + ty * py + tz * pz) / det;
            if (u < 0 || u > 1) {
                continue;
            }
            double qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
            double w = (d[0] * qx + d[1] * qy + d[2] * qz) / det;
            if (w < 0 || u + w > 1) {
                continue;
            }
            double dist = (e2x * qx + e2y * qy + e2z * qz) / det;
            if (dist > 0 && dist <= max && dist < best) {
                best = dist;
                triOut[0] = t;
            }
        }
        return best;
    }

    static Shape.TriangleMesh randomMesh(Random rnd, int triangles) {
        float[] v = new float[9 * triangles];
        int[] idx = new int[3 * triangles];
        for (int t = 0; t < triangles; t++) {
            double cx = 20 * rnd.nextDouble() - 10, cy = 20 * rnd.nextDouble() - 10, cz = 20 * rnd.nextDouble() - 10;
            for (int k = 0; k < 3; k++) {
                v[9 * t + 3 * k] = (float) (cx + rnd.nextGaussian());
                v[9 * t + 3 * k + 1] = (float) (cy + rnd.nextGaussian());
                v[9 * t + 3 * k + 2] = (float) (cz + rnd.nextGaussian());
                idx[3 * t + k] = 3 * t + k;
            }
        }
        return new Shape.TriangleMesh(v, idx);
    }

    /** Random rays: {@code perOrigin} rays share each origin, directions in a narrow cone (lidar-like). */
    static double[][] randomRays(Random rnd, int count, int perOrigin) {
        double[] o = new double[3 * count], d = new double[3 * count];
        double[] org = new double[3], axis = new double[3];
        for (int r = 0; r < count; r++) {
            if (r % perOrigin == 0) {
                for (int k = 0; k < 3; k++) {
                    org[k] = 30 * rnd.nextDouble() - 15;
                    axis[k] = rnd.nextGaussian();
                }
            }
            double x = axis[0] + 0.2 * rnd.nextGaussian(), y = axis[1] + 0.2 * rnd.nextGaussian(),
                    z = axis[2] + 0.2 * rnd.nextGaussian();
            double n = Math.sqrt(x * x + y * y + z * z);
            o[3 * r] = org[0];
            o[3 * r + 1] = org[1];
            o[3 * r + 2] = org[2];
            d[3 * r] = x / n;
            d[3 * r + 1] = y / n;
            d[3 * r + 2] = z / n;
        }
        return new double[][] {o, d};
    }

    @Test
    void bvhAgreesWithBruteForceOnARandomMesh() {
        Random rnd = new Random(4);
        Shape.TriangleMesh mesh = randomMesh(rnd, 3000);
        TestScene ts = new TestScene();
        Pose pose = new Pose(new Vec3(0.5, -0.25, 1), TILT);
        ts.add(mesh, pose);
        int n = 4000;
        double[][] rays = randomRays(rnd, n, 8);
        HitBuffer out = new HitBuffer(n);
        try (TraceScene s = scene(ts, 2)) {
            s.closestHit(rays[0], rays[1], n, 25, out);
        }
        float[] v = mesh.vertices();
        int[] idx = mesh.indices();
        int hits = 0, mismatches = 0;
        int[] tri = new int[1];
        for (int r = 0; r < n; r++) {
            Vec3 o = pose.inverseTransformPoint(new Vec3(rays[0][3 * r], rays[0][3 * r + 1], rays[0][3 * r + 2]));
            Vec3 d = pose.inverseTransformVector(new Vec3(rays[1][3 * r], rays[1][3 * r + 1], rays[1][3 * r + 2]));
            double t = bruteForce(v, idx, new double[] {o.x(), o.y(), o.z()}, new double[] {d.x(), d.y(), d.z()}, 25, tri);
            if (Double.isInfinite(t)) {
                if (out.objectIndex[r] != -1) {
                    mismatches++;
                }
                continue;
            }
            hits++;
            if (out.objectIndex[r] != 0 || Math.abs(out.distance[r] - t) > 1e-5 * t) {
                mismatches++;
                continue;
            }
            // unit normal facing the ray origin
            double nx = out.normal[3 * r], ny = out.normal[3 * r + 1], nz = out.normal[3 * r + 2];
            assertEquals(1, nx * nx + ny * ny + nz * nz, 1e-12);
            assertTrue(nx * rays[1][3 * r] + ny * rays[1][3 * r + 1] + nz * rays[1][3 * r + 2] < 0, "normal faces origin");
        }
        assertTrue(hits > n / 4, "enough hits to mean something: " + hits);
        assertEquals(0, mismatches, "rays where the BVH and brute force disagree");
    }

    /** A scene with every shape kind, some rotated. */
    static TestScene mixedScene(Random rnd) {
        TestScene ts = new TestScene();
        ts.add(new Shape.Plane(), Pose.translation(0, 0, -12));
        ts.add(randomMesh(rnd, 800), new Pose(new Vec3(1, 2, 3), TILT));
        for (int k = 0; k < 60; k++) {
            Vec3 p = new Vec3(24 * rnd.nextDouble() - 12, 24 * rnd.nextDouble() - 12, 24 * rnd.nextDouble() - 12);
            Quat q = Quat.rollPitchYaw(rnd.nextDouble() * 6, rnd.nextDouble() * 6, rnd.nextDouble() * 6);
            Shape shape = switch (k % 3) {
                case 0 -> new Shape.Box(0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble());
                case 1 -> new Shape.Sphere(0.2 + rnd.nextDouble());
                default -> new Shape.Cylinder(0.2 + rnd.nextDouble(), 0.5 + rnd.nextDouble());
            };
            ts.add(shape, new Pose(p, q));
        }
        return ts;
    }

    private static HitBuffer traceAll(TestScene ts, int threads, boolean packets, double[][] rays, int n) {
        HitBuffer out = new HitBuffer(n);
        CpuTraceScene s = (CpuTraceScene) new CpuBvhBackend().createScene(ts, threads);
        try (s) {
            s.packets = packets;
            s.update(ts, 0);
            s.closestHit(rays[0], rays[1], n, 40, out);
        }
        return out;
    }

    @Test
    void outputIsIdenticalForAnyThreadCountAndWithPackets() {
        Random rnd = new Random(5);
        TestScene ts = mixedScene(rnd);
        int n = 20_000;
        double[][] rays = randomRays(rnd, n, 8);
        HitBuffer one = traceAll(ts, 1, false, rays, n);
        int hits = 0;
        for (int r = 0; r < n; r++) {
            hits += one.objectIndex[r] >= 0 ? 1 : 0;
        }
        assertTrue(hits > n / 3, "hits " + hits);
        for (int threads : new int[] {2, 3, 7}) {
            HitBuffer many = traceAll(ts, threads, false, rays, n);
            assertArrayEquals(one.distance, many.distance, threads + " threads: distance");
            assertArrayEquals(one.objectIndex, many.objectIndex, threads + " threads: objectIndex");
            assertArrayEquals(one.normal, many.normal, threads + " threads: normal");
        }
        for (int threads : new int[] {1, 3}) {
            HitBuffer packets = traceAll(ts, threads, true, rays, n);
            assertArrayEquals(one.distance, packets.distance, "packets, " + threads + " threads: distance");
            assertArrayEquals(one.objectIndex, packets.objectIndex, "packets: objectIndex");
            assertArrayEquals(one.normal, packets.normal, "packets: normal");
        }
    }

    @Test
    void longRunsFromOneOriginRegroupedIntoPacketsGiveTheSameOutput() {
        Random rnd = new Random(7);
        TestScene ts = mixedScene(rnd);
        int n = 20_000;
        double[][] rays = randomRays(rnd, n, 1500); // runs longer than a chunk, and partial runs
        HitBuffer one = traceAll(ts, 1, false, rays, n);
        for (int threads : new int[] {1, 2}) {
            HitBuffer packets = traceAll(ts, threads, true, rays, n);
            assertArrayEquals(one.distance, packets.distance, "packets, " + threads + " threads: distance");
            assertArrayEquals(one.objectIndex, packets.objectIndex, "packets: objectIndex");
            assertArrayEquals(one.normal, packets.normal, "packets: normal");
        }
    }

    /**
     * Ouster-like scans: 128 channels per column, every column from its own beam origin on a 15.8 mm circle that
     * turns with the azimuth (so runs of equal origins are one column long), from a still sensor, a moving one,
     * and with every ray's origin jittered within a few cm: packets of nearby origins must give exactly the
     * single-ray output.
     */
    @Test
    void beamOriginsPerColumnTracedAsPacketsGiveTheSameOutput() {
        Random rnd = new Random(11);
        TestScene ts = mixedScene(rnd);
        ts.add(randomMesh(rnd, 600), Pose.IDENTITY);
        ts.add(new Shape.Plane(), new Pose(new Vec3(0, 14, 0), Quat.rollPitchYaw(1.2, 0.3, 0)));
        int columns = 512, channels = 128, n = columns * channels;
        for (int variant = 0; variant < 3; variant++) {
            double[] o = new double[3 * n], d = new double[3 * n];
            double cx = 0.3, cy = -0.7, cz = 0.4;
            for (int col = 0; col < columns; col++) {
                double az = 2 * Math.PI * col / columns, ca = Math.cos(az), sa = Math.sin(az);
                double px = cx + (variant == 1 ? 0.002 * col : 0), py = cy + (variant == 1 ? 0.001 * col : 0);
                for (int ch = 0; ch < channels; ch++) {
                    int r = col * channels + ch;
                    double el = Math.toRadians(-22.5 + 45.0 * ch / (channels - 1));
                    o[3 * r] = px + 0.0158 * ca;
                    o[3 * r + 1] = py + 0.0158 * sa;
                    o[3 * r + 2] = cz;
                    if (variant == 2) {
                        for (int k = 0; k < 3; k++) {
                            o[3 * r + k] += 0.04 * (rnd.nextDouble() - 0.5);
                        }
                    }
                    d[3 * r] = Math.cos(el) * ca;
                    d[3 * r + 1] = Math.cos(el) * sa;
                    d[3 * r + 2] = Math.sin(el);
                }
            }
            double[][] rays = {o, d};
            HitBuffer one = traceAll(ts, 1, false, rays, n);
            int hits = 0;
            for (int r = 0; r < n; r++) {
                hits += one.objectIndex[r] >= 0 ? 1 : 0;
            }
            assertTrue(hits > n / 3, "hits " + hits);
            for (int threads : new int[] {1, 2}) {
                HitBuffer packets = traceAll(ts, threads, true, rays, n);
                String what = "variant " + variant + ", packets, " + threads + " threads: ";
                assertArrayEquals(one.distance, packets.distance, what + "distance");
                assertArrayEquals(one.objectIndex, packets.objectIndex, what + "objectIndex");
                assertArrayEquals(one.normal, packets.normal, what + "normal");
            }
        }
    }

    @Test
    void movingABodyMovesItsHitsWithoutRebuildingItsBlas() {
        TestScene ts = new TestScene();
        ts.add(new Shape.Plane(), Pose.translation(0, 0, -5));
        // a unit cube as a mesh, on a moving body
        float[] v = new float[24];
        for (int k = 0; k < 8; k++) {
            v[3 * k] = (k & 1) != 0 ? 0.5f : -0.5f;
            v[3 * k + 1] = (k & 2) != 0 ? 0.5f : -0.5f;
            v[3 * k + 2] = (k & 4) != 0 ? 0.5f : -0.5f;
        }
        int[] idx = {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2,
            7, 3};
        int cube = ts.add(new Shape.TriangleMesh(v, idx), Pose.translation(5, 0, 0));
        CpuTraceScene s = (CpuTraceScene) new CpuBvhBackend().createScene(ts, 2);
        try (s) {
            s.update(ts, 0);
            assertEquals(1, s.blasBuilds);
            double[] hit = cast(s, Vec3.ZERO, Vec3.X, 100);
            assertRange(4.5, hit[0], "cube at x = 5");
            assertEquals(cube, (int) hit[1]);
            ts.move(cube, new Pose(new Vec3(8, 0, 0), Quat.axisAngle(Vec3.Z, Math.PI / 4)));
            s.update(ts, 0.1);
            hit = cast(s, Vec3.ZERO, Vec3.X, 100);
            assertRange(8 - Math.sqrt(0.5), hit[0], "rotated cube at x = 8: its edge");
            ts.move(cube, Pose.translation(0, 20, 0));
            s.update(ts, 0.2);
            hit = cast(s, Vec3.ZERO, Vec3.X, 100);
            assertEquals(-1, hit[1], "moved away");
            hit = cast(s, Vec3.ZERO, Vec3.Y, 100);
            assertRange(19.5, hit[0], "cube at y = 20");
            assertEquals(1, s.blasBuilds, "moving a body never rebuilds its BLAS");
            assertEquals(3, s.tlasBuilds, "one TLAS build per update");
            // a new object (revision change) builds only the new shape's BLAS
            ts.add(randomMesh(new Random(6), 10), Pose.translation(0, -30, 0));
            s.update(ts, 0.3);
            assertEquals(2, s.blasBuilds);
        }
    }

    @Test
    void acceleratorBytesCountEachSharedBlasOnceAndAtLeastTheLeafTriangles() {
        Shape.TriangleMesh mesh = randomMesh(new Random(8), 1000);
        TestScene one = new TestScene();
        one.add(mesh, Pose.IDENTITY);
        TestScene three = new TestScene();
        for (int i = 0; i < 3; i++) {
            three.add(mesh, Pose.translation(0, 0, 10 * i));
        }
        try (TraceScene a = new CpuBvhBackend().createScene(one, 1); TraceScene b = new CpuBvhBackend().createScene(three, 1)) {
            a.update(one, 0);
            b.update(three, 0);
            long single = a.acceleratorBytes();
            // 9 floats and an id per triangle, at least one 4-wide node (24 floats, 4 references)
            assertTrue(single >= 1000 * 40 + 112 && single < 1000 * 120, "bytes " + single);
            long extra = b.acceleratorBytes() - single;
            // two more instances of the same shape: a few TLAS nodes and instance entries, no second BLAS
            assertTrue(extra > 0 && extra < 1000, "three instances of one mesh add " + extra + " bytes");
        }
    }

    @Test
    void meshesOfEqualContentShareOneBlasAcrossScenesOfABackend() {
        Shape.TriangleMesh mesh = randomMesh(new Random(9), 500);
        // another sensor's scene, or another simulation's, with its own copy of the same triangles
        Shape.TriangleMesh copy = new Shape.TriangleMesh(mesh.vertices().clone(), mesh.indices().clone());
        Shape.Heightfield hill = new Shape.Heightfield(3, 3, 1, 1, new float[] {0, 1, 0, 1, 2, 1, 0, 1, 0});
        TestScene a = new TestScene(), b = new TestScene();
        a.add(mesh, Pose.IDENTITY);
        a.add(hill, Pose.translation(0, 0, -5));
        b.add(copy, Pose.translation(1, 0, 0));
        b.add(new Shape.Heightfield(3, 3, 1, 1, hill.heights().clone()), Pose.translation(0, 0, -5));
        b.add(randomMesh(new Random(10), 50), Pose.translation(0, 50, 0));
        CpuBvhBackend backend = new CpuBvhBackend();
        try (CpuTraceScene sa = (CpuTraceScene) backend.createScene(a, 1); CpuTraceScene sb = (CpuTraceScene) backend.createScene(b, 2)) {
            sa.update(a, 0);
            sb.update(b, 0);
            assertEquals(3, backend.blas.builds, "the mesh, the hill and the other mesh: built once each");
            assertTrue(sa.instMesh[0] == sb.instMesh[0] && sa.instMesh[1] == sb.instMesh[1], "shared trees");
            assertEquals(3, sb.blasBuilds, "each scene still obtains a tree per new shape");
            // a shared tree answers each scene in its own frame: the copy is moved 1 m along x
            float[] v = mesh.vertices(); // aimed at the first triangle's centroid
            Vec3 c = new Vec3((v[0] + v[3] + v[6]) / 3.0, (v[1] + v[4] + v[7]) / 3.0, (v[2] + v[5] + v[8]) / 3.0);
            double[] direct = cast(sa, c.plus(new Vec3(-30, 0, 0)), Vec3.X, 100);
            double[] moved = cast(sb, c.plus(new Vec3(-29, 0, 0)), Vec3.X, 100);
            assertTrue(direct[1] == 0 && moved[1] == 0, "both rays hit the mesh");
            assertEquals(direct[0], moved[0], 1e-12);
        }
    }

    @Test
    void rejectsBadInputNamingTheParameter() {
        TestScene ts = new TestScene();
        ts.add(new Shape.Sphere(1), Pose.translation(5, 0, 0));
        CpuBvhBackend b = new CpuBvhBackend();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.createScene(ts, 0));
        assertTrue(e.getMessage().contains("threads"), e.getMessage());
        try (TraceScene s = b.createScene(ts, 1)) {
            double[] o = {0, 0, 0}, d = {1, 0, 0};
            IllegalStateException st = assertThrows(IllegalStateException.class,
                    () -> s.closestHit(o, d, 1, 10, new HitBuffer(1)));
            assertTrue(st.getMessage().contains("update"), st.getMessage());
            s.update(ts, 0);
            e = assertThrows(IllegalArgumentException.class, () -> s.closestHit(o, d, 2, 10, new HitBuffer(2)));
            assertTrue(e.getMessage().contains("count"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> s.closestHit(o, d, 1, 0, new HitBuffer(1)));
            assertTrue(e.getMessage().contains("maxDistance"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class,
                    () -> s.closestHit(o, new double[] {2, 0, 0}, 1, 10, new HitBuffer(1)));
            assertTrue(e.getMessage().contains("directions"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> s.update(ts, Double.NaN));
            assertTrue(e.getMessage().contains("t "), e.getMessage());
            HitBuffer out = new HitBuffer(1);
            out.distance[0] = 42;
            assertThrows(IllegalArgumentException.class,
                    () -> s.closestHit(new double[] {Double.NaN, 0, 0}, d, 1, 10, out));
            assertEquals(42, out.distance[0], "nothing half-applied");
        }
    }
}
