package sensor.api.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.frame.PointCloud;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;

/**
 * One output format as a service, registered with the property {@code output.format=<id>} (e.g. {@code pcd},
 * {@code mcap}); a run writes with the formats its scenario names ({@code output.formats}), a bundle adds a format
 * by registering one. A writer receives each frame by its type: point clouds as the lidar's packed columns
 * ({@link PointCloud}), camera images ({@link sensor.api.frame.CameraImage}), scalar sensors as {@link Channels}.
 */
@ConsumerType
public interface FrameWriter {
    /** Service property naming the format. */
    String FORMAT_PROPERTY = "output.format";

    /**
     * Starts writing one run into {@code outDir} (exists).
     *
     * @param lidarFrameStride per-frame files of a lidar for every n-th frame only (n >= 1); streams take every frame
     */
    Writer open(Path outDir, int lidarFrameStride) throws IOException;

    /**
     * Checks this format's settings for one run (a scenario's {@code output.<format>} object, as data), before anything
     * is opened. Default: the format takes none, so any field is refused.
     *
     * @throws IllegalArgumentException naming the field and its allowed values
     */
    default void checkSettings(Map<String, Object> settings) {
        if (!settings.isEmpty()) {
            throw new IllegalArgumentException("this format takes no settings; got " + new java.util.TreeSet<>(settings.keySet()));
        }
    }

    /**
     * Starts writing one run with its settings ({@link #checkSettings}); empty settings mean the format's configured
     * defaults. Default: checks them and opens as {@link #open(Path, int)}.
     */
    default Writer open(Path outDir, int lidarFrameStride, Map<String, Object> settings) throws IOException {
        checkSettings(settings);
        return open(outDir, lidarFrameStride);
    }

    /** The writer of one run. Calls are serialised by the caller. */
    @ConsumerType
    interface Writer {
        /** A lidar frame. Default: ignored. */
        default void pointCloud(SensorFrame frame, PointCloud cloud) throws IOException {}

        /** A camera frame. Default: ignored. */
        default void image(SensorFrame frame, sensor.api.frame.CameraImage image) throws IOException {}

        /** A scalar sensor's frame. Default: ignored. */
        default void channels(SensorFrame frame, Channels channels) throws IOException {}

        /** Where sensors sit (see {@link Recorder#mounts}). Default: ignored. */
        default void mounts(double time, Map<String, SensorMount> mounts) throws IOException {}

        /** A named string map about the run (see {@link Recorder#metadata}). Default: ignored. */
        default void metadata(String name, Map<String, String> entries) throws IOException {}

        /** Completes every file (atomically); returns the files written, in the order they were completed. */
        List<Path> close() throws IOException;

        /** Ends a failed run: removes what is not complete. Default: nothing. */
        default void abort() {}
    }
}
