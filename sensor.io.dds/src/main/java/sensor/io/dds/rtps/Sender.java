package sensor.io.dds.rtps;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * A participant's outgoing samples: a bounded queue that {@link Writer#write} adds to without waiting (beyond
 * {@code queueBytes} the oldest waiting samples are dropped and counted), and one thread that sends each sample to its
 * readers, whole or in DATA_FRAGs, paced to {@code bytesPerSecond} so that readers' socket buffers keep up.
 */
final class Sender {
    /** A sample waiting to be sent: to every matched reader, or to one ({@code only}) as a repair. */
    private record Job(Writer writer, long sn, byte[] sample, Writer.Proxy only) {}

    private final Guid.Prefix prefix;
    private final Participant.Options options;
    private final BiConsumer<byte[], InetSocketAddress> send;
    private final BiConsumer<String, String> warn;
    private final BooleanSupplier closed;
    private final ArrayDeque<Job> queue = new ArrayDeque<>();
    private long queued;

    Sender(Guid.Prefix prefix, Participant.Options options, BiConsumer<byte[], InetSocketAddress> send,
            BiConsumer<String, String> warn, BooleanSupplier closed) {
        this.prefix = prefix;
        this.options = options;
        this.send = send;
        this.warn = warn;
        this.closed = closed;
    }

    /** Starts the sending thread. */
    Thread start(String name) {
        Thread t = new Thread(this::loop, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Wakes the thread (to see that the participant closed). */
    void wake() {
        synchronized (queue) {
            queue.notifyAll();
        }
    }

    /** Queues a sample for sending: to every matched reader, or to {@code only}. Drops the oldest beyond the cap. */
    void enqueue(Writer w, long sn, byte[] sample, Writer.Proxy only) {
        synchronized (queue) {
            queue.addLast(new Job(w, sn, sample, only));
            queued += sample.length;
            while (queued > options.queueBytes() && queue.size() > 1) {
                Job old = queue.pollFirst();
                queued -= old.sample.length;
                old.writer.dropped.incrementAndGet();
            }
            queue.notifyAll();
        }
    }

    private void loop() {
        while (!closed.getAsBoolean()) {
            Job job;
            synchronized (queue) {
                while (queue.isEmpty() && !closed.getAsBoolean()) {
                    try {
                        queue.wait(200);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                job = queue.pollFirst();
                if (job == null) {
                    continue;
                }
                queued -= job.sample.length;
            }
            try {
                for (Writer.Proxy p : job.only == null ? job.writer.proxies() : List.of(job.only)) {
                    if (job.sn >= p.start) {
                        sample(job.writer, p, job.sn, job.sample);
                    }
                }
            } catch (RuntimeException e) {
                warn.accept("send", "DDS: sending failed: " + e.getMessage());
            }
        }
    }

    private void sample(Writer w, Writer.Proxy p, long sn, byte[] sample) {
        long now = System.currentTimeMillis() * 1_000_000L;
        if (sample.length <= options.fragmentSize()) {
            Message m = new Message(prefix, sample.length + 128).infoDestination(p.reader.prefix()).infoTimestamp(now)
                    .data(p.reader.entity(), w.guid.entity(), sn, null, sample);
            paced(m.bytes(), p.to);
        } else {
            int n = (sample.length + options.fragmentSize() - 1) / options.fragmentSize();
            int[] all = new int[n];
            for (int i = 0; i < n; i++) {
                all[i] = i + 1;
            }
            fragments(w, p, sn, sample, all);
        }
        p.sent = Math.max(p.sent, sn);
        if (p.reliable) {
            w.heartbeat(p, true);
        }
    }

    /** Sends fragments {@code numbers} (1-based) of sample {@code sn} to one reader. */
    void fragments(Writer w, Writer.Proxy p, long sn, byte[] sample, int[] numbers) {
        int size = options.fragmentSize(), count = (sample.length + size - 1) / size;
        long now = System.currentTimeMillis() * 1_000_000L;
        for (int f : numbers) {
            if (f >= 1 && f <= count) {
                Message m = new Message(prefix, size + 128).infoDestination(p.reader.prefix()).infoTimestamp(now)
                        .dataFragment(p.reader.entity(), w.guid.entity(), sn, f, size, sample);
                paced(m.bytes(), p.to);
            }
        }
    }

    private long paceStart = System.nanoTime(), paceBytes;

    /** Sends, keeping to {@code bytesPerSecond} over bursts of 256 KiB. */
    private void paced(byte[] data, List<InetSocketAddress> to) {
        for (InetSocketAddress a : to) {
            send.accept(data, a);
            synchronized (this) {
                paceBytes += data.length;
                if (paceBytes >= 256 << 10) {
                    long due = paceStart + paceBytes * 1_000_000_000L / options.bytesPerSecond(), now = System.nanoTime();
                    if (due > now) {
                        try {
                            TimeUnit.NANOSECONDS.sleep(due - now);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    paceStart = Math.max(due, now - 10_000_000L);
                    paceBytes = 0;
                }
            }
        }
    }
}
