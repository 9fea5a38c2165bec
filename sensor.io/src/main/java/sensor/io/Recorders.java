package sensor.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.osgi.service.component.annotations.Component;

import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;
import sensor.api.lidar.LidarOutput;
import sensor.api.sensor.SensorFrame;
import sensor.io.api.OutputFormat;
import sensor.io.api.RecordingSink;

/** The output formats of this bundle as a {@link RecorderFactory} service (property {@code output.format}). */
@Component(property = {"output.format=pcd", "output.format=pcd-ascii", "output.format=ply", "output.format=las",
        "output.format=csv", "output.format=mcap", "output.format=png"})
public class Recorders implements RecorderFactory {
    private static final Map<String, OutputFormat> BY_ID = new TreeMap<>(Map.of("pcd", OutputFormat.PCD_BINARY,
            "pcd-ascii", OutputFormat.PCD_ASCII, "ply", OutputFormat.PLY, "las", OutputFormat.LAS, "csv", OutputFormat.CSV,
            "mcap", OutputFormat.MCAP, "png", OutputFormat.PNG));

    @Override
    public Set<String> formats() {
        return new TreeSet<>(BY_ID.keySet());
    }

    @Override
    public Recorder open(Path outDir, Set<String> formats, int lidarFrameStride) throws IOException {
        if (lidarFrameStride < 1) {
            throw new IllegalArgumentException("lidarFrameStride must be >= 1, got " + lidarFrameStride);
        }
        EnumSet<OutputFormat> set = EnumSet.noneOf(OutputFormat.class);
        for (String id : formats) {
            OutputFormat f = BY_ID.get(id.toLowerCase(Locale.ROOT));
            if (f == null) {
                throw new IllegalArgumentException("output format '" + id + "' is unknown; known formats: " + formats());
            }
            set.add(f);
        }
        RecordingSink sink = new RecordingSink(outDir, set);
        return lidarFrameStride == 1 ? sink : new Strided(sink, lidarFrameStride);
    }

    /** Passes every {@code stride}-th frame of each lidar (and every other frame) to the sink. */
    private record Strided(Recorder sink, int stride) implements Recorder {
        @Override
        public void accept(SensorFrame f) {
            if (!(f.data() instanceof LidarOutput) || (f.index() - 1) % stride == 0) {
                sink.accept(f);
            }
        }

        @Override
        public void close() {
            sink.close();
        }

        @Override
        public void abort() {
            sink.abort();
        }

        @Override
        public void metadata(String name, Map<String, String> entries) {
            sink.metadata(name, entries);
        }

        @Override
        public Summary summary() {
            return sink.summary();
        }
    }
}
