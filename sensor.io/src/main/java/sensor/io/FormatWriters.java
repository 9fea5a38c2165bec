package sensor.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;

import sensor.api.io.FrameWriter;
import sensor.api.lidar.LidarOutput;
import sensor.api.sensor.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.io.api.OutputFormat;
import sensor.io.api.RecordingSink;

/**
 * This bundle's output formats, each a {@link FrameWriter} service with its {@code output.format} id: {@code pcd},
 * {@code pcd-ascii}, {@code ply}, {@code las}, {@code csv}, {@code mcap} (with {@code metadata.yaml}) and {@code png},
 * each writing as {@link RecordingSink} does for that one format.
 */
public final class FormatWriters {
    private FormatWriters() {}

    /** A format of {@link RecordingSink} as a writer. */
    abstract static class SinkWriter implements FrameWriter {
        abstract OutputFormat format();

        RecordingSink.Options options(int lidarFrameStride) {
            return new RecordingSink.Options(lidarFrameStride, "zstd", McapWriter.DEFAULT_CHUNK_SIZE);
        }

        @Override
        public Writer open(Path outDir, int lidarFrameStride) throws IOException {
            RecordingSink sink = new RecordingSink(outDir, EnumSet.of(format()), options(lidarFrameStride));
            return new Writer() {
                @Override
                public void pointCloud(SensorFrame frame, LidarOutput cloud) {
                    sink.accept(frame);
                }

                @Override
                public void channels(SensorFrame frame, Channels channels) {
                    sink.accept(frame);
                }

                @Override
                public void image(SensorFrame frame, sensor.api.camera.CameraImage image) {
                    sink.accept(frame);
                }

                @Override
                public void mounts(double time, Map<String, SensorMount> mounts) {
                    sink.mounts(time, mounts);
                }

                @Override
                public void metadata(String name, Map<String, String> entries) {
                    sink.metadata(name, entries);
                }

                @Override
                public List<Path> close() {
                    sink.close();
                    return sink.summary().files();
                }

                @Override
                public void abort() {
                    sink.abort();
                }
            };
        }
    }

    /** PCD v0.7, binary. */
    @Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=pcd")
    public static final class Pcd extends SinkWriter {
        @Override
        OutputFormat format() { return OutputFormat.PCD_BINARY; }
    }

    /** PCD v0.7, ASCII. */
    @Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=pcd-ascii")
    public static final class PcdAscii extends SinkWriter {
        @Override
        OutputFormat format() { return OutputFormat.PCD_ASCII; }
    }

    /** Binary PLY. */
    @Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=ply")
    public static final class Ply extends SinkWriter {
        @Override
        OutputFormat format() { return OutputFormat.PLY; }
    }

    /** LAS 1.4. */
    @Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=las")
    public static final class Las extends SinkWriter {
        @Override
        OutputFormat format() { return OutputFormat.LAS; }
    }

    /** CSV per scalar sensor. */
    @Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=csv")
    public static final class Csv extends SinkWriter {
        @Override
        OutputFormat format() { return OutputFormat.CSV; }
    }

    /** PNG previews and IMU plots. */
    @Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=png")
    public static final class Png extends SinkWriter {
        @Override
        OutputFormat format() { return OutputFormat.PNG; }
    }

    /**
     * ROS 2 MCAP with its rosbag2 {@code metadata.yaml}. Configuration PID {@code sensorsim.output} (optional):
     * {@code mcap.compression} ({@code zstd}, the default, or {@code none}) and {@code mcap.chunkSize} (uncompressed
     * bytes per chunk, default 4 MiB), e.g. a file {@code sensorsim.output.cfg} in the deploy folder.
     */
    @Component(service = FrameWriter.class, configurationPid = "sensorsim.output",
            property = FrameWriter.FORMAT_PROPERTY + "=mcap")
    public static final class Mcap extends SinkWriter {
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
        OutputFormat format() { return OutputFormat.MCAP; }

        @Override
        RecordingSink.Options options(int lidarFrameStride) {
            Config c = config;
            return c == null ? super.options(lidarFrameStride)
                    : new RecordingSink.Options(lidarFrameStride, c.mcap_compression(), c.mcap_chunkSize());
        }
    }

    /** Every format of this bundle by id (plain Java use and tests). */
    public static Map<String, FrameWriter> all() {
        return Map.of("pcd", new Pcd(), "pcd-ascii", new PcdAscii(), "ply", new Ply(), "las", new Las(), "csv", new Csv(),
                "png", new Png(), "mcap", new Mcap(), "kitti", new KittiWriter());
    }
}
