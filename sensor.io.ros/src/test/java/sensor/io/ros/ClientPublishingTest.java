package sensor.io.ros;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import sensor.api.control.Teleoperation;
import sensor.api.geom.Vec3;

/** Client publishing: advertised channels, Twist and Joy in JSON and CDR, bad messages ignored, channels withdrawn. */
class ClientPublishingTest {
    private static final Object VIEWER = new Object();

    private static ByteBuffer message(int channel, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(5 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 1).putInt(channel).put(payload);
        return b.flip();
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static ClientPublishing advertised() {
        ClientPublishing p = new ClientPublishing();
        p.advertise(VIEWER, "{\"op\":\"advertise\",\"channels\":[{\"id\":1,\"topic\":\"/street/cmd_vel\",\"encoding\":\"json\","
                + "\"schemaName\":\"geometry_msgs/msg/Twist\"},{\"id\":2,\"topic\":\"street/joy\",\"encoding\":\"cdr\","
                + "\"schemaName\":\"sensor_msgs/msg/Joy\"},{\"id\":3,\"topic\":\"cdr/cmd_vel\",\"encoding\":\"cdr\","
                + "\"schemaName\":\"geometry_msgs/msg/Twist\"},{\"id\":4,\"topic\":\"street/joy-json\",\"encoding\":\"json\","
                + "\"schemaName\":\"sensor_msgs/msg/Joy\"}]}");
        return p;
    }

    @Test
    void aJsonTwistIsKeptUnderItsTopicWithoutTheLeadingSlashAndCounted() {
        ClientPublishing p = advertised();
        assertNull(p.twist("street/cmd_vel"));
        p.data(VIEWER, message(1, text("{\"linear\":{\"x\":3.5,\"y\":0,\"z\":-1e-1},\"angular\":{\"x\":0,\"y\":0,\"z\":0.25}}")));
        Teleoperation.TwistMessage t = p.twist("/street/cmd_vel");
        assertEquals(new Vec3(3.5, 0, -0.1), t.linear());
        assertEquals(new Vec3(0, 0, 0.25), t.angular());
        assertEquals(1, t.count());
        p.data(VIEWER, message(1, text("{\"linear\":{\"x\":1},\"angular\":{}}")));
        assertEquals(new Vec3(1, 0, 0), p.twist("street/cmd_vel").linear(), "absent coordinates are 0");
        assertEquals(2, p.twist("street/cmd_vel").count());
    }

    @Test
    void aCdrTwistAndACdrJoyDecode() {
        ClientPublishing p = advertised();
        ByteBuffer twist = ByteBuffer.allocate(52).order(ByteOrder.LITTLE_ENDIAN);
        twist.put(new byte[] {0, 1, 0, 0});
        for (double v : new double[] {2, 0, 0, 0, 0, -0.5}) {
            twist.putDouble(v);
        }
        p.data(VIEWER, message(3, twist.array()));
        assertEquals(new Vec3(0, 0, -0.5), p.twist("cdr/cmd_vel").angular());

        ByteBuffer joy = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        joy.put(new byte[] {0, 1, 0, 0}).putInt(12).putInt(5).putInt(3).put(text("js")).put((byte) 0); // stamp, "js\0"
        joy.position(4 + 4 + 4 + 4 + 4); // aligned to 4 after the header: 3-byte string padded
        joy.putInt(2).putFloat(0.5f).putFloat(-1f).putInt(3).putInt(1).putInt(0).putInt(1);
        byte[] bytes = java.util.Arrays.copyOf(joy.array(), joy.position());
        p.data(VIEWER, message(2, bytes));
        Teleoperation.JoyMessage j = p.joy("street/joy");
        assertArrayEquals(new double[] {0.5, -1}, j.axes());
        assertArrayEquals(new int[] {1, 0, 1}, j.buttons());
        assertEquals(-1, j.axis(1));
        assertEquals(0, j.axis(7), "an axis the joystick lacks");
        assertEquals(true, j.pressed(2));
        assertEquals(false, j.pressed(1));
        assertEquals(false, j.pressed(9));
    }

    @Test
    void aJsonJoyDecodes() {
        ClientPublishing p = advertised();
        p.data(VIEWER, message(4, text("{\"header\":{},\"axes\":[0.25, -0.75],\"buttons\":[0, 1]}")));
        assertArrayEquals(new double[] {0.25, -0.75}, p.joy("street/joy-json").axes());
        assertArrayEquals(new int[] {0, 1}, p.joy("street/joy-json").buttons());
    }

    @Test
    void messagesThatDoNotDecodeOrBelongToNoChannelAreIgnored() {
        ClientPublishing p = advertised();
        p.data(VIEWER, message(1, text("{not json")));
        p.data(VIEWER, message(1, text("{\"linear\":{\"x\":NaN},\"angular\":{}}")));
        p.data(VIEWER, message(3, new byte[] {1, 1, 0, 0, 9}));
        p.data(VIEWER, message(3, new byte[] {0, 1, 0, 0, 9}));
        p.data(VIEWER, message(2, new byte[] {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0x7f}));
        p.data(VIEWER, message(4, text("{\"axes\":[1]}")));
        p.data(VIEWER, message(9, text("{}")));
        p.data(new Object(), message(1, text("{\"linear\":{\"x\":1},\"angular\":{}}")));
        p.data(VIEWER, ByteBuffer.wrap(new byte[] {2, 1, 0, 0, 0, 0}));
        p.data(VIEWER, ByteBuffer.wrap(new byte[] {1, 1, 0}));
        assertNull(p.twist("street/cmd_vel"));
        assertNull(p.twist("cdr/cmd_vel"));
        assertNull(p.joy("street/joy"));
        assertNull(p.joy("street/joy-json"));
    }

    @Test
    void unadvertisedAndForgottenChannelsTakeNoMessages() {
        ClientPublishing p = advertised();
        p.unadvertise(VIEWER, "{\"op\":\"unadvertise\",\"channelIds\":[1, 3]}");
        p.data(VIEWER, message(1, text("{\"linear\":{\"x\":1},\"angular\":{}}")));
        assertNull(p.twist("street/cmd_vel"));
        p.forget(VIEWER);
        p.data(VIEWER, message(4, text("{\"axes\":[1],\"buttons\":[]}")));
        assertNull(p.joy("street/joy-json"));
    }

    /** A CDR joy with {@code frameId}, the axes and the buttons, little-endian unless {@code big}. */
    private static byte[] cdrJoy(String frameId, float[] axes, int[] buttons, boolean big) {
        ByteBuffer b = ByteBuffer.allocate(256).order(big ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0, (byte) (big ? 0 : 1), 0, 0});
        b.putInt(1).putInt(2).putInt(frameId.length() + 1).put(text(frameId)).put((byte) 0);
        while ((b.position() - 4) % 4 != 0) {
            b.put((byte) 0);
        }
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
    void cdrJoysOfAnyFrameIdLengthAndByteOrderDecodeAndCount() {
        for (String frameId : new String[] {"", "j", "js", "joy", "joy1"}) {
            ClientPublishing p = advertised();
            p.data(VIEWER, message(2, cdrJoy(frameId, new float[] {0.5f}, new int[] {1}, false)));
            p.data(VIEWER, message(2, cdrJoy(frameId, new float[] {-0.25f, 1}, new int[] {0, 1}, true)));
            Teleoperation.JoyMessage j = p.joy("street/joy");
            assertArrayEquals(new double[] {-0.25, 1}, j.axes(), "frame id '" + frameId + "'");
            assertArrayEquals(new int[] {0, 1}, j.buttons());
            assertEquals(2, j.count());
        }
        ClientPublishing p = advertised();
        p.data(VIEWER, message(2, cdrJoy("js", new float[] {0.5f}, new int[0], false)));
        assertArrayEquals(new int[0], p.joy("street/joy").buttons(), "a joystick without buttons");
    }

    @Test
    void aSequenceLongerThanItsMessageOrAnUnknownHeaderIsRefusedAndLoggedOncePerTopic() {
        ClientPublishing p = advertised();
        byte[] joy = cdrJoy("js", new float[] {0.5f, 0.5f}, new int[] {1}, false);
        byte[] longer = joy.clone();
        longer[20] = 3; // three axes announced, two sent: the buttons' count is read as an axis, then too little is left
        byte[] header = joy.clone();
        header[1] = 2;
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger("sensor.io");
        java.util.List<String> lines = new java.util.ArrayList<>();
        java.util.logging.Handler h = new java.util.logging.Handler() {
            @Override public void publish(java.util.logging.LogRecord r) {
                lines.add(java.text.MessageFormat.format(r.getMessage(), r.getParameters()));
            }
            @Override public void flush() {}
            @Override public void close() {}
        };
        logger.addHandler(h);
        try {
            p.data(VIEWER, message(2, longer));
            p.data(VIEWER, message(2, header));
        } finally {
            logger.removeHandler(h);
        }
        assertNull(p.joy("street/joy"));
        assertEquals(1, lines.size(), lines.toString());
        assertEquals(true, lines.get(0).startsWith("live view: a sensor_msgs/msg/Joy message on 'street/joy' (cdr) does not "
                + "decode and is ignored: a sequence of "), lines.get(0));
        p.data(VIEWER, message(2, joy));
        assertArrayEquals(new int[] {1}, p.joy("street/joy").buttons(), "a sequence that fits exactly is read");
    }
}
