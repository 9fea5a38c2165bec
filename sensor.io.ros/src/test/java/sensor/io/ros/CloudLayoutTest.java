package sensor.io.ros;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.io.Recorder;
import sensor.api.frame.CloudLayout;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.frame.PointBuffer;
import sensor.api.sensor.SensorFrame;
import sensor.io.Fixtures;
import sensor.io.NodeReader;

/**
 * The vendor PointCloud2 layouts, read back by {@code @mcap/core} + {@code @foxglove/rosmsg2-serialization}: names,
 * offsets, types and point step as the vendors' ROS 2 drivers publish them (velodyne_pointcloud {@code PointXYZIRT},
 * ouster-ros {@code ouster_ros::Point}, livox_ros_driver2's custom cloud), and each value against the point written
 * here: times relative to the scan's first point, ranges in mm, calibrated reflectivity from the Lambertian intensity.
 */
class CloudLayoutTest {
    /** Three points: a 20 % Lambertian target head-on (intensity 0.2/π), a faint one, a retro-reflector. */
    static final float[][] XYZ = {{3, 4, 0}, {-6, 0, 8}, {1, 2, 2}};
    static final float[] INTENSITY = {(float) (0.2 / Math.PI), 0.004f, 3f};
    static final int[] RING = {7, 0, 15};
    static final double T0 = 12.5;
    static final double[] TIME = {T0 + 2.304e-6, T0, T0 + 55.296e-6};

    /**
     * The retro-reflector's reflectivity 3π ≈ 9.42 encoded over the four decades above 1: 101 + 154 · log10(3π) / 4 =
     * 138.5 (Velodyne, Ouster), 151 + 104 · log10(3π) / 4 = 176.3 (Livox).
     */
    static final double RETRO_100 = 139, RETRO_150 = 176;

    @TempDir
    Path dir;

    /** Records one frame of the three points in {@code layout} to MCAP and reads it back. */
    private Map<String, String> record(CloudLayout layout) throws IOException, InterruptedException {
        return record(layout.id(), cloud(layout));
    }

    /** Records {@code cloud} as one frame of lidar {@code id} to MCAP and reads it back. */
    private Map<String, String> record(String id, PointCloud cloud) throws IOException, InterruptedException {
        Recorder sink = Fixtures.record(dir, "mcap");
        sink.accept(new SensorFrame(id, "lidar", 1, T0 + 0.1, T0 + 0.1, cloud));
        sink.close();
        return NodeReader.read("mcap-read.mjs", dir.resolve("run.mcap"));
    }

    /** The three points: position, intensity and firing time. */
    static PointBuffer points() {
        PointBuffer p = new PointBuffer(3);
        for (int i = 0; i < 3; i++) {
            System.arraycopy(XYZ[i], 0, p.xyz, 3 * i, 3);
            p.intensity[i] = INTENSITY[i];
            p.times[i] = TIME[i];
        }
        p.count(3);
        return p;
    }

