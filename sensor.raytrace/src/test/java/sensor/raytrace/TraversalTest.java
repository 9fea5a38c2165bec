package sensor.raytrace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.raytrace.HitBuffer;

/**
 * The packet traversal's two paths ({@link Traversal}): the Vector API kernel ({@link VectorLanes}) and the scalar
 * loops of {@link MeshBvh} give bit-identical results (each lane's triangle slot and the bits of its float
 * distance), and both the single-ray traversal's, on random triangle soups with coincident triangles (ties),
 * a terrain with rays through its shared edges and vertices, and a dyadic fan where edge functions are exactly 0
 * (the lanes handed to the scalar code); packets from one origin and from spread origins, any subset of lanes,
 * directions of every octant and dominant axis within one packet. The unit tests run with
 * {@code --add-modules jdk.incubator.vector} (see the pom): the vector path must have loaded, or this fails.
 */
class TraversalTest {
    private static final int P = TraceContext.PACKET;

    @Test
    void vectorPathLoadedUnderTheTests() {
        assertTrue(Traversal.vector(), "the tests run with --add-modules jdk.incubator.vector, yet: " + Traversal.describe());
        assertTrue(Traversal.describe().startsWith("vector (jdk.incubator.vector, "), Traversal.describe());
        assertEquals(Traversal.describe(), new CpuBvhBackend().describe());
        assertTrue(new TraceContext().kernel instanceof VectorLanes);
        assertTrue(VectorLanes.LANES >= 8, "lanes " + VectorLanes.LANES);
    }

    /** Rays: origins and (not necessarily unit) float directions, and whether packets share one origin. */
    private record Rays(float[] o, float[] d, boolean same) {
        int count() { return d.length / 3; }
    }

