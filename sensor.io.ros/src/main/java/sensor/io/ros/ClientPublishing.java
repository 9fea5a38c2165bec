package sensor.io.ros;

import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import sensor.api.control.Teleoperation;
import sensor.io.ros.msg.LatestMessages;
import sensor.io.ros.msg.Ros2;

/**
 * The client-publishing side of the Foxglove WebSocket protocol ({@code clientPublish}): a viewer advertises channels
 * (id, topic, encoding {@code json} or {@code cdr}, schema name) and sends messages on them (binary opcode 1: channel id,
 * payload). {@code geometry_msgs/msg/Twist} and {@code sensor_msgs/msg/Joy} are decoded and kept, the latest per topic
 * (leading slash dropped); other schemas are ignored. A message that does not decode is logged (once per channel)
 * and ignored.
 */
final class ClientPublishing implements Teleoperation {
    private static final System.Logger LOG = System.getLogger("sensor.io");
    static final String TWIST = "geometry_msgs/msg/Twist", JOY = "sensor_msgs/msg/Joy";
    private static final Pattern OBJECT = Pattern.compile("\\{[^{}]*\\}");
    private static final Pattern FIELD = Pattern.compile("\"(id|topic|encoding|schemaName)\"\\s*:\\s*(\\d+|\"[^\"]*\")");
    private static final Pattern IDS = Pattern.compile("\"channelIds\"\\s*:\\s*\\[([0-9,\\s]*)\\]");
    /** A JSON value token (a number when the message is well formed). */
    private static final String NUMBER = "([^,}\\]\\s]+)";

    /** A channel a viewer advertised. */
    private record Channel(String topic, String encoding, String schema) {}

    private final Map<Object, Map<Integer, Channel>> channels = new ConcurrentHashMap<>();
    private final LatestMessages latest = new LatestMessages();
    private final Map<String, Boolean> warned = new ConcurrentHashMap<>();

    /** A viewer's {@code advertise} request: its channels are remembered. */
    void advertise(Object viewer, String text) {
        int list = text.indexOf("\"channels\"");
        Matcher each = OBJECT.matcher(text);
        while (list >= 0 && each.find(list)) {
            Map<String, String> f = new java.util.HashMap<>();
            Matcher m = FIELD.matcher(each.group());
            while (m.find()) {
                f.put(m.group(1), m.group(2).replace("\"", ""));
            }
            if (f.containsKey("id") && f.containsKey("topic")) {
                channels.computeIfAbsent(viewer, k -> new ConcurrentHashMap<>()).put(Integer.valueOf(f.get("id")),
                        new Channel(f.get("topic").replaceFirst("^/", ""), f.getOrDefault("encoding", ""),
                                f.getOrDefault("schemaName", "")));
            }
            list = each.end();
        }
    }

    /** A viewer's {@code unadvertise} request. */
    void unadvertise(Object viewer, String text) {
        Matcher ids = IDS.matcher(text);
        Map<Integer, Channel> mine = channels.get(viewer);
        if (ids.find() && mine != null) {
            for (String id : ids.group(1).split(",")) {
                if (!id.isBlank()) {
                    mine.remove(Integer.valueOf(id.trim()));
                }
            }
        }
    }

    void forget(Object viewer) {
        channels.remove(viewer);
    }

    /** A binary message from a viewer: opcode 1 (client message data) is decoded, anything else ignored. */
    void data(Object viewer, ByteBuffer message) {
        ByteBuffer b = message.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < 5 || b.get() != 1) {
            return;
        }
        int id = b.getInt();
        Channel c = channels.getOrDefault(viewer, Map.of()).get(id);
        if (c == null) {
            return;
        }
        byte[] payload = new byte[b.remaining()];
        b.get(payload);
        try {
            if (c.schema().equals(TWIST)) {
                double[] v = c.encoding().equals("cdr") ? Ros2.readTwist(payload) : jsonTwist(new String(payload, StandardCharsets.UTF_8));
                latest.twist(c.topic(), v);
            } else if (c.schema().equals(JOY)) {
                JoyMessage j = c.encoding().equals("cdr") ? Ros2.readJoy(payload) : jsonJoy(new String(payload, StandardCharsets.UTF_8));
                latest.joy(c.topic(), j);
            }
        } catch (RuntimeException e) {
            if (warned.putIfAbsent(c.topic(), true) == null) {
                LOG.log(Level.WARNING, "live view: a {0} message on ''{1}'' ({2}) does not decode and is ignored: {3}", c.schema(),
                        c.topic(), c.encoding(), e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            }
        }
    }

    @Override
    public TwistMessage twist(String topic) {
        return latest.twist(topic);
    }

    @Override
    public JoyMessage joy(String topic) {
        return latest.joy(topic);
    }

    /** linear.x, y, z, angular.x, y, z of a JSON twist. */
    static double[] jsonTwist(String json) {
        double[] v = new double[6];
        String[] parts = {"linear", "angular"};
        for (int p = 0; p < 2; p++) {
            Matcher m = Pattern.compile("\"" + parts[p] + "\"\\s*:\\s*(\\{[^{}]*\\})").matcher(json);
            if (!m.find()) {
                throw new IllegalArgumentException("no '" + parts[p] + "' object");
            }
            for (int k = 0; k < 3; k++) {
                Matcher n = Pattern.compile("\"" + "xyz".charAt(k) + "\"\\s*:\\s*" + NUMBER).matcher(m.group(1));
                v[3 * p + k] = n.find() ? finite(Double.parseDouble(n.group(1))) : 0;
            }
        }
        return v;
    }

    /** A JSON joy: {@code axes} and {@code buttons} arrays. */
    static JoyMessage jsonJoy(String json) {
        double[] axes = numbers(json, "axes").stream().mapToDouble(Double::doubleValue).toArray();
        int[] buttons = numbers(json, "buttons").stream().mapToInt(Double::intValue).toArray();
        return new JoyMessage(axes, buttons, 1);
    }

    private static List<Double> numbers(String json, String field) {
        Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(json);
        if (!m.find()) {
            throw new IllegalArgumentException("no '" + field + "' array");
        }
        List<Double> out = new ArrayList<>();
        for (String s : m.group(1).split(",")) {
            if (!s.isBlank()) {
                out.add(finite(Double.parseDouble(s.trim())));
            }
        }
        return out;
    }

    private static double finite(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("a value is not finite");
        }
        return v;
    }
}
