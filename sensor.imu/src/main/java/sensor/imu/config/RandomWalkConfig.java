package sensor.imu.config;

import sensor.api.geom.Vec3;

/**
 * Bias instability as a random walk [T-RW]: {@code b_t = b_{t−1} + η}, {@code η ~ N(μ, (b₀·√(dt/t_b))²)} per
 * axis, {@code dt} the sample period, {@code b_0 = 0} at the first sample. {@code mean} (μ) finite,
 * {@code instability} (b₀) finite and ≥ 0, {@code correlationTime} (t_b, s) finite and > 0. Default: no
 * drift (μ = 0, b₀ = 0, t_b = 1 s).
 */
public record RandomWalkConfig(Vec3 mean, Vec3 instability, Vec3 correlationTime) {
    /** Stage type id. */
    public static final String TYPE_ID = "random-walk";
    /** No drift. */
    public static final RandomWalkConfig NONE = new RandomWalkConfig(Vec3.ZERO, Vec3.ZERO, new Vec3(1, 1, 1));
}