    /**
     * Traces {@code rays} through {@code mesh} in packets of up to 32 (random lane subsets when {@code sparse}) with
     * the vector kernel and with the scalar loops, and ray by ray: asserts the same slot and float distance bits for
     * every ray; returns the number of hits.
     */
    private static int compare(MeshBvh mesh, Rays rays, float tmax, boolean sparse, Random rnd, String what) {
        TraceContext vec = new TraceContext(), sca = new TraceContext(), one = new TraceContext();
        assertNotNull(vec.kernel);
        sca.kernel = null;
        int n = rays.count(), hits = 0;
        for (int r0 = 0; r0 < n; r0 += P) {
            int lanes = Math.min(P, n - r0);
            int mask = lanes == 32 ? -1 : (1 << lanes) - 1;
            if (sparse) {
                mask &= rnd.nextInt() | rnd.nextInt(); // about three lanes in four
                if (mask == 0) {
                    continue;
                }
            }
            int i0 = Integer.numberOfTrailingZeros(mask);
            for (TraceContext c : new TraceContext[] {vec, sca}) {
                c.sameOrigin = rays.same;
                java.util.Arrays.fill(c.slot, -7);
                for (int i = 0; i < lanes; i++) {
                    int r = r0 + (rays.same ? i0 : i);
                    c.fox[i] = rays.o[3 * r];
                    c.foy[i] = rays.o[3 * r + 1];
                    c.foz[i] = rays.o[3 * r + 2];
                    float dx = rays.d[3 * (r0 + i)], dy = rays.d[3 * (r0 + i) + 1], dz = rays.d[3 * (r0 + i) + 2];
                    c.fdx[i] = dx;
                    c.fdy[i] = dy;
                    c.fdz[i] = dz;
                    c.fix[i] = MeshBvh.inv(dx);
                    c.fiy[i] = MeshBvh.inv(dy);
                    c.fiz[i] = MeshBvh.inv(dz);
                    c.ftBest[i] = tmax;
                }
                mesh.intersectPacket(mask, c);
            }
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits), r = r0 + i;
                int ro = rays.same ? r0 + i0 : r;
                int slot = mesh.intersect(rays.o[3 * ro], rays.o[3 * ro + 1], rays.o[3 * ro + 2], rays.d[3 * r],
                        rays.d[3 * r + 1], rays.d[3 * r + 2], tmax, one);
                String ray = what + ", ray " + r;
                assertEquals(slot, sca.slot[i], ray + ": scalar packet slot vs single ray");
                assertEquals(Float.floatToRawIntBits(one.hitT), Float.floatToRawIntBits(sca.ftBest[i]),
                        ray + ": scalar packet distance vs single ray");
                assertEquals(sca.slot[i], vec.slot[i], ray + ": vector vs scalar slot");
                assertEquals(Float.floatToRawIntBits(sca.ftBest[i]), Float.floatToRawIntBits(vec.ftBest[i]),
                        ray + ": vector vs scalar distance bits");
                hits += slot >= 0 ? 1 : 0;
            }
        }
        return hits;
    }

    private static MeshBvh bvh(Shape.TriangleMesh m) {
        return new MeshBvh(m.vertices(), m.indices());
    }

    /** A random triangle soup with every fifth triangle repeated (same vertices, a higher index): exact ties. */
    private static Shape.TriangleMesh soupWithTwins(Random rnd, int triangles) {
        Shape.TriangleMesh m = CpuTraceSceneTest.randomMesh(rnd, triangles);
        int[] idx = m.indices();
        List<Integer> out = new ArrayList<>();
        for (int t = 0; t < idx.length / 3; t++) {
            for (int k = 0; k < 3; k++) {
                out.add(idx[3 * t + k]);
            }
        }
        for (int t = 0; t < idx.length / 3; t += 5) {
            for (int k = 0; k < 3; k++) {
                out.add(idx[3 * t + (k + 1) % 3]); // rotated: the same triangle, its edges computed in another order
            }
        }
        return new Shape.TriangleMesh(m.vertices(), out.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * Rays in runs of 32 around a random axis (spread 0.25 rad) from origins around {@code c} (within {@code box}):
     * per run one origin ({@code spread = 0}) or each its own (within {@code spread}); every 7th run with fully random
     * directions (all octants and dominant axes within one packet).
     */
    private static Rays randomRays(Random rnd, int runs, float c, float box, float spread) {
        float[] o = new float[3 * P * runs], d = new float[3 * P * runs];
        for (int run = 0; run < runs; run++) {
            double[] base = new double[3], axis = new double[3];
            for (int k = 0; k < 3; k++) {
                base[k] = c + box * (rnd.nextDouble() - 0.5);
                axis[k] = rnd.nextGaussian();
            }
            for (int i = 0; i < P; i++) {
                int r = run * P + i;
                for (int k = 0; k < 3; k++) {
                    o[3 * r + k] = (float) (base[k] + spread * (rnd.nextDouble() - 0.5));
                    d[3 * r + k] = (float) (run % 7 == 3 ? rnd.nextGaussian() : axis[k] + 0.25 * rnd.nextGaussian());
                }
            }
        }
        return new Rays(o, d, spread == 0);
    }

    @Test
    void randomSoupsWithTiesOneOriginAndSpreadOrigins() {
        Random rnd = new Random(15);
        MeshBvh mesh = bvh(soupWithTwins(rnd, 3000));
        int hits = 0, rays = 0;
        for (float spread : new float[] {0f, 0.05f, 3f}) {
            for (boolean sparse : new boolean[] {false, true}) {
                Rays r = randomRays(rnd, 120, 0, 30, spread);
                hits += compare(mesh, r, 60f, sparse, rnd, "soup, spread " + spread + (sparse ? ", sparse" : ""));
                rays += r.count();
            }
        }
        assertTrue(hits > rays / 4, hits + " hits of " + rays);
    }

    @Test
    void terrainRaysThroughSharedEdgesAndVertices() {
        Random rnd = new Random(7);
        Shape.TriangleMesh t = WatertightTest.terrain(rnd);
        MeshBvh mesh = bvh(t);
        double[] target = WatertightTest.targets(t);
        int n = target.length / 3;
        double[][] origins = {{7.4, 8.2, 12}, {2, 14, 20}, {12, 3, 9}};
        for (double[] origin : origins) {
            for (float spread : new float[] {0f, 0.0316f}) {
                float[] o = new float[3 * n], d = new float[3 * n];
                for (int r = 0; r < n; r++) {
                    double ox = origin[0] + (spread == 0 ? 0 : spread * Math.cos(r)),
                            oy = origin[1] + (spread == 0 ? 0 : spread * Math.sin(r)), oz = origin[2];
                    o[3 * r] = (float) ox;
                    o[3 * r + 1] = (float) oy;
                    o[3 * r + 2] = (float) oz;
                    d[3 * r] = (float) (target[3 * r] - ox);
                    d[3 * r + 1] = (float) (target[3 * r + 1] - oy);
                    d[3 * r + 2] = (float) (target[3 * r + 2] - oz);
                }
                int hits = compare(mesh, new Rays(o, d, spread == 0), 100f, false, rnd, "terrain from "
                        + java.util.Arrays.toString(origin) + ", spread " + spread);
                assertEquals(n, hits, "every ray through an edge or vertex hits");
            }
        }
    }

    /**
     * A fan of triangles on a dyadic grid, rays with dyadic origins and directions exactly through its vertices and
     * edges (edge functions exactly 0: the scalar code's double recomputation), in every dominant axis, and a packet
     * mixing them.
     */
    @Test
    void dyadicRaysExactlyOnEdgesAndVerticesInEveryAxis() {
        // a 4 × 4 grid of unit squares at z = 0 (x, y in [0, 4]), each as 4 triangles around its centre, then the same turned to x = 0
        // and y = 0 (so that each axis is the dominant one of some rays)
        List<Float> v = new ArrayList<>();
        List<Integer> idx = new ArrayList<>();
        for (int plane = 0; plane < 3; plane++) {
            for (int j = 0; j < 4; j++) {
                for (int i = 0; i < 4; i++) {
                    float[][] q = {{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}, {i + 0.5f, j + 0.5f}};
                    int b = v.size() / 3;
                    for (float[] p : q) {
                        float[] xyz = plane == 0 ? new float[] {p[0], p[1], 0} : plane == 1 ? new float[] {0, p[0], p[1]}
                                : new float[] {p[1], 0, p[0]};
                        for (float f : xyz) {
                            v.add(f);
                        }
                    }
                    for (int e = 0; e < 4; e++) {
                        idx.add(b + 4);
                        idx.add(b + e);
                        idx.add(b + (e + 1) % 4);
                    }
                }
            }
        }
        float[] vs = new float[v.size()];
        for (int k = 0; k < vs.length; k++) {
            vs[k] = v.get(k);
        }
        MeshBvh mesh = bvh(new Shape.TriangleMesh(vs, idx.stream().mapToInt(Integer::intValue).toArray()));
        List<float[]> rays = new ArrayList<>();
        float[][] dirs = {{0, 0, -1}, {0.25f, -0.5f, -1}, {-0.125f, 0.25f, -1}};
        for (int plane = 0; plane < 3; plane++) {
            for (float[] dd : dirs) {
                for (int j = 1; j < 8; j++) {
                    for (int i = 1; i < 8; i++) {
                        // the target (i/2, j/2) on the plane: inner vertices, edge midpoints, centres (the grid's
                        // outer border is no shared edge)
                        float a = 0.5f * i, b = 0.5f * j;
                        float[] tgt = plane == 0 ? new float[] {a, b, 0} : plane == 1 ? new float[] {0, a, b}
                                : new float[] {b, 0, a};
                        float[] dir = plane == 0 ? new float[] {dd[0], dd[1], dd[2]}
                                : plane == 1 ? new float[] {dd[2], dd[0], dd[1]} : new float[] {dd[1], dd[2], dd[0]};
                        float[] org = {tgt[0] - 4 * dir[0], tgt[1] - 4 * dir[1], tgt[2] - 4 * dir[2]};
                        rays.add(new float[] {org[0], org[1], org[2], dir[0], dir[1], dir[2]});
                    }
                }
            }
        }
        Random rnd = new Random(3);
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1) {
                java.util.Collections.shuffle(rays, rnd); // packets mixing axes, octants and origins
            }
            float[] o = new float[3 * rays.size()], d = new float[3 * rays.size()];
            for (int r = 0; r < rays.size(); r++) {
                System.arraycopy(rays.get(r), 0, o, 3 * r, 3);
                System.arraycopy(rays.get(r), 3, d, 3 * r, 3);
            }
            int hits = compare(mesh, new Rays(o, d, false), 100f, false, rnd, "dyadic, pass " + pass);
            assertEquals(rays.size(), hits, "every ray through a vertex or an edge hits");
        }
        // one origin, rays fanning out to the vertices and edge midpoints of the z = 0 grid
        float[] o = new float[3 * 81], d = new float[3 * 81];
        for (int j = 0, r = 0; j <= 8; j++) {
            for (int i = 0; i <= 8; i++, r++) {
                o[3 * r] = 2;
                o[3 * r + 1] = 2;
                o[3 * r + 2] = 4;
                d[3 * r] = 0.5f * i - 2;
                d[3 * r + 1] = 0.5f * j - 2;
                d[3 * r + 2] = -4;
            }
        }
        assertEquals(81, compare(mesh, new Rays(o, d, true), 100f, false, rnd, "dyadic fan from one origin"));
    }

    /** The whole scene (TLAS, instances, refinement in double): vector and scalar give the same output arrays. */
    @Test
    void scenesTraceTheSameWithEitherPath() {
        Random rnd = new Random(21);
        TestScene ts = new TestScene();
        ts.add(soupWithTwins(rnd, 1500), Pose.IDENTITY);
        ts.add(WatertightTest.terrain(rnd), Pose.translation(-8, -8, -6));
        int n = 32 * 400;
        Rays r = randomRays(rnd, 400, 0, 10, 0.04f);
        double[] o = new double[3 * n], d = new double[3 * n];
        for (int k = 0; k < n; k++) {
            double x = r.d[3 * k], y = r.d[3 * k + 1], z = r.d[3 * k + 2], len = Math.sqrt(x * x + y * y + z * z);
            for (int a = 0; a < 3; a++) {
                o[3 * k + a] = r.o[3 * k + a];
                d[3 * k + a] = r.d[3 * k + a] / len;
            }
        }
        HitBuffer[] out = {new HitBuffer(n), new HitBuffer(n), new HitBuffer(n)};
        traceThreeWays(ts, 2, o, d, out, null);
        for (int pass = 1; pass < 3; pass++) {
            String what = pass == 1 ? "scalar packets" : "single rays";
            assertArrayEquals(out[pass].distance, out[0].distance, what + " vs vector packets: distance");
            assertArrayEquals(out[pass].objectIndex, out[0].objectIndex, what + " vs vector packets: objectIndex");
            assertArrayEquals(out[pass].normal, out[0].normal, what + " vs vector packets: normal");
        }
    }

    /**
     * A camera's rays in tiles of 8 × 4 pixels (one origin, 64 × 64 pixels over 90° × 53°) and a lidar's rays column by
     * column (64 channels over 45°, 64 columns of 0.35° about +x): the run keeps the camera's own order, whose packets spread
     * less than its z bands, and bands the lidar's; parallel rays from a lattice of points 6 cm apart (shadow rays) go
     * into runs of up to 1 m; either way packets, vector and scalar, give the single rays' closest hits and occlusion
     * answers bit for bit, over boxes (the TLAS), a terrain and a soup.
     */
    @Test
    void packetsFollowTheLessSpreadOrderAndTraceAsSingleRays() {
        int n = 2 * CpuTraceScene.CHUNK; // two chunks: the second's packets start at its own rays
        double[] camera = new double[3 * n], lidar = new double[3 * n];
        int k = 0;
        for (int ty = 0; ty < 64; ty += 4) {
            for (int tx = 0; tx < 64; tx += 8) {
                for (int y = ty; y < ty + 4; y++) {
                    for (int x = tx; x < tx + 8; x++, k++) {
                        unit(camera, k, 1, -(x - 31.5) / 32, -(y - 31.5) / 64);
                    }
                }
            }
        }
        for (int col = 0; col < 64; col++) {
            for (int ch = 0; ch < 64; ch++) {
                double az = Math.toRadians(0.35 * (col - 31.5)), el = Math.toRadians(22.5 - 45.0 * ch / 63);
                unit(lidar, 64 * col + ch, Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
            }
        }
        TraceContext c = new TraceContext();
        int m = CpuTraceScene.CHUNK;
        int sample = CpuTraceScene.SPREAD_SAMPLE;
        CpuTraceScene.bandOrder(c, m, m, camera);
        assertTrue(CpuTraceScene.spread(null, m, m, camera, 1) < CpuTraceScene.spread(c.order, 0, m, camera, 1),
                "the camera's tiles spread less than its z bands");
        assertTrue(CpuTraceScene.spread(null, m, m, camera, sample) < CpuTraceScene.spread(c.order, 0, m, camera, sample),
                "and so on the sampled packets");
        CpuTraceScene.bandOrder(c, m, m, lidar);
        assertTrue(CpuTraceScene.spread(c.order, 0, m, lidar, 1) < CpuTraceScene.spread(null, m, m, lidar, 1),
                "the lidar's z bands spread less than its columns");
        assertTrue(CpuTraceScene.spread(c.order, 0, m, lidar, sample) < CpuTraceScene.spread(null, m, m, lidar, sample),
                "and so on the sampled packets");
        assertTrue(CpuTraceScene.spread(null, m, m, lidar, sample) < CpuTraceScene.spread(null, m, m, lidar, 1) / 2,
                "the sample is a part of the packets");

        Random rnd = new Random(5);
        TestScene ts = new TestScene();
        ts.add(WatertightTest.terrain(rnd), Pose.translation(-8, -8, -3));
        ts.add(soupWithTwins(rnd, 800), Pose.translation(2, -5, -5));
        for (int b = 0; b < 12; b++) {
            ts.add(new Shape.Box(0.1 + 0.3 * rnd.nextDouble(), 0.1 + 0.3 * rnd.nextDouble(), 0.2 + 0.5 * rnd.nextDouble()),
                    Pose.translation(6 + 6 * rnd.nextDouble(), -1.5 + 3 * rnd.nextDouble(), -3 + 6 * rnd.nextDouble()));
        }
        // shadow rays: one direction from a lattice of points 6 cm apart, 16 × 16 × 16 (runs of up to 1 m of them);
        // the rays after a run's first differ from it in x alone, in y alone, in z alone, then in several
        double[] shadowO = new double[3 * n], shadowD = new double[3 * n];
        for (int q = 0; q < n; q++) {
            shadowO[3 * q] = 0.06 * (q % 16);
            shadowO[3 * q + 1] = 0.06 * (q / 16 % 16 - 7.5);
            shadowO[3 * q + 2] = 0.06 * (q / 256 - 7.5);
            unit(shadowD, q, 1, 0.05, -0.02);
        }
        double[] zero = new double[3 * n];
        for (String what : List.of("camera", "lidar", "shadow")) {
            double[] o = what.equals("shadow") ? shadowO : zero;
            double[] d = what.equals("camera") ? camera : what.equals("lidar") ? lidar : shadowD;
            HitBuffer hits = packetsTraceAsSingleRays(ts, what, o, d);
            assertTrue(java.util.Arrays.stream(hits.objectIndex).distinct().count() >= (what.equals("shadow") ? 3 : 6),
                    what + ": hits several objects");
        }
    }

    /**
     * A scene of one object hands its packets straight to that object (no top level): a terrain turned and moved
     * (its rays into its own frame) and a box, for a lidar's rays and a lattice of shadow rays, and the terrain with a
     * plane tilted about x and y above part of it (a nearer hit before the object's), for the lidar's rays, trace and
     * answer occlusion as single rays do, bit for bit.
     */
    @Test
    void oneObjectScenesTraceAsSingleRays() {
        Random rnd = new Random(8);
        Shape terrain = WatertightTest.terrain(rnd);
        Pose turned = new Pose(new Vec3(-6, -9, -2.5), Quat.axisAngle(new Vec3(0.2, -0.1, 1), 0.4));
        int n = 64 * 64;
        double[] lidar = new double[3 * n], lidarO = new double[3 * n], shadowO = new double[3 * n],
                shadowD = new double[3 * n];
        for (int q = 0; q < n; q++) { // one origin, off the frames' origin
            lidarO[3 * q] = 0.3;
            lidarO[3 * q + 1] = -0.2;
            lidarO[3 * q + 2] = 0.1;
        }
        for (int col = 0; col < 64; col++) {
            for (int ch = 0; ch < 64; ch++) {
                double az = Math.toRadians(1.4 * (col - 31.5)), el = Math.toRadians(10 - 45.0 * ch / 63);
                unit(lidar, 64 * col + ch, Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
            }
        }
        for (int q = 0; q < n; q++) {
            shadowO[3 * q] = 0.06 * (q % 16);
            shadowO[3 * q + 1] = 0.06 * (q / 16 % 16 - 7.5);
            shadowO[3 * q + 2] = 0.06 * (q / 256 - 7.5);
            unit(shadowD, q, 1, 0.05, -0.3);
        }
        for (String scene : List.of("turned terrain", "box", "terrain under a plane")) {
            TestScene ts = new TestScene();
            switch (scene) {
                case "turned terrain" -> ts.add(terrain, turned);
                case "box" -> ts.add(new Shape.Box(1, 0.3, 0.25), new Pose(new Vec3(5, 0.3, -1.5),
                        Quat.axisAngle(new Vec3(0, 0, 1), 0.3)));
                default -> { // the plane first: object 0
                    ts.add(new Shape.Plane(), new Pose(new Vec3(0, 0, -2.95), Quat.axisAngle(new Vec3(1, 0.5, 0), 0.1)));
                    ts.add(terrain, Pose.translation(-8, -8, -3));
                }
            }
            for (String rays : scene.startsWith("terrain") ? List.of("lidar") : List.of("lidar", "shadow")) {
                boolean shadow = rays.equals("shadow");
                HitBuffer hits = packetsTraceAsSingleRays(ts, scene + ", " + rays, shadow ? shadowO : lidarO,
                        shadow ? shadowD : lidar);
                for (int object = 0; object < ts.objects.size(); object++) {
                    int o = object;
                    long hit = java.util.Arrays.stream(hits.objectIndex).filter(i -> i == o).count();
                    assertTrue(hit > 50 && hit < n, scene + ", " + rays + ": some rays hit object " + o + ", not all: "
                            + hit);
                }
            }
        }
    }

    /**
     * The top level over 300 boxes all around the rays' origins (turned, of many sizes) and a terrain below: a lidar's
     * rays over the whole sphere (every sign of every direction axis, and packets straddling 0 on each; the last packet
     * a partial one), from one origin and from a lattice of origins 5 cm apart, trace and answer occlusion as single
     * rays do, bit for bit.
     */
    @Test
    void topLevelOfManyObjectsAllAroundTracesAsSingleRays() {
        Random rnd = new Random(13);
        TestScene ts = new TestScene();
        ts.add(WatertightTest.terrain(rnd), Pose.translation(-8, -8, -9));
        for (int b = 0; b < 300; b++) {
            double x, y, z;
            do {
                x = -15 + 30 * rnd.nextDouble();
                y = -15 + 30 * rnd.nextDouble();
                z = -8 + 16 * rnd.nextDouble();
            } while (Math.abs(x) < 2 && Math.abs(y) < 2 && Math.abs(z) < 2);
            ts.add(new Shape.Box(0.1 + 0.6 * rnd.nextDouble(), 0.1 + 0.6 * rnd.nextDouble(), 0.1 + 0.6 * rnd.nextDouble()),
                    new Pose(new Vec3(x, y, z), Quat.axisAngle(new Vec3(rnd.nextDouble(), rnd.nextDouble(), 1),
                            3 * rnd.nextDouble())));
        }
        int n = 128 * 64 - 13; // the last run ends in a packet of 19 rays
        double[] d = new double[3 * n], one = new double[3 * n], lattice = new double[3 * n];
        for (int col = 0; col < 128; col++) {
            for (int ch = 0; ch < 64 && 64 * col + ch < n; ch++) {
                int q = 64 * col + ch;
                double az = Math.toRadians(360.0 * col / 128), el = Math.toRadians(60 - 120.0 * ch / 63);
                unit(d, q, Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
                one[3 * q] = 0.2;
                one[3 * q + 1] = -0.1;
                one[3 * q + 2] = 0.05;
                lattice[3 * q] = 0.05 * (q % 4);
                lattice[3 * q + 1] = 0.05 * (q / 4 % 4);
                lattice[3 * q + 2] = 0.05 * (q / 16 % 4);
            }
        }
        for (String origins : List.of("one origin", "a lattice of origins")) {
            HitBuffer hits = packetsTraceAsSingleRays(ts, origins, origins.equals("one origin") ? one : lattice, d);
            assertTrue(java.util.Arrays.stream(hits.objectIndex).distinct().count() > 100, origins + ": hits many boxes");
        }
    }

    /**
     * The closest hits within 60 m of {@code d.length / 3} rays through {@code ts} on {@code threads} into {@code out[0]}
     * as vector packets, {@code out[1]} as scalar packets, {@code out[2]} as single rays; with {@code blocked}, also
     * their occlusion within 9 m into {@code blocked[0..2]} likewise.
     */
    private static void traceThreeWays(TestScene ts, int threads, double[] o, double[] d, HitBuffer[] out,
            boolean[][] blocked) {
        int n = d.length / 3;
        for (int pass = 0; pass < 3; pass++) {
            CpuTraceScene s = (CpuTraceScene) new CpuBvhBackend().createScene(ts, threads);
            try (s) {
                s.vector(pass == 0);
                s.packets = pass < 2;
                s.update(ts, 0);
                s.closestHit(o, d, n, 60, out[pass]);
                if (blocked != null) {
                    s.occluded(o, d, n, 9, null, blocked[pass]);
                }
            }
        }
    }

    /**
     * Traces {@code d.length / 3} rays through {@code ts} as vector packets, scalar packets and single rays, closest
     * hit within 60 m and occlusion within 9 m, asserts that the packets give the single rays' answers bit for bit and
     * that some rays but not all are blocked within 9 m; returns the single rays' hits.
     */
    private static HitBuffer packetsTraceAsSingleRays(TestScene ts, String what, double[] o, double[] d) {
        int n = d.length / 3;
        HitBuffer[] out = {new HitBuffer(n), new HitBuffer(n), new HitBuffer(n)};
        boolean[][] blocked = new boolean[3][n];
        traceThreeWays(ts, 1, o, d, out, blocked);
        int nearer = 0;
        for (boolean b : blocked[2]) {
            nearer += b ? 1 : 0;
        }
        assertTrue(nearer > 0 && nearer < n, what + ": some rays blocked within 9 m, not all: " + nearer);
        for (int pass = 0; pass < 2; pass++) {
            String how = what + (pass == 0 ? ", vector" : ", scalar") + " packets: ";
            assertArrayEquals(out[2].distance, out[pass].distance, how + "distance");
            assertArrayEquals(out[2].objectIndex, out[pass].objectIndex, how + "objectIndex");
            assertArrayEquals(out[2].normal, out[pass].normal, how + "normal");
            assertArrayEquals(blocked[2], blocked[pass], how + "occluded within 9 m");
        }
        return out[2];
    }

    private static void unit(double[] d, int k, double x, double y, double z) {
        double len = Math.sqrt(x * x + y * y + z * z);
        d[3 * k] = x / len;
        d[3 * k + 1] = y / len;
        d[3 * k + 2] = z / len;
    }

    /**
     * Forcing the scalar path ({@code -Dsensorsim.traversal=scalar}) and a JVM without the module: each a fresh JVM
     * ({@link TraversalProbe}) that reports the scalar path with its reason and traces the same results.
     */
    @Test
    void scalarPathWhenForcedOrWithoutTheModule() throws Exception {
        String expected = TraversalProbe.checksum();
        String forced = probe(List.of("--add-modules", "jdk.incubator.vector", "-Dsensorsim.traversal=scalar"));
        assertTrue(forced.startsWith("scalar Java") && forced.contains("forced by -Dsensorsim.traversal=scalar"), forced);
        assertTrue(forced.endsWith(" " + expected), forced + " vs " + expected);
        String absent = probe(List.of());
        assertTrue(absent.startsWith("scalar Java") && absent.contains("jdk.incubator.vector not in the JVM"), absent);
        assertTrue(absent.endsWith(" " + expected), absent + " vs " + expected);
        String auto = probe(List.of("--add-modules", "jdk.incubator.vector"));
        assertTrue(auto.startsWith("vector (") && auto.endsWith(" " + expected), auto);
        assertNull(System.getProperty("sensorsim.traversal"), "this JVM runs the default");
    }

    private static String probe(List<String> jvmArgs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(TraversalProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + out);
        return out;
    }
}
