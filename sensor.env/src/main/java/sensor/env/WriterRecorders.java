package sensor.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import sensor.api.io.FrameWriter;
import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;

/**
 * A {@link RecorderFactory} over fixed writers (format id to writer): {@code open} creates the folder, opens the
 * named formats' writers and returns a recorder handing each frame to each of them by its type. The runtime's
 * {@link OutputFormats} makes one over the writer services present; plain Java uses it directly.
 */
public final class WriterRecorders implements RecorderFactory {
    private final Map<String, FrameWriter> known;

    /** Writes with {@code writers}, format id to writer. */
    public WriterRecorders(Map<String, FrameWriter> writers) {
        known = new TreeMap<>(writers);
    }

    @Override
    public Set<String> formats() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(known.keySet()));
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
                throw new IllegalArgumentException("output format '" + id + "' is unknown; known formats: " + known.keySet());
            }
        }
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new IOException("cannot create output directory " + outDir.toAbsolutePath() + ": " + e, e);
        }
        Map<String, FrameWriter.Writer> open = new LinkedHashMap<>();
        try {
            for (String id : new TreeSet<>(formats)) {
                open.put(id, known.get(id).open(outDir, lidarFrameStride));
            }
        } catch (IOException | RuntimeException e) {
            open.values().forEach(FrameWriter.Writer::abort);
            throw e;
        }
        return new FormatsRecorder(open);
    }
}
