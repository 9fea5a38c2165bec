package sensor.io.dds;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Component;

import sensor.api.control.Teleoperation;
import sensor.api.io.LiveView;
import sensor.api.io.LiveViewFactory;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.io.dds.rtps.Participant;
import sensor.io.dds.rtps.Qos;
import sensor.io.dds.rtps.Reader;
import sensor.io.dds.rtps.Writer;
import sensor.io.ros.msg.LatestMessages;
import sensor.io.ros.msg.MessageChannels;
import sensor.io.ros.msg.Ros2;
import sensor.io.ros.msg.Ros2Topics;
import sensor.io.ros.msg.TypeHash;

/**
 * Live ROS 2 over DDS, as the {@link LiveViewFactory} of protocol {@value #PROTOCOL}: a run's streams go out as ROS 2
 * topics ({@code rt/<topic>}, types {@code <pkg>::msg::dds_::<Type>_}, the same CDR bytes as its MCAP file) to every
 * ROS 2 node of the domain, and what those nodes publish as {@code geometry_msgs/msg/Twist} or
 * {@code sensor_msgs/msg/Joy} is the {@link Teleoperation} service. For this protocol {@code open(host, port)} reads
 * {@code host} as the network interface (a name such as {@code lo}, an IPv4 address, or empty for the first
 * multicast-capable one) and {@code port} as the domain ({@code ROS_DOMAIN_ID}).
 */
@Component(service = {LiveViewFactory.class, Teleoperation.class},
        property = LiveViewFactory.PROTOCOL_PROPERTY + "=" + Ros2Bridge.PROTOCOL)
public final class Ros2Bridge implements LiveViewFactory, Teleoperation {
    /** The protocol name. */
    public static final String PROTOCOL = "ros2";
    private final List<Live> open = new CopyOnWriteArrayList<>();

    @Override
    public LiveView open(String host, int domain) throws IOException {
        return open(host, domain, Map.of());
    }

    /**
     * Opens as {@link #open(String, int)} with per-topic QoS: {@code settings.qos} maps a topic ({@code /os1/points}) to
     * its {@code reliability} (reliable, best_effort), {@code durability} (volatile, transient_local) and {@code depth}
     * (kept messages, [1, 1000]); any other setting is refused.
     */
    @Override
    public LiveView open(String host, int domain, Map<String, Object> settings) throws IOException {
        Map<String, Qos> qos = qos(settings);
        Live live = new Live(new Participant(Participant.Options.of(domain, address(host))), qos);
        open.removeIf(Live::closed);
        open.add(live);
        return live;
    }

    /** The per-topic QoS of {@code settings}, checked: see {@link #open(String, int, Map)}. */
    static Map<String, Qos> qos(Map<String, Object> settings) {
        Map<String, Qos> qos = new HashMap<>();
        for (Map.Entry<String, Object> e : settings.entrySet()) {
            if (!e.getKey().equals("qos") || !(e.getValue() instanceof Map<?, ?> topics)) {
                throw new IllegalArgumentException("the ROS 2 bridge's settings are qos: {<topic>: {reliability, "
                        + "durability, depth}}, got " + e.getKey());
            }
            topics.forEach((topic, q) -> qos.put(String.valueOf(topic), Qos.of(String.valueOf(topic), q)));
        }
        return qos;
    }

    /** The IPv4 address of the interface named {@code host} (a name or an address); the default one when empty. */
    static InetAddress address(String host) throws IOException {
        if (host == null || host.isBlank()) {
            return Participant.defaultAddress();
        }
        NetworkInterface n = NetworkInterface.getByName(host);
        if (n != null) {
            for (InetAddress a : java.util.Collections.list(n.getInetAddresses())) {
                if (a instanceof java.net.Inet4Address) {
                    return a;
                }
            }
            throw new IOException("DDS: interface " + host + " has no IPv4 address");
        }
        try {
            return InetAddress.getByName(host);
        } catch (java.net.UnknownHostException e) {
            throw new IOException("DDS: no interface or address named '" + host + "'");
        }
    }

    @Override
    public TwistMessage twist(String topic) {
        return latest(l -> l.twist(topic));
    }

    @Override
    public JoyMessage joy(String topic) {
        return latest(l -> l.joy(topic));
    }

