package sensor.io.dds.rtps;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads an RTPS message (RTPS 2.3 §8.3.4, §9.4.5) and hands each submessage meant for {@code self} to a
 * {@link Handler}: INFO_SRC and INFO_DST change who it is from and for, INFO_TS is skipped, unknown submessages are
 * skipped by their length. A message that is not RTPS, or a submessage that overruns the datagram, ends the reading
 * with {@link IllegalArgumentException}.
 */
public final class MessageReader {
    private MessageReader() {}

    /** What a participant does with the submessages of a message. */
    public interface Handler {
        /** A whole sample; {@code inlineQos} null when there is none. */
        void data(Guid.Prefix from, int readerId, int writerId, long sn, Map<Integer, List<ByteBuffer>> inlineQos,
                ByteBuffer payload);

        /** Fragments {@code first ..} of a sample of {@code sampleSize} bytes cut in {@code fragmentSize}. */
        void dataFragment(Guid.Prefix from, int readerId, int writerId, long sn, int first, int fragmentSize,
                int sampleSize, Map<Integer, List<ByteBuffer>> inlineQos, ByteBuffer fragments);

        /** A writer's announcement of what it has. */
        void heartbeat(Guid.Prefix from, int readerId, int writerId, long first, long last, int count, boolean fin);

        /** A reader's acknowledgement: all below {@code base} received, {@code missing} asked again. */
        void ackNack(Guid.Prefix from, int readerId, int writerId, long base, long[] missing);

        /** A writer's statement that {@code irrelevant} will never come. */
        void gap(Guid.Prefix from, int readerId, int writerId, long[] irrelevant);

        /** A reader asking fragments {@code missing} of sample {@code sn} again. */
        void nackFragment(Guid.Prefix from, int readerId, int writerId, long sn, int[] missing);
    }

