package sensor.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;

import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;
import sensor.io.api.OutputFormat;
import sensor.io.api.RecordingSink;

/**
 * The output formats of this bundle as a {@link RecorderFactory} service (property {@code output.format}).
 * Configuration PID {@code sensorsim.output} (optional): {@code mcap.compression} ({@code zstd}, the default, or
 * {@code none}) and {@code mcap.chunkSize} (uncompressed bytes per chunk, default 4 MiB), e.g. a file
 * {@code sensorsim.output.cfg} in the deploy folder.
 */
@Component(configurationPid = "sensorsim.output", property = {"output.format=pcd", "output.format=pcd-ascii",
        "output.format=ply", "output.format=las", "output.format=csv", "output.format=mcap", "output.format=png"})
public class Recorders implements RecorderFactory {
    private static final Map<String, OutputFormat> BY_ID = new TreeMap<>(Map.of("pcd", OutputFormat.PCD_BINARY,
            "pcd-ascii", OutputFormat.PCD_ASCII, "ply", OutputFormat.PLY, "las", OutputFormat.LAS, "csv", OutputFormat.CSV,
            "mcap", OutputFormat.MCAP, "png", OutputFormat.PNG));

    /** The configuration (PID {@code sensorsim.output}). */
    @interface Config {
        /** MCAP chunk compression: zstd or none. */
        String mcap_compression() default "zstd";

        /** Uncompressed bytes per MCAP chunk. */
        int mcap_chunkSize() default McapWriter.DEFAULT_CHUNK_SIZE;
    }

    private volatile Config config;

    @Activate
    @Modified
    void configure(Config c) {
        config = c;
    }

    @Override
    public Set<String> formats() {
        return new TreeSet<>(BY_ID.keySet());
    }

    @Override
    public Recorder open(Path outDir, Set<String> formats, int lidarFrameStride) throws IOException {
        EnumSet<OutputFormat> set = EnumSet.noneOf(OutputFormat.class);
        for (String id : formats) {
            OutputFormat f = BY_ID.get(id.toLowerCase(Locale.ROOT));
            if (f == null) {
                throw new IllegalArgumentException("output format '" + id + "' is unknown; known formats: " + formats());
            }
            set.add(f);
        }
        Config c = config;
        RecordingSink.Options options = c == null ? new RecordingSink.Options(lidarFrameStride, "zstd",
                McapWriter.DEFAULT_CHUNK_SIZE) : new RecordingSink.Options(lidarFrameStride, c.mcap_compression(), c.mcap_chunkSize());
        return new RecordingSink(outDir, set, options);
    }
}
