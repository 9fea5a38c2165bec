package sensor.io.ros;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.java_websocket.WebSocket;
import org.java_websocket.WebSocketImpl;
import org.java_websocket.drafts.Draft_6455;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.protocols.Protocol;
import org.java_websocket.server.WebSocketServer;

import sensor.api.io.LiveView;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.io.ros.msg.Ros2Topics;
import sensor.io.ros.msg.MessageChannels;

/**
 * A live view over the Foxglove WebSocket protocol ({@code foxglove.websocket.v1}, the protocol Foxglove's
 * "Foxglove WebSocket" connection speaks): every stream of the run as the ROS 2 topics of {@link Ros2Topics} (CDR,
 * {@code ros2msg} schemas). A viewer gets {@code serverInfo} and the channels advertised so far when it connects, new
 * channels as they appear, and the messages of the channels it subscribes to (binary opcode 1: subscription id,
 * log time in ns, CDR payload). A viewer whose unsent data exceeds the backlog limit (default
 * {@link #BACKLOG_BYTES}) loses its new messages until it catches up (counted), so a slow viewer never stalls the
 * simulation. Viewers may publish ({@code clientPublish}, {@link ClientPublishing}): twists and joysticks, which this
 * server offers as {@link sensor.api.control.Teleoperation}. No services or parameters.
 */
public final class FoxgloveServer implements MessageChannels, LiveView, sensor.api.control.Teleoperation {
    /** The subprotocol. */
    public static final String PROTOCOL = "foxglove.websocket.v1";
    /** Default unsent bytes per viewer above which its new messages are dropped. */
    public static final long BACKLOG_BYTES = 16 << 20;

    private final Server server;
    private final long backlogLimit;
    private final Ros2Topics topics = new Ros2Topics(this);
    private final List<Schema> schemas = new ArrayList<>(); // by schema id - 1
    private final Map<Integer, String> advertisements = new ConcurrentHashMap<>(); // channel id -> JSON object
    private final Map<WebSocket, Viewer> viewers = new ConcurrentHashMap<>();
    /** Transient-local (latched) channels, e.g. {@code /tf_static}: their last message, sent to each new subscriber. */
    private final Map<Integer, byte[]> latched = new ConcurrentHashMap<>();
    private final ClientPublishing published = new ClientPublishing();
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile Exception startFailure;
    private boolean closed;

    /** A schema as advertised: name, encoding and text. */
    private record Schema(String name, String encoding, String text) {}

    /** One connected viewer: its subscriptions (channel id -> subscription id) and messages it lost. */
    private static final class Viewer {
        final Map<Integer, Integer> subscriptions = new ConcurrentHashMap<>();
        final AtomicLong dropped = new AtomicLong();
    }

    /** Starts serving on {@code host}:{@code port} (0: any free port) with the default backlog limit. */
    public FoxgloveServer(String host, int port) throws IOException {
        this(host, port, BACKLOG_BYTES);
    }

