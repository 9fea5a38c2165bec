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
    public Recorder open(Path outDir, Set<String> formats, int lidarFrameStride, Map<String, Map<String, Object>> settings)
            throws IOException {
        if (lidarFrameStride < 1) {
            throw new IllegalArgumentException("lidarFrameStride must be >= 1, got " + lidarFrameStride);
        }
        if (formats.isEmpty()) {
            throw new IllegalArgumentException("name at least one output format of " + known.keySet());
        }
        formats.forEach(this::writer);
        for (var e : settings.entrySet()) {
            if (!formats.contains(e.getKey())) {
                throw new IllegalArgumentException("settings of output format '" + e.getKey()
                        + "', which is not one of the formats written " + new TreeSet<>(formats));
            }
            checkSettings(e.getKey(), e.getValue());
        }
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new IOException("cannot create output directory " + outDir.toAbsolutePath() + ": " + e, e);
        }
        Map<String, FrameWriter.Writer> open = new LinkedHashMap<>();
        try {
            for (String id : new TreeSet<>(formats)) {
                open.put(id, known.get(id).open(outDir, lidarFrameStride, settings.getOrDefault(id, Map.of())));
            }
        } catch (IOException | RuntimeException e) {
            open.values().forEach(FrameWriter.Writer::abort);
            throw e;
        }
        return new FormatsRecorder(open);
    }

    @Override
    public void checkSettings(String format, Map<String, Object> settings) {
        writer(format).checkSettings(settings);
    }

    private FrameWriter writer(String id) {
        FrameWriter w = known.get(id);
        if (w == null) {
            throw new IllegalArgumentException("output format '" + id + "' is unknown; known formats: " + known.keySet());
        }
        return w;
    }
}
