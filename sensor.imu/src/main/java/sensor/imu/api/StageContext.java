package sensor.imu.api;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.sensor.SampleContext;

/** What a {@link TriaxialStage} can read while processing one sample of one sub-sensor. */
@ProviderType
public interface StageContext {
    /** Sample number, 1 for the first sample. */
    long index();

    /** Measurement time, s. */
    double time();

    /** Sample period {@code 1/ν}, s. */
    double period();

    /** Sample frequency {@code ν}, Hz. */
    default double frequency() {
        return 1 / period();
    }

    /**
     * A standard normal deviate unique to (environment seed, sensor, sample, sub-sensor, stage position,
     * {@code channel}) and independent of threads or evaluation order; {@code channel} in [0, 65535].
     */
    double gaussian(int channel);

    /**
     * The specific force [T-29] at this sub-sensor's own frame, in that frame, m/s² (length 3; the caller
     * must not modify it). Used by linear acceleration effects [T-LAE].
     */
    double[] specificForce();

    /** The full sampling context. */
    SampleContext sample();
}
