package sensor.io.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import sensor.api.io.Recorder;
import sensor.api.sensor.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.io.AtomicFiles;
import sensor.io.Ros2Topics;
import sensor.io.McapWriter;
import sensor.io.PointCloudFiles;
import sensor.io.Points;
import sensor.io.Previews;
import sensor.io.Rosbag2Metadata;
import sensor.io.ScalarSeries;
import sensor.api.lidar.LidarOutput;

/**
 * Writes every frame it receives under one output folder, in the chosen {@link OutputFormat}s:
 * <ul>
 * <li>{@link LidarOutput} frames → {@code <sensorId>/<sensorId>-NNNNNN.pcd | -ascii.pcd | .ply | .las |
 * -range.png | -bev.png} (NNNNNN = frame index, 6 digits); points with non-finite coordinates, and misses
 * when the output has {@code IS_HIT_I32}, are left out; an output without {@code XYZ_VEC3_F32} writes no
 * point file;</li>
 * <li>{@link Channels} frames → rows of {@code <sensorId>.csv} (header {@code time [s],<name> [<unit>],…});
 * IMU-like sensors (type imu/accelerometer/gyroscope/magnetometer or channels named {@code acc.*},
 * {@code gyro.*}, {@code mag.*}) also → {@code <sensorId>-plot.png} on close (one panel per channel
 * group);</li>
 * <li>all → {@code run.mcap}, chunked and indexed (zstd by default): every frame of every sensor as ROS 2 CDR
 * messages ({@code PointCloud2}, {@code Imu}, {@code MagneticField}, {@code JointState}, {@code Odometry} with
 * {@code /tf}, {@code Float64} per other channel, and {@code /clock}; see {@link Ros2Topics}).</li>
 * </ul>
 * With MCAP, {@code metadata.yaml} describes {@code run.mcap} as a rosbag2 bag ({@link Rosbag2Metadata}), so the
 * folder opens with {@code ros2 bag info|play}. {@link Options#lidarFrameStride()} thins the per-frame point files
 * only; MCAP records every frame.
 * Every file appears atomically (temporary name in the same folder, then an atomic move); CSV and MCAP
 * are streamed into their temporary file and renamed on {@link #close()}, so a run that is never closed
 * leaves no CSV or MCAP under a final name. Thread-safe (calls are serialised).
 */
public final class RecordingSink implements Recorder {
    private static final Set<String> IMU_TYPES = Set.of("imu", "accelerometer", "gyroscope", "magnetometer");

    private final Path outDir;
    private final Set<OutputFormat> formats;
    private final McapWriter mcap;
    private final Map<String, List<String>> legends = new java.util.HashMap<>();
    private final Ros2Topics topics;
    private final int lidarFrameStride;
    private final Map<String, Long> frames = new LinkedHashMap<>();
    private final List<Path> files = new ArrayList<>();
    private final Map<String, Scalar> scalars = new LinkedHashMap<>();
    private long points;
    private boolean closed;

    /** Per scalar sensor: its CSV stream, plot series and MCAP channel. */
    private static final class Scalar {
        List<String> names, units;
        AtomicFiles.Pending csv;
        ScalarSeries series;
    }

    /**
     * How a run is recorded beyond the formats.
     *
     * @param lidarFrameStride every n-th frame of each lidar goes to the per-frame point files (n >= 1)
     * @param mcapCompression  MCAP chunk compression: {@code zstd} or {@code none}
     * @param mcapChunkSize    uncompressed bytes per MCAP chunk (1 KiB to 1 GiB)
     */
    public record Options(int lidarFrameStride, String mcapCompression, int mcapChunkSize) {
        /** Every frame to files, zstd chunks of 4 MiB. */
        public static final Options DEFAULT = new Options(1, "zstd", McapWriter.DEFAULT_CHUNK_SIZE);

