package sensor.encoder.config;

/**
 * An encoder on the free degree of freedom of joint {@code jointId} (hinge angle, rad, or prismatic
 * displacement, m). The sampled position gets noise [E-N] ({@code noiseSigma}, ≥ 0), then binning [E-32]
 * ({@code resolution}, > 0, or {@code null} for none), then the {@code mode}'s range handling, incremental
 * wrap [E-33] or absolute clamp [E-34] within {@code [lower, upper]} (finite, {@code lower < upper}), or the
 * signed wrap into that width centred on zero. The
 * output channels are {@code position} and {@code speed} [E-V] in {@code unit} and {@code unit/s}.
 *
 * <p>Defaults: no joint (it must be set), incremental, {@code [0, 2π)}, resolution {@code 2π/4096} (a
 * 1024-line quadrature encoder), no noise, unit {@code rad}.
 */
public record EncoderConfig(String jointId, EncoderMode mode, double lower, double upper, Double resolution,
                            double noiseSigma, String unit) {
    /** The default resolution, rad. */
    public static final double DEFAULT_RESOLUTION = 2 * Math.PI / 4096;

    /** The defaults on joint {@code jointId}. */
    public static EncoderConfig of(String jointId) {
        return new EncoderConfig(jointId, EncoderMode.INCREMENTAL, 0, 2 * Math.PI, DEFAULT_RESOLUTION, 0, "rad");
    }

    public EncoderConfig withMode(EncoderMode mode, double lower, double upper) {
        return new EncoderConfig(jointId, mode, lower, upper, resolution, noiseSigma, unit);
    }

    public EncoderConfig withResolution(Double resolution) {
        return new EncoderConfig(jointId, mode, lower, upper, resolution, noiseSigma, unit);
    }

    public EncoderConfig withNoise(double noiseSigma) {
        return new EncoderConfig(jointId, mode, lower, upper, resolution, noiseSigma, unit);
    }

    public EncoderConfig withUnit(String unit) {
        return new EncoderConfig(jointId, mode, lower, upper, resolution, noiseSigma, unit);
    }
}
