package sensor.raytrace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;

/**
 * A ray that crosses a closed surface of triangles between two of them — along their shared edge, or through the
 * vertex a fan of them shares — hits one of them: the triangle test is watertight (Woop, Benthin and Wald 2013). A
 * terrain of 2 × 40 × 40 triangles with random heights, rays aimed at points along every interior edge and at every
 * interior vertex from origins above it (lidar-like packets from one origin), on one and two threads.
 */
class WatertightTest {
    private static final int N = 41;

    static Shape.TriangleMesh terrain(Random rnd) {
        float[] v = new float[3 * N * N];
        for (int j = 0; j < N; j++) {
            for (int i = 0; i < N; i++) {
                int k = 3 * (j * N + i);
                v[k] = (float) (i * 0.37 + 0.05 * rnd.nextDouble());
                v[k + 1] = (float) (j * 0.41 + 0.05 * rnd.nextDouble());
                v[k + 2] = (float) (0.1 * rnd.nextDouble()); // slopes under 16°
            }
        }
        int[] idx = new int[6 * (N - 1) * (N - 1)];
        int t = 0;
        for (int j = 0; j < N - 1; j++) {
            for (int i = 0; i < N - 1; i++) {
                int a = j * N + i, b = a + 1, c = a + N, d = c + 1;
                boolean flip = ((i + j) & 1) == 0; // both diagonal directions
                int[] tri = flip ? new int[] {a, b, d, a, d, c} : new int[] {a, b, c, b, d, c};
                System.arraycopy(tri, 0, idx, t, 6);
                t += 6;
            }
        }
        return new Shape.TriangleMesh(v, idx);
    }

    /** Targets on the terrain's interior edges and vertices (float coordinates of points on them). */
    static double[] targets(Shape.TriangleMesh m) {
        float[] v = m.vertices();
        int[] idx = m.indices();
        java.util.List<double[]> list = new java.util.ArrayList<>();
        for (int t = 0; t < idx.length; t += 3) {
            for (int e = 0; e < 3; e++) {
                int a = idx[t + e], b = idx[t + (e + 1) % 3];
                if (!interior(a) || !interior(b)) {
                    continue;
                }
                for (double s : new double[] {0.13, 0.5, 0.77}) {
                    list.add(new double[] {v[3 * a] + s * (v[3 * b] - v[3 * a]), v[3 * a + 1] + s * (v[3 * b + 1] - v[3 * a + 1]),
                        v[3 * a + 2] + s * (v[3 * b + 2] - v[3 * a + 2])});
                }
                list.add(new double[] {v[3 * a], v[3 * a + 1], v[3 * a + 2]});
            }
        }
        double[] out = new double[3 * list.size()];
        for (int k = 0; k < list.size(); k++) {
            System.arraycopy(list.get(k), 0, out, 3 * k, 3);
        }
        return out;
    }

    private static boolean interior(int vertex) {
        int i = vertex % N, j = vertex / N;
        return i > 0 && j > 0 && i < N - 1 && j < N - 1;
    }

    @Test
    void raysOnSharedEdgesAndVerticesAlwaysHit() {
        Random rnd = new Random(7);
        Shape.TriangleMesh mesh = terrain(rnd);
        double[] target = targets(mesh);
        int n = target.length / 3;
        TestScene ts = new TestScene();
        ts.add(mesh, Pose.IDENTITY);
        // every ray descends at more than 26°, steeper than any slope: no ray only grazes a silhouette
        double[][] origins = {{7.4, 8.2, 12}, {2, 14, 20}, {12, 3, 9}};
        for (int threads : new int[] {1, 2}) {
            try (TraceScene s = new CpuBvhBackend().createScene(ts, threads)) {
                s.update(ts, 0);
                for (double[] origin : origins) {
                    double[] o = new double[3 * n], d = new double[3 * n];
                    for (int r = 0; r < n; r++) {
                        double dx = target[3 * r] - origin[0], dy = target[3 * r + 1] - origin[1],
                                dz = target[3 * r + 2] - origin[2], len = Math.sqrt(dx * dx + dy * dy + dz * dz);
                        o[3 * r] = origin[0];
                        o[3 * r + 1] = origin[1];
                        o[3 * r + 2] = origin[2];
                        d[3 * r] = dx / len;
                        d[3 * r + 1] = dy / len;
                        d[3 * r + 2] = dz / len;
                    }
                    HitBuffer out = new HitBuffer(n);
                    s.closestHit(o, d, n, 100, out);
                    int missed = 0;
                    for (int r = 0; r < n; r++) {
                        missed += out.objectIndex[r] < 0 ? 1 : 0;
                    }
                    assertEquals(0, missed, "rays through shared edges and vertices that slip through, of " + n
                            + ", from " + java.util.Arrays.toString(origin) + " on " + threads + " thread(s)");
                }
            }
        }
    }

    /**
     * A ray exactly through a shared edge or vertex (dyadic coordinates: every edge function there is exactly 0)
     * hits: a point on an edge counts as inside.
     */
    @Test
    void raysExactlyOnASharedEdgeOrVertexHit() {
        // a fan of four triangles around the centre (vertex 4) of the unit square at z = 0
        Shape.TriangleMesh square = new Shape.TriangleMesh(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.5f, 0.5f, 0},
                new int[] {4, 0, 1, 4, 1, 3, 4, 3, 2, 4, 2, 0});
        TestScene ts = new TestScene();
        ts.add(square, Pose.IDENTITY);
        double[][] targets = {{0.5, 0.5}, {0.25, 0.25}, {0.75, 0.25}, {0.75, 0.75}, {0.25, 0.75}};
        int n = targets.length;
        double[] o = new double[3 * n], d = new double[3 * n];
        for (int r = 0; r < n; r++) {
            o[3 * r] = targets[r][0];
            o[3 * r + 1] = targets[r][1];
            o[3 * r + 2] = 2;
            d[3 * r + 2] = -1;
        }
        try (TraceScene s = new CpuBvhBackend().createScene(ts, 1)) {
            s.update(ts, 0);
            HitBuffer out = new HitBuffer(n);
            s.closestHit(o, d, n, 100, out);
            for (int r = 0; r < n; r++) {
                assertEquals(0, out.objectIndex[r], "ray at " + java.util.Arrays.toString(targets[r]));
                assertEquals(2, out.distance[r], 1e-12);
            }
        }
    }
}
