package sensor.io.ros;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.io.Recorder;
import sensor.api.geom.Pose;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.io.Fixtures;
import sensor.io.NodeReader;

/**
 * One recorded run in every format, each file checked by an independent third-party reader run with node:
 * {@code @mcap/core} (+ {@code @foxglove/rosmsg2-serialization}) for MCAP, {@code @loaders.gl/pcd} for PCD,
 * {@code @loaders.gl/ply} for PLY, the {@code copc} package's LAS reader for LAS 1.4; CSV and PNG with the
 * JDK ({@code ImageIO}).
 */
class FormatWritersTest {
    static final int LIDAR_FRAMES = 3, IMU_FRAMES = 50, ENC_FRAMES = 20;
    static final int N = Fixtures.RINGS * Fixtures.COLS;

    @TempDir
    static Path dir;
    static Recorder.Summary summary;

    /** Distinct delivery times of the recorded frames: one /clock message each. */
    static long clockTicks;

    @BeforeAll
    static void record() throws IOException {
        Recorder sink = Fixtures.record(dir, Fixtures.ALL_FORMATS);
        List<SensorFrame> frames = new ArrayList<>();
        for (int k = 0; k < IMU_FRAMES; k++) {
            frames.add(Fixtures.imuFrame("imu1", k));
            if (k % 10 == 4 && k / 10 < LIDAR_FRAMES) {
                frames.add(Fixtures.lidarFrame("lidar1", k / 10, Fixtures.FULL));
            }
            if (k < ENC_FRAMES) {
                frames.add(Fixtures.encoderFrame("enc1", k));
            }
        }
        frames.sort(Comparator.comparingDouble(SensorFrame::deliveredAt)); // in delivery order, as the environment delivers
        sink.mounts(0, Map.of("lidar1", SensorMount.on("rig", Pose.translation(0.5, 0, 2)), "imu1",
                SensorMount.world(Pose.translation(1, 2, 3))));
        frames.forEach(sink::accept);
        clockTicks = frames.stream().mapToDouble(SensorFrame::deliveredAt).distinct().count();
        sink.close();
        sink.close(); // idempotent
        summary = sink.summary();
    }

    static Path lidarFile(int frame, String suffix) {
        return dir.resolve("lidar1").resolve(String.format("lidar1-%06d%s", frame, suffix));
    }

    /** Point i of the fixture in the order written (column-major, ring fastest). */
    static int ring(int i) {
        return i % Fixtures.RINGS;
    }

    static int col(int i) {
        return i / Fixtures.RINGS;
    }

    static void assertPoint(int frame, int i, double[] v) {
        assertEquals(Fixtures.x(ring(i), col(i), frame), (float) v[0], "x of point " + i);
        assertEquals(Fixtures.y(ring(i), col(i), frame), (float) v[1], "y of point " + i);
        assertEquals(Fixtures.z(ring(i), col(i), frame), (float) v[2], "z of point " + i);
    }

    @Test
    void summaryCountsFramesPointsAndFiles() {
        assertEquals(Map.of("lidar1", (long) LIDAR_FRAMES, "imu1", (long) IMU_FRAMES, "enc1", (long) ENC_FRAMES),
                summary.frames());
        assertEquals((long) LIDAR_FRAMES * N, summary.points());
        // per lidar frame: pcd, ascii pcd, ply, las, range png, bev png; then 2 CSV, 1 plot, run.mcap, metadata.yaml
        assertEquals(LIDAR_FRAMES * 6 + 2 + 1 + 2, summary.files().size(), summary.files()::toString);
        for (Path f : summary.files()) {
            assertTrue(Files.isRegularFile(f), f::toString);
        }
        assertTrue(summary.files().contains(dir.resolve("run.mcap")));
        assertTrue(summary.files().contains(dir.resolve("imu1-plot.png")));
        assertTrue(summary.files().contains(lidarFile(2, "-ascii.pcd")));
    }

