package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** Test helpers: what a datagram says submessage by submessage, a tap on a participant's sends, waits, log capture. */
public final class Taps {
    private Taps() {}

    static final InetSocketAddress NOWHERE = new InetSocketAddress(InetAddress.getLoopbackAddress(), 9);

    /** One submessage as a handler saw it; {@code direct}: its datagram had INFO_DST. */
    record Event(String kind, Guid.Prefix from, int reader, int writer, long sn, long first, long last, int count,
            boolean fin, long[] set, Map<Integer, List<ByteBuffer>> qos, byte[] payload, int fragment, int fragmentSize,
            int sampleSize, boolean direct, byte[] datagram) {
        String ids() {
            return kind + " " + Integer.toHexString(reader) + "<-" + Integer.toHexString(writer);
        }
    }

    static List<Event> events(byte[] d, Guid.Prefix self) {
        List<Event> out = new ArrayList<>();
        boolean direct = submessageAt(d, Message.INFO_DST) >= 0;
        MessageReader.read(ByteBuffer.wrap(d), self, new MessageReader.Handler() {
            @Override
            public void data(Guid.Prefix from, int r, int w, long sn, Map<Integer, List<ByteBuffer>> q, ByteBuffer p) {
                byte[] x = new byte[p.remaining()];
                p.duplicate().get(x);
                out.add(new Event("DATA", from, r, w, sn, 0, 0, 0, false, null, q, x, 0, 0, 0, direct, d));
            }

            @Override
            public void dataFragment(Guid.Prefix from, int r, int w, long sn, int first, int size, int sample,
                    Map<Integer, List<ByteBuffer>> q, ByteBuffer f) {
                byte[] x = new byte[f.remaining()];
                f.duplicate().get(x);
                out.add(new Event("FRAG", from, r, w, sn, 0, 0, 0, false, null, q, x, first, size, sample, direct, d));
            }

            @Override
            public void heartbeat(Guid.Prefix from, int r, int w, long first, long last, int count, boolean fin) {
                out.add(new Event("HB", from, r, w, 0, first, last, count, fin, null, null, null, 0, 0, 0, direct, d));
            }

            @Override
            public void ackNack(Guid.Prefix from, int r, int w, long base, long[] missing) {
                out.add(new Event("ACKNACK", from, r, w, base, 0, 0, 0, false, missing, null, null, 0, 0, 0, direct, d));
            }

            @Override
            public void gap(Guid.Prefix from, int r, int w, long[] irrelevant) {
                out.add(new Event("GAP", from, r, w, 0, 0, 0, 0, false, irrelevant, null, null, 0, 0, 0, direct, d));
            }

            @Override
            public void nackFragment(Guid.Prefix from, int r, int w, long sn, int[] missing) {
                long[] m = new long[missing.length];
                for (int i = 0; i < m.length; i++) {
                    m[i] = missing[i];
                }
                out.add(new Event("NACKFRAG", from, r, w, sn, 0, 0, 0, false, m, null, null, 0, 0, 0, direct, d));
            }
        });
        return out;
    }

    /** The offset of the first submessage {@code id} of a little-endian datagram, or -1. */
    static int submessageAt(byte[] d, int id) {
        for (int at = 20; at + 4 <= d.length; ) {
            int len = ByteBuffer.wrap(d, at + 2, 2).order(ByteOrder.LITTLE_ENDIAN).getShort() & 0xffff;
            if ((d[at] & 0xff) == id) {
                return at;
            }
            at += 4 + len;
        }
        return -1;
    }

    /** The seconds of a datagram's INFO_TS. */
    static long infoTimestampSeconds(byte[] d) {
        int at = submessageAt(d, Message.INFO_TS);
        assertTrue(at >= 0, "an INFO_TS");
        return ByteBuffer.wrap(d, at + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL;
    }

    /** A participant's outgoing datagrams, recorded and (unless {@code pass}) not sent. */
    static final class Tap implements Predicate<byte[]> {
        final List<byte[]> sent = new CopyOnWriteArrayList<>();
        volatile boolean pass;

        @Override
        public boolean test(byte[] d) {
            sent.add(d);
            return !pass;
        }

        List<Event> events(Guid.Prefix self) {
            List<Event> out = new ArrayList<>();
            for (byte[] d : sent) {
                out.addAll(Taps.events(d, self));
            }
            return out;
        }

        List<Event> events(Guid.Prefix self, String kind) {
            return events(self).stream().filter(e -> e.kind().equals(kind)).toList();
        }
    }

    static void await(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(done.getAsBoolean(), what);
    }

    /** Whether {@code condition} stays true for {@code millis}. */
    static boolean holds(BooleanSupplier condition, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            if (!condition.getAsBoolean()) {
                return false;
            }
            Thread.sleep(10);
        }
        return condition.getAsBoolean();
    }

    /** Options of {@code domain} on loopback with loopback as peer. */
    static Participant.Options options(int domain, int fragmentSize, long queueBytes, long bytesPerSecond, double lease) {
        InetAddress lo = InetAddress.getLoopbackAddress();
        return new Participant.Options(domain, lo, List.of(lo), fragmentSize, queueBytes, bytesPerSecond, lease,
                "enclave=/;".getBytes());
    }

    /** The warnings and infos logged to {@code sensor.io.dds} while open. */
    public static final class Logs extends Handler implements AutoCloseable {
        private final Logger logger = Logger.getLogger("sensor.io.dds");
        public final List<String> lines = new CopyOnWriteArrayList<>();

        public Logs() {
            logger.addHandler(this);
        }

        @Override
        public void publish(LogRecord r) {
            lines.add(r.getLevel() + " " + new SimpleFormatter().formatMessage(r));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {
            logger.removeHandler(this);
        }

        public long count(String line) {
            return lines.stream().filter(line::equals).count();
        }
    }
}
