package sensor.api.io;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.sensor.SensorFrame;

/**
 * A consumer of sensor frames (files, viewers, ROS bags). Registered as a service or added to an
 * environment; receives every frame when it is delivered (after the sensor's lag).
 */
@ConsumerType
public interface OutputSink {
    /** Receives one frame; must not keep a reference to mutable parts of the data. */
    void accept(SensorFrame frame);

    /** Completes and closes outputs (e.g. renames temporary files into place). */
    default void close() {}
}