    /** The first open bridge's answer, or null. */
    private <T> T latest(java.util.function.Function<Live, T> read) {
        for (Live l : open) {
            T value = l.closed() ? null : read.apply(l);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    /** The DDS type name of a ROS 2 message type: {@code sensor_msgs/msg/Imu} → {@code sensor_msgs::msg::dds_::Imu_}. */
    static String ddsType(String rosType) {
        int slash = rosType.lastIndexOf('/');
        return rosType.substring(0, slash).replace("/", "::") + "::dds_::" + rosType.substring(slash + 1) + "_";
    }

    /** The user data ROS 2 (Iron and later) gives an endpoint of {@code rosType}: {@code typehash=RIHS01_<sha256>;}. */
    static byte[] typeHash(String rosType, String definition) {
        return ("typehash=" + TypeHash.of(rosType, definition) + ";").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** One open bridge: a participant, its writers per channel, its teleoperation readers. */
    static final class Live implements LiveView, MessageChannels {
        private static final System.Logger LOG = System.getLogger("sensor.io.dds");
        private final Participant participant;
        private final Ros2Topics topics = new Ros2Topics(this);
        private final List<String> schemas = new ArrayList<>();
        /** Each schema's user data: its type hash as ROS 2 Iron and later announce it ({@code typehash=RIHS01_...;}). */
        private final List<byte[]> typeHashes = new ArrayList<>();
        private final List<Writer> writers = new ArrayList<>();
        private final Map<String, Reader> readers = new ConcurrentHashMap<>();
        private final LatestMessages latest = new LatestMessages();
        private final Map<String, Boolean> warned = new ConcurrentHashMap<>();
        private final Map<String, Qos> qos;
        private final java.util.Set<String> published = new java.util.HashSet<>();
        private volatile boolean closed;

        Live(Participant participant, Map<String, Qos> qos) {
            this.participant = participant;
            this.qos = Map.copyOf(qos);
        }

        boolean closed() {
            return closed;
        }

        @Override
        public String address() {
            return "ROS 2 (DDS) domain " + participant.domain() + " on " + participant.address().getHostAddress()
                    + ", participant index " + participant.index();
        }

        @Override
        public synchronized void accept(SensorFrame frame) {
            if (!closed) {
                try {
                    topics.frame(frame);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }

        @Override
        public synchronized void mounts(double time, Map<String, SensorMount> mounts) {
            if (!closed) {
                try {
                    topics.mounts(time, mounts);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }

        @Override
        public int schema(String name, String encoding, byte[] data) {
            schemas.add(name);
            typeHashes.add(typeHash(name, new String(data, java.nio.charset.StandardCharsets.UTF_8)));
            return schemas.size() - 1;
        }

        @Override
        public int channel(int schemaId, String topic, String messageEncoding, Map<String, String> metadata) {
            Qos q = qos.getOrDefault(topic, metadata.getOrDefault("offered_qos_profiles", "")
                    .equals(Ros2Topics.TRANSIENT_LOCAL) ? Qos.LATCHED : Qos.DEFAULT);
            published.add(topic);
            writers.add(participant.writer("rt" + topic, ddsType(schemas.get(schemaId)), q, typeHashes.get(schemaId)));
            return writers.size() - 1;
        }

        @Override
        public boolean wants(int channel) {
            Writer w = writers.get(channel);
            return w.matched() > 0 || w.transientLocal();
        }

        @Override
        public void message(int channel, long logTime, long publishTime, byte[] data) {
            writers.get(channel).write(data);
        }

        TwistMessage twist(String topic) {
            subscribe(topic, Ros2.TWIST, Ros2.TWIST_DEF);
            return latest.twist(topic);
        }

        JoyMessage joy(String topic) {
            subscribe(topic, Ros2.JOY, Ros2.JOY_DEF);
            return latest.joy(topic);
        }

        /** Subscribes to {@code topic} on first use: a best-effort reader matches every writer. */
        private void subscribe(String topic, String rosType, String definition) {
            String name = topic.replaceFirst("^/", "");
            readers.computeIfAbsent(name + " " + rosType, k -> participant.reader("rt/" + name, ddsType(rosType),
                    new Qos(false, false, 1), typeHash(rosType, definition), (w, payload) -> received(name, rosType, payload)));
        }

        private void received(String topic, String rosType, ByteBuffer payload) {
            byte[] bytes = new byte[payload.remaining()];
            payload.get(bytes);
            try {
                if (rosType.equals(Ros2.TWIST)) {
                    latest.twist(topic, Ros2.readTwist(bytes));
                } else {
                    latest.joy(topic, Ros2.readJoy(bytes));
                }
            } catch (RuntimeException e) {
                if (warned.putIfAbsent(topic, true) == null) {
                    LOG.log(Level.WARNING, "ros2: a {0} message on ''{1}'' does not decode and is dropped: {2}", rosType,
                            topic, e instanceof java.nio.BufferUnderflowException ? "it ends early, at " + bytes.length
                                    + " bytes" : e.getMessage());
                }
            }
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            long written = 0, dropped = 0;
            for (Writer w : writers) {
                written += w.written();
                dropped += w.dropped();
            }
            participant.close();
            qos.keySet().stream().filter(t -> !published.contains(t)).sorted().forEach(t -> LOG.log(Level.WARNING,
                    "ros2: the QoS set for {0} was not used: the run published no such topic", t));
            LOG.log(dropped > 0 ? Level.WARNING : Level.INFO, "ros2: {0} messages on {1} topics, {2} dropped (the network "
                    + "could not keep up)", written, writers.size(), dropped);
        }
    }
}