    /** Starts serving on {@code host}:{@code port} (0: any free port), dropping past {@code backlogBytes} per viewer. */
    public FoxgloveServer(String host, int port, long backlogBytes) throws IOException {
        backlogLimit = backlogBytes;
        server = new Server(new InetSocketAddress(host, port));
        server.setReuseAddr(true);
        server.setDaemon(true);
        server.start();
        try {
            if (!started.await(10, TimeUnit.SECONDS)) {
                throw new IOException("the live view on " + host + ":" + port + " did not start within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the live view", e);
        }
        if (startFailure != null) {
            close();
            throw new IOException("cannot serve the live view on " + host + ":" + port + ": " + startFailure.getMessage(),
                    startFailure);
        }
    }

    @Override
    public String address() {
        return "ws://" + server.getAddress().getHostString() + ":" + server.getPort();
    }

    /** The port served on. */
    public int port() {
        return server.getPort();
    }

    @Override
    public TwistMessage twist(String topic) {
        return published.twist(topic);
    }

    @Override
    public JoyMessage joy(String topic) {
        return published.joy(topic);
    }

    /** Whether the server is closed. */
    synchronized boolean closed() {
        return closed;
    }

    /** Subscriptions of the connected viewers, summed. */
    public int subscriptions() {
        return viewers.values().stream().mapToInt(v -> v.subscriptions.size()).sum();
    }

    /** Messages lost by slow viewers so far, summed. */
    public long dropped() {
        return viewers.values().stream().mapToLong(v -> v.dropped.get()).sum();
    }

    @Override
    public synchronized void accept(SensorFrame frame) {
        if (closed) {
            return;
        }
        try {
            topics.frame(frame);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void mounts(double time, Map<String, SensorMount> mounts) {
        try {
            topics.mounts(time, mounts);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            server.stop(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int schema(String name, String encoding, byte[] data) {
        schemas.add(new Schema(name, encoding, new String(data, StandardCharsets.UTF_8)));
        return schemas.size();
    }

    @Override
    public int channel(int schemaId, String topic, String messageEncoding, Map<String, String> metadata) {
        int id = advertisements.size() + 1;
        Schema s = schemas.get(schemaId - 1);
        String channel = "{\"id\":" + id + ",\"topic\":" + json(topic) + ",\"encoding\":" + json(messageEncoding)
                + ",\"schemaName\":" + json(s.name()) + ",\"schemaEncoding\":" + json(s.encoding())
                + ",\"schema\":" + json(s.text()) + "}";
        advertisements.put(id, channel);
        if (metadata.getOrDefault("offered_qos_profiles", "").equals(Ros2Topics.TRANSIENT_LOCAL)) {
            latched.put(id, new byte[0]);
        }
        String advertise = "{\"op\":\"advertise\",\"channels\":[" + channel + "]}";
        viewers.keySet().forEach(c -> send(c, advertise));
        return id;
    }

    /** A channel is encoded only while some viewer subscribes to it: an unwatched live view costs no encoding. */
    @Override
    public boolean wants(int channel) {
        if (latched.containsKey(channel)) {
            return true;
        }
        for (Viewer v : viewers.values()) {
            if (v.subscriptions.containsKey(channel)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void message(int channel, long logTime, long publishTime, byte[] data) {
        byte[] frame = null;
        if (latched.containsKey(channel)) {
            latched.put(channel, frame(logTime, data));
        }
        for (Map.Entry<WebSocket, Viewer> e : viewers.entrySet()) {
            Integer subscription = e.getValue().subscriptions.get(channel);
            if (subscription == null) {
                continue;
            }
            if (backlog(e.getKey()) > backlogLimit) {
                e.getValue().dropped.incrementAndGet();
                continue;
            }
            if (frame == null) {
                frame = frame(logTime, data);
            }
            send(e.getKey(), frame, subscription);
        }
    }

    /** A message frame: opcode 1, subscription id (set per viewer), log time, payload. */
    private static byte[] frame(long logTime, byte[] data) {
        byte[] frame = new byte[13 + data.length];
        ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1).putInt(0).putLong(logTime).put(data);
        return frame;
    }

    private static void send(WebSocket c, byte[] frame, int subscription) {
        byte[] mine = frame.clone();
        ByteBuffer.wrap(mine).order(ByteOrder.LITTLE_ENDIAN).putInt(1, subscription);
        try {
            c.send(mine);
        } catch (RuntimeException closedMeanwhile) {
            // the viewer left while we sent: it is removed by onClose
        }
    }

    private static long backlog(WebSocket c) {
        if (c instanceof WebSocketImpl impl) {
            long bytes = 0;
            for (ByteBuffer b : impl.outQueue) {
                bytes += b.remaining();
            }
            return bytes;
        }
        return 0;
    }

    private static void send(WebSocket c, String text) {
        try {
            c.send(text);
        } catch (RuntimeException closedMeanwhile) {
            // the viewer left: removed by onClose
        }
    }

    private static final Pattern SUBSCRIPTION = Pattern.compile("\\{[^{}]*\\}");
    private static final Pattern NUMBER_FIELD = Pattern.compile("\"(id|channelId)\"\\s*:\\s*(\\d+)");
    private static final Pattern IDS = Pattern.compile("\"subscriptionIds\"\\s*:\\s*\\[([0-9,\\s]*)\\]");

    /** Applies a viewer's subscribe or unsubscribe request (sending a latched channel's last message); anything else is ignored. */
    private void request(WebSocket conn, Viewer v, String text) {
        if (text.contains("\"unadvertise\"")) {
            published.unadvertise(conn, text);
        } else if (text.contains("\"advertise\"")) {
            published.advertise(conn, text);
        } else if (text.contains("\"unsubscribe\"")) {
            Matcher ids = IDS.matcher(text);
            if (ids.find()) {
                for (String id : ids.group(1).split(",")) {
                    if (!id.isBlank()) {
                        int sub = Integer.parseInt(id.trim());
                        v.subscriptions.values().removeIf(s -> s == sub);
                    }
                }
            }
        } else if (text.contains("\"subscribe\"")) {
            int list = text.indexOf("\"subscriptions\"");
            Matcher each = SUBSCRIPTION.matcher(text);
            while (list >= 0 && each.find(list)) {
                Integer id = null, channel = null;
                Matcher f = NUMBER_FIELD.matcher(each.group());
                while (f.find()) {
                    if (f.group(1).equals("id")) {
                        id = Integer.valueOf(f.group(2));
                    } else {
                        channel = Integer.valueOf(f.group(2));
                    }
                }
                if (id != null && channel != null && advertisements.containsKey(channel)) {
                    v.subscriptions.put(channel, id);
                    byte[] last = latched.get(channel);
                    if (last != null && last.length > 0) {
                        send(conn, last, id);
                    }
                }
                list = each.end();
            }
        }
    }

    /** A JSON string literal. */
    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    private final class Server extends WebSocketServer {
        Server(InetSocketAddress address) {
            super(address, 1, List.of(new Draft_6455(List.of(), List.of(new Protocol(PROTOCOL)))));
        }

        @Override
        public void onStart() {
            started.countDown();
        }

        @Override
        public void onOpen(WebSocket conn, ClientHandshake handshake) {
            viewers.put(conn, new Viewer());
            send(conn, "{\"op\":\"serverInfo\",\"name\":\"sensorsim\",\"capabilities\":[\"clientPublish\"],"
                    + "\"supportedEncodings\":[\"json\",\"cdr\"],"
                    + "\"metadata\":{},\"sessionId\":" + json(Long.toString(System.nanoTime())) + "}");
            List<String> channels = new ArrayList<>(new java.util.TreeMap<>(advertisements).values());
            if (!channels.isEmpty()) {
                send(conn, "{\"op\":\"advertise\",\"channels\":[" + String.join(",", channels) + "]}");
            }
        }

        @Override
        public void onClose(WebSocket conn, int code, String reason, boolean remote) {
            viewers.remove(conn);
            published.forget(conn);
        }

        @Override
        public void onMessage(WebSocket conn, java.nio.ByteBuffer message) {
            if (viewers.containsKey(conn)) {
                published.data(conn, message);
            }
        }

        @Override
        public void onMessage(WebSocket conn, String message) {
            Viewer v = viewers.get(conn);
            if (v != null) {
                request(conn, v, message);
            }
        }

        @Override
        public void onError(WebSocket conn, Exception ex) {
            if (conn == null) { // the server itself: failed to bind
                startFailure = ex;
                started.countDown();
            }
        }
    }
}
