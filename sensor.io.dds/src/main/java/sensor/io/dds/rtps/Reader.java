package sensor.io.dds.rtps;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * A data reader (RTPS 2.3 §8.4.10, the stateful reader): takes samples from matched writers, joins fragments, and for
 * a reliable writer answers its HEARTBEATs with ACKNACKs (and NACK_FRAGs) that ask again for what is missing. Each
 * sample is handed to the sink once, as it completes (not necessarily in order).
 */
public final class Reader {
    /** Largest sample joined from fragments: larger ones are dropped. */
    static final int MAX_SAMPLE = 64 << 20;

    final Guid guid;
    final String topic, type;
    final Qos qos;
    private final Participant participant;
    private final BiConsumer<Guid, ByteBuffer> sink;
    private final Map<Guid, Proxy> writers = new ConcurrentHashMap<>();

    /** A matched remote writer and what was received from it. */
    static final class Proxy {
        final List<InetSocketAddress> to;
        /** Every sample below this one was received or declared gone. */
        long expected = 1;
        final TreeSet<Long> received = new TreeSet<>();
        final TreeMap<Long, Assembly> partial = new TreeMap<>();
        int acks;

        Proxy(List<InetSocketAddress> to) {
            this.to = List.copyOf(to);
        }

        /** Marks {@code sn} as had; false when it already was. */
        boolean take(long sn) {
            if (sn < expected || !received.add(sn)) {
                return false;
            }
            while (received.remove(expected)) {
                expected++;
            }
            return true;
        }
    }

    /** Fragments {@code base + i} (bits i of {@code missing}) of sample {@code sn}, to ask for again. */
    private record FragmentRequest(long sn, int base, BitSet missing) {}

    /** A sample being joined from its fragments. */
    static final class Assembly {
        final byte[] data;
        final int fragmentSize;
        final BitSet have = new BitSet();

        Assembly(int size, int fragmentSize) {
            data = new byte[size];
            this.fragmentSize = fragmentSize;
        }

        int fragments() {
            return (data.length + fragmentSize - 1) / fragmentSize;
        }
    }

    Reader(Participant participant, Guid guid, String topic, String type, Qos qos, BiConsumer<Guid, ByteBuffer> sink) {
        this.participant = participant;
        this.guid = guid;
        this.topic = topic;
        this.type = type;
        this.qos = qos;
        this.sink = sink;
    }

    /** How many writers are matched. */
    public int matched() {
        return writers.size();
    }

    void match(Guid writer, List<InetSocketAddress> to) {
        if (writers.putIfAbsent(writer, new Proxy(to)) == null && qos.reliable()) {
            // a preemptive ACKNACK: tells the writer this reader exists before its first heartbeat
            participant.sendTo(writer.prefix(), to, m -> m.ackNack(guid.entity(), writer.entity(), 1, new BitSet(), 0,
                    0, false));
        }
    }

    void unmatch(Guid writer) {
        writers.remove(writer);
    }

    void unmatchParticipant(Guid.Prefix prefix) {
        writers.keySet().removeIf(g -> g.prefix().equals(prefix));
    }

    boolean matches(Guid writer) {
        return writers.containsKey(writer);
    }

    void data(Guid writer, long sn, ByteBuffer payload) {
        Proxy p = writers.get(writer);
        if (p == null) {
            return;
        }
        boolean fresh;
        synchronized (p) {
            fresh = p.take(sn);
            p.partial.remove(sn);
        }
        if (fresh) {
            sink.accept(writer, payload);
        }
    }

    void fragment(Guid writer, long sn, int first, int fragmentSize, int sampleSize, ByteBuffer bytes) {
        Proxy p = writers.get(writer);
        if (p == null) {
            return;
        }
        if (sampleSize > MAX_SAMPLE || sampleSize < 0) { // dropped as had, so that a reliable writer stops offering it
            synchronized (p) {
                p.take(sn);
            }
            participant.warnOnce("oversized " + topic, "DDS: a sample of " + Integer.toUnsignedString(sampleSize)
                    + " bytes on " + topic + " is larger than " + (MAX_SAMPLE >> 20) + " MiB and is dropped");
            return;
        }
        byte[] done = null;
        synchronized (p) {
            if (sn < p.expected || p.received.contains(sn)) {
                return;
            }
            Assembly a = p.partial.computeIfAbsent(sn, k -> new Assembly(sampleSize, fragmentSize));
            if (a.data.length != sampleSize || a.fragmentSize != fragmentSize) {
                return;
            }
            int offset = (first - 1) * fragmentSize;
            if (offset + bytes.remaining() > sampleSize || !bytes.hasRemaining()) { // an empty DATA_FRAG fills nothing
                return;
            }
            bytes.duplicate().get(a.data, offset, bytes.remaining());
            int n = (bytes.remaining() + fragmentSize - 1) / fragmentSize;
            a.have.set(first - 1, first - 1 + n);
            if (a.have.cardinality() >= a.fragments()) {
                p.partial.remove(sn);
                p.take(sn);
                done = a.data;
            }
            while (p.partial.size() > 4) { // a writer that never completes its samples: keep the newest few
                p.partial.pollFirstEntry();
            }
        }
        if (done != null) {
            sink.accept(writer, ByteBuffer.wrap(done));
        }
    }

    void gap(Guid writer, long[] irrelevant) {
        Proxy p = writers.get(writer);
        if (p != null) {
            synchronized (p) {
                for (long sn : irrelevant) {
                    p.take(sn);
                    p.partial.remove(sn);
                }
            }
        }
    }

    /** A writer's HEARTBEAT: skips what it no longer has, asks again for what is missing. */
    void heartbeat(Guid writer, long first, long last, boolean fin) {
        Proxy p = writers.get(writer);
        if (p == null || !qos.reliable()) {
            return;
        }
        long base;
        BitSet missing = new BitSet();
        int bits;
        int count;
        List<FragmentRequest> fragmentRequests = new java.util.ArrayList<>();
        synchronized (p) {
            while (p.expected < first) { // gone from the writer's history
                p.take(p.expected);
            }
            p.partial.headMap(p.expected).clear();
            base = p.expected;
            bits = (int) Math.min(256, Math.max(0, last - base + 1));
            for (int i = 0; i < bits; i++) {
                long sn = base + i;
                if (p.received.contains(sn)) {
                    continue;
                }
                Assembly a = p.partial.get(sn);
                if (a == null) {
                    missing.set(i);
                } else {
                    BitSet lack = new BitSet();
                    int from = a.have.nextClearBit(0);
                    for (int f = from; f < a.fragments() && f - from < 256; f++) {
                        if (!a.have.get(f)) {
                            lack.set(f - from);
                        }
                    }
                    fragmentRequests.add(new FragmentRequest(sn, from + 1, lack));
                }
            }
            count = ++p.acks;
        }
        if (fin && missing.isEmpty() && fragmentRequests.isEmpty()) {
            return;
        }
        int numBits = missing.isEmpty() ? 0 : missing.length();
        participant.sendTo(writer.prefix(), p.to,
                m -> m.ackNack(guid.entity(), writer.entity(), base, missing, numBits, count, false));
        for (FragmentRequest f : fragmentRequests) {
            participant.sendTo(writer.prefix(), p.to, m -> m.nackFragment(guid.entity(), writer.entity(), f.sn(), f.base(),
                    f.missing(), f.missing().length(), count));
        }
    }
}
