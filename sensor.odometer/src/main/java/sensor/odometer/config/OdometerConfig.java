package sensor.odometer.config;

/**
 * An odometer [OD] on wheel joint {@code jointId} (a hinge, angle in rad): {@code distance = R_wheel · u}
 * with optional noise [E-N] on the angle ({@code noiseSigma}, rad, ≥ 0) and then optional binning [E-32] with
 * the underlying wheel encoder's cycle length ({@code encoderCycle}, rad, > 0, or {@code null} for none).
 * The output channel is {@code distance}, m.
 *
 * <p>Defaults: no joint (it must be set), wheel radius 0.3 m, no binning, no noise.
 */
public record OdometerConfig(String jointId, double wheelRadius, Double encoderCycle, double noiseSigma) {
    /** Default wheel radius, m. */
    public static final double DEFAULT_WHEEL_RADIUS = 0.3;

    /** The defaults on joint {@code jointId} with wheel radius {@code wheelRadius}. */
    public static OdometerConfig of(String jointId, double wheelRadius) {
        return new OdometerConfig(jointId, wheelRadius, null, 0);
    }

    public OdometerConfig withEncoderCycle(Double encoderCycle) {
        return new OdometerConfig(jointId, wheelRadius, encoderCycle, noiseSigma);
    }

    public OdometerConfig withNoise(double noiseSigma) {
        return new OdometerConfig(jointId, wheelRadius, encoderCycle, noiseSigma);
    }
}
