package sensor.api.frame;

import sensor.api.frame.OutputField.ColumnKind;

/**
 * The columnar point cloud of one lidar step, in the lidar frame: a column per field. Position, distance,
 * intensity, the pattern index of the ray that produced each point (the noise counter) and its firing time
 * are always there; a column of any other {@link OutputField} is made when a stage first asks for it, so a
 * field nobody asked for costs nothing. Stages read and write the columns in place; a {@link PointCloud}
 * wraps the buffer without copying.
 */
public final class PointBuffer {
    /** Positions, 3 per point, lidar frame, m. */
    public final float[] xyz;
    /** Distance along the ray (OPL), m. */
    public final float[] distance;
    /** Detected intensity (relative power). */
    public final float[] intensity;
    /** Pattern index of the ray. */
    public final int[] patternIndex;
    /** Firing time, s. */
    public final double[] times;
    private final Object[] columns = new Object[OutputField.values().length];
    private int count;

    /** Room for {@code capacity} points. */
    public PointBuffer(int capacity) {
        xyz = new float[3 * capacity];
        distance = new float[capacity];
        intensity = new float[capacity];
        patternIndex = new int[capacity];
        times = new double[capacity];
        columns[OutputField.XYZ_VEC3_F32.ordinal()] = xyz;
        columns[OutputField.DISTANCE_F32.ordinal()] = distance;
        columns[OutputField.INTENSITY_F32.ordinal()] = intensity;
        columns[OutputField.TIME_STAMP_F64.ordinal()] = times;
    }

    /** Number of points held. */
    public int count() {
        return count;
    }

    /** Sets the number of points held. */
    public void count(int n) {
        if (n < 0 || n > distance.length) {
            throw new IllegalArgumentException("count must be in [0, " + distance.length + "], got " + n);
        }
        count = n;
    }

    /** Whether field {@code f} has a column yet (position, distance, intensity and time always have). */
    public boolean has(OutputField f) {
        return columns[f.ordinal()] != null;
    }

    /** The column of a float field ({@link OutputField#components()} values per point), made zeroed on first use. */
    public float[] floats(OutputField f) {
        return (float[]) column(f, ColumnKind.FLOAT);
    }

    /** The column of an integer field (ring, entity id, hit flag, return type), made zeroed on first use. */
    public int[] ints(OutputField f) {
        return (int[]) column(f, ColumnKind.INT);
    }

    /** The column of a double field (the firing time). */
    public double[] doubles(OutputField f) {
        return (double[]) column(f, ColumnKind.DOUBLE);
    }

    private static String article(ColumnKind k) {
        return k == ColumnKind.INT ? "an int" : "a " + k.name().toLowerCase(java.util.Locale.ROOT);
    }

    private Object column(OutputField f, ColumnKind kind) {
        if (f.columnKind() != kind) {
            throw new IllegalArgumentException("field " + f + " has " + article(f.columnKind()) + " column, not "
                    + article(kind) + " one");
        }
        Object c = columns[f.ordinal()];
        if (c == null) {
            int n = distance.length * f.components();
            c = kind == ColumnKind.FLOAT ? new float[n] : kind == ColumnKind.INT ? new int[n] : new double[n];
            columns[f.ordinal()] = c;
        }
        return c;
    }
}
