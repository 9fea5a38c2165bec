package sensor.imu.api;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * One stage of a triaxial signal chain: modifies the three-axis signal {@code u} (sensor frame, SI units) in
 * place. A stage instance belongs to one sub-sensor of one sensor and sees its samples in time order.
 */
@ConsumerType
@FunctionalInterface
public interface TriaxialStage {
    /** Modifies {@code u} (length 3: x, y, z) for the sample described by {@code context}. */
    void apply(double[] u, StageContext context);

    /**
     * The variance per axis (x, y, z; unit²) of the white noise this stage adds to each sample at sample frequency
     * {@code frequency} (Hz): what a consumer of the signal states as its measurement covariance. Biases, drifts and
     * deterministic errors are not white noise and count 0; a value that is not finite and ≥ 0 is ignored. Default: 0 on
     * every axis.
     */
    default double[] whiteNoiseVariance(double frequency) {
        return new double[3];
    }
}