        /** @throws IllegalArgumentException naming a value out of range */
        public Options {
            if (lidarFrameStride < 1) {
                throw new IllegalArgumentException("lidarFrameStride must be >= 1, got " + lidarFrameStride);
            }
            if (!List.of("zstd", "none").contains(mcapCompression)) {
                throw new IllegalArgumentException("MCAP compression must be zstd or none, got '" + mcapCompression + "'");
            }
            if (mcapChunkSize < 1024 || mcapChunkSize > 1 << 30) {
                throw new IllegalArgumentException("MCAP chunk size must be 1 KiB to 1 GiB, got " + mcapChunkSize + " bytes");
            }
        }
    }

    /** A sink with {@link Options#DEFAULT}. */
    public RecordingSink(Path outDir, Set<OutputFormat> formats) throws IOException {
        this(outDir, formats, Options.DEFAULT);
    }

    /**
     * Creates {@code outDir} when missing and checks that it is writable.
     *
     * @throws IllegalArgumentException when {@code formats} is empty or holds null, or {@code outDir} or
     *                                  {@code options} is null
     * @throws IOException              naming the folder when it cannot be created or written
     */
    public RecordingSink(Path outDir, Set<OutputFormat> formats, Options options) throws IOException {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        if (outDir == null) {
            throw new IllegalArgumentException("outDir must not be null");
        }
        if (formats == null || formats.isEmpty() || formats.stream().anyMatch(java.util.Objects::isNull)) {
            throw new IllegalArgumentException(
                    "formats must name at least one of " + List.of(OutputFormat.values()) + ", got " + formats);
        }
        this.outDir = outDir.toAbsolutePath().normalize();
        this.formats = Collections.unmodifiableSet(EnumSet.copyOf(formats));
        try {
            Files.createDirectories(this.outDir);
        } catch (IOException e) {
            throw new IOException("cannot create output directory " + this.outDir + ": " + e, e);
        }
        try {
            Files.delete(Files.createTempFile(this.outDir, ".probe", AtomicFiles.TEMP_SUFFIX));
        } catch (IOException e) {
            throw new IOException("output directory " + this.outDir + " is not writable: " + e, e);
        }
        lidarFrameStride = options.lidarFrameStride();
        mcap = this.formats.contains(OutputFormat.MCAP) ? new McapWriter(this.outDir.resolve("run.mcap"), "ros2",
                "none".equals(options.mcapCompression()) ? "" : options.mcapCompression(), options.mcapChunkSize()) : null;
        topics = mcap == null ? null : new Ros2Topics(mcap);
    }

    /** The formats written. */
    public Set<OutputFormat> formats() {
        return formats;
    }

    /**
     * Writes one frame (see the class comment).
     *
     * @throws IllegalStateException after {@link #close()}
     * @throws UncheckedIOException  when a file cannot be written (naming it)
     */
    @Override
    public synchronized void accept(SensorFrame frame) {
        if (closed) {
            throw new IllegalStateException("RecordingSink for " + outDir + " is closed");
        }
        if (frame == null) {
            throw new IllegalArgumentException("frame must not be null");
        }
        frames.merge(frame.sensorId(), 1L, Long::sum);
        try {
            if (frame.data() instanceof LidarOutput lidar) {
                lidar(frame, lidar);
            } else if (frame.data() instanceof Channels channels) {
                scalar(frame, channels);
            } else if (frame.data() instanceof sensor.api.camera.CameraImage image) {
                image(frame, image);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write frame " + frame.index() + " of " + frame.sensorId()
                    + " under " + outDir + ": " + e.getMessage(), e);
        }
    }

