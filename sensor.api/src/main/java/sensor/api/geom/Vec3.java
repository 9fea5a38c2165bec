package sensor.api.geom;

/** An immutable 3-vector (SI units; world frame z up unless stated). */
public record Vec3(double x, double y, double z) {
    /** The zero vector. */
    public static final Vec3 ZERO = new Vec3(0, 0, 0);
    /** Unit x. */
    public static final Vec3 X = new Vec3(1, 0, 0);
    /** Unit y. */
    public static final Vec3 Y = new Vec3(0, 1, 0);
    /** Unit z (up in the world, the ray direction in a ray frame). */
    public static final Vec3 Z = new Vec3(0, 0, 1);

    /** Shorthand constructor. */
    public static Vec3 of(double x, double y, double z) {
        return new Vec3(x, y, z);
    }

    public Vec3 plus(Vec3 o) { return new Vec3(x + o.x, y + o.y, z + o.z); }
    public Vec3 minus(Vec3 o) { return new Vec3(x - o.x, y - o.y, z - o.z); }
    public Vec3 times(double s) { return new Vec3(x * s, y * s, z * s); }
    public double dot(Vec3 o) { return x * o.x + y * o.y + z * o.z; }
    public Vec3 cross(Vec3 o) { return new Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x); }
    public double norm() { return Math.sqrt(dot(this)); }

    /** This vector scaled to unit length; rejects a zero or non-finite vector. */
    public Vec3 normalized() {
        double n = norm();
        if (!(n > 0) || !Double.isFinite(n)) {
            throw new IllegalArgumentException("vector " + this + " cannot be normalized: norm must be finite and > 0");
        }
        return times(1 / n);
    }

    /** True when every component is finite. */
    public boolean isFinite() {
        return Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z);
    }

    /** Linear interpolation {@code a + s (b - a)}. */
    public static Vec3 lerp(Vec3 a, Vec3 b, double s) {
        return new Vec3(a.x + s * (b.x - a.x), a.y + s * (b.y - a.y), a.z + s * (b.z - a.z));
    }
}
