package sensor.io.kitti;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.io.FrameWriter;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.sensor.SensorFrame;
import sensor.io.Fixtures;

/**
 * The KITTI layout read back as KITTI loaders read it: {@code .bin} scans of float32 x, y, z, intensity,
 * {@code times.txt}, and {@code poses.txt} against the closed form of the relative pose.
 */
class KittiWriterTest {
    @TempDir
    Path dir;

    /** The lidar's world pose at scan k: yawed by 10° k, at (k, 0, 0). */
    static Pose pose(int k) {
        return new Pose(new Vec3(k, 0, 0), Quat.axisAngle(new Vec3(0, 0, 1), Math.toRadians(10 * k)));
    }

    static double[] numbers(String line) {
        return Arrays.stream(line.trim().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
    }

    @Test
    void scansTimesAndPosesAsKittiLoadersReadThem() throws Exception {
        List<OutputField> fields = List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32, OutputField.IS_HIT_I32);
        FrameWriter.Writer w = new KittiWriter().open(dir, 1);
        for (int k = 1; k <= 3; k++) {
            PointCloud o = Fixtures.lidar(fields, k);
            PointCloud posed = new PointCloud(o.fields(), o.count(), o.data(), pose(k));
            w.pointCloud(new SensorFrame("os 1", "lidar", k, 0.025 + 0.1 * k, 0.045 + 0.1 * k, posed), posed);
        }
        List<Path> files = w.close();
        Path seq = dir.resolve("kitti").resolve("os_1");
        assertEquals(6, files.size(), files.toString());

        byte[] scan = Files.readAllBytes(seq.resolve("velodyne").resolve("000001.bin"));
        int hits = Fixtures.RINGS * Fixtures.COLS * 7 / 8; // every 8th column is a miss
        assertEquals(16 * hits, scan.length);
        ByteBuffer b = ByteBuffer.wrap(scan).order(ByteOrder.LITTLE_ENDIAN);
        for (int ring = 0; ring < 3; ring++) { // column 0, rings 0..2: x y z intensity of scan 2
            assertArrayEquals(new float[] {Fixtures.x(ring, 0, 2), Fixtures.y(ring, 0, 2), Fixtures.z(ring, 0, 2),
                Fixtures.intensity(ring, 0)}, new float[] {b.getFloat(), b.getFloat(), b.getFloat(), b.getFloat()});
        }

        List<String> times = Files.readAllLines(seq.resolve("times.txt"));
        assertEquals(3, times.size());
        for (int k = 1; k <= 3; k++) {
            assertEquals(0.025 + 0.1 * k, Double.parseDouble(times.get(k - 1)), 1e-6);
        }

        List<String> poses = Files.readAllLines(seq.resolve("poses.txt"));
        assertArrayEquals(new double[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}, numbers(poses.get(0)), 1e-6);
        // scan 3 relative to scan 1: rotated by 20° about z, translated by (2, 0, 0) seen from scan 1 (yawed 10°)
        double c = Math.cos(Math.toRadians(20)), s = Math.sin(Math.toRadians(20));
        double tx = 2 * Math.cos(Math.toRadians(10)), ty = -2 * Math.sin(Math.toRadians(10));
        assertArrayEquals(new double[] {c, -s, 0, tx, s, c, 0, ty, 0, 0, 1, 0}, numbers(poses.get(2)), 1e-6);
        assertEquals(List.of("Tr: 1 0 0 0 0 1 0 0 0 0 1 0"), Files.readAllLines(seq.resolve("calib.txt")));
    }
}
