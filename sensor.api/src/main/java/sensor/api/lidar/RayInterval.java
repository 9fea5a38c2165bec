package sensor.api.lidar;

/** A contiguous interval {@code [first, first + count)} of a ray pattern; it may wrap past the end. */
public record RayInterval(int first, int count) {
    public RayInterval {
        if (first < 0 || count < 0) {
            throw new IllegalArgumentException("interval first and count must be >= 0, got first=" + first + ", count=" + count);
        }
    }

    /** Checks that the interval fits a pattern of {@code size} rays (count ≤ size, first < size). */
    public RayInterval checkWithin(int size) {
        if (count > size || (count > 0 && first >= size)) {
            throw new IllegalArgumentException("interval " + this + " must lie within the pattern of " + size + " rays");
        }
        return this;
    }

    /** Pattern index of the {@code i}-th ray of this interval in a pattern of {@code size} rays. */
    public int rayIndex(int i, int size) {
        int r = first + i;
        return r >= size ? r - size : r;
    }
}
