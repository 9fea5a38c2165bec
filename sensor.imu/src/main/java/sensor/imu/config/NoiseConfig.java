package sensor.imu.config;

import sensor.api.geom.Vec3;

/** Total (output) noise [T-23]: standard deviation per axis, finite and ≥ 0. Default: zero. */
public record NoiseConfig(Vec3 sigma) {
    /** Stage type id. */
    public static final String TYPE_ID = "noise";
    /** No noise. */
    public static final NoiseConfig NONE = new NoiseConfig(Vec3.ZERO);
}
