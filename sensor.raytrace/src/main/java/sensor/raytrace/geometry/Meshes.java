package sensor.raytrace.geometry;

import sensor.api.env.Shape;

/** Triangle meshes: heightfield triangulation and per-triangle boxes. */
public final class Meshes {
    private Meshes() {}

    /** Heightfield vertices (3 floats each, row-major samples), centred on the origin in x and y. */
    public static float[] heightfieldVertices(Shape.Heightfield h) {
        int c = h.columns(), r = h.rows();
        float[] z = h.heights();
        float[] v = new float[3 * c * r];
        for (int j = 0; j < r; j++) {
            for (int i = 0; i < c; i++) {
                int k = j * c + i;
                v[3 * k] = (float) ((i - (c - 1) / 2.0) * h.dx());
                v[3 * k + 1] = (float) ((j - (r - 1) / 2.0) * h.dy());
                v[3 * k + 2] = z[k];
            }
        }
        return v;
    }

    /**
     * Heightfield triangles: two per cell, {@code (v00, v10, v11)} and {@code (v00, v11, v01)}, i.e. the diagonal
     * joins sample (i, j) to (i + 1, j + 1).
     */
    public static int[] heightfieldIndices(Shape.Heightfield h) {
        int c = h.columns(), r = h.rows();
        int[] idx = new int[6 * (c - 1) * (r - 1)];
        int q = 0;
        for (int j = 0; j < r - 1; j++) {
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
        return idx;
    }

    /**
     * Boxes of the triangles {@code indices} over {@code vertices} (6 floats each: min xyz, max xyz), for
     * {@link Bvh2#build}; writes their union into {@code box} (6 floats).
     */
    public static float[] triangleBounds(float[] vertices, int[] indices, float[] box) {
        int n = indices.length / 3;
        float[] pb = new float[6 * n];
        for (int i = 0; i < 3; i++) {
            box[i] = Float.POSITIVE_INFINITY;
            box[3 + i] = Float.NEGATIVE_INFINITY;
        }
        for (int t = 0; t < n; t++) {
            int a = 3 * indices[3 * t], b = 3 * indices[3 * t + 1], c = 3 * indices[3 * t + 2];
            for (int k = 0; k < 3; k++) {
                float lo = Math.min(vertices[a + k], Math.min(vertices[b + k], vertices[c + k]));
                float hi = Math.max(vertices[a + k], Math.max(vertices[b + k], vertices[c + k]));
                pb[6 * t + k] = lo;
                pb[6 * t + 3 + k] = hi;
                box[k] = Math.min(box[k], lo);
                box[3 + k] = Math.max(box[3 + k], hi);
            }
        }
        return pb;
    }
}
