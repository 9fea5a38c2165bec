package sensor.io.dds;

import static org.junit.jupiter.api.Assertions.*;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

import sensor.api.control.Teleoperation;
import sensor.api.frame.Channels;
import sensor.api.geom.Pose;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.io.dds.rtps.Participant;
import sensor.io.dds.rtps.Qos;
import sensor.io.dds.rtps.Taps.Logs;
import sensor.io.dds.rtps.Writer;
import sensor.io.ros.msg.Ros2;

/**
 * The bridge's live side beyond {@link Ros2BridgeTest}: frames and mounts reach ROS 2 readers of their types, a joy
 * from a ROS 2 node is read, a reader is made once per topic, undecodable messages are logged once per topic naming
 * why, and closing logs the counts (a warning when the network dropped some) and QoS set for topics never published.
 */
class Ros2BridgeLiveTest {
    static java.util.function.BiConsumer<sensor.io.dds.rtps.Guid, ByteBuffer> into(Map<String, byte[]> got, String key) {
        return (w, p) -> {
            byte[] x = new byte[p.remaining()];
            p.get(x);
            got.put(key, x);
        };
    }

    @Test
    void framesAndMountsReachRos2ReadersOfTheirTypes() throws Exception {
        try (Participant node = new Participant(Ros2BridgeTest.options(227))) {
            Ros2Bridge.Live live = new Ros2Bridge.Live(new Participant(Ros2BridgeTest.options(227)), Map.of());
            try {
                Map<String, byte[]> got = new ConcurrentHashMap<>();
                node.reader("rt/car/speed", "std_msgs::msg::dds_::Float64_", Qos.DEFAULT, into(got, "speed"));
                node.reader("rt/tf_static", "tf2_msgs::msg::dds_::TFMessage_", new Qos(true, true, 1), into(got, "tf"));
                SensorFrame frame = new SensorFrame("car", "speedometer", 0, 1.0, 1.0,
                        new Channels(List.of("speed"), List.of("m/s"), new double[] {2.5}));
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (!got.containsKey("speed") && System.nanoTime() < deadline) {
                    live.accept(frame); // published once a reader of /car/speed matched
                    Thread.sleep(50);
                }
                assertArrayEquals(Ros2.float64(2.5), got.get("speed"));
                live.mounts(1.0, Map.of("car", new SensorMount(null, Pose.IDENTITY)));
                Ros2BridgeTest.await(() -> got.containsKey("tf"), "the mounts on /tf_static, a TFMessage");
                assertArrayEquals(new byte[] {0, 1, 0, 0}, java.util.Arrays.copyOf(got.get("tf"), 4));
            } finally {
                live.close();
            }
            got(live);
        }
    }

    static void got(Ros2Bridge.Live closed) {
        assertTrue(closed.closed());
        closed.accept(new SensorFrame("car", "speedometer", 1, 2.0, 2.0,
                new Channels(List.of("speed"), List.of("m/s"), new double[] {1})));
        closed.mounts(2.0, Map.of("car", new SensorMount(null, Pose.IDENTITY)));
    }

