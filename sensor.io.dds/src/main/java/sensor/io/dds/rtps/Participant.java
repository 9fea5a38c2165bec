package sensor.io.dds.rtps;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A DDS domain participant speaking RTPS 2.3 over UDPv4: the Simple Participant and Endpoint Discovery Protocols
 * (SPDP, SEDP; RTPS 2.3 §8.5), user writers and readers matched by topic, type and QoS, and the sockets and threads
 * that carry them. Ports follow the RTPS well-known mapping (§9.6.1.1): SPDP multicast on 239.255.0.1:7400+250·domain,
 * unicast discovery on 7410+250·domain+2·index, user data on 7411+250·domain+2·index, the index being the lowest
 * free one. Nothing is sent beyond the chosen interface and the listed peers; multicast leaves with TTL 1.
 */
public final class Participant implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("sensor.io.dds");
    private static final InetAddress SPDP_GROUP = address("239.255.0.1");
    /** Participant indices tried, as Cyclone DDS and Fast DDS scan them. */
    static final int MAX_INDEX = 119;
    /** Unicast peers are sent SPDP on these participant indices. */
    static final int PEER_INDICES = 10;
    /** The largest UDP datagram sent. */
    static final int MAX_DATAGRAM = 65000;
    static final int BUILTIN_ENDPOINTS = 0x3f; // participant, publications, subscriptions: announcer and detector each

    /**
     * How a participant joins its domain.
     *
     * @param domain         the DDS domain (ROS_DOMAIN_ID), 0 to 232
     * @param address        the IPv4 address of the interface used (loopback confines the participant to this machine)
     * @param peers          unicast addresses also sent discovery (hosts without multicast between them)
     * @param fragmentSize   bytes per DATA_FRAG, 1024 to 64000; larger samples are cut
     * @param queueBytes     most bytes waiting to be sent; beyond it the oldest waiting samples are dropped
     * @param bytesPerSecond pace of sending, so that readers' socket buffers are not overrun
     * @param leaseSeconds   how long others keep this participant without hearing from it
     * @param userData       the participant's user data (ROS 2: {@code enclave=/;})
     */
    public record Options(int domain, InetAddress address, List<InetAddress> peers, int fragmentSize, long queueBytes,
            long bytesPerSecond, double leaseSeconds, byte[] userData) {
        /** Checks every field, naming the one out of range. */
        public Options {
            if (domain < 0 || domain > 232) {
                throw new IllegalArgumentException("domain must be 0 to 232, got " + domain);
            }
            if (!(address instanceof Inet4Address)) {
                throw new IllegalArgumentException("the interface must have an IPv4 address, got " + address);
            }
            peers = List.copyOf(peers);
            if (fragmentSize < 1024 || fragmentSize > 64000) {
                throw new IllegalArgumentException("fragmentSize must be 1024 to 64000 bytes, got " + fragmentSize);
            }
            if (queueBytes < 1 << 20) {
                throw new IllegalArgumentException("queueBytes must be at least 1 MiB, got " + queueBytes);
            }
            if (bytesPerSecond < 1 << 20) {
                throw new IllegalArgumentException("bytesPerSecond must be at least 1 MiB/s, got " + bytesPerSecond);
            }
            if (!(leaseSeconds >= 1 && leaseSeconds <= 3600)) {
                throw new IllegalArgumentException("leaseSeconds must be 1 to 3600, got " + leaseSeconds);
            }
        }

        /** Defaults for {@code domain} on {@code address}: 16000-byte fragments, 64 MiB queue, 400 MB/s, 20 s lease. */
        public static Options of(int domain, InetAddress address) {
            return new Options(domain, address, List.of(), 16000, 64L << 20, 400_000_000L, 20,
                    "enclave=/;".getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** A participant heard from. */
    private static final class Remote {
        final Guid.Prefix prefix;
        final List<InetSocketAddress> meta, user;
        /** Its lease (as it announced it), and when it runs out unless renewed. */
        volatile long leaseNanos, expires;

        Remote(Guid.Prefix prefix, List<InetSocketAddress> meta, List<InetSocketAddress> user, long leaseNanos) {
            this.prefix = prefix;
            this.meta = meta;
            this.user = user;
            this.expires = System.nanoTime() + (this.leaseNanos = leaseNanos);
        }
    }

    /** A remote user endpoint learnt through SEDP. */
    private record Endpoint(Guid guid, String topic, String type, Qos qos, List<InetSocketAddress> to) {}


    private final Options options;
    private final Guid.Prefix prefix;
    private final int index;
    private final MulticastSocket multicast;
    private final DatagramSocket meta, user;
    private final NetworkInterface nic;
    private final Map<Guid.Prefix, Remote> remotes = new ConcurrentHashMap<>();
    private final Map<Guid, Endpoint> remoteWriters = new ConcurrentHashMap<>(), remoteReaders = new ConcurrentHashMap<>();
    private final List<Writer> writers = new CopyOnWriteArrayList<>();
    private final List<Reader> readers = new CopyOnWriteArrayList<>();
    private final Writer sedpPublications, sedpSubscriptions;
    private final Reader sedpPublicationsReader, sedpSubscriptionsReader;
    private final AtomicInteger keys = new AtomicInteger();
    private final Sender sender;
    private final ScheduledExecutorService timer;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean closed;
    private final Map<String, Boolean> warned = new ConcurrentHashMap<>();

    /**
     * Joins the domain: binds the sockets and starts discovery.
     *
     * @throws IOException naming the port and domain when a port is taken, or the interface when it cannot be used
     */
    public Participant(Options options) throws IOException {
        this.options = options;
        byte[] p = new byte[12];
        new SecureRandom().nextBytes(p);
        p[0] = Message.VENDOR[0];
        p[1] = Message.VENDOR[1];
        prefix = new Guid.Prefix(p);
        nic = NetworkInterface.getByInetAddress(options.address());
        if (nic == null) {
            throw new IOException("DDS: no network interface has the address " + options.address().getHostAddress());
        }
        int base = 7400 + 250 * options.domain();
        if (!nic.supportsMulticast() && options.peers().isEmpty()) {
            throw new IOException("DDS: interface " + nic.getName() + " has no multicast, and no peers are named: nobody"
                    + " could be discovered (enable multicast on it, e.g. ip link set lo multicast on, or name peers)");
        }
        multicast = nic.supportsMulticast() ? joinGroup(base) : null;
        DatagramSocket[] pair = null;
        int found = -1;
        for (int i = 0; i <= MAX_INDEX && pair == null; i++) {
            pair = bindPair(base + 10 + 2 * i);
            found = i;
        }
        if (pair == null) {
            if (multicast != null) {
                multicast.close();
            }
            throw new IOException("DDS: every participant port of domain " + options.domain() + " (" + (base + 10)
                    + " to " + (base + 11 + 2 * MAX_INDEX) + ") is in use");
        }
        index = found;
        meta = pair[0];
        user = pair[1];
        Guid.Prefix self = prefix;
        sedpPublications = new Writer(this, new Guid(self, Guid.SEDP_PUBLICATIONS_WRITER), "DCPSPublication", "", 
                new Qos(true, true, 10000), null);
        sedpSubscriptions = new Writer(this, new Guid(self, Guid.SEDP_SUBSCRIPTIONS_WRITER), "DCPSSubscription", "",
                new Qos(true, true, 10000), null);
        sedpPublicationsReader = new Reader(this, new Guid(self, Guid.SEDP_PUBLICATIONS_READER), "DCPSPublication", "",
                new Qos(true, true, 10000), (w, b) -> endpoint(b, true));
        sedpSubscriptionsReader = new Reader(this, new Guid(self, Guid.SEDP_SUBSCRIPTIONS_READER), "DCPSSubscription",
                "", new Qos(true, true, 10000), (w, b) -> endpoint(b, false));
        if (multicast != null) {
            receive(multicast, "spdp");
        }
        receive(meta, "meta");
        receive(user, "user");
        sender = new Sender(prefix, options, this::send, this::warnOnce, () -> closed);
        threads.add(sender.start("dds-send-" + options.domain()));
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dds-timer-" + options.domain());
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::announce, 0, 1000, TimeUnit.MILLISECONDS);
        timer.scheduleWithFixedDelay(this::heartbeats, 100, 100, TimeUnit.MILLISECONDS);
    }

    private MulticastSocket joinGroup(int port) throws IOException {
        MulticastSocket m;
        try {
            m = new MulticastSocket(null);
            m.setReuseAddress(true);
            m.bind(new InetSocketAddress(port));
        } catch (IOException e) {
            throw new IOException("DDS: the discovery port " + port + " of domain " + options.domain()
                    + " cannot be opened: " + e.getMessage(), e);
        }
        try {
            m.setOption(StandardSocketOptions.IP_MULTICAST_IF, nic);
            m.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
            m.setTimeToLive(1);
            m.joinGroup(new InetSocketAddress(SPDP_GROUP, port), nic);
            return m;
        } catch (IOException e) {
            m.close();
            throw new IOException("DDS: interface " + nic.getName() + " cannot join the discovery group "
                    + SPDP_GROUP.getHostAddress() + ": " + e.getMessage(), e);
        }
    }

    private DatagramSocket[] bindPair(int metaPort) {
        DatagramSocket m = null;
        try {
            m = new DatagramSocket(new InetSocketAddress(metaPort));
            DatagramSocket u = new DatagramSocket(new InetSocketAddress(metaPort + 1));
            for (DatagramSocket s : new DatagramSocket[] {m, u}) {
                s.setReceiveBufferSize(8 << 20);
                s.setSendBufferSize(8 << 20);
            }
            return new DatagramSocket[] {m, u};
        } catch (SocketException e) {
            if (m != null) {
                m.close();
            }
            return null;
        }
    }

    private byte[] spdp() {
        return Discovery.spdp(prefix, options, Locator.udp(options.address(), this.meta.getLocalPort()), userLocator());
    }

    private Locator userLocator() {
        return Locator.udp(options.address(), user.getLocalPort());
    }

    /** The domain joined. */
    public int domain() {
        return options.domain();
    }

    /** The address of the interface used. */
    public InetAddress address() {
        return options.address();
    }

    /** This participant's GUID prefix. */
    public Guid.Prefix prefix() {
        return prefix;
    }

    /** The participant index chosen (its unicast ports are 7410+250·domain+2·index and the next). */
    public int index() {
        return index;
    }

    /** Participants heard from and not expired. */
    public int participants() {
        return remotes.size();
    }

    /** Creates a writer on {@code topic} of {@code type}, announced through SEDP; {@code userData} may be null. */
    public Writer writer(String topic, String type, Qos qos, byte[] userData) {
        Writer w = new Writer(this, new Guid(prefix, keys.incrementAndGet() << 8 | Guid.KIND_WRITER_NO_KEY), topic, type,
                qos, userData);
        writers.add(w);
        remoteReaders.values().forEach(r -> match(w, r));
        sedpPublications.write(Discovery.announcement(prefix, userLocator(), w.guid, topic, type, qos, userData).payload());
        return w;
    }

    /** Creates a reader on {@code topic} of {@code type}; {@code sink} gets each sample with its writer's GUID. */
    public Reader reader(String topic, String type, Qos qos, BiConsumer<Guid, ByteBuffer> sink) {
        return reader(topic, type, qos, null, sink);
    }

    /** As {@link #reader(String, String, Qos, BiConsumer)}, announced with {@code userData} (may be null). */
    public Reader reader(String topic, String type, Qos qos, byte[] userData, BiConsumer<Guid, ByteBuffer> sink) {
        Reader r = new Reader(this, new Guid(prefix, keys.incrementAndGet() << 8 | Guid.KIND_READER_NO_KEY), topic, type,
                qos, sink);
        readers.add(r);
        remoteWriters.values().forEach(w -> match(r, w));
        sedpSubscriptions.write(Discovery.announcement(prefix, userLocator(), r.guid, topic, type, qos, userData).payload());
        return r;
    }

    private final AtomicInteger spdpSn = new AtomicInteger();

    /** Sends this participant's SPDP data to the group, the peers, and drops participants whose lease ran out. */
    private void announce() {
        try {
            byte[] data = new Message(prefix, 1024).infoTimestamp(System.currentTimeMillis() * 1_000_000L)
                    .data(Guid.SPDP_READER, Guid.SPDP_WRITER, spdpSn.incrementAndGet(), null, spdp()).bytes();
            int base = 7400 + 250 * options.domain();
            if (multicast != null) {
                multicast.send(new DatagramPacket(data, data.length, SPDP_GROUP, base));
            }
            for (InetAddress peer : options.peers()) {
                for (int i = 0; i < PEER_INDICES; i++) {
                    meta.send(new DatagramPacket(data, data.length, peer, base + 10 + 2 * i));
                }
            }
            for (Remote r : remotes.values()) {
                if (System.nanoTime() > r.expires) {
                    forget(r.prefix);
                }
            }
        } catch (IOException | RuntimeException e) {
            warnOnce("announce", "DDS: discovery could not be sent: " + e.getMessage());
        }
    }

    private void heartbeats() {
        try {
            for (Writer w : writers) {
                w.heartbeatUnacknowledged();
            }
            sedpPublications.heartbeatUnacknowledged();
            sedpSubscriptions.heartbeatUnacknowledged();
        } catch (RuntimeException e) {
            warnOnce("heartbeat", "DDS: heartbeats failed: " + e.getMessage());
        }
    }

    private void receive(DatagramSocket socket, String name) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[65536];
            DatagramPacket packet = new DatagramPacket(buf, buf.length);
            while (!closed) {
                try {
                    packet.setLength(buf.length);
                    socket.receive(packet);
                    MessageReader.read(ByteBuffer.wrap(buf, 0, packet.getLength()).slice(), prefix, handler);
                    touch(new Guid.Prefix(java.util.Arrays.copyOfRange(buf, 8, 20))); // any message shows its sender alive
                } catch (IOException e) {
                    if (!closed) {
                        warnOnce("receive-" + name, "DDS: receiving on port " + socket.getLocalPort() + " failed: "
                                + e.getMessage());
                    }
                } catch (RuntimeException e) { // a malformed message from someone: dropped
                    warnOnce("malformed-" + packet.getAddress(), "DDS: a malformed RTPS message from "
                            + packet.getSocketAddress() + " was dropped: " + e.getMessage());
                }
            }
        }, "dds-" + name + "-" + socket.getLocalPort());
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    private final MessageReader.Handler handler = new MessageReader.Handler() {
        @Override
        public void data(Guid.Prefix from, int readerId, int writerId, long sn, Map<Integer, List<ByteBuffer>> qos,
                ByteBuffer payload) {
            if (from.equals(prefix)) {
                return;
            }
            if (writerId == Guid.SPDP_WRITER) {
                participant(from, qos, payload);
                return;
            }
            Guid writer = new Guid(from, writerId);
            for (Reader r : readersOf(writerId)) {
                if (r.matches(writer)) {
                    r.data(writer, sn, Discovery.disposal(qos) ? Discovery.keyOnly(qos, writer) : payload);
                }
            }
        }

        @Override
        public void dataFragment(Guid.Prefix from, int readerId, int writerId, long sn, int first, int fragmentSize,
                int sampleSize, Map<Integer, List<ByteBuffer>> qos, ByteBuffer fragments) {
            Guid writer = new Guid(from, writerId);
            for (Reader r : readersOf(writerId)) {
                if (r.matches(writer)) {
                    r.fragment(writer, sn, first, fragmentSize, sampleSize, fragments);
                }
            }
        }

        @Override
        public void heartbeat(Guid.Prefix from, int readerId, int writerId, long first, long last, int count,
                boolean fin) {
            Guid writer = new Guid(from, writerId);
            for (Reader r : readersOf(writerId)) {
                if (r.matches(writer) && (readerId == Guid.UNKNOWN || readerId == r.guid.entity())) {
                    r.heartbeat(writer, first, last, fin);
                }
            }
        }

        @Override
        public void ackNack(Guid.Prefix from, int readerId, int writerId, long base, long[] missing) {
            Writer w = writerOf(writerId);
            if (w != null) {
                w.ackNack(new Guid(from, readerId), base, missing);
            }
        }

        @Override
        public void gap(Guid.Prefix from, int readerId, int writerId, long[] irrelevant) {
            Guid writer = new Guid(from, writerId);
            for (Reader r : readersOf(writerId)) {
                r.gap(writer, irrelevant);
            }
        }

        @Override
        public void nackFragment(Guid.Prefix from, int readerId, int writerId, long sn, int[] missing) {
            Writer w = writerOf(writerId);
            if (w != null) {
                w.nackFragment(new Guid(from, readerId), sn, missing);
            }
        }
    };

    private List<Reader> readersOf(int writerId) {
        return switch (writerId) {
            case Guid.SEDP_PUBLICATIONS_WRITER -> List.of(sedpPublicationsReader);
            case Guid.SEDP_SUBSCRIPTIONS_WRITER -> List.of(sedpSubscriptionsReader);
            default -> readers;
        };
    }

    private Writer writerOf(int writerId) {
        if (writerId == Guid.SEDP_PUBLICATIONS_WRITER) {
            return sedpPublications;
        }
        if (writerId == Guid.SEDP_SUBSCRIPTIONS_WRITER) {
            return sedpSubscriptions;
        }
        for (Writer w : writers) {
            if (w.guid.entity() == writerId) {
                return w;
            }
        }
        return null;
    }

    private void touch(Guid.Prefix from) {
        Remote r = remotes.get(from);
        if (r != null) {
            r.expires = Math.max(r.expires, System.nanoTime() + r.leaseNanos); // by its own lease (RTPS 2.3 §8.5.3.2)
        }
    }

    /** SPDP data: a new participant is matched with the built-in endpoints; a known one's lease renewed. */
    private void participant(Guid.Prefix from, Map<Integer, List<ByteBuffer>> inline, ByteBuffer payload) {
        if (Discovery.disposal(inline)) {
            forget(from);
            return;
        }
        Map<Integer, List<ByteBuffer>> pl = ParameterList.readPayload(payload);
        List<InetSocketAddress> meta = Discovery.addresses(pl.get(ParameterList.METATRAFFIC_UNICAST_LOCATOR));
        List<InetSocketAddress> user = Discovery.addresses(pl.get(ParameterList.DEFAULT_UNICAST_LOCATOR));
        List<ByteBuffer> domain = pl.get(ParameterList.DOMAIN_ID);
        if (domain != null && domain.get(0).getInt(domain.get(0).position()) != options.domain()) {
            return;
        }
        double lease = 100;
        List<ByteBuffer> l = pl.get(ParameterList.PARTICIPANT_LEASE_DURATION);
        if (l != null && l.get(0).remaining() >= 8) {
            lease = l.get(0).getInt(l.get(0).position()) + (l.get(0).getInt(l.get(0).position() + 4) & 0xffffffffL) / 4294967296.0;
        }
        int builtin = pl.containsKey(ParameterList.BUILTIN_ENDPOINT_SET)
                ? pl.get(ParameterList.BUILTIN_ENDPOINT_SET).get(0).getInt(pl.get(ParameterList.BUILTIN_ENDPOINT_SET).get(0).position())
                : BUILTIN_ENDPOINTS;
        long leaseNanos = (long) (Math.min(lease, 3600) * 1e9);
        Remote known = remotes.get(from);
        if (known != null) {
            known.leaseNanos = leaseNanos;
            known.expires = System.nanoTime() + leaseNanos;
            return;
        }
        if (meta.isEmpty()) {
            return;
        }
        Remote r = new Remote(from, meta, user.isEmpty() ? meta : user, leaseNanos);
        remotes.put(from, r);
        LOG.log(Level.DEBUG, "DDS: participant {0} at {1}", from, meta);
        if ((builtin & 0x08) != 0) {
            sedpPublications.match(new Guid(from, Guid.SEDP_PUBLICATIONS_READER), meta, true);
        }
        if ((builtin & 0x20) != 0) {
            sedpSubscriptions.match(new Guid(from, Guid.SEDP_SUBSCRIPTIONS_READER), meta, true);
        }
        if ((builtin & 0x04) != 0) {
            sedpPublicationsReader.match(new Guid(from, Guid.SEDP_PUBLICATIONS_WRITER), meta);
        }
        if ((builtin & 0x10) != 0) {
            sedpSubscriptionsReader.match(new Guid(from, Guid.SEDP_SUBSCRIPTIONS_WRITER), meta);
        }
        byte[] data = new Message(prefix, 1024).infoDestination(from)
                .data(Guid.SPDP_READER, Guid.SPDP_WRITER, spdpSn.incrementAndGet(), null, spdp()).bytes();
        for (InetSocketAddress a : meta) {
            send(data, a);
        }
    }

    private void forget(Guid.Prefix p) {
        if (remotes.remove(p) == null) {
            return;
        }
        remoteWriters.keySet().removeIf(g -> g.prefix().equals(p));
        remoteReaders.keySet().removeIf(g -> g.prefix().equals(p));
        for (Writer w : writers) {
            w.unmatchParticipant(p);
        }
        for (Reader r : readers) {
            r.unmatchParticipant(p);
        }
        for (Writer w : List.of(sedpPublications, sedpSubscriptions)) {
            w.unmatchParticipant(p);
        }
        for (Reader r : List.of(sedpPublicationsReader, sedpSubscriptionsReader)) {
            r.unmatchParticipant(p);
        }
    }

    /** SEDP data: a remote writer ({@code publication}) or reader, matched with ours; a disposal unmatches it. */
    private void endpoint(ByteBuffer payload, boolean publication) {
        if (payload.remaining() < 4 || payload.get(payload.position() + 1) != ParameterList.PL_CDR_LE
                && payload.get(payload.position() + 1) != ParameterList.PL_CDR_BE) {
            return; // a serialized key alone (a dispose without the key hash): the lease ends it instead
        }
        Map<Integer, List<ByteBuffer>> pl = ParameterList.readPayload(payload);
        List<ByteBuffer> g = pl.get(ParameterList.ENDPOINT_GUID);
        if (g == null) {
            return;
        }
        Guid guid = Guid.read(g.get(0).duplicate());
        if (pl.containsKey(ParameterList.STATUS_INFO)) {
            (publication ? remoteWriters : remoteReaders).remove(guid);
            writers.forEach(w -> w.unmatch(guid));
            readers.forEach(r -> r.unmatch(guid));
            return;
        }
        if (!pl.containsKey(ParameterList.TOPIC_NAME) || !pl.containsKey(ParameterList.TYPE_NAME)) {
            return;
        }
        boolean reliable = publication; // the defaults: writers reliable, readers best effort
        List<ByteBuffer> rel = pl.get(ParameterList.RELIABILITY);
        if (rel != null) {
            reliable = rel.get(0).getInt(rel.get(0).position()) == 2;
        }
        List<ByteBuffer> dur = pl.get(ParameterList.DURABILITY);
        boolean transientLocal = dur != null && dur.get(0).getInt(dur.get(0).position()) >= 1;
        Remote owner = remotes.get(guid.prefix());
        List<InetSocketAddress> to = Discovery.addresses(pl.get(ParameterList.UNICAST_LOCATOR));
        if (to.isEmpty()) {
            to = owner == null ? List.of() : owner.user;
        }
        if (to.isEmpty()) {
            return;
        }
        Endpoint e = new Endpoint(guid, ParameterList.string(pl.get(ParameterList.TOPIC_NAME).get(0)),
                ParameterList.string(pl.get(ParameterList.TYPE_NAME).get(0)), new Qos(reliable, transientLocal, 1), to);
        if (publication) {
            remoteWriters.put(guid, e);
            readers.forEach(r -> match(r, e));
        } else {
            remoteReaders.put(guid, e);
            writers.forEach(w -> match(w, e));
        }
    }

    private void match(Writer w, Endpoint reader) {
        if (w.topic.equals(reader.topic()) && w.type.equals(reader.type())) {
            if (w.qos.satisfies(reader.qos())) {
                w.match(reader.guid(), reader.to(), reader.qos().reliable());
            } else {
                warnOnce("qos-" + reader.guid(), "DDS: a reader of " + w.topic + " asks for "
                        + (reader.qos().reliable() ? "reliable" : "best-effort") + (reader.qos().transientLocal()
                        ? ", transient-local" : "") + " delivery, which this writer does not offer; it is not matched");
            }
        }
    }

    private void match(Reader r, Endpoint writer) {
        if (r.topic.equals(writer.topic()) && r.type.equals(writer.type()) && writer.qos().satisfies(r.qos)) {
            r.match(writer.guid(), writer.to());
        }
    }

    /** Queues a sample for sending: to every matched reader, or to {@code only}. */
    void enqueue(Writer w, long sn, byte[] sample, Writer.Proxy only) {
        sender.enqueue(w, sn, sample, only);
    }

    /** Sends fragments {@code numbers} (1-based) of sample {@code sn} to one reader. */
    void sendFragments(Writer w, Writer.Proxy p, long sn, byte[] sample, int[] numbers) {
        sender.fragments(w, p, sn, sample, numbers);
    }

    /** Sends one message built by {@code body} to a participant's {@code to}, with INFO_DST naming it. */
    void sendTo(Guid.Prefix destination, List<InetSocketAddress> to, Consumer<Message> body) {
        Message m = new Message(prefix, 2048).infoDestination(destination);
        body.accept(m);
        byte[] data = m.bytes();
        for (InetSocketAddress a : to) {
            send(data, a);
        }
    }

    /** Which outgoing datagrams are lost on purpose: a test's model of a lossy network (none by default). */
    volatile java.util.function.Predicate<byte[]> lose = d -> false;

    void send(byte[] data, InetSocketAddress to) {
        if (lose.test(data)) {
            return;
        }
        try {
            user.send(new DatagramPacket(data, data.length, to));
        } catch (IOException e) {
            warnOnce("send-" + to, "DDS: sending to " + to + " failed: " + e.getMessage());
        }
    }

    void warnOnce(String key, String message) {
        if (warned.putIfAbsent(key, Boolean.TRUE) == null) {
            LOG.log(Level.WARNING, message);
        }
    }

    /** Writers of this participant, for their counts. */
    public List<Writer> writers() {
        return Collections.unmodifiableList(writers);
    }

    /** Leaves the domain: tells the others (SPDP disposal), stops the threads, closes the sockets. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            byte[] key = new Guid(prefix, Guid.PARTICIPANT).bytes();
            byte[] bye = new Message(prefix, 256).data(Guid.SPDP_READER, Guid.SPDP_WRITER, spdpSn.incrementAndGet(),
                    new ParameterList().add(ParameterList.KEY_HASH, key).addInt(ParameterList.STATUS_INFO, 0x03000000)
                            .inline(), new ParameterList().addGuid(ParameterList.PARTICIPANT_GUID,
                                    new Guid(prefix, Guid.PARTICIPANT)).payload()).bytes();
            if (multicast != null) {
                multicast.send(new DatagramPacket(bye, bye.length, SPDP_GROUP, 7400 + 250 * options.domain()));
            }
            for (Remote r : remotes.values()) {
                for (InetSocketAddress a : r.meta) {
                    send(bye, a);
                }
            }
        } catch (IOException | RuntimeException e) {
            // leaving quietly: the others drop us when our lease ends
        }
        closed = true;
        timer.shutdownNow();
        if (multicast != null) {
            multicast.close();
        }
        meta.close();
        user.close();
        sender.wake();
        for (Thread t : threads) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static InetAddress address(String dotted) {
        try {
            return InetAddress.getByName(dotted);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first up, multicast-capable, non-loopback IPv4 interface's address, else loopback's (as Cyclone DDS picks). */
    public static InetAddress defaultAddress() throws SocketException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (n.isUp() && !n.isLoopback() && n.supportsMulticast()) {
                for (InetAddress a : Collections.list(n.getInetAddresses())) {
                    if (a instanceof Inet4Address) {
                        return a;
                    }
                }
            }
        }
        return loopback;
    }

}
