package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

/** Two participants of this bundle on loopback, discovering each other through unicast peers. */
class LoopbackTest {
    static Participant.Options options(int domain) {
        Participant.Options o = Participant.Options.of(domain, InetAddress.getLoopbackAddress());
        return new Participant.Options(o.domain(), o.address(), List.of(InetAddress.getLoopbackAddress()), o.fragmentSize(),
                o.queueBytes(), o.bytesPerSecond(), o.leaseSeconds(), o.userData());
    }

    @Test
    void reliableSamplesLargeAndSmallArriveWhole() throws Exception {
        try (Participant a = new Participant(options(171)); Participant b = new Participant(options(171))) {
            Map<Long, byte[]> got = new ConcurrentHashMap<>();
            b.reader("rt/t", "std_msgs::msg::dds_::String_", Qos.DEFAULT, (w, p) -> {
                byte[] x = new byte[p.remaining()];
                p.get(x);
                got.put((long) ByteBuffer.wrap(x).getInt(4), x);
            });
            Writer w = a.writer("rt/t", "std_msgs::msg::dds_::String_", Qos.DEFAULT, null);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (w.matched() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(1, w.matched());
            byte[][] sent = new byte[10][];
            for (int i = 0; i < 10; i++) {
                sent[i] = new byte[i % 2 == 0 ? 100 + i : 1_000_000 + i];
                new java.util.Random(i).nextBytes(sent[i]);
                ByteBuffer.wrap(sent[i]).putInt(0, 0x00010000).putInt(4, i);
                w.write(sent[i]);
            }
            while (got.size() < 10 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            for (int i = 0; i < 10; i++) {
                assertTrue(got.containsKey((long) i), "sample " + i);
                assertArrayEquals(sent[i], got.get((long) i));
            }
        }
    }
}
