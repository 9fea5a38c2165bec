package sensor.api.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Opens recorders for output formats named by id ({@code pcd}, {@code mcap}...). The environment bundle registers
 * one over the {@link FrameWriter} services present; the command line finds it through this contract only, so a
 * distribution chooses its formats by the bundles it contains.
 */
@ConsumerType
public interface RecorderFactory {
    /** The format ids this factory writes, sorted. */
    Set<String> formats();

    /**
     * Opens a recorder writing {@code formats} into {@code outDir} (created if missing).
     *
     * @param lidarFrameStride write every n-th frame of each lidar to the point-cloud files (n >= 1)
     * @throws IllegalArgumentException naming an unknown format and listing {@link #formats()}
     */
    default Recorder open(Path outDir, Set<String> formats, int lidarFrameStride) throws IOException {
        return open(outDir, formats, lidarFrameStride, Map.of());
    }

    /**
     * Opens a recorder as {@link #open(Path, Set, int)} with each format's settings (format id to its fields, from a
     * scenario's {@code output.<format>}); a format without an entry uses its configured defaults.
     *
     * @throws IllegalArgumentException for an unknown format, or settings its writer refuses ({@link #checkSettings})
     */
    Recorder open(Path outDir, Set<String> formats, int lidarFrameStride, Map<String, Map<String, Object>> settings)
            throws IOException;

    /**
     * Checks one format's settings without opening anything.
     *
     * @throws IllegalArgumentException for an unknown format, or naming the field its writer refuses and its allowed values
     */
    void checkSettings(String format, Map<String, Object> settings);

}