    @Test
    void noTemporaryFilesAfterClose() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> tmp = s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
            assertEquals(List.of(), tmp);
        }
    }

    @Test
    void pcdBinaryReadByLoadersGl() throws Exception {
        Map<String, String> m = NodeReader.read("pcd-read.mjs", lidarFile(1, ".pcd"));
        assertEquals("0.7", m.get("version"));
        assertEquals("binary", m.get("data"));
        assertEquals("x y z intensity ring time", m.get("fields"));
        assertEquals("4 4 4 4 2 8", m.get("size"));
        assertEquals("F F F F U F", m.get("type"));
        assertEquals("1 1 1 1 1 1", m.get("count"));
        assertEquals(String.valueOf(N), m.get("width"));
        assertEquals("1", m.get("height"));
        assertEquals("0 0 0 1 0 0 0", m.get("viewpoint"));
        assertEquals(String.valueOf(N), m.get("points"));
        assertEquals(String.valueOf(N), m.get("positions"));
        for (int i = 0; i < 3; i++) {
            assertPoint(1, i, NodeReader.numbers(m.get("point." + i)));
        }
    }

    @Test
    void pcdAsciiReadByLoadersGl() throws Exception {
        Map<String, String> m = NodeReader.read("pcd-read.mjs", lidarFile(0, "-ascii.pcd"));
        assertEquals("ascii", m.get("data"));
        assertEquals("x y z intensity ring time", m.get("fields"));
        assertEquals(String.valueOf(N), m.get("positions"));
        for (int i = 0; i < 3; i++) {
            assertPoint(0, i, NodeReader.numbers(m.get("point." + i)));
        }
        // the values in the text round-trip exactly: check one whole line ourselves
        List<String> lines = Files.readAllLines(lidarFile(0, "-ascii.pcd"));
        String[] cols = lines.get(lines.indexOf("DATA ascii") + 5).split(" ");
        assertEquals(Fixtures.intensity(ring(4), col(4)), Float.parseFloat(cols[3]));
        assertEquals(ring(4), Integer.parseInt(cols[4]));
        assertEquals(Fixtures.time(ring(4), col(4), 0), Double.parseDouble(cols[5]));
    }

    @Test
    void plyReadByLoadersGl() throws Exception {
        Map<String, String> m = NodeReader.read("ply-read.mjs", lidarFile(2, ".ply"));
        assertEquals("binary_little_endian", m.get("format"));
        assertEquals("vertex:" + N + ":float/x,float/y,float/z,float/intensity,ushort/ring,double/time",
                m.get("elements"));
        assertEquals(String.valueOf(N), m.get("vertexCount"));
        assertTrue(m.get("attributes").contains("POSITION"), m.get("attributes"));
        for (int i = 0; i < 3; i++) {
            double[] v = NodeReader.numbers(m.get("point." + i));
            assertPoint(2, i, v);
            assertEquals(Fixtures.intensity(ring(i), col(i)), (float) v[3]);
            assertEquals(ring(i), (int) v[4]);
            // @loaders.gl/ply keeps custom properties as float32, even a double one (the header says double)
            assertEquals((float) Fixtures.time(ring(i), col(i), 2), (float) v[5]);
        }
    }

    @Test
    void lasReadByCopc() throws Exception {
        Map<String, String> m = NodeReader.read("las-read.mjs", lidarFile(1, ".las"));
        assertEquals("1.4", m.get("version"));
        assertEquals("6", m.get("pointDataRecordFormat"));
        assertEquals("36", m.get("pointDataRecordLength"));
        assertEquals(String.valueOf(N), m.get("pointCount"));
        assertEquals(String.valueOf(N), m.get("viewPointCount"));
        assertEquals(N, (int) NodeReader.numbers(m.get("pointCountByReturn"))[0]);
        assertEquals("375", m.get("headerLength"));
        assertEquals("LASF_Spec/4", m.get("vlrs"));
        assertEquals("ring:unsigned:2 intensity:float:4", m.get("extraBytes"));
        assertArrayEquals(new double[] {1e-4, 1e-4, 1e-4}, NodeReader.numbers(m.get("scale")));
        // bounds: independent of the writer, from the fixture
        double[] min = NodeReader.numbers(m.get("min")), max = NodeReader.numbers(m.get("max"));
        double[] lo = {1e9, 1e9, 1e9}, hi = {-1e9, -1e9, -1e9};
        for (int i = 0; i < N; i++) {
            double[] p = {Fixtures.x(ring(i), col(i), 1), Fixtures.y(ring(i), col(i), 1), Fixtures.z(ring(i), col(i), 1)};
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], p[k]);
                hi[k] = Math.max(hi[k], p[k]);
            }
        }
        for (int k = 0; k < 3; k++) {
            assertEquals(lo[k], min[k], 0.6e-4, "min " + k);
            assertEquals(hi[k], max[k], 0.6e-4, "max " + k);
        }
        for (int i = 0; i < 3; i++) {
            // X Y Z Intensity ReturnNumber NumberOfReturns GpsTime ring intensity
            double[] v = NodeReader.numbers(m.get("point." + i));
            assertEquals(Fixtures.x(ring(i), col(i), 1), v[0], 0.6e-4);
            assertEquals(Fixtures.y(ring(i), col(i), 1), v[1], 0.6e-4);
            assertEquals(Fixtures.z(ring(i), col(i), 1), v[2], 0.6e-4);
            assertEquals(Math.round(Fixtures.intensity(ring(i), col(i)) * 65535.0), (long) v[3]);
            assertEquals(1, v[4]);
            assertEquals(1, v[5]);
            assertEquals(Fixtures.time(ring(i), col(i), 1), v[6]);
            assertEquals(ring(i), (int) v[7]);
            assertEquals(Fixtures.intensity(ring(i), col(i)), (float) v[8]);
        }
    }

    @Test
    void mcapReadByMcapCoreAndRos2Deserializer() throws Exception {
        Map<String, String> m = NodeReader.read("mcap-read.mjs", dir.resolve("run.mcap"));
        assertEquals("ros2", m.get("profile"));
        // every frame through the chunk and message indexes: points, Imu and MagneticField per IMU sample, JointState per
        // encoder sample, a clock tick per delivery time, and the mounts on /tf_static
        long messages = LIDAR_FRAMES + 2 * IMU_FRAMES + ENC_FRAMES + clockTicks + 1;
        assertEquals(String.valueOf(messages), m.get("statistics.messageCount"));
        assertEquals(String.valueOf(messages), m.get("indexed.decoded"));
        assertEquals("6", m.get("statistics.schemaCount"));
        assertEquals("6", m.get("statistics.channelCount"));
        String tf = "last./tf_static.transforms.";
        assertEquals("world imu1 1 2 3 1", String.join(" ", m.get(tf + "0.header.frame_id"), m.get(tf + "0.child_frame_id"),
                m.get(tf + "0.transform.translation.x"), m.get(tf + "0.transform.translation.y"),
                m.get(tf + "0.transform.translation.z"), m.get(tf + "0.transform.rotation.w")));
        assertEquals("rig lidar1 0.5 2", String.join(" ", m.get(tf + "1.header.frame_id"), m.get(tf + "1.child_frame_id"),
                m.get(tf + "1.transform.translation.x"), m.get(tf + "1.transform.translation.z")));
        assertEquals("zstd", m.get("summary.compression"));
        assertEquals(m.get("statistics.chunkCount"), m.get("summary.chunkIndexes"));
        assertEquals("sensor_msgs/msg/PointCloud2 ros2msg cdr " + LIDAR_FRAMES, m.get("summary.channel./lidar1/points"));
        assertEquals("sensor_msgs/msg/Imu ros2msg cdr " + IMU_FRAMES, m.get("summary.channel./imu1/imu"));
        assertEquals("sensor_msgs/msg/MagneticField ros2msg cdr " + IMU_FRAMES, m.get("summary.channel./imu1/mag"));
        assertEquals("sensor_msgs/msg/JointState ros2msg cdr " + ENC_FRAMES, m.get("summary.channel./enc1/joint_states"));
        assertEquals("rosgraph_msgs/msg/Clock ros2msg cdr " + clockTicks, m.get("summary.channel./clock"));
        for (String topic : List.of("/lidar1/points", "/imu1/imu", "/imu1/mag", "/enc1/joint_states", "/clock")) {
            assertEquals(m.get("count." + topic), m.get("indexed.count." + topic), topic);
            assertEquals("true", m.get("indexed.monotonic." + topic), topic);
        }
        assertEquals("true", m.get("stream.done"));
        assertEquals("true", m.get("stream.dataEnd"));
        assertEquals("true", m.get("stream.footer"));
        assertEquals("true", m.get("stream.logTimeOrdered"));
        assertEquals(String.valueOf(LIDAR_FRAMES), m.get("count./lidar1/points"));
        assertEquals(String.valueOf(IMU_FRAMES), m.get("count./imu1/imu"));
        // the last samples, decoded: the encoder's joint, the magnetometer, the clock at the last delivery
        String j = "last./enc1/joint_states.";
        assertEquals("enc1", m.get(j + "name"));
        assertEquals(0.1 * (ENC_FRAMES - 1), Double.parseDouble(m.get(j + "position")));
        assertEquals(5.0, Double.parseDouble(m.get(j + "velocity")));
        assertEquals("", m.get(j + "effort"));
        double[] imuLast = Fixtures.imuValues(IMU_FRAMES - 1);
        assertEquals(imuLast[6], Double.parseDouble(m.get("last./imu1/mag.magnetic_field.x")));
        assertEquals(imuLast[7], Double.parseDouble(m.get("last./imu1/mag.magnetic_field.y")));
        assertEquals(imuLast[8], Double.parseDouble(m.get("last./imu1/mag.magnetic_field.z")));
        // covariances: diagonal, from the variances the IMU states (acc, gyro, mag)
        double[] var = Fixtures.IMU_VARIANCES;
        assertArrayEquals(new double[] {var[0], 0, 0, 0, var[1], 0, 0, 0, var[2]},
                NodeReader.numbers(m.get("last./imu1/imu.linear_acceleration_covariance")), 0.0);
        assertArrayEquals(new double[] {var[3], 0, 0, 0, var[4], 0, 0, 0, var[5]},
                NodeReader.numbers(m.get("last./imu1/imu.angular_velocity_covariance")), 0.0);
        assertArrayEquals(new double[] {-1, 0, 0, 0, 0, 0, 0, 0, 0},
                NodeReader.numbers(m.get("last./imu1/imu.orientation_covariance")), 0.0);
        assertArrayEquals(new double[] {var[6], 0, 0, 0, var[7], 0, 0, 0, var[8]},
                NodeReader.numbers(m.get("last./imu1/mag.magnetic_field_covariance")), 0.0);
        assertEquals("0", m.get("last./clock.clock.sec"));
        assertEquals(String.valueOf(Math.round(((IMU_FRAMES - 1) * 0.01 + 0.002) * 1e9)), m.get("last./clock.clock.nanosec"));
        assertEquals("0", m.get("statistics.messageStartTime")); // encoder frame 0 delivered at 0
        assertEquals(m.get("last./clock.clock.nanosec"), m.get("statistics.messageEndTime")); // the last IMU delivery
        // PointCloud2 of lidar frame 0 (time 0.025 s)
        String pc = "first./lidar1/points.";
        assertEquals("sensor_msgs/msg/PointCloud2", m.get(pc + "schema"));
        assertEquals("0 25000000", m.get(pc + "stamp"));
        assertEquals("lidar1", m.get(pc + "frame_id"));
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:12:7:1 ring:16:4:1 time:24:8:1", m.get(pc + "fields"));
        assertEquals("1 " + N + " 32 " + 32 * N + " " + 32 * N, m.get(pc + "size"));
        assertEquals("true false", m.get(pc + "dense"));
        for (int i = 0; i < 3; i++) {
            double[] v = NodeReader.numbers(m.get(pc + "point." + i));
            assertPoint(0, i, v);
            assertEquals(Fixtures.intensity(ring(i), col(i)), (float) v[3]);
            assertEquals(ring(i), (int) v[4]);
            assertEquals(Fixtures.time(ring(i), col(i), 0), v[5]);
        }
        // Imu of sample 0
        String imu = "first./imu1/imu.";
        double[] v0 = Fixtures.imuValues(0);
        assertEquals("sensor_msgs/msg/Imu", m.get(imu + "schema"));
        assertEquals("0 0", m.get(imu + "stamp"));
        assertEquals("imu1", m.get(imu + "frame_id"));
        assertEquals("-1", m.get(imu + "orientation_covariance0"));
        assertArrayEquals(new double[] {v0[3], v0[4], v0[5]}, NodeReader.numbers(m.get(imu + "angular_velocity")), 0.0);
        assertArrayEquals(new double[] {v0[0], v0[1], v0[2]}, NodeReader.numbers(m.get(imu + "linear_acceleration")), 0.0);
        assertEquals(Fixtures.IMU_VARIANCES[3], Double.parseDouble(m.get(imu + "angular_velocity_covariance0")), 0.0);
    }

    /** The folder is a rosbag2 bag: metadata.yaml (format 5, storage mcap) agrees with the MCAP file's own reader. */
    @Test
    void rosbag2MetadataDescribesTheMcapFile() throws Exception {
        Map<String, String> m = NodeReader.read("mcap-read.mjs", dir.resolve("run.mcap"));
        var yaml = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(dir.resolve("metadata.yaml").toFile()).get("rosbag2_bagfile_information");
        assertEquals(5, yaml.get("version").asInt());
        assertEquals("mcap", yaml.get("storage_identifier").asText());
        assertEquals("run.mcap", yaml.get("relative_file_paths").get(0).asText());
        assertEquals(m.get("statistics.messageCount"), yaml.get("message_count").asText());
        assertEquals(m.get("statistics.messageStartTime"), yaml.get("starting_time").get("nanoseconds_since_epoch").asText());
        long duration = Long.parseLong(m.get("statistics.messageEndTime")) - Long.parseLong(m.get("statistics.messageStartTime"));
        assertEquals(duration, yaml.get("duration").get("nanoseconds").asLong());
        assertEquals(m.get("statistics.messageCount"), yaml.get("files").get(0).get("message_count").asText());
        var topics = yaml.get("topics_with_message_count");
        assertEquals(Integer.parseInt(m.get("statistics.channelCount")), topics.size());
        for (var t : topics) {
            var meta = t.get("topic_metadata");
            String topic = meta.get("name").asText();
            String[] channel = m.get("summary.channel." + topic).split(" "); // schema, encoding, message encoding, count
            assertEquals(channel[0], meta.get("type").asText(), topic);
            assertEquals("cdr", meta.get("serialization_format").asText(), topic);
            assertEquals(channel[3], t.get("message_count").asText(), topic);
            String qos = meta.get("offered_qos_profiles").asText();
            assertEquals(topic.equals("/tf_static"), qos.contains("durability: 1"), topic + ": " + qos); // latched
        }
    }

    @Test
    void csvHasHeaderWithUnitsAndOneRowPerFrame() throws IOException {
        List<String> imu = Files.readAllLines(dir.resolve("imu1.csv"));
        assertEquals("time [s],acc.x [m/s^2],acc.y [m/s^2],acc.z [m/s^2],gyro.x [rad/s],gyro.y [rad/s],"
                + "gyro.z [rad/s],mag.x [T],mag.y [T],mag.z [T]", imu.get(0));
        assertEquals(IMU_FRAMES + 1, imu.size());
        String[] row = imu.get(8).split(",");
        assertEquals(7 * 0.01, Double.parseDouble(row[0]));
        double[] v = Fixtures.imuValues(7);
        for (int c = 0; c < v.length; c++) {
            assertEquals(v[c], Double.parseDouble(row[c + 1]));
        }
        List<String> enc = Files.readAllLines(dir.resolve("enc1.csv"));
        assertEquals("time [s],position [rad],speed [rad/s]", enc.get(0));
        assertEquals(ENC_FRAMES + 1, enc.size());
        assertTrue(Files.notExists(dir.resolve("enc1-plot.png")), "no plot for a non-IMU sensor");
    }

    @Test
    void pngPreviewsAreReadable() throws IOException {
        BufferedImage range = ImageIO.read(lidarFile(0, "-range.png").toFile());
        assertNotNull(range);
        assertEquals(Fixtures.RINGS, range.getHeight());
        assertEquals(Fixtures.COLS, range.getWidth());
        // every cell has a return: nothing is black, and the farthest ring (3) is brighter than ring 0
        int g0 = range.getRaster().getSample(10, 0, 0), g3 = range.getRaster().getSample(10, 3, 0);
        assertTrue(g0 > 0 && g3 > g0, g0 + " " + g3);
        BufferedImage bev = ImageIO.read(lidarFile(0, "-bev.png").toFile());
        assertEquals(800, bev.getWidth());
        assertEquals(800, bev.getHeight());
        BufferedImage plot = ImageIO.read(dir.resolve("imu1-plot.png").toFile());
        assertEquals(1000, plot.getWidth());
        assertTrue(plot.getHeight() >= 3 * 200, "three panels: acc, gyro, mag");
    }
}
