package sensor.io.ros;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

import sensor.api.frame.CameraImage;
import sensor.api.io.FrameWriter;
import sensor.api.frame.PointCloud;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.io.files.OutputFiles;
import sensor.io.ros.msg.Ros2Topics;

/**
 * Format {@code mcap}: one {@code run.mcap} holding every frame of every sensor as ROS 2 CDR messages ({@link Ros2Topics}:
 * {@code PointCloud2}, {@code Image} with {@code CameraInfo}, {@code Imu}, {@code MagneticField}, {@code JointState},
 * {@code Odometry} with {@code /tf}, {@code Float64} per other channel, {@code /clock}, the mounts as
 * {@code /tf_static}), readable while it grows ({@link McapFile}), indexed on close, with its rosbag2
 * {@code metadata.yaml} so the folder is a bag for {@code ros2 bag info|play}. Every lidar frame is recorded (the
 * stride thins only per-frame files). Configuration PID {@code sensorsim.output} ({@link Config}).
 */
@Component(service = FrameWriter.class, configurationPid = "sensorsim.output",
        property = FrameWriter.FORMAT_PROPERTY + "=mcap")
@Designate(ocd = McapWriter.Config.class)
public final class McapWriter implements FrameWriter {
    /** The MCAP settings of a runtime, e.g. a file {@code sensorsim.output.cfg} in the deploy folder. */
    @ObjectClassDefinition(name = "sensorsim MCAP output", description = "Chunking and compression of run.mcap")
    public @interface Config {
        /** Chunk compression. */
        @AttributeDefinition(description = "Chunk compression", options = {@Option(label = "zstd", value = "zstd"),
                @Option(label = "none", value = "none")})
        String mcap_compression() default "zstd";

        /** Uncompressed bytes after which a chunk is closed, 1 KiB to 1 GiB. */
        @AttributeDefinition(description = "Uncompressed bytes per chunk, 1024 to 1073741824", min = "1024",
                max = "1073741824")
        int mcap_chunkSize() default McapFile.DEFAULT_CHUNK_SIZE;

        /** Longest span of log time in one chunk (s): how far a live reader lags, 0.001 to 3600. */
        @AttributeDefinition(description = "Longest log-time span of a chunk, s (how far a live reader lags), 0.001 to 3600",
                min = "0.001", max = "3600")
        double mcap_chunkDuration() default McapFile.DEFAULT_CHUNK_DURATION;
    }

    private volatile Config config;

    @Activate
    @Modified
    void configure(Config c) {
        config = c;
    }

    /**
     * One run's chunking and compression: a scenario's {@code output.mcap} fields ({@code compression},
     * {@code chunkSize}, {@code chunkDuration}) laid over the runtime's configuration, or over the defaults.
     */
    record Settings(String compression, int chunkSize, double chunkDuration) {
        static final java.util.Set<String> FIELDS = java.util.Set.of("compression", "chunkSize", "chunkDuration");

        static Settings of(Config c, Map<String, Object> fields) {
            for (String k : fields.keySet()) {
                if (!FIELDS.contains(k)) {
                    throw new IllegalArgumentException("unknown field '" + k + "'; expected one of " + new java.util.TreeSet<>(FIELDS));
                }
            }
            Object compression = fields.getOrDefault("compression", c == null ? "zstd" : c.mcap_compression());
            if (!"zstd".equals(compression) && !"none".equals(compression)) {
                throw new IllegalArgumentException("compression must be zstd or none, got '" + compression + "'");
            }
            Object size = fields.getOrDefault("chunkSize", c == null ? McapFile.DEFAULT_CHUNK_SIZE : c.mcap_chunkSize());
            if (!(size instanceof Integer || size instanceof Long) || ((Number) size).longValue() < 1024
                    || ((Number) size).longValue() > 1 << 30) {
                throw new IllegalArgumentException("chunkSize must be a whole number of bytes from 1024 to 1073741824, got " + size);
            }
            Object duration = fields.getOrDefault("chunkDuration", c == null ? McapFile.DEFAULT_CHUNK_DURATION : c.mcap_chunkDuration());
            if (!(duration instanceof Number d) || !(d.doubleValue() >= 0.001 && d.doubleValue() <= 3600)) {
                throw new IllegalArgumentException("chunkDuration must be 0.001 to 3600 s, got " + duration);
            }
            return new Settings((String) compression, ((Number) size).intValue(), ((Number) duration).doubleValue());
        }
    }

    @Override
    public void checkSettings(Map<String, Object> settings) {
        Settings.of(config, settings);
    }

    @Override
    public Writer open(Path outDir, int lidarFrameStride) throws IOException {
        return open(outDir, lidarFrameStride, Map.of());
    }

    @Override
    public Writer open(Path outDir, int lidarFrameStride, Map<String, Object> settings) throws IOException {
        Settings s = Settings.of(config, settings);
        OutputFiles files = new OutputFiles(outDir);
        Path run = files.file("run.mcap");
        McapFile mcap = new McapFile(run, "ros2", "none".equals(s.compression()) ? "" : s.compression(),
                s.chunkSize(), s.chunkDuration());
        Ros2Topics topics = new Ros2Topics(mcap);
        return new Writer() {
            @Override
            public void pointCloud(SensorFrame frame, PointCloud cloud) throws IOException {
                topics.cloud(frame, cloud);
            }

            @Override
            public void image(SensorFrame frame, CameraImage image) throws IOException {
                topics.image(frame, image);
            }

            @Override
            public void channels(SensorFrame frame, Channels channels) throws IOException {
                topics.channels(frame, channels);
            }

            @Override
            public void mounts(double time, Map<String, SensorMount> mounts) throws IOException {
                topics.mounts(time, mounts);
            }

            @Override
            public void metadata(String name, Map<String, String> entries) throws IOException {
                mcap.metadata(name, entries);
            }

            @Override
            public List<Path> close() throws IOException {
                mcap.close();
                files.completed(run);
                String yaml = Rosbag2Metadata.of(run.getFileName().toString(), mcap);
                files.atomic(files.file("metadata.yaml"), o -> o.write(yaml.getBytes(StandardCharsets.UTF_8)));
                return files.list();
            }

            @Override
            public void abort() {
                mcap.abort();
            }
        };
    }
}
