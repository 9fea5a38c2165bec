package sensor.imu.config;

import sensor.api.geom.Vec3;

/**
 * Spectral noise [T-25]: noise amplitude spectral density {@code N} per axis (unit/√Hz), finite and ≥ 0;
 * the per-sample deviation is {@code N·√ν} with {@code ν} the sample frequency. Default: zero.
 */
public record SpectralNoiseConfig(Vec3 density) {
    /** Stage type id. */
    public static final String TYPE_ID = "spectral-noise";
    /** No noise. */
    public static final SpectralNoiseConfig NONE = new SpectralNoiseConfig(Vec3.ZERO);
}
