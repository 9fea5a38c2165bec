package sensor.api.io;

import java.io.IOException;
import java.nio.file.Path;
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
    Recorder open(Path outDir, Set<String> formats, int lidarFrameStride) throws IOException;

}
