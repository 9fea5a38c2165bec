package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.io.dds.rtps.Taps.await;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;

/**
 * The send queue ({@link Sender}) on its own: beyond {@code queueBytes} the oldest waiting samples are dropped and
 * counted (never the newest), the room of sent samples is given back, a failing send is logged and the next sample
 * still goes, an idle queue does not spin, and sending keeps to {@code bytesPerSecond}.
 */
class SendQueueTest {
    static final Guid.Prefix A = WireTest.A, B = WireTest.B;

    final List<byte[]> sent = new CopyOnWriteArrayList<>();
    final List<String> warnings = new CopyOnWriteArrayList<>();
    final AtomicBoolean closed = new AtomicBoolean();

    Sender sender(long queueBytes, long bytesPerSecond, BiConsumer<byte[], InetSocketAddress> send) {
        return new Sender(A, Taps.options(200, 64000, queueBytes, bytesPerSecond, 20), send, (k, m) -> warnings.add(m),
                closed::get);
    }

    /** A best-effort writer (no participant: it never sends HEARTBEATs) matched with one reader of B. */
    static Writer writer() {
        Writer w = new Writer(null, new Guid(A, 0x103), "rt/q", LossyNetworkTest.TYPE, new Qos(false, false, 100), null);
        w.match(new Guid(B, 0x104), List.of(Taps.NOWHERE), false);
        return w;
    }

    List<Long> sequenceNumbers() {
        List<Long> out = new java.util.ArrayList<>();
        for (byte[] d : sent) {
            for (Taps.Event e : Taps.events(d, B)) {
                if (!out.contains(e.sn())) {
                    out.add(e.sn());
                }
            }
        }
        return out;
    }

    @Test
    void beyondTheQueuesBytesTheOldestWaitingSamplesAreDroppedNeverTheNewest() throws Exception {
        Sender s = sender(1 << 20, 400_000_000L, (d, a) -> sent.add(d));
        Writer w = writer();
        s.enqueue(w, 1, new byte[512 << 10], null);
        s.enqueue(w, 2, new byte[512 << 10], null);
        assertEquals(0, w.dropped(), "exactly 1 MiB fits");
        s.enqueue(w, 3, new byte[4], null);
        assertEquals(1, w.dropped(), "sample 1 made room");
        s.enqueue(w, 4, new byte[600 << 10], null);
        assertEquals(2, w.dropped());
        Writer big = writer();
        s.enqueue(big, 5, new byte[3 << 20], null);
        assertEquals(0, big.dropped(), "the newest is kept, however large");
        assertEquals(4, w.dropped(), "all before it went");
        Thread t = s.start("dds-send-test-200");
        try {
            await(() -> sequenceNumbers().contains(5L), "the kept sample is sent");
            assertEquals(List.of(5L), sequenceNumbers());
        } finally {
            closed.set(true);
            s.wake();
            t.join(2000);
        }
        assertFalse(t.isAlive(), "the thread ends once closed");
    }

    @Test
    void sentSamplesGiveTheirRoomBackAndAFailedSendIsLoggedWithoutStoppingTheQueue() throws Exception {
        AtomicBoolean fail = new AtomicBoolean(true), hold = new AtomicBoolean();
        java.util.concurrent.CountDownLatch holding = new java.util.concurrent.CountDownLatch(1),
                release = new java.util.concurrent.CountDownLatch(1);
        Sender s = sender(1 << 20, 400_000_000L, (d, a) -> {
            if (fail.getAndSet(false)) {
                throw new IllegalStateException("no route");
            }
            if (hold.getAndSet(false)) {
                holding.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            sent.add(d);
        });
        Writer w = writer();
        Thread t = s.start("dds-send-test-201");
        try {
            s.enqueue(w, 1, new byte[100], null);
            await(() -> warnings.contains("DDS: sending failed: no route"), "the failure is reported");
            for (long sn = 2; sn <= 4; sn++) {
                s.enqueue(w, sn, new byte[600 << 10], null);
                long n = sn;
                await(() -> sequenceNumbers().contains(n), "sample " + n);
            }
            hold.set(true);
            s.enqueue(w, 5, new byte[100], null);
            assertTrue(holding.await(5, java.util.concurrent.TimeUnit.SECONDS));
            s.enqueue(w, 6, new byte[100], null);
            s.enqueue(w, 7, new byte[100], null);
            assertEquals(0, w.dropped(), "1.8 MB went through a 1 MiB queue, one sample at a time: its room was given back");
            release.countDown();
            await(() -> sequenceNumbers().size() == 6, "samples 2 to 7");
            assertEquals(List.of(2L, 3L, 4L, 5L, 6L, 7L), sequenceNumbers());
        } finally {
            release.countDown();
            closed.set(true);
            s.wake();
            t.join(2000);
        }
    }

    @Test
    void anIdleQueueWaitsWithoutSpinning() throws Exception {
        Sender s = sender(1 << 20, 400_000_000L, (d, a) -> sent.add(d));
        Thread t = s.start("dds-send-test-202");
        try {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            Thread.sleep(50);
            long before = mx.getThreadCpuTime(t.getId());
            Thread.sleep(400);
            long used = mx.getThreadCpuTime(t.getId()) - before;
            assertTrue(used < 100_000_000L, "the idle sender used " + used / 1_000_000 + " ms of CPU in 400 ms");
            s.enqueue(writer(), 1, new byte[10], null);
            await(() -> sequenceNumbers().equals(List.of(1L)), "a sample after idling is sent");
        } finally {
            closed.set(true);
            s.wake();
            t.join(2000);
        }
        assertFalse(t.isAlive());
    }

    @Test
    void sendingKeepsToTheConfiguredRate() throws Exception {
        long[] bytes = new long[1];
        Sender s = sender(64 << 20, 1 << 20, (d, a) -> {
            bytes[0] += d.length;
            sent.add(d);
        });
        Writer w = writer();
        long start = System.nanoTime();
        for (int i = 1; i <= 5; i++) {
            s.enqueue(w, i, new byte[250_000], null);
        }
        Thread t = s.start("dds-send-test-203");
        try {
            await(() -> sequenceNumbers().size() == 5 && sent.size() == 20, "all sent");
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds >= 0.8, "1.25 MB at 1 MiB/s took " + seconds + " s");
            assertTrue(seconds < 2.5, "and not much longer: " + seconds + " s");
        } finally {
            closed.set(true);
            s.wake();
            t.join(2000);
        }
    }
}
