package sensor.bench;

/**
 * Scene v1 of {@code docs/BENCHMARKS.md}, built exactly as specified there: a 400 × 400-cell terrain followed by
 * 500 boxes from SplitMix64 seeded 42, as one triangle mesh (all arithmetic in double, stored as float), and
 * the 1,048,576 lidar rays from (0, 0, 2).
 */
public final class SceneV1 {
    /** Terrain cells per side. */
    public static final int CELLS = 400;
    /** Terrain vertices per side. */
    public static final int SIDE = CELLS + 1;
    /** Number of boxes. */
    public static final int BOXES = 500;
    /** Rays: frames × azimuths × channels. */
    public static final int FRAMES = 4, AZIMUTHS = 2048, CHANNELS = 128;
    /** Total rays, 1,048,576. */
    public static final int RAYS = FRAMES * AZIMUTHS * CHANNELS;
    /** Ray origin. */
    public static final double OX = 0, OY = 0, OZ = 2;
    /** Closest hit range, (0, 200] m. */
    public static final double MAX_DISTANCE = 200;

    private static final int[] BOX_TRIANGLES = {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5,
        0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3};

    /** Packed xyz vertex coordinates. */
    public final float[] vertices;
    /** Vertex indices, 3 per triangle. */
    public final int[] indices;

    /** Builds the geometry. */
    public SceneV1() {
        int terrainVertices = SIDE * SIDE;
        int vertexCount = terrainVertices + 8 * BOXES;
        int triangleCount = 2 * CELLS * CELLS + 12 * BOXES;
        vertices = new float[3 * vertexCount];
        indices = new int[3 * triangleCount];
        for (int j = 0; j <= CELLS; j++) {
            for (int i = 0; i <= CELLS; i++) {
                int v = j * SIDE + i;
                double x = -200 + i, y = -200 + j;
                vertices[3 * v] = (float) x;
                vertices[3 * v + 1] = (float) y;
                vertices[3 * v + 2] = (float) h(x, y);
            }
        }
        int q = 0;
        for (int j = 0; j < CELLS; j++) {
            for (int i = 0; i < CELLS; i++) {
                int v00 = j * SIDE + i, v10 = v00 + 1, v01 = v00 + SIDE, v11 = v01 + 1;
                indices[q++] = v00;
                indices[q++] = v10;
                indices[q++] = v11;
                indices[q++] = v00;
                indices[q++] = v11;
                indices[q++] = v01;
            }
        }
        SplitMix64 rng = new SplitMix64(42);
        for (int b = 0; b < BOXES; b++) {
            double cx = -150 + 300 * rng.nextDouble();
            double cy = -150 + 300 * rng.nextDouble();
            double sx = 1 + 5 * rng.nextDouble();
            double sy = 1 + 5 * rng.nextDouble();
            double sz = 1 + 9 * rng.nextDouble();
            if (Math.abs(cx) < 10 && Math.abs(cy) < 10) {
                cx += 20;
            }
            double z0 = h(cx, cy) - 0.5, z1 = z0 + sz;
            int first = terrainVertices + 8 * b;
            for (int k = 0; k < 8; k++) {
                int v = first + k;
                vertices[3 * v] = (float) ((k & 1) != 0 ? cx + sx / 2 : cx - sx / 2);
                vertices[3 * v + 1] = (float) ((k & 2) != 0 ? cy + sy / 2 : cy - sy / 2);
                vertices[3 * v + 2] = (float) ((k & 4) != 0 ? z1 : z0);
            }
            for (int t : BOX_TRIANGLES) {
                indices[q++] = first + t;
            }
        }
    }

    /** The terrain height {@code h(x, y) = 3 sin(0.05x) cos(0.04y) + 0.8 sin(0.3x + 0.2y)}. */
    public static double h(double x, double y) {
        return 3 * Math.sin(0.05 * x) * Math.cos(0.04 * y) + 0.8 * Math.sin(0.3 * x + 0.2 * y);
    }

    /** Number of vertices. */
    public int vertexCount() { return vertices.length / 3; }

    /** Number of triangles. */
    public int triangleCount() { return indices.length / 3; }

    /**
     * Writes rays {@code [from, from + n)}: origins (0, 0, 2) and the unit directions of the spec (computed in
     * double, stored as float, then widened). The trigonometry of an elevation is evaluated once per channel
     * and that of an azimuth once per column, with the very expressions of the spec, so the values are the
     * same as evaluating them ray by ray.
     */
    public static void rays(int from, int n, double[] origins, double[] directions) {
        rays(from, n, origins, directions, 0);
    }

    /** As {@link #rays(int, int, double[], double[])}, ray {@code from + k} written at index {@code at + k}. */
    public static void rays(int from, int n, double[] origins, double[] directions, int at) {
        int lastColumn = -1;
        double ca = 0, sa = 0;
        for (int k = 0; k < n; k++) {
            int r = from + k;
            int column = r / CHANNELS, c = r % CHANNELS;
            if (column != lastColumn) {
                int f = r / (AZIMUTHS * CHANNELS), a = column % AZIMUTHS;
                double az = 2 * Math.PI * (a + f / 4.0) / AZIMUTHS;
                ca = Math.cos(az);
                sa = Math.sin(az);
                lastColumn = column;
            }
            double ce = COS_EL[c];
            int q = 3 * (at + k);
            origins[q] = OX;
            origins[q + 1] = OY;
            origins[q + 2] = OZ;
            directions[q] = (float) (ce * ca);
            directions[q + 1] = (float) (ce * sa);
            directions[q + 2] = SIN_EL_F[c];
        }
    }

    /** Ray {@code r}'s direction evaluated literally as in the spec (tests compare {@link #rays} with it). */
    static double[] directionLiteral(int r) {
        int f = r / (AZIMUTHS * CHANNELS), a = (r / CHANNELS) % AZIMUTHS, c = r % CHANNELS;
        double az = 2 * Math.PI * (a + f / 4.0) / AZIMUTHS;
        double el = (-25 + 40.0 * c / 127) * Math.PI / 180;
        return new double[] {(float) (Math.cos(el) * Math.cos(az)), (float) (Math.cos(el) * Math.sin(az)),
            (float) Math.sin(el)};
    }

    private static final double[] COS_EL = new double[CHANNELS];
    private static final float[] SIN_EL_F = new float[CHANNELS];

    static {
        for (int c = 0; c < CHANNELS; c++) {
            double el = (-25 + 40.0 * c / 127) * Math.PI / 180;
            COS_EL[c] = Math.cos(el);
            SIN_EL_F[c] = (float) Math.sin(el);
        }
    }

    /** SplitMix64 as specified in docs/BENCHMARKS.md. */
    static final class SplitMix64 {
        private long state;

        SplitMix64(long seed) { state = seed; }

        long next() {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        double nextDouble() { return (next() >>> 11) * 0x1.0p-53; }
    }
}
