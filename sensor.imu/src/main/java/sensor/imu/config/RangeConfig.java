package sensor.imu.config;

import sensor.api.geom.Vec3;

/**
 * Detectable range clamp {@code max(lower, min(u, upper))} per axis. Bounds may be infinite (no limit on that
 * side) but not NaN; {@code lower ≤ upper}. Default: unlimited.
 */
public record RangeConfig(Vec3 lower, Vec3 upper) {
    /** Stage type id. */
    public static final String TYPE_ID = "range";
    private static final double INF = Double.POSITIVE_INFINITY;
    /** No clamping. */
    public static final RangeConfig UNLIMITED = new RangeConfig(new Vec3(-INF, -INF, -INF), new Vec3(INF, INF, INF));

    /** {@code [-limit, limit]} on every axis. */
    public static RangeConfig symmetric(double limit) {
        return new RangeConfig(new Vec3(-limit, -limit, -limit), new Vec3(limit, limit, limit));
    }
}
