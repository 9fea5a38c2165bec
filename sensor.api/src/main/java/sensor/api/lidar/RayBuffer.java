package sensor.api.lidar;

/**
 * The rays of one lidar step in the lidar frame, packed: origin and unit direction (x, y, z per ray),
 * the pattern index of each ray and its firing time. Distortions modify it in place.
 */
public final class RayBuffer {
    /** Ray origins, 3 per ray. */
    public final double[] origins;
    /** Unit ray directions, 3 per ray. */
    public final double[] directions;
    /** Pattern index of each ray (the noise counter). */
    public final int[] patternIndex;
    /** Firing time of each ray, s. */
    public final double[] times;
    private final int size;

    /** An empty buffer for {@code size} rays. */
    public RayBuffer(int size) {
        this.size = size;
        origins = new double[3 * size];
        directions = new double[3 * size];
        patternIndex = new int[size];
        times = new double[size];
    }

    /** Number of rays. */
    public int size() {
        return size;
    }
}
