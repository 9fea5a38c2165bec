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
    Recorder open(Path outDir, Set<String> formats, int lidarFrameStride) throws IOException;

    /**
     * A factory writing with {@code writers} (format id to writer): {@code open} creates the folder, opens the named
     * formats' writers and returns a recorder handing each frame to each of them by its type.
     */
    static RecorderFactory of(Map<String, FrameWriter> writers) {
        Map<String, FrameWriter> known = new java.util.TreeMap<>(writers);
        return new RecorderFactory() {
            @Override
            public Set<String> formats() {
                return java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(known.keySet()));
            }

            @Override
            public Recorder open(Path outDir, Set<String> formats, int lidarFrameStride) throws IOException {
                if (lidarFrameStride < 1) {
                    throw new IllegalArgumentException("lidarFrameStride must be >= 1, got " + lidarFrameStride);
                }
                if (formats.isEmpty()) {
                    throw new IllegalArgumentException("name at least one output format of " + known.keySet());
                }
                for (String id : formats) {
                    if (!known.containsKey(id)) {
                        throw new IllegalArgumentException("output format '" + id + "' is unknown; known formats: "
                                + known.keySet());
                    }
                }
                try {
                    java.nio.file.Files.createDirectories(outDir);
                } catch (IOException e) {
                    throw new IOException("cannot create output directory " + outDir.toAbsolutePath() + ": " + e, e);
                }
                Map<String, FrameWriter.Writer> open = new java.util.LinkedHashMap<>();
                try {
                    for (String id : new java.util.TreeSet<>(formats)) {
                        open.put(id, known.get(id).open(outDir, lidarFrameStride));
                    }
                } catch (IOException | RuntimeException e) {
                    open.values().forEach(FrameWriter.Writer::abort);
                    throw e;
                }
                return new FormatsRecorder(open);
            }
        };
    }
}