    private void lidar(SensorFrame frame, LidarOutput out) throws IOException {
        Points p = Points.of(out);
        if (p == null) {
            System.getLogger(RecordingSink.class.getName()).log(System.Logger.Level.WARNING,
                    "lidar " + frame.sensorId() + " has no XYZ_VEC3_F32 field: no point files written");
            return;
        }
        String id = fileName(frame.sensorId());
        Path dir = outDir.resolve(id);
        String base = id + "-" + String.format(java.util.Locale.ROOT, "%06d", frame.index());
        boolean any = false;
        if (mcap != null) {
            topics.points(frame, p);
            any = true;
        }
        if ((frame.index() - 1) % lidarFrameStride != 0) { // thinned: point files for every n-th frame only
            points += any ? p.n : 0;
            return;
        }
        if (formats.contains(OutputFormat.PCD_BINARY)) {
            atomic(dir.resolve(base + ".pcd"), o -> PointCloudFiles.writePcd(p, true, o));
            any = true;
        }
        if (formats.contains(OutputFormat.PCD_ASCII)) {
            atomic(dir.resolve(base + "-ascii.pcd"), o -> PointCloudFiles.writePcd(p, false, o));
            any = true;
        }
        if (formats.contains(OutputFormat.PLY)) {
            atomic(dir.resolve(base + ".ply"), o -> PointCloudFiles.writePly(p, frame.sensorId(), o));
            any = true;
        }
        if (formats.contains(OutputFormat.LAS)) {
            atomic(dir.resolve(base + ".las"), o -> PointCloudFiles.writeLas(p, o));
            any = true;
        }
        if (formats.contains(OutputFormat.PNG)) {
            atomic(dir.resolve(base + "-range.png"), o -> Previews.png(Previews.rangeImage(p), o));
            atomic(dir.resolve(base + "-bev.png"),
                    o -> Previews.png(Previews.birdsEye(p, frame.sensorId() + " #" + frame.index()), o));
            any = true;
        }
        if (formats.contains(OutputFormat.CSV) && out.offset(sensor.api.lidar.OutputField.RADIAL_VELOCITY_F32) >= 0) {
            atomic(dir.resolve(base + ".csv"), o -> PointCloudFiles.writeDetections(p, o));
            any = true;
        }
        if (any) {
            points += p.n;
        }
    }

    /** A camera frame: images in png, Image and CameraInfo messages in mcap. */
    private void image(SensorFrame frame, sensor.api.camera.CameraImage img) throws IOException {
        if (mcap != null) {
            topics.image(frame, img);
        }
        if (formats.contains(OutputFormat.PNG)) {
            String id = fileName(frame.sensorId());
            Path dir = outDir.resolve(id);
            String base = id + "-" + String.format(java.util.Locale.ROOT, "%06d", frame.index());
            atomic(dir.resolve(base + ".png"), o -> sensor.io.CameraFiles.rgb(img, o));
            atomic(dir.resolve(base + "-depth.png"), o -> sensor.io.CameraFiles.depth(img, o));
            atomic(dir.resolve(base + "-labels.png"), o -> sensor.io.CameraFiles.labels(img, o));
            if (!img.objectIds().equals(legends.put(frame.sensorId(), img.objectIds()))) { // once, and when objects change
                Path legend = dir.resolve("labels.json");
                files.remove(legend);
                atomic(legend, o -> o.write(sensor.io.CameraFiles.legend(img.objectIds())));
            }
        }
    }

    private void scalar(SensorFrame frame, Channels c) throws IOException {
        Scalar s = scalars.get(frame.sensorId());
        if (s == null) {
            s = new Scalar();
            s.names = c.names();
            s.units = c.units();
            scalars.put(frame.sensorId(), s);
            if (formats.contains(OutputFormat.CSV)) {
                s.csv = AtomicFiles.open(outDir.resolve(fileName(frame.sensorId()) + ".csv"));
                StringBuilder h = new StringBuilder("time [s]");
                for (int i = 0; i < s.names.size(); i++) {
                    h.append(',').append(csvCell(s.names.get(i) + " [" + s.units.get(i) + "]"));
                }
                s.csv.out().write(h.append('\n').toString().getBytes(StandardCharsets.UTF_8));
            }
            boolean imu = IMU_TYPES.contains(frame.typeId()) || s.names.stream().anyMatch(
                    n -> n.startsWith("acc.") || n.startsWith("gyro.") || n.startsWith("mag."));
            if (imu && formats.contains(OutputFormat.PNG)) {
                s.series = new ScalarSeries(s.names, s.units);
            }
        }
        if (!c.names().equals(s.names)) {
            throw new IllegalArgumentException("sensor " + frame.sensorId() + " changed its channels from "
                    + s.names + " to " + c.names());
        }
        double[] v = c.values();
        if (s.csv != null) {
            StringBuilder row = new StringBuilder().append(frame.time());
            for (double x : v) {
                row.append(',');
                if (!Double.isNaN(x)) { // no value: an empty cell
                    row.append(x);
                }
            }
            s.csv.out().write(row.append('\n').toString().getBytes(StandardCharsets.UTF_8));
        }
        if (s.series != null) {
            s.series.add(frame.time(), v);
        }
        if (topics != null) {
            topics.channels(frame, c);
        }
    }

