package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.*;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

/**
 * What a writer announces and what a reader refuses: a HEARTBEAT offers only samples already sent to that reader (so a
 * reader never asks again for one still queued, RTPS 2.3 §8.4.15.4), and a sample larger than the reader's limit is
 * dropped, logged once per topic, and does not stop the samples after it.
 */
class SendingTest {
    /** The (first, last) sequence numbers of the first HEARTBEAT in an RTPS datagram, or null. */
    static long[] heartbeat(byte[] d) {
        for (int at = 20; at + 4 <= d.length; ) {
            ByteBuffer b = ByteBuffer.wrap(d).order((d[at + 1] & 1) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
            int id = d[at] & 0xff, len = b.getShort(at + 2) & 0xffff;
            if (id == Message.HEARTBEAT) { // readerId, writerId, firstSN (high, low), lastSN (high, low), count
                return new long[] {(long) b.getInt(at + 12) << 32 | b.getInt(at + 16) & 0xffffffffL,
                    (long) b.getInt(at + 20) << 32 | b.getInt(at + 24) & 0xffffffffL};
            }
            at += 4 + len;
        }
        return null;
    }

    @Test
    void aHeartbeatOffersOnlyTheKeptSamplesAlreadySentToThatReader() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(178))) {
            List<long[]> heartbeats = new CopyOnWriteArrayList<>();
            a.lose = d -> { // a tap: nothing leaves, every HEARTBEAT is kept
                long[] h = heartbeat(d);
                if (h != null) {
                    heartbeats.add(h);
                }
                return true;
            };
            Writer w = a.writer("rt/hb", LossyNetworkTest.TYPE, new Qos(true, false, 10), null);
            for (int i = 0; i < 12; i++) {
                w.write(new byte[] {0, 1, 0, 0, (byte) i});
            }
            Writer.Proxy p = new Writer.Proxy(new Guid(new Guid.Prefix(new byte[12]), 0x107), List.of(new InetSocketAddress(
                    "127.0.0.1", 9)), true, 1);
            p.sent = 5;
            w.heartbeat(p, false);
            p.sent = 12;
            w.heartbeat(p, true);
            assertEquals(2, heartbeats.size());
            assertArrayEquals(new long[] {3, 5}, heartbeats.get(0), "kept 3..12 (depth 10), sent up to 5");
            assertArrayEquals(new long[] {3, 12}, heartbeats.get(1));
            Writer.Proxy late = new Writer.Proxy(p.reader, p.to, true, 13); // a volatile reader matched after sample 12
            w.heartbeat(late, false);
            assertArrayEquals(new long[] {13, 12}, heartbeats.get(2), "nothing to offer: last = first - 1");
        }
    }

    @Test
    void anOversizedSampleIsDroppedLoggedOnceAndTheNextOneArrives() throws Exception {
        try (Taps.Logs logs = new Taps.Logs(); Participant a = new Participant(LoopbackTest.options(179));
                Participant b = new Participant(LoopbackTest.options(179))) {
            Map<Integer, Integer> got = new ConcurrentHashMap<>();
            Reader r = b.reader("rt/big", LossyNetworkTest.TYPE, Qos.DEFAULT, (w, p) -> got.put(p.remaining(), 1));
            Writer w = a.writer("rt/big", LossyNetworkTest.TYPE, Qos.DEFAULT, null);
            LossyNetworkTest.await(() -> w.matched() == 1 && r.matched() == 1, "matched");
            w.write(new byte[Reader.MAX_SAMPLE + 1]);
            w.write(new byte[] {0, 1, 0, 0, 42});
            LossyNetworkTest.await(() -> got.containsKey(5), "the small sample after the oversized one arrived");
            assertEquals(Map.of(5, 1), got, "the oversized sample was not delivered");
            LossyNetworkTest.await(() -> w.proxies().iterator().next().acked == 3, "the reader acknowledged both (the "
                    + "oversized one as dropped), so the writer offers neither again");
            List<String> warnings = logs.lines.stream().filter(m -> m.contains("larger than")).toList();
            assertEquals(List.of("WARNING DDS: a sample of 67108865 bytes on rt/big is larger than 64 MiB and is dropped"), warnings);
        }
    }
}
