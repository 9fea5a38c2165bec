package sensor.api.sensor;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A sensor instance created by a {@link SensorType}. The environment calls {@link #sample} at the sensor's
 * own frequency, coherent in simulated time with the dynamics step ([L-T]).
 */
@ConsumerType
public interface Sensor {
    /**
     * Measures at {@code context.time()}. Returns the measured data (e.g. a {@link Channels} or a lidar
     * output), or {@code null} for no output this sample.
     */
    Object sample(SampleContext context);

    /** Releases resources; called when the sensor is removed or its type goes away. */
    default void close() {}
}
