package sensor.io.dds;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

import sensor.api.control.Teleoperation;
import sensor.io.dds.rtps.Participant;
import sensor.io.dds.rtps.Qos;
import sensor.io.dds.rtps.Writer;
import sensor.io.ros.msg.Ros2Topics;

/** The ROS 2 bridge: ROS names on DDS, channels as writers, cmd_vel and joy from a ROS 2 node's writer. */
class Ros2BridgeTest {
    static Participant.Options options(int domain) {
        Participant.Options o = Participant.Options.of(domain, InetAddress.getLoopbackAddress());
        return new Participant.Options(domain, o.address(), List.of(InetAddress.getLoopbackAddress()), o.fragmentSize(),
                o.queueBytes(), o.bytesPerSecond(), o.leaseSeconds(), o.userData());
    }

    static void await(java.util.function.BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(done.getAsBoolean(), what);
    }

    @Test
    void rosTypesAndInterfacesAreNamedAsRos2NamesThem() throws IOException {
        assertEquals("sensor_msgs::msg::dds_::PointCloud2_", Ros2Bridge.ddsType("sensor_msgs/msg/PointCloud2"));
        assertEquals("tf2_msgs::msg::dds_::TFMessage_", Ros2Bridge.ddsType("tf2_msgs/msg/TFMessage"));
        assertEquals("127.0.0.1", Ros2Bridge.address("lo").getHostAddress());
        assertEquals("127.0.0.1", Ros2Bridge.address("127.0.0.1").getHostAddress());
        IOException e = assertThrows(IOException.class, () -> Ros2Bridge.address("no-such-interface-0"));
        assertEquals("DDS: no interface or address named 'no-such-interface-0'", e.getMessage());
    }

    @Test
    void aBadDomainOrAnInterfaceWithoutMulticastOrPeersIsRefusedNamingIt() {
        IllegalArgumentException d = assertThrows(IllegalArgumentException.class,
                () -> Participant.Options.of(233, InetAddress.getLoopbackAddress()));
        assertEquals("domain must be 0 to 232, got 233", d.getMessage());
        try {
            java.net.NetworkInterface lo = java.net.NetworkInterface.getByName("lo");
            org.junit.jupiter.api.Assumptions.assumeTrue(lo != null && !lo.supportsMulticast(), "loopback here has multicast");
        } catch (java.net.SocketException x) {
            throw new AssertionError(x);
        }
        IOException e = assertThrows(IOException.class, () -> new Ros2Bridge().open("lo", 5));
        assertTrue(e.getMessage().startsWith("DDS: interface lo has no multicast, and no peers are named"), e.getMessage());
    }

    @Test
    void channelsBecomeWritersThatRos2ReadersMatchWithTheSameBytes() throws Exception {
        try (Participant node = new Participant(options(175))) {
            Ros2Bridge.Live live = new Ros2Bridge.Live(new Participant(options(175)), Map.of());
            try {
                Map<String, byte[]> got = new ConcurrentHashMap<>();
                node.reader("rt/imu/imu", "sensor_msgs::msg::dds_::Imu_", Qos.DEFAULT, (w, p) -> {
                    byte[] x = new byte[p.remaining()];
                    p.get(x);
                    got.put("imu", x);
                });
                int schema = live.schema("sensor_msgs/msg/Imu", "ros2msg", new byte[0]);
                int channel = live.channel(schema, "/imu/imu", "cdr", Map.of("offered_qos_profiles", ""));
                int latched = live.channel(live.schema("tf2_msgs/msg/TFMessage", "ros2msg", new byte[0]), "/tf_static", "cdr",
                        Map.of("offered_qos_profiles", Ros2Topics.TRANSIENT_LOCAL));
                assertTrue(live.wants(latched), "a transient-local topic is always published: late joiners get it");
                await(() -> live.wants(channel), "a ROS 2 reader matched");
                byte[] payload = {0, 1, 0, 0, 1, 2, 3, 4};
                live.message(channel, 0, 0, payload);
                await(() -> got.containsKey("imu"), "received");
                assertArrayEquals(payload, got.get("imu"));
                assertTrue(live.address().startsWith("ROS 2 (DDS) domain 175 on 127.0.0.1, participant index "), live.address());
            } finally {
                live.close();
            }
        }
    }

