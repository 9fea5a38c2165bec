package sensor.api.geom;

/**
 * An immutable quaternion {@code w + xi + yj + zk}. Rotations use unit quaternions; {@link Pose} rejects
 * others. Composition {@code a.times(b)} rotates by {@code b} first, then by {@code a}.
 */
public record Quat(double w, double x, double y, double z) {
    /** The identity rotation. */
    public static final Quat IDENTITY = new Quat(1, 0, 0, 0);
    /** Tolerance on {@code |q| - 1} accepted as a unit quaternion. */
    public static final double UNIT_TOLERANCE = 1e-6;

    /** Rotation by {@code angle} radians about {@code axis} (any non-zero length). */
    public static Quat axisAngle(Vec3 axis, double angle) {
        Vec3 a = axis.normalized();
        double h = 0.5 * angle, s = Math.sin(h);
        return new Quat(Math.cos(h), a.x() * s, a.y() * s, a.z() * s);
    }

    /** Rotation from roll (x), pitch (y), yaw (z) applied in that order (extrinsic x, then y, then z). */
    public static Quat rollPitchYaw(double roll, double pitch, double yaw) {
        return axisAngle(Vec3.Z, yaw).times(axisAngle(Vec3.Y, pitch)).times(axisAngle(Vec3.X, roll));
    }

    /** Hamilton product: rotation by {@code o} followed by this. */
    public Quat times(Quat o) {
        return new Quat(
                w * o.w - x * o.x - y * o.y - z * o.z,
                w * o.x + x * o.w + y * o.z - z * o.y,
                w * o.y - x * o.z + y * o.w + z * o.x,
                w * o.z + x * o.y - y * o.x + z * o.w);
    }

    /** The conjugate, which is the inverse rotation of a unit quaternion. */
    public Quat conjugate() { return new Quat(w, -x, -y, -z); }

    public double norm() { return Math.sqrt(w * w + x * x + y * y + z * z); }

    /** True when finite and of unit length within {@link #UNIT_TOLERANCE}. */
    public boolean isUnit() {
        double n = norm();
        return Double.isFinite(n) && Math.abs(n - 1) <= UNIT_TOLERANCE;
    }

    /** This quaternion scaled to unit length. */
    public Quat normalized() {
        double n = norm();
        if (!(n > 0) || !Double.isFinite(n)) {
            throw new IllegalArgumentException("quaternion " + this + " cannot be normalized: norm must be finite and > 0");
        }
        return new Quat(w / n, x / n, y / n, z / n);
    }

    /** Rotates a vector (assumes a unit quaternion). */
    public Vec3 rotate(Vec3 v) {
        // v' = v + 2w (q x v) + 2 q x (q x v), q = (x, y, z)
        double tx = 2 * (y * v.z() - z * v.y());
        double ty = 2 * (z * v.x() - x * v.z());
        double tz = 2 * (x * v.y() - y * v.x());
        return new Vec3(
                v.x() + w * tx + (y * tz - z * ty),
                v.y() + w * ty + (z * tx - x * tz),
                v.z() + w * tz + (x * ty - y * tx));
    }

    /** Spherical linear interpolation along the shorter arc, {@code s} in [0, 1]. */
    public static Quat slerp(Quat a, Quat b, double s) {
        double d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
        if (d < 0) {
            b = new Quat(-b.w, -b.x, -b.y, -b.z);
            d = -d;
        }
        double ka, kb;
        if (d > 0.9995) {
            ka = 1 - s;
            kb = s;
        } else {
            double theta = Math.acos(d), sin = Math.sin(theta);
            ka = Math.sin((1 - s) * theta) / sin;
            kb = Math.sin(s * theta) / sin;
        }
        return new Quat(ka * a.w + kb * b.w, ka * a.x + kb * b.x, ka * a.y + kb * b.y, ka * a.z + kb * b.z).normalized();
    }
}
