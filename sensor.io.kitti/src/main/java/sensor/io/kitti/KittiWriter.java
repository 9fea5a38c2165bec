package sensor.io.kitti;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.osgi.service.component.annotations.Component;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.io.FrameWriter;
import sensor.api.frame.PointCloud;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.AtomicFiles;
import sensor.io.files.LiveFile;
import sensor.io.files.OutputFiles;
import sensor.io.files.Points;

/**
 * The KITTI odometry layout (format id {@code kitti}), per lidar under {@code kitti/<lidar>/}: {@code velodyne/NNNNNN.bin}
 * (float32 x, y, z, intensity per point, little-endian; hits with finite coordinates; scans numbered from 000000 in
 * the order written), {@code times.txt} (the measurement time of each scan, s), {@code poses.txt} (per scan the 3×4
 * row-major pose of the lidar relative to its first scan) and {@code calib.txt} ({@code Tr} identity: the poses are
 * already the lidar's), so KITTI and SemanticKITTI loaders read a run unchanged. The lidar frame follows the
 * sensor convention (x forward, y left, z up), as KITTI's velodyne frame does.
 */
@Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=kitti")
public final class KittiWriter implements FrameWriter {
    @Override
    public Writer open(Path outDir, int lidarFrameStride) {
        return new Sequences(outDir.resolve("kitti"), lidarFrameStride);
    }

    /** One sequence per lidar. */
    private static final class Sequences implements Writer {
        private final Path root;
        private final int stride;
        private final Map<String, Sequence> sequences = new LinkedHashMap<>();
        private final List<Path> files = new ArrayList<>();

        Sequences(Path root, int stride) {
            this.root = root;
            this.stride = stride;
        }

        @Override
        public void pointCloud(SensorFrame frame, PointCloud cloud) throws IOException {
            if ((frame.index() - 1) % stride != 0) {
                return;
            }
            Points p = Points.of(cloud);
            if (p == null) {
                return;
            }
            Sequence s = sequences.get(frame.sensorId());
            if (s == null) {
                s = new Sequence(root.resolve(OutputFiles.fileName(frame.sensorId())));
                sequences.put(frame.sensorId(), s);
            }
            ByteBuffer b = ByteBuffer.allocate(16 * p.n).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < p.n; i++) {
                b.putFloat(p.x[i]).putFloat(p.y[i]).putFloat(p.z[i]).putFloat(p.intensity == null ? 0 : p.intensity[i]);
            }
            Path bin = s.dir.resolve("velodyne").resolve(String.format(Locale.ROOT, "%06d.bin", s.scans++));
            Files.createDirectories(bin.getParent());
            AtomicFiles.write(bin, o -> o.write(b.array()));
            files.add(bin);
            s.times.line(String.format(Locale.ROOT, "%e", frame.time()));
            Pose pose = cloud.pose() == null ? Pose.IDENTITY : cloud.pose();
            if (s.first == null) {
                s.first = pose;
            }
            s.poses.line(row(s.first.inverse().compose(pose)));
        }

        @Override
        public List<Path> close() throws IOException {
            for (Sequence s : sequences.values()) {
                s.times.close();
                s.poses.close();
                AtomicFiles.write(s.dir.resolve("calib.txt"),
                        o -> o.write("Tr: 1 0 0 0 0 1 0 0 0 0 1 0\n".getBytes(StandardCharsets.US_ASCII)));
                files.addAll(List.of(s.times.target(), s.poses.target(), s.dir.resolve("calib.txt")));
            }
            return files;
        }

        @Override
        public void abort() {
            for (Sequence s : sequences.values()) {
                try {
                    s.times.close();
                    s.poses.close();
                } catch (IOException ignored) {
                    // the run failed already; the lines up to the last flush stay
                }
            }
        }
    }

    /** A lidar's sequence folder, its open times and poses, and its first pose. */
    private static final class Sequence {
        final Path dir;
        final LiveFile times, poses;
        int scans;
        Pose first;

        Sequence(Path dir) throws IOException {
            this.dir = Files.createDirectories(dir);
            times = new LiveFile(dir.resolve("times.txt"));
            poses = new LiveFile(dir.resolve("poses.txt"));
        }
    }

    /** A pose as KITTI's 3×4 row-major [R | t] line. */
    static String row(Pose p) {
        Quat q = p.rotation();
        Vec3[] columns = {q.rotate(new Vec3(1, 0, 0)), q.rotate(new Vec3(0, 1, 0)), q.rotate(new Vec3(0, 0, 1))};
        double[][] r = new double[3][];
        for (int i = 0; i < 3; i++) {
            r[i] = new double[] {component(columns[0], i), component(columns[1], i), component(columns[2], i)};
        }
        Vec3 t = p.position();
        return String.format(Locale.ROOT, "%e %e %e %e %e %e %e %e %e %e %e %e", r[0][0], r[0][1], r[0][2], t.x(),
                r[1][0], r[1][1], r[1][2], t.y(), r[2][0], r[2][1], r[2][2], t.z());
    }

    private static double component(Vec3 v, int i) {
        return i == 0 ? v.x() : i == 1 ? v.y() : v.z();
    }
}