    static byte[] twist(double vx, double wz) {
        ByteBuffer b = ByteBuffer.allocate(52).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0, 1, 0, 0}).putDouble(vx).putDouble(0).putDouble(0).putDouble(0).putDouble(0).putDouble(wz);
        return b.array();
    }

    @Test
    void aRos2NodesTwistReachesTeleoperationAndAMalformedOneIsDropped() throws Exception {
        try (Participant node = new Participant(options(176))) {
            Ros2Bridge.Live live = new Ros2Bridge.Live(new Participant(options(176)), Map.of());
            try {
                assertNull(live.twist("street/cmd_vel"), "nothing yet; the reader now exists");
                Writer w = node.writer("rt/street/cmd_vel", "geometry_msgs::msg::dds_::Twist_", Qos.DEFAULT, null);
                await(() -> w.matched() == 1, "the bridge's reader matched");
                Thread.sleep(500); // and the bridge's best-effort reader (no repairs) learnt of this writer
                w.write(new byte[] {0, 1, 0, 0, 1}); // too short: dropped, logged once
                w.write(twist(3, 0.3));
                await(() -> live.twist("street/cmd_vel") != null, "a twist arrived");
                Teleoperation.TwistMessage t = live.twist("/street/cmd_vel");
                assertEquals(3, t.linear().x());
                assertEquals(0.3, t.angular().z());
                assertEquals(1, t.count(), "the malformed sample was not counted");
                w.write(twist(1, 0));
                await(() -> live.twist("street/cmd_vel").count() == 2, "the second twist counted");
                assertEquals(1, live.twist("street/cmd_vel").linear().x());
                assertNull(live.joy("street/joy"));
            } finally {
                live.close();
            }
            assertTrue(live.closed());
        }
    }

    @Test
    void perTopicQosFromSettingsIsWhatTheWritersOfferAndBadSettingsAreNamed() throws Exception {
        Map<String, Qos> qos = Ros2Bridge.qos(Map.of("qos", Map.of("/os1/points", Map.of("reliability", "best_effort",
                "depth", 5), "/imu/imu", Map.of("durability", "transient_local", "depth", 2))));
        assertEquals(Map.of("/os1/points", Qos.SENSOR_DATA, "/imu/imu", new Qos(true, true, 2)), qos);
        String[][] bad = {
            {"mode", "the ROS 2 bridge's settings are qos: {<topic>: {reliability, durability, depth}}, got mode"},
            {"reliability:x", "qos /a: reliability must be reliable or best_effort, got 'x'"},
            {"durability:x", "qos /a: durability must be volatile or transient_local, got 'x'"},
            {"depth:0", "qos /a: depth must be an integer in [1, 1000], got 0"},
            {"depth:1001", "qos /a: depth must be an integer in [1, 1000], got 1001"},
            {"history:1", "qos /a: unknown field 'history'; expected reliability, durability or depth"}};
        for (String[] b : bad) {
            Map<String, Object> settings = b[0].equals("mode") ? Map.of("mode", 1) : Map.of("qos", Map.of("/a",
                    Map.of(b[0].split(":")[0], b[0].startsWith("depth") ? (Object) Integer.parseInt(b[0].split(":")[1])
                            : b[0].split(":")[1])));
            assertEquals(b[1], assertThrows(IllegalArgumentException.class, () -> Ros2Bridge.qos(settings)).getMessage());
        }
        assertEquals("qos /a must be {reliability, durability, depth}, got 3",
                assertThrows(IllegalArgumentException.class, () -> Ros2Bridge.qos(Map.of("qos", Map.of("/a", 3)))).getMessage());

        // a best-effort topic matches a best-effort reader, not a reliable one; a transient-local one serves a late reader
        try (Participant node = new Participant(options(177))) {
            Ros2Bridge.Live live = new Ros2Bridge.Live(new Participant(options(177)), qos);
            try {
                int points = live.channel(live.schema("sensor_msgs/msg/PointCloud2", "ros2msg", new byte[0]), "/os1/points",
                        "cdr", Map.of("offered_qos_profiles", ""));
                int imu = live.channel(live.schema("sensor_msgs/msg/Imu", "ros2msg", new byte[0]), "/imu/imu", "cdr",
                        Map.of("offered_qos_profiles", ""));
                assertTrue(live.wants(imu), "transient local: published with no reader, for late joiners");
                assertFalse(live.wants(points));
                live.message(imu, 0, 0, new byte[] {0, 1, 0, 0, 7});
                Map<String, byte[]> got = new ConcurrentHashMap<>();
                node.reader("rt/os1/points", "sensor_msgs::msg::dds_::PointCloud2_", Qos.DEFAULT, (w, p) -> got.put("reliable", new byte[0]));
                node.reader("rt/imu/imu", "sensor_msgs::msg::dds_::Imu_", new Qos(true, true, 1), (w, p) -> {
                    byte[] x = new byte[p.remaining()];
                    p.get(x);
                    got.put("imu", x);
                });
                await(() -> got.containsKey("imu"), "the late reader got the kept IMU message");
                assertArrayEquals(new byte[] {0, 1, 0, 0, 7}, got.get("imu"));
                Thread.sleep(300);
                assertFalse(live.wants(points), "a reliable reader does not match a best-effort writer");
                node.reader("rt/os1/points", "sensor_msgs::msg::dds_::PointCloud2_", Qos.SENSOR_DATA, (w, p) -> got.put("best", new byte[0]));
                await(() -> live.wants(points), "a best-effort reader matched");
                live.message(points, 0, 0, new byte[] {0, 1, 0, 0});
                await(() -> got.containsKey("best"), "the best-effort reader got the cloud");
                assertFalse(got.containsKey("reliable"));
            } finally {
                live.close();
            }
        }
    }

    /**
     * The user data of an endpoint is its type hash as ROS 2 Iron and later announce it, {@code typehash=RIHS01_<hex>;}:
     * values published by ROS 2's own generator (micro-ROS builds for Rolling and Kilted, cited in sensor.io.ros's
     * TypeHashTest). That the writers carry it on the wire, Cyclone DDS reads in Ros2DdsIT.
     */
    @Test
    void endpointsAnnounceTheirRos2TypeHash() {
        assertEquals("typehash=RIHS01_7d9a00ff131080897a5ec7e26e315954b8eae3353c3f995c55faf71574000b5b;", new String(
                Ros2Bridge.typeHash(sensor.io.ros.msg.Ros2.IMU, sensor.io.ros.msg.Ros2.IMU_DEF), StandardCharsets.US_ASCII));
        assertEquals("typehash=RIHS01_9c45bf16fe0983d80e3cfe750d6835843d265a9a6c46bd2e609fcddde6fb8d2a;", new String(
                Ros2Bridge.typeHash(sensor.io.ros.msg.Ros2.TWIST, sensor.io.ros.msg.Ros2.TWIST_DEF), StandardCharsets.US_ASCII));
    }
}
