package sensor.api.scene;

import sensor.api.Args;

/**
 * The geometry of an object sensors can see, in the object's local frame. Every shape validates its
 * parameters on construction.
 */
public sealed interface Shape permits Shape.Box, Shape.Sphere, Shape.Cylinder, Shape.Plane, Shape.TriangleMesh,
        Shape.Heightfield {

    /** An axis-aligned box centred on the origin. */
    record Box(double halfX, double halfY, double halfZ) implements Shape {
        public Box {
            Args.positive("halfX", halfX);
            Args.positive("halfY", halfY);
            Args.positive("halfZ", halfZ);
        }
    }

    /** A sphere centred on the origin. */
    record Sphere(double radius) implements Shape {
        public Sphere {
            Args.positive("radius", radius);
        }
    }

    /** A capped cylinder along local z, centred on the origin. */
    record Cylinder(double radius, double height) implements Shape {
        public Cylinder {
            Args.positive("radius", radius);
            Args.positive("height", height);
        }
    }

    /** The infinite plane z = 0 with normal +z. */
    record Plane() implements Shape {}

    /**
     * A triangle mesh: packed vertex coordinates (x, y, z per vertex) and vertex indices (3 per
     * triangle, counter-clockwise seen from the front). The arrays are copied.
     */
    record TriangleMesh(float[] vertices, int[] indices) implements Shape {
        public TriangleMesh {
            if (vertices == null || vertices.length == 0 || vertices.length % 3 != 0) {
                throw new IllegalArgumentException("vertices must hold a positive multiple of 3 coordinates, got "
                        + (vertices == null ? "null" : vertices.length));
            }
            if (indices == null || indices.length == 0 || indices.length % 3 != 0) {
                throw new IllegalArgumentException("indices must hold a positive multiple of 3 entries, got "
                        + (indices == null ? "null" : indices.length));
            }
            for (int i = 0; i < vertices.length; i++) {
                if (!Float.isFinite(vertices[i])) {
                    throw new IllegalArgumentException("vertices[" + i + "] must be finite, got " + vertices[i]);
                }
            }
            int n = vertices.length / 3;
            for (int i = 0; i < indices.length; i++) {
                if (indices[i] < 0 || indices[i] >= n) {
                    throw new IllegalArgumentException("indices[" + i + "] must be in [0, " + (n - 1) + "], got " + indices[i]);
                }
            }
            vertices = vertices.clone();
            indices = indices.clone();
        }

        /** Number of triangles. */
        public int triangleCount() { return indices.length / 3; }

        /** Number of vertices. */
        public int vertexCount() { return vertices.length / 3; }

        @Override
        public float[] vertices() { return vertices.clone(); }

        @Override
        public int[] indices() { return indices.clone(); }
    }

    /**
     * A heightfield terrain: {@code columns × rows} samples, spacing {@code dx, dy}, centred on the origin
     * in x and y; sample (i, j) at index {@code j·columns + i} gives z. Copied on construction.
     */
    record Heightfield(int columns, int rows, double dx, double dy, float[] heights) implements Shape {
        public Heightfield {
            Args.inRange("columns", columns, 2, 1 << 15);
            Args.inRange("rows", rows, 2, 1 << 15);
            Args.positive("dx", dx);
            Args.positive("dy", dy);
            if (heights == null || heights.length != columns * rows) {
                throw new IllegalArgumentException("heights must hold columns*rows = " + columns * rows + " samples, got "
                        + (heights == null ? "null" : heights.length));
            }
            for (int i = 0; i < heights.length; i++) {
                if (!Float.isFinite(heights[i])) {
                    throw new IllegalArgumentException("heights[" + i + "] must be finite, got " + heights[i]);
                }
            }
            heights = heights.clone();
        }

        /** Height at sample (i, j). */
        public float height(int i, int j) { return heights[j * columns + i]; }

        /**
         * The vertices of this terrain as the triangle mesh every consumer uses: vertex {@code j·columns + i} at
         * {@code ((i − (columns − 1)/2)·dx, (j − (rows − 1)/2)·dy, height(i, j))}, 3 floats each; a new array.
         */
        public float[] meshVertices() {
            float[] v = new float[3 * columns * rows];
            for (int j = 0; j < rows; j++) {
                for (int i = 0; i < columns; i++) {
                    int k = j * columns + i;
                    v[3 * k] = (float) ((i - (columns - 1) / 2.0) * dx);
                    v[3 * k + 1] = (float) ((j - (rows - 1) / 2.0) * dy);
                    v[3 * k + 2] = heights[k];
                }
            }
            return v;
        }

        /**
         * The triangles of {@link #meshVertices()}: two per cell, {@code (v00, v10, v11)} and {@code (v00, v11, v01)},
         * so the diagonal joins sample (i, j) to (i + 1, j + 1); a new array.
         */
        public int[] meshIndices() {
            int[] idx = new int[6 * (columns - 1) * (rows - 1)];
            int q = 0;
            for (int j = 0; j < rows - 1; j++) {
                for (int i = 0; i < columns - 1; i++) {
                    int v00 = j * columns + i, v10 = v00 + 1, v01 = v00 + columns, v11 = v01 + 1;
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

        @Override
        public float[] heights() { return heights.clone(); }
    }
}