    static PointCloud cloud(CloudLayout layout) {
        PointBuffer p = points();
        System.arraycopy(RING, 0, p.ints(OutputField.RING_ID_U16), 0, 3);
        return new PointCloud(List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32, OutputField.RING_ID_U16,
                OutputField.TIME_STAMP_F64), p, null, layout);
    }

    private static double[] point(Map<String, String> read, String topic, int i) {
        return NodeReader.numbers(read.get("first./" + topic + "/points.point." + i));
    }

    @Test
    void velodyneIsPointXYZIRT() throws Exception {
        Map<String, String> read = record(CloudLayout.VELODYNE);
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:12:7:1 ring:16:4:1 time:18:7:1", read.get("first./velodyne/points.fields"));
        assertEquals("1 3 22 66 66", read.get("first./velodyne/points.size"));
        // intensity: the calibrated reflectivity, 0–100 for 0–100 % Lambertian, retro-reflectors 101–255
        assertArrayEquals(new double[] {3, 4, 0, 20, 7, (float) 2.304e-6}, point(read, "velodyne", 0), 1e-12);
        assertArrayEquals(new double[] {-6, 0, 8, 1, 0, 0}, point(read, "velodyne", 1), 1e-12);
        assertArrayEquals(new double[] {1, 2, 2, RETRO_100, 15, (float) 55.296e-6}, point(read, "velodyne", 2), 1e-12);
    }

    @Test
    void ousterIsOusterRosPoint() throws Exception {
        Map<String, String> read = record(CloudLayout.OUSTER);
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:16:7:1 t:20:6:1 reflectivity:24:4:1 ring:26:4:1 ambient:28:4:1 "
                + "range:32:6:1", read.get("first./ouster/points.fields"));
        assertEquals("1 3 48 144 144", read.get("first./ouster/points.size"));
        // t in ns since the first point, range in mm (|(3,4,0)| = 5 m, |(-6,0,8)| = 10 m, |(1,2,2)| = 3 m)
        assertArrayEquals(new double[] {3, 4, 0, INTENSITY[0], 2304, 20, 7, 0, 5000}, point(read, "ouster", 0), 1e-12);
        assertArrayEquals(new double[] {-6, 0, 8, INTENSITY[1], 0, 1, 0, 0, 10000}, point(read, "ouster", 1), 1e-12);
        assertArrayEquals(new double[] {1, 2, 2, 3, 55296, RETRO_100, 15, 0, 3000}, point(read, "ouster", 2), 1e-12);
    }

    @Test
    void livoxIsLivoxRosDriver2Cloud() throws Exception {
        Map<String, String> read = record(CloudLayout.LIVOX);
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:12:7:1 tag:16:2:1 line:17:2:1 timestamp:18:8:1",
                read.get("first./livox/points.fields"));
        assertEquals("1 3 26 78 78", read.get("first./livox/points.size"));
        // intensity: Livox's reflectivity, 0–150 for 0–100 % Lambertian; timestamp: absolute, ns
        assertArrayEquals(new double[] {3, 4, 0, 30, 0, 7, 12_500_002_304.0}, point(read, "livox", 0), 1e-12);
        assertArrayEquals(new double[] {-6, 0, 8, 2, 0, 0, 12_500_000_000.0}, point(read, "livox", 1), 1e-12);
        assertArrayEquals(new double[] {1, 2, 2, RETRO_150, 0, 15, 12_500_055_296.0}, point(read, "livox", 2), 1e-12);
    }

    /** With the lidar's calibrated reflectivity field, the vendor layouts carry it instead of π · intensity. */
    @Test
    void theCalibratedReflectivityFieldIsWhatTheVendorLayoutsReport() throws Exception {
        PointBuffer p = points();
        System.arraycopy(new float[] {0.5f, 1.0f, 1e4f}, 0, p.floats(OutputField.REFLECTIVITY_F32), 0, 3);
        Map<String, String> read = record("ouster", new PointCloud(List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32,
                OutputField.TIME_STAMP_F64, OutputField.REFLECTIVITY_F32), p, null, CloudLayout.OUSTER));
        assertEquals(50, point(read, "ouster", 0)[5], "50 % Lambertian");
        assertEquals(100, point(read, "ouster", 1)[5], "100 % Lambertian");
        assertEquals(255, point(read, "ouster", 2)[5], "10⁴: the top of the retro-reflector scale");
    }

    @Test
    void genericKeepsEveryFieldAtItsAlignment() throws Exception {
        Map<String, String> read = record(CloudLayout.GENERIC);
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:12:7:1 ring:16:4:1 time:24:8:1", read.get("first./generic/points.fields"));
        assertArrayEquals(new double[] {3, 4, 0, INTENSITY[0], 7, TIME[0]}, point(read, "generic", 0), 1e-12);
    }

    @Test
    void layoutsAreNamedAndChosenByVendor() {
        assertEquals(CloudLayout.VELODYNE, CloudLayout.of("Velodyne"));
        assertEquals(CloudLayout.OUSTER, CloudLayout.ofVendor("Ouster"));
        assertEquals(CloudLayout.LIVOX, CloudLayout.ofVendor("livox"));
        assertEquals(CloudLayout.GENERIC, CloudLayout.ofVendor("Hesai"), "no vendor layout: the generic one");
        assertEquals(CloudLayout.GENERIC, CloudLayout.ofVendor("generic"));
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> CloudLayout.of("sick"));
        assertEquals("cloudLayout 'sick' is unknown; the layouts: [generic, velodyne, ouster, livox]", e.getMessage());
    }
}