    static byte[] joy(float[] axes, int[] buttons) {
        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN).put(new byte[] {0, 1, 0, 0});
        b.putInt(0).putInt(0).putInt(1).put((byte) 0).put(new byte[3]); // stamp, frame id "" (NUL), aligned to 4
        b.putInt(axes.length);
        for (float a : axes) {
            b.putFloat(a);
        }
        b.putInt(buttons.length);
        for (int x : buttons) {
            b.putInt(x);
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    @Test
    void aJoyIsReadOneReaderServesATopicAndUndecodableMessagesAreLoggedOncePerTopic() throws Exception {
        try (Logs logs = new Logs(); Participant node = new Participant(Ros2BridgeTest.options(228))) {
            Ros2Bridge.Live live = new Ros2Bridge.Live(new Participant(Ros2BridgeTest.options(228)), Map.of());
            try {
                Writer joy = node.writer("rt/street/joy", "sensor_msgs::msg::dds_::Joy_", Qos.DEFAULT, null);
                Writer twist = node.writer("rt/street/cmd_vel", "geometry_msgs::msg::dds_::Twist_", Qos.DEFAULT, null);
                for (int i = 0; i < 3; i++) {
                    assertNull(live.joy("/street/joy"));
                    assertNull(live.twist("street/cmd_vel"));
                    Thread.sleep(150);
                }
                Ros2BridgeTest.await(() -> joy.matched() == 1 && twist.matched() == 1, "the bridge's readers matched");
                Thread.sleep(500);
                assertEquals(1, joy.matched(), "one reader for the topic, however often it is asked");
                assertEquals(1, twist.matched());
                joy.write(new byte[] {0, 1, 0, 0, 1});
                joy.write(new byte[] {0, 1, 0, 0, 2});
                twist.write(new byte[] {1, 0, 0, 0, 0, 0, 0, 0});
                joy.write(joy(new float[] {0.5f, -1f}, new int[] {1, 0, 1}));
                Ros2BridgeTest.await(() -> live.joy("street/joy") != null, "a joy arrived");
                Teleoperation.JoyMessage j = live.joy("street/joy");
                assertArrayEquals(new double[] {0.5, -1}, j.axes());
                assertArrayEquals(new int[] {1, 0, 1}, j.buttons());
                assertEquals(1, j.count());
                Ros2BridgeTest.await(() -> logs.lines.size() >= 2, "logged");
                assertEquals(1, logs.count("WARNING ros2: a sensor_msgs/msg/Joy message on 'street/joy' does not decode and is"
                        + " dropped: it ends early, at 5 bytes"), logs.lines.toString());
                assertEquals(1, logs.count("WARNING ros2: a geometry_msgs/msg/Twist message on 'street/cmd_vel' does not decode"
                        + " and is dropped: not a CDR payload (its first bytes are not an encapsulation header)"), logs.lines.toString());
                assertEquals(2, logs.lines.stream().filter(l -> l.contains("does not decode")).count(), logs.lines.toString());
            } finally {
                live.close();
            }
        }
    }

    @Test
    void closingLogsTheCountsAndQosSetForTopicsNeverPublished() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (Logs logs = new Logs(); Participant node = new Participant(Ros2BridgeTest.options(229))) {
            // 1 MiB of queue sent at 1 MiB/s: four 600 kB messages at once do not all fit
            Participant slow = new Participant(new Participant.Options(229, lo, List.of(lo), 16000, 1 << 20, 1 << 20, 20,
                    new byte[0]));
            Ros2Bridge.Live live = new Ros2Bridge.Live(slow, Map.of("/big", Qos.DEFAULT, "/unused", Qos.SENSOR_DATA,
                    "/also/unused", Qos.LATCHED));
            int big = live.channel(live.schema("sensor_msgs/msg/PointCloud2", "ros2msg", new byte[0]), "/big", "cdr",
                    Map.of("offered_qos_profiles", ""));
            node.reader("rt/big", "sensor_msgs::msg::dds_::PointCloud2_", Qos.DEFAULT, (w, p) -> { });
            Ros2BridgeTest.await(() -> live.wants(big), "matched");
            live.message(big, 0, 0, new byte[600_000]);
            Thread.sleep(100); // the first is being sent (half a second)
            for (int i = 0; i < 3; i++) {
                live.message(big, 0, 0, new byte[600_000]);
            }
            live.close();
            assertEquals(1, logs.count("WARNING ros2: 4 messages on 1 topics, 2 dropped (the network could not keep up)"),
                    logs.lines.toString());
            assertEquals(1, logs.count("WARNING ros2: the QoS set for /unused was not used: the run published no such topic"));
            assertEquals(1, logs.count("WARNING ros2: the QoS set for /also/unused was not used: the run published no such topic"));
            assertEquals(0, logs.lines.stream().filter(l -> l.contains("for /big")).count(), logs.lines.toString());

            Ros2Bridge.Live calm = new Ros2Bridge.Live(new Participant(Ros2BridgeTest.options(229)), Map.of("/imu", Qos.DEFAULT));
            int imu = calm.channel(calm.schema("sensor_msgs/msg/Imu", "ros2msg", new byte[0]), "/imu", "cdr", Map.of());
            calm.message(imu, 0, 0, new byte[] {0, 1, 0, 0});
            calm.message(imu, 0, 0, new byte[] {0, 1, 0, 0});
            calm.close();
            assertEquals(1, logs.count("INFO ros2: 2 messages on 1 topics, 0 dropped (the network could not keep up)"),
                    logs.lines.toString());
        }
    }
}
