package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;
import sensor.raytrace.CpuBvhBackend;

class SceneV1Test {
    private static final SceneV1 V1 = new SceneV1();

    @Test
    void totalsMatchTheSpec() {
        assertEquals(164_801, V1.vertexCount());
        assertEquals(326_000, V1.triangleCount());
        assertEquals(1_048_576, SceneV1.RAYS);
        // first cell's triangles in the specified order
        assertEquals(0, V1.indices[0]);
        assertEquals(1, V1.indices[1]);
        assertEquals(402, V1.indices[2]);
        assertEquals(0, V1.indices[3]);
        assertEquals(402, V1.indices[4]);
        assertEquals(401, V1.indices[5]);
        // vertex (i, j) = (3, 2): x = −197, y = −198, z = h(x, y)
        int v = 2 * 401 + 3;
        assertEquals(-197f, V1.vertices[3 * v]);
        assertEquals(-198f, V1.vertices[3 * v + 1]);
        assertEquals((float) (3 * Math.sin(0.05 * -197) * Math.cos(0.04 * -198) + 0.8 * Math.sin(0.3 * -197 + 0.2 * -198)),
                V1.vertices[3 * v + 2]);
    }

    @Test
    void hoistedDirectionsEqualTheLiteralFormula() {
        double[] o = new double[3 * SceneV1.RAYS], d = new double[3 * SceneV1.RAYS];
        SceneV1.rays(0, SceneV1.RAYS, o, d);
        for (int r = 0; r < SceneV1.RAYS; r += 37) {
            double[] e = SceneV1.directionLiteral(r);
            assertEquals(e[0], d[3 * r], "x of ray " + r);
            assertEquals(e[1], d[3 * r + 1], "y of ray " + r);
            assertEquals(e[2], d[3 * r + 2], "z of ray " + r);
            assertEquals(2.0, o[3 * r + 2]);
        }
    }

    @Test
    void backendAgreesWithBruteForceOnARaySubset() {
        Shape.TriangleMesh mesh = new Shape.TriangleMesh(V1.vertices, V1.indices);
        SimpleSceneView view = new SimpleSceneView(List.of(ObjectSpec.fixed("v1", mesh, Pose.IDENTITY)), null);
        int n = 600, stride = SceneV1.RAYS / n;
        double[] o = new double[3 * n], d = new double[3 * n], one = new double[3], dir = new double[3];
        for (int k = 0; k < n; k++) {
            SceneV1.rays(k * stride + (k % 128), 1, one, dir);
            System.arraycopy(one, 0, o, 3 * k, 3);
            System.arraycopy(dir, 0, d, 3 * k, 3);
        }
        HitBuffer out = new HitBuffer(n);
        try (TraceScene s = new CpuBvhBackend().createScene(view, 2)) {
            s.update(view, 0);
            s.closestHit(o, d, n, SceneV1.MAX_DISTANCE, out);
        }
        int hits = 0;
        for (int k = 0; k < n; k++) {
            double t = bruteForce(V1.vertices, V1.indices, o, d, 3 * k, SceneV1.MAX_DISTANCE);
            if (Double.isInfinite(t)) {
                assertEquals(-1, out.objectIndex[k], "ray " + k + " misses");
            } else {
                hits++;
                assertEquals(t, out.distance[k], 1e-5 * t, "ray " + k);
            }
        }
        assertTrue(hits > n / 2, "hits " + hits);
    }

    private static double bruteForce(float[] v, int[] idx, double[] o, double[] d, int r, double max) {
        double best = Double.POSITIVE_INFINITY;
        double ox = o[r], oy = o[r + 1], oz = o[r + 2], dx = d[r], dy = d[r + 1], dz = d[r + 2];
        for (int t = 0; t < idx.length / 3; t++) {
            int a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
            double e1x = v[b] - v[a], e1y = v[b + 1] - v[a + 1], e1z = v[b + 2] - v[a + 2];
            double e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
            double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
            double det = e1x * px + e1y * py + e1z * pz;
            if (det == 0) {
                continue;
            }
            double tx = ox - v[a], ty = oy - v[a + 1], tz = oz - v[a + 2];
            double u = (tx * px + ty * py + tz * pz) / det;
            if (u < 0 || u > 1) {
                continue;
            }
            double qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
            double w = (dx * qx + dy * qy + dz * qz) / det;
            if (w < 0 || u + w > 1) {
                continue;
            }
            double dist = (e2x * qx + e2y * qy + e2z * qz) / det;
            if (dist > 0 && dist <= max && dist < best) {
                best = dist;
            }
        }
        return best;
    }
}
