package sensor.raytrace.geometry;

import sensor.api.scene.Shape;

/** Triangle meshes: heightfield triangulation and per-triangle boxes. */
public final class Meshes {
    private Meshes() {}

    /** Heightfield vertices (3 floats each, row-major samples), centred on the origin in x and y ({@link Shape.Heightfield#meshVertices}). */
    public static float[] heightfieldVertices(Shape.Heightfield h) {
        return h.meshVertices();
    }

    /** Heightfield triangles, the diagonal joining sample (i, j) to (i + 1, j + 1) ({@link Shape.Heightfield#meshIndices}). */
    public static int[] heightfieldIndices(Shape.Heightfield h) {
        return h.meshIndices();
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
