package sensor.api.io;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.sensor.SensorMount;

/**
 * An output sink that records frames into files of one output folder; {@link #close()} completes every
 * file atomically (a file appears under its final name only when complete).
 */
@ConsumerType
public interface Recorder extends OutputSink {
    /**
     * Ends a failed run: files already complete (one per frame) stay, files still being written (streams such as
     * CSV or MCAP) are removed with their temporary names. Default: {@link #close()}.
     */
    default void abort() {
        close();
    }

    /**
     * Records a named string map about the run (a sensor's gap, say) where a format has a place for it (an MCAP
     * Metadata record); called before {@link #close()}. Default: ignored.
     */
    default void metadata(String name, Map<String, String> entries) {}

    /**
     * Records where sensors sit (sensor id → mount) at simulation time {@code time}, where a format has a place for
     * it (MCAP: {@code /tf_static} transforms from each mount's body, or the world, to the sensor frame); called
     * before the first frame of those sensors, and again for sensors that join later. Default: ignored.
     */
    default void mounts(double time, Map<String, SensorMount> mounts) {}

    /** What was recorded so far. */
    Summary summary();

    /**
     * What a recorder wrote.
     *
     * @param frames frames recorded per sensor id
     * @param points lidar points recorded
     * @param files  the files written, in the order they were completed
     */
    record Summary(Map<String, Long> frames, long points, List<Path> files) {
        /** Copies the collections. */
        public Summary {
            frames = Map.copyOf(frames);
            files = List.copyOf(files);
        }
    }
}