    /** Reads {@code datagram} for the participant {@code self}. */
    public static void read(ByteBuffer datagram, Guid.Prefix self, Handler h) {
        ByteBuffer b = datagram.duplicate();
        if (b.remaining() < 20 || b.get() != 'R' || b.get() != 'T' || b.get() != 'P' || b.get() != 'S') {
            throw new IllegalArgumentException("not an RTPS message");
        }
        int major = b.get();
        b.get();
        b.getShort(); // vendor
        if (major != 2) {
            throw new IllegalArgumentException("RTPS version " + major + " is not 2");
        }
        Guid.Prefix source = Guid.Prefix.read(b);
        boolean forUs = true;
        while (b.remaining() >= 4) {
            int id = b.get() & 0xff, flags = b.get() & 0xff;
            b.order((flags & 1) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
            int length = b.getShort() & 0xffff;
            if (length == 0 && id != Message.PAD && id != Message.INFO_TS) {
                length = b.remaining(); // the last submessage may say 0: it runs to the end
            }
            if (length > b.remaining()) {
                throw new IllegalArgumentException("submessage 0x" + Integer.toHexString(id) + " of " + length
                        + " bytes overruns the message");
            }
            ByteBuffer s = b.slice(b.position(), length).order(b.order());
            b.position(b.position() + length);
            switch (id) {
                case Message.INFO_SRC -> {
                    s.position(8);
                    source = Guid.Prefix.read(s);
                }
                case Message.INFO_DST -> {
                    Guid.Prefix to = Guid.Prefix.read(s);
                    forUs = isUnknown(to) || to.equals(self);
                }
                case Message.DATA -> {
                    if (forUs) {
                        data(s, flags, source, h);
                    }
                }
                case Message.DATA_FRAG -> {
                    if (forUs) {
                        dataFragment(s, flags, source, h);
                    }
                }
                case Message.HEARTBEAT -> {
                    if (forUs) {
                        h.heartbeat(source, Guid.readEntity(s), Guid.readEntity(s), sequence(s), sequence(s), s.getInt(),
                                (flags & 0x02) != 0);
                    }
                }
                case Message.ACKNACK -> {
                    if (forUs) {
                        int reader = Guid.readEntity(s), writer = Guid.readEntity(s);
                        long base = sequence(s);
                        h.ackNack(source, reader, writer, base, set(s, base));
                    }
                }
                case Message.GAP -> {
                    if (forUs) {
                        int reader = Guid.readEntity(s), writer = Guid.readEntity(s);
                        long start = sequence(s), base = sequence(s);
                        List<Long> all = new ArrayList<>();
                        for (long sn = start; sn < base && all.size() < 1 << 16; sn++) {
                            all.add(sn);
                        }
                        for (long sn : set(s, base)) {
                            all.add(sn);
                        }
                        h.gap(source, reader, writer, all.stream().mapToLong(Long::longValue).toArray());
                    }
                }
                case Message.NACK_FRAG -> {
                    if (forUs) {
                        int reader = Guid.readEntity(s), writer = Guid.readEntity(s);
                        long sn = sequence(s);
                        int base = s.getInt();
                        long[] frags = set(s, base);
                        int[] missing = new int[frags.length];
                        for (int i = 0; i < frags.length; i++) {
                            missing[i] = (int) frags[i];
                        }
                        h.nackFragment(source, reader, writer, sn, missing);
                    }
                }
                default -> { } // INFO_TS, PAD, HEARTBEAT_FRAG, INFO_REPLY and vendor submessages carry nothing we use
            }
        }
    }

    private static boolean isUnknown(Guid.Prefix p) {
        for (byte x : p.bytes()) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static void data(ByteBuffer s, int flags, Guid.Prefix source, Handler h) {
        s.getShort();
        int toQos = s.getShort() & 0xffff;
        int reader = Guid.readEntity(s), writer = Guid.readEntity(s);
        long sn = sequence(s);
        s.position(4 + toQos);
        Map<Integer, List<ByteBuffer>> qos = (flags & 0x02) != 0 ? ParameterList.read(s) : null;
        if ((flags & 0x0c) == 0) {
            h.data(source, reader, writer, sn, qos, ByteBuffer.allocate(0));
            return;
        }
        h.data(source, reader, writer, sn, qos, s.slice().order(s.order()));
    }

    private static void dataFragment(ByteBuffer s, int flags, Guid.Prefix source, Handler h) {
        s.getShort();
        int toQos = s.getShort() & 0xffff;
        int reader = Guid.readEntity(s), writer = Guid.readEntity(s);
        long sn = sequence(s);
        int first = s.getInt(), count = s.getShort() & 0xffff, size = s.getShort() & 0xffff, sample = s.getInt();
        s.position(4 + toQos);
        Map<Integer, List<ByteBuffer>> qos = (flags & 0x02) != 0 ? ParameterList.read(s) : null;
        if (size == 0 || first < 1 || sample < 0) {
            throw new IllegalArgumentException("DATA_FRAG with fragment size " + size + ", first fragment " + first);
        }
        long from = (long) (first - 1) * size;
        int len = (int) Math.max(0, Math.min((long) count * size, sample - from));
        if (len > s.remaining()) {
            throw new IllegalArgumentException("DATA_FRAG of " + len + " bytes overruns its submessage");
        }
        h.dataFragment(source, reader, writer, sn, first, size, sample, qos, s.slice(s.position(), len));
    }

    private static long sequence(ByteBuffer s) {
        long high = s.getInt();
        return high << 32 | (s.getInt() & 0xffffffffL);
    }

    /** A sequence-number or fragment-number set: the members {@code base + i} whose bit i is set. */
    private static long[] set(ByteBuffer s, long base) {
        int numBits = s.getInt();
        if (numBits < 0 || numBits > 256) {
            throw new IllegalArgumentException("a set of " + numBits + " bits (at most 256)");
        }
        long[] out = new long[numBits];
        int n = 0;
        for (int w = 0; w < (numBits + 31) / 32; w++) {
            int word = s.getInt();
            for (int i = 0; i < 32 && 32 * w + i < numBits; i++) {
                if ((word & (1 << (31 - i))) != 0) {
                    out[n++] = base + 32 * w + i;
                }
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
