package sensor.api.lidar;

/**
 * Points of one lidar step in the lidar frame before packing: position, distance, intensity, the pattern
 * index of the ray that produced each point (the noise counter) and its firing time.
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
    private int count;

    /** Room for {@code capacity} points. */
    public PointBuffer(int capacity) {
        xyz = new float[3 * capacity];
        distance = new float[capacity];
        intensity = new float[capacity];
        patternIndex = new int[capacity];
        times = new double[capacity];
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
}
