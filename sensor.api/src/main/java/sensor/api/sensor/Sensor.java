package sensor.api.sensor;

import org.osgi.annotation.versioning.ConsumerType;
import sensor.api.frame.Channels;
import sensor.api.frame.FrameData;

/**
 * A sensor instance created by a {@link SensorType}. The environment calls {@link #sample} at the sensor's
 * own frequency, coherent in simulated time with the dynamics step ([L-T]).
 */
@ConsumerType
public interface Sensor {
    /**
     * Measures at {@code context.time()}. Returns the measured data ({@link Channels}, a point cloud or an image),
     * or {@code null} for no output this sample.
     */
    FrameData sample(SampleContext context);

    /**
     * A line for the run's summary, e.g. where the sensor's work ran when its configuration left that open; null
     * (the default) for none.
     */
    default String summary() {
        return null;
    }

    /** Releases resources; called when the sensor is removed or its type goes away. */
    default void close() {}
}
