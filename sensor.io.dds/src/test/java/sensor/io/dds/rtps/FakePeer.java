package sensor.io.dds.rtps;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** A participant driven by hand on a loopback socket: sends what a test builds, keeps every datagram it receives. */
final class FakePeer implements AutoCloseable {
    static final InetAddress LO = InetAddress.getLoopbackAddress();
    final Guid.Prefix prefix;
    final DatagramSocket socket;
    /** Received datagrams, in order. */
    final List<byte[]> datagrams = new CopyOnWriteArrayList<>();
    private final AtomicLong spdpSn = new AtomicLong(), pubSn = new AtomicLong(), subSn = new AtomicLong();

    FakePeer(int seed) throws IOException {
        this(seed, 0);
    }

    FakePeer(int seed, int port) throws IOException {
        byte[] p = new byte[12];
        Arrays.fill(p, (byte) seed);
        p[0] = 0x0f;
        prefix = new Guid.Prefix(p);
        socket = new DatagramSocket(new InetSocketAddress(LO, port));
        Thread t = new Thread(() -> {
            byte[] buf = new byte[65536];
            DatagramPacket packet = new DatagramPacket(buf, buf.length);
            while (!socket.isClosed()) {
                try {
                    packet.setLength(buf.length);
                    socket.receive(packet);
                    datagrams.add(Arrays.copyOf(buf, packet.getLength()));
                } catch (IOException e) {
                    return;
                }
            }
        }, "fake-peer-" + seed);
        t.setDaemon(true);
        t.start();
    }

    static int metaPort(Participant p) {
        return 7410 + 250 * p.domain() + 2 * p.index();
    }

    Locator locator() {
        return Locator.udp(LO, socket.getLocalPort());
    }

    void send(Participant to, byte[] message) throws IOException {
        socket.send(new DatagramPacket(message, message.length, LO, metaPort(to)));
    }

    /** SPDP data of this peer in {@code domain}: GUID, version, vendor, domain, both locators at its socket. */
    ParameterList spdp(int domain) {
        return new ParameterList().addGuid(ParameterList.PARTICIPANT_GUID, new Guid(prefix, Guid.PARTICIPANT))
                .add(ParameterList.PROTOCOL_VERSION, new byte[] {2, 3, 0, 0})
                .add(ParameterList.VENDOR_ID, new byte[] {1, 0x0f, 0, 0})
                .addInt(ParameterList.DOMAIN_ID, domain)
                .addLocator(ParameterList.METATRAFFIC_UNICAST_LOCATOR, locator())
                .addLocator(ParameterList.DEFAULT_UNICAST_LOCATOR, locator());
    }

    void announce(Participant to, ParameterList spdp) throws IOException {
        send(to, new Message(prefix, 4096).data(Guid.SPDP_READER, Guid.SPDP_WRITER, spdpSn.incrementAndGet(), null,
                spdp.payload()).bytes());
    }

    /** SPDP disposal: this participant leaves. */
    void leave(Participant to) throws IOException {
        byte[] key = new Guid(prefix, Guid.PARTICIPANT).bytes();
        send(to, new Message(prefix, 1024).data(Guid.SPDP_READER, Guid.SPDP_WRITER, spdpSn.incrementAndGet(),
                new ParameterList().add(ParameterList.KEY_HASH, key).addInt(ParameterList.STATUS_INFO, 0x03000000).inline(),
                new ParameterList().addGuid(ParameterList.PARTICIPANT_GUID, new Guid(prefix, Guid.PARTICIPANT)).payload())
                .bytes());
    }

    /** SEDP data: a publication (our writer) or subscription (our reader) from the built-in SEDP writer. */
    long sedp(Participant to, boolean publication, byte[] inlineQos, byte[] payload) throws IOException {
        long sn = (publication ? pubSn : subSn).incrementAndGet();
        send(to, new Message(prefix, 4096).infoDestination(to.prefix()).data(
                publication ? Guid.SEDP_PUBLICATIONS_READER : Guid.SEDP_SUBSCRIPTIONS_READER,
                publication ? Guid.SEDP_PUBLICATIONS_WRITER : Guid.SEDP_SUBSCRIPTIONS_WRITER, sn, inlineQos, payload).bytes());
        return sn;
    }

    /** An endpoint of this peer announced as {@link Discovery#announcement} does, at this peer's socket. */
    byte[] announcement(int entity, String topic, String type, Qos qos) {
        return Discovery.announcement(prefix, locator(), new Guid(prefix, entity), topic, type, qos, null).payload();
    }

    /** An SEDP disposal of one of this peer's endpoints: key hash and status info, no payload. */
    byte[] disposal(int entity) {
        return new ParameterList().add(ParameterList.KEY_HASH, new Guid(prefix, entity).bytes())
                .addInt(ParameterList.STATUS_INFO, 0x03000000).inline();
    }

    List<Taps.Event> events() {
        List<Taps.Event> out = new ArrayList<>();
        for (byte[] d : datagrams) {
            out.addAll(Taps.events(d, prefix));
        }
        return out;
    }

    List<Taps.Event> events(String ids) {
        return events().stream().filter(e -> e.ids().equals(ids)).toList();
    }

    void clear() {
        datagrams.clear();
    }

    @Override
    public void close() {
        socket.close();
    }
}
