package sensor.api.io;

import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.sensor.SensorMount;

/**
 * A running live view of a simulation: an output sink whose frames reach the viewers connected to it (Foxglove, say)
 * while the simulation runs; a slow viewer loses messages, it never slows the simulation. {@link #close()} ends it and
 * disconnects the viewers.
 */
@ConsumerType
public interface LiveView extends OutputSink, AutoCloseable {
    /** Where viewers connect, e.g. {@code ws://127.0.0.1:8765}. */
    String address();

    /** Publishes where sensors sit (as {@link Recorder#mounts}). Default: ignored. */
    default void mounts(double time, Map<String, SensorMount> mounts) {}

    /** Stops serving; idempotent. */
    @Override
    void close();
}
