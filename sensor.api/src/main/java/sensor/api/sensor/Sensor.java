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

    /** Releases resources; called when the sensor is removed or its type goes away. */
    default void close() {}
}