    /**
     * Completes the CSV files, the MCAP file and the IMU plots (renaming them into place). Idempotent. Every
     * output is attempted even when one fails; the first failure is then thrown.
     *
     * @throws UncheckedIOException when an output cannot be completed
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<IOException> errors = new ArrayList<>();
        for (Map.Entry<String, Scalar> e : scalars.entrySet()) {
            Scalar s = e.getValue();
            if (s.csv != null) {
                try {
                    s.csv.commit();
                    files.add(s.csv.target());
                } catch (IOException x) {
                    s.csv.abort();
                    errors.add(new IOException("cannot complete " + s.csv.target() + ": " + x, x));
                }
            }
            if (s.series != null && s.series.count() > 0) {
                Path plot = outDir.resolve(fileName(e.getKey()) + "-plot.png");
                try {
                    atomic(plot, o -> Previews.png(Previews.plot(e.getKey() + " — signals over the run",
                            s.series.time(), s.series.count(), s.series.panels()), o));
                } catch (IOException x) {
                    errors.add(new IOException("cannot write " + plot + ": " + x, x));
                }
            }
        }
        if (mcap != null) {
            Path run = outDir.resolve("run.mcap");
            Path metadata = outDir.resolve("metadata.yaml");
            try {
                mcap.close();
                files.add(run);
                String yaml = Rosbag2Metadata.of("run.mcap", mcap);
                atomic(metadata, o -> o.write(yaml.getBytes(StandardCharsets.UTF_8)));
            } catch (IOException x) {
                errors.add(new IOException("cannot complete " + (files.contains(run) ? metadata : run) + ": " + x, x));
            }
        }
        if (!errors.isEmpty()) {
            IOException first = errors.get(0);
            errors.subList(1, errors.size()).forEach(first::addSuppressed);
            throw new UncheckedIOException(first);
        }
    }

    /**
     * Adds a Metadata record to {@code run.mcap} (when MCAP is written and the sink is open); other formats have no
     * place for it.
     *
     * @throws UncheckedIOException when it cannot be written
     */
    @Override
    public synchronized void metadata(String name, Map<String, String> entries) {
        if (mcap == null || closed) {
            return;
        }
        try {
            mcap.metadata(name, entries);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write metadata '" + name + "' to run.mcap: " + e.getMessage(), e);
        }
    }

    /** Records the mounts as {@code /tf_static} in {@code run.mcap} (when MCAP is written and the sink is open). */
    @Override
    public synchronized void mounts(double time, Map<String, sensor.api.sensor.SensorMount> mounts) {
        if (topics == null || closed) {
            return;
        }
        try {
            topics.mounts(time, mounts);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sensor mounts to run.mcap: " + e.getMessage(), e);
        }
    }

    /** Removes the streams still being written (CSV, MCAP); per-frame files already complete stay. */
    @Override
    public synchronized void abort() {
        if (closed) {
            return;
        }
        closed = true;
        scalars.values().stream().filter(s -> s.csv != null).forEach(s -> s.csv.abort());
        if (mcap != null) {
            mcap.abort();
        }
    }

    /** What was written so far (complete after {@link #close()}). */
    @Override
    public synchronized Summary summary() {
        return new Summary(frames, points, files);
    }

    private void atomic(Path target, AtomicFiles.Body body) throws IOException {
        Files.createDirectories(target.getParent());
        AtomicFiles.write(target, body);
        files.add(target);
    }

    /** A sensor id as a safe file name: characters other than letters, digits, '.', '_', '-' become '_'. */
    public static String fileName(String sensorId) {
        String s = sensorId.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() || s.chars().allMatch(ch -> ch == '.') ? "_" + s : s;
    }

    private static String csvCell(String s) {
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
