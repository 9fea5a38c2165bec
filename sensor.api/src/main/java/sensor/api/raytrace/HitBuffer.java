package sensor.api.raytrace;

/** Closest-hit results, one entry per ray: distance ({@code +∞} for a miss), object index, unit normal. */
public final class HitBuffer {
    /** Hit distance, {@code Double.POSITIVE_INFINITY} when the ray missed. */
    public final double[] distance;
    /** Index of the object hit in the scene view, −1 when missed. */
    public final int[] objectIndex;
    /** World-frame unit normal at the hit, 3 per ray, facing the ray origin. */
    public final double[] normal;

    /** Room for {@code capacity} rays. */
    public HitBuffer(int capacity) {
        distance = new double[capacity];
        objectIndex = new int[capacity];
        normal = new double[3 * capacity];
    }
}
