package sensor.io.dds.rtps;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One RTPS message being written (RTPS 2.3 §9.4): the header, then submessages, all little-endian. Each method appends
 * one submessage; {@link #size()} tells how full the datagram is.
 */
public final class Message {
    /** Submessage ids (RTPS 2.3 Table 9.13). */
    public static final int PAD = 0x01, ACKNACK = 0x06, HEARTBEAT = 0x07, GAP = 0x08, INFO_TS = 0x09,
            INFO_SRC = 0x0c, INFO_REPLY_IP4 = 0x0d, INFO_DST = 0x0e, INFO_REPLY = 0x0f, NACK_FRAG = 0x12,
            HEARTBEAT_FRAG = 0x13, DATA = 0x15, DATA_FRAG = 0x16;

    /** Our vendor id: not an assigned one, so no peer applies vendor-specific rules to us. */
    public static final byte[] VENDOR = {0x01, (byte) 0xce};

    private static final int FLAG_LE = 0x01;

    private final ByteBuffer b;

    /** A message from the participant {@code source}, with room for {@code capacity} bytes. */
    public Message(Guid.Prefix source, int capacity) {
        b = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 'R').put((byte) 'T').put((byte) 'P').put((byte) 'S').put((byte) 2).put((byte) 3).put(VENDOR)
                .put(source.bytes());
    }

    /** Bytes written so far. */
    public int size() {
        return b.position();
    }

    /** The bytes written. */
    public byte[] bytes() {
        byte[] r = new byte[b.position()];
        b.duplicate().flip().get(r);
        return r;
    }

    private int begin(int id, int flags) {
        b.put((byte) id).put((byte) (flags | FLAG_LE)).putShort((short) 0);
        return b.position();
    }

    private void end(int start) {
        b.putShort(start - 2, (short) (b.position() - start));
    }

    private void sequence(long sn) {
        b.putInt((int) (sn >>> 32)).putInt((int) sn);
    }

    private void entity(int id) {
        b.putInt(Integer.reverseBytes(id)); // entity ids are in network order whatever the submessage's order
    }

    /** INFO_TS: the source time of what follows, ns since the epoch. */
    public Message infoTimestamp(long epochNanos) {
        int s = begin(INFO_TS, 0);
        long sec = Math.floorDiv(epochNanos, 1_000_000_000L), ns = Math.floorMod(epochNanos, 1_000_000_000L);
        b.putInt((int) sec).putInt((int) ((ns << 32) / 1_000_000_000L));
        end(s);
        return this;
    }

    /** INFO_DST: what follows is for the participant {@code destination} only. */
    public Message infoDestination(Guid.Prefix destination) {
        int s = begin(INFO_DST, 0);
        b.put(destination.bytes());
        end(s);
        return this;
    }

    /** DATA: a whole sample, with inline QoS when {@code inlineQos} is not null; the last submessage of its datagram. */
    public Message data(int readerId, int writerId, long sn, byte[] inlineQos, byte[] payload) {
        int s = begin(DATA, (inlineQos != null ? 0x02 : 0) | 0x04);
        b.putShort((short) 0).putShort((short) 16);
        entity(readerId);
        entity(writerId);
        sequence(sn);
        if (inlineQos != null) {
            b.put(inlineQos);
        }
        b.put(payload); // not padded: the payload's length is the submessage's, so a DATA ends its datagram
        end(s);
        return this;
    }

    /** DATA_FRAG: fragment {@code fragment} (1-based) of a sample of {@code sampleSize} bytes cut in {@code fragmentSize}. */
    public Message dataFragment(int readerId, int writerId, long sn, int fragment, int fragmentSize, byte[] sample) {
        int s = begin(DATA_FRAG, 0);
        b.putShort((short) 0).putShort((short) 28);
        entity(readerId);
        entity(writerId);
        sequence(sn);
        int from = (fragment - 1) * fragmentSize, len = Math.min(fragmentSize, sample.length - from);
        b.putInt(fragment).putShort((short) 1).putShort((short) fragmentSize).putInt(sample.length);
        b.put(sample, from, len);
        pad();
        end(s);
        return this;
    }

    /** HEARTBEAT: the writer has {@code first..last}; final when no answer is needed. */
    public Message heartbeat(int readerId, int writerId, long first, long last, int count, boolean fin) {
        int s = begin(HEARTBEAT, fin ? 0x02 : 0);
        entity(readerId);
        entity(writerId);
        sequence(first);
        sequence(last);
        b.putInt(count);
        end(s);
        return this;
    }

    /** ACKNACK: everything below {@code base} is received; the sequence numbers {@code base + i} of {@code missing} are asked again. */
    public Message ackNack(int readerId, int writerId, long base, java.util.BitSet missing, int numBits, int count,
            boolean fin) {
        int s = begin(ACKNACK, fin ? 0x02 : 0);
        entity(readerId);
        entity(writerId);
        sequence(base);
        bitmap(missing, numBits);
        b.putInt(count);
        end(s);
        return this;
    }

    /** GAP: the writer will never send {@code start} up to (not including) {@code end}. */
    public Message gap(int readerId, int writerId, long start, long endExclusive) {
        int s = begin(GAP, 0);
        entity(readerId);
        entity(writerId);
        sequence(start);
        sequence(endExclusive);
        b.putInt(0);
        end(s);
        return this;
    }

    /** NACK_FRAG: fragments {@code base + i} of {@code missing} of sample {@code sn} are asked again. */
    public Message nackFragment(int readerId, int writerId, long sn, int base, java.util.BitSet missing, int numBits,
            int count) {
        int s = begin(NACK_FRAG, 0);
        entity(readerId);
        entity(writerId);
        sequence(sn);
        b.putInt(base);
        bitmap(missing, numBits);
        b.putInt(count);
        end(s);
        return this;
    }

    private void bitmap(java.util.BitSet bits, int numBits) {
        b.putInt(numBits);
        for (int w = 0; w < (numBits + 31) / 32; w++) {
            int word = 0;
            for (int i = 0; i < 32; i++) {
                if (bits.get(32 * w + i)) {
                    word |= 1 << (31 - i);
                }
            }
            b.putInt(word);
        }
    }

    private void pad() {
        while ((b.position() & 3) != 0) {
            b.put((byte) 0);
        }
    }
}
