package sensor.api.geom;

/**
 * An immutable rigid transform: a finite position and a unit-quaternion rotation. It maps a point
 * {@code p} of its local frame to {@code rotation·p + position} in the parent frame.
 */
public record Pose(Vec3 position, Quat rotation) {
    /** The identity transform. */
    public static final Pose IDENTITY = new Pose(Vec3.ZERO, Quat.IDENTITY);

    /** Validates: position finite, rotation a unit quaternion. */
    public Pose {
        if (position == null || !position.isFinite()) {
            throw new IllegalArgumentException("pose position must be a finite vector, got " + position);
        }
        if (rotation == null || !rotation.isUnit()) {
            throw new IllegalArgumentException("pose rotation must be a unit quaternion (|q| = 1 within "
                    + Quat.UNIT_TOLERANCE + "), got " + rotation);
        }
    }

    /** A pure translation. */
    public static Pose translation(double x, double y, double z) {
        return new Pose(new Vec3(x, y, z), Quat.IDENTITY);
    }

    /** This transform followed by the parent transform: {@code this ∘ child}. */
    public Pose compose(Pose child) {
        return new Pose(transformPoint(child.position), rotation.times(child.rotation).normalized());
    }

    /** The inverse transform. */
    public Pose inverse() {
        Quat inv = rotation.conjugate();
        return new Pose(inv.rotate(position).times(-1), inv);
    }

    /** Maps a point of the local frame to the parent frame. */
    public Vec3 transformPoint(Vec3 p) { return rotation.rotate(p).plus(position); }

    /** Rotates a direction of the local frame into the parent frame. */
    public Vec3 transformVector(Vec3 v) { return rotation.rotate(v); }

    /** Maps a point of the parent frame into the local frame. */
    public Vec3 inverseTransformPoint(Vec3 p) { return rotation.conjugate().rotate(p.minus(position)); }

    /** Rotates a direction of the parent frame into the local frame. */
    public Vec3 inverseTransformVector(Vec3 v) { return rotation.conjugate().rotate(v); }

    /** Interpolates position linearly and rotation by slerp, {@code s} in [0, 1]. */
    public static Pose interpolate(Pose a, Pose b, double s) {
        return new Pose(Vec3.lerp(a.position, b.position, s), Quat.slerp(a.rotation, b.rotation, s));
    }
}
