package sensor.io.dds.rtps;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A data writer (RTPS 2.3 §8.4.9, the stateful writer): keeps the last {@code depth} samples, sends each new one to
 * every matched reader (whole, or in fragments above the participant's fragment size), and for reliable readers
 * announces what it has with HEARTBEATs, resends what an ACKNACK or NACK_FRAG asks for, and answers GAP for samples it
 * no longer keeps. A transient-local writer sends its history to a reader when it matches. {@link #write} never blocks
 * on the network: samples go through the participant's bounded send queue.
 */
public final class Writer {
    final Guid guid;
    final String topic, type;
    final Qos qos;
    final byte[] userData;
    private final Participant participant;
    private final TreeMap<Long, byte[]> history = new TreeMap<>();
    private final Map<Guid, Proxy> readers = new ConcurrentHashMap<>();
    private long last;
    private int heartbeats;
    final AtomicLong written = new AtomicLong(), dropped = new AtomicLong(), repairs = new AtomicLong();

    /** A matched remote reader. */
    static final class Proxy {
        final Guid reader;
        final List<InetSocketAddress> to;
        final boolean reliable;
        /** The first sample this reader may get (a volatile writer's next at matching time). */
        final long start;
        /** Every sample below this one is acknowledged. */
        volatile long acked;
        /** The last sample sent to this reader: HEARTBEATs announce no further, so samples still queued are not asked for. */
        volatile long sent;

        Proxy(Guid reader, List<InetSocketAddress> to, boolean reliable, long start) {
            this.reader = reader;
            this.to = List.copyOf(to);
            this.reliable = reliable;
            this.start = start;
            this.acked = start;
            this.sent = start - 1;
        }
    }

    Writer(Participant participant, Guid guid, String topic, String type, Qos qos, byte[] userData) {
        this.participant = participant;
        this.guid = guid;
        this.topic = topic;
        this.type = type;
        this.qos = qos;
        this.userData = userData;
    }

    /** The topic written. */
    public String topic() {
        return topic;
    }

    /** Whether late-joining readers get the kept samples. */
    public boolean transientLocal() {
        return qos.transientLocal();
    }

    /** How many readers are matched. */
    public int matched() {
        return readers.size();
    }

    /** Samples written, and those the send queue dropped because the network could not keep up. */
    public long written() {
        return written.get();
    }

    /** Samples the send queue dropped. */
    public long dropped() {
        return dropped.get();
    }

    /** Samples and fragments resent on a reader's request. */
    public long repairs() {
        return repairs.get();
    }

    /** Publishes one serialized sample (encapsulation header first); returns its sequence number. */
    public long write(byte[] payload) {
        long sn;
        synchronized (this) {
            sn = ++last;
            history.put(sn, payload);
            while (history.size() > qos.depth()) {
                history.pollFirstEntry();
            }
        }
        written.incrementAndGet();
        participant.enqueue(this, sn, payload, null);
        return sn;
    }

    synchronized byte[] sample(long sn) {
        return history.get(sn);
    }

    synchronized long last() {
        return last;
    }

    synchronized long first() {
        return history.isEmpty() ? last + 1 : history.firstKey();
    }

    Iterable<Proxy> proxies() {
        return readers.values();
    }

    /** Matches a remote reader; a transient-local writer sends it what it keeps. */
    void match(Guid reader, List<InetSocketAddress> to, boolean reliable) {
        List<Map.Entry<Long, byte[]>> kept;
        Proxy p;
        synchronized (this) {
            if (readers.containsKey(reader)) {
                return;
            }
            p = new Proxy(reader, to, reliable, qos.transientLocal() ? 1 : last + 1);
            readers.put(reader, p);
            kept = qos.transientLocal() ? new ArrayList<>(history.entrySet()) : List.of();
        }
        for (Map.Entry<Long, byte[]> e : kept) {
            participant.enqueue(this, e.getKey(), e.getValue(), p);
        }
        if (reliable) {
            heartbeat(p, false);
        }
    }

    void unmatch(Guid reader) {
        readers.remove(reader);
    }

    void unmatchParticipant(Guid.Prefix prefix) {
        readers.keySet().removeIf(g -> g.prefix().equals(prefix));
    }

    /**
     * Sends a HEARTBEAT to a reliable reader, announcing the kept samples up to the last one sent to it ({@code fin}:
     * the reader need not answer when it has them all).
     */
    void heartbeat(Proxy p, boolean fin) {
        long first, lastSn;
        int count;
        synchronized (this) {
            first = Math.max(first(), p.start);
            lastSn = Math.max(Math.min(last, p.sent), p.start - 1);
            count = ++heartbeats;
        }
        participant.sendTo(p.reader.prefix(), p.to,
                m -> m.heartbeat(p.reader.entity(), guid.entity(), first, lastSn, count, fin));
    }

    /** HEARTBEATs to every reliable reader that has not acknowledged everything. */
    void heartbeatUnacknowledged() {
        for (Proxy p : readers.values()) {
            if (p.reliable && p.acked <= p.sent) {
                heartbeat(p, false);
            }
        }
    }

    /** A reader's ACKNACK: what it has, and what to resend (or declare gone). */
    void ackNack(Guid reader, long base, long[] missing) {
        Proxy p = readers.get(reader);
        if (p == null || !p.reliable) {
            return;
        }
        p.acked = Math.max(p.acked, base);
        long gapFrom = -1, gapTo = -1;
        for (long sn : missing) {
            byte[] s = sn >= p.start ? sample(sn) : null;
            if (s != null) {
                repairs.incrementAndGet();
                participant.enqueue(this, sn, s, p);
            } else if (sn == gapTo) {
                gapTo = sn + 1;
            } else {
                gap(p, gapFrom, gapTo);
                gapFrom = sn;
                gapTo = sn + 1;
            }
        }
        gap(p, gapFrom, gapTo); // no HEARTBEAT now: each repair is followed by one once it is sent
    }

    private void gap(Proxy p, long from, long to) {
        if (from >= 1) {
            participant.sendTo(p.reader.prefix(), p.to, m -> m.gap(p.reader.entity(), guid.entity(), from, to));
        }
    }

    /** A reader's NACK_FRAG: resends those fragments of sample {@code sn}, or a GAP when it is gone. */
    void nackFragment(Guid reader, long sn, int[] fragments) {
        Proxy p = readers.get(reader);
        byte[] s = sample(sn);
        if (p == null) {
            return;
        }
        if (s == null) {
            gap(p, sn, sn + 1);
            return;
        }
        repairs.incrementAndGet();
        participant.sendFragments(this, p, sn, s, fragments);
    }
}
