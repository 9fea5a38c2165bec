package sensor.scenario.run;

import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

import sensor.api.frame.CameraImage;
import sensor.api.frame.FrameData;
import sensor.api.frame.PointCloud;
import sensor.api.io.Recorder;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;

/**
 * A recorder that writes on a thread of its own, so compression, encoding and file writing overlap the
 * simulation instead of pausing it. Calls reach the recorder in their order; at most {@code calls} wait, holding
 * at most {@code bytes} of frame data (a call larger than that alone waits until the writer is idle), and the
 * simulation waits for the writer when they do: small frames (an IMU's) do not stall it while the writer is on a
 * large one (a lidar's or a camera's), and memory stays bounded. A failure of the writer is thrown by the next call
 * (the run ends at its next frame, not at its end) and by {@link #close()}, which then aborts the recorder;
 * later frames are dropped, and {@link #abort()} still removes the unfinished streams. {@link #close()} and {@link #abort()} return once
 * the writer has finished.
 */
public final class AsyncRecorder implements Recorder {
    /** What a call weighs beyond its frame data (bytes). */
    static final long CALL_BYTES = 256;

    /** A call handed to the writer and the bytes it holds until it has run. */
    private record Call(Runnable run, long bytes) {}

    private static final Call END = new Call(() -> {}, 0);

    private final Recorder target;
    private final BlockingQueue<Call> queue;
    private final Thread writer;
    private final long budget;
    private final Object gate = new Object();
    private long pending; // bytes of the calls handed over and not yet run, guarded by gate
    private volatile Throwable failure;

    /** At most {@code calls} waiting calls, and no byte budget. */
    AsyncRecorder(Recorder target, int calls) {
        this(target, calls, Long.MAX_VALUE);
    }

    /** At most {@code calls} waiting calls holding at most {@code bytes} (see the class comment). */
    AsyncRecorder(Recorder target, int calls, long bytes) {
        this.target = target;
        this.budget = bytes;
        this.queue = new ArrayBlockingQueue<>(calls);
        this.writer = new Thread(this::drain, "sensorsim-writer");
        writer.setDaemon(true);
        writer.start();
    }

    private void drain() {
        for (;;) {
            Call r;
            try {
                r = queue.take();
            } catch (InterruptedException e) { // nobody should: fail the run, keep taking so no caller waits forever
                if (failure == null) {
                    failure = new IllegalStateException("the output writer was interrupted");
                }
                continue;
            }
            if (r == END) {
                return;
            }
            if (failure == null) {
                try {
                    r.run().run();
                } catch (Throwable t) {
                    failure = t;
                }
            }
            synchronized (gate) {
                pending -= r.bytes();
                gate.notifyAll();
            }
        }
    }

    private void submit(Runnable call, long bytes) {
        rethrow();
        long weight = CALL_BYTES + bytes;
        try {
            synchronized (gate) {
                while (pending > 0 && pending + weight > budget) {
                    gate.wait();
                }
                pending += weight;
            }
            queue.put(new Call(call, weight));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing a frame to the writer");
        }
    }

    private void rethrow() {
        Throwable t = failure;
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /** Waits until every call handed over has run and the writer thread has ended. */
    private void finish() {
        boolean interrupted = false;
        while (writer.isAlive()) {
            try {
                if (queue.offer(END, 100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    writer.join();
                }
            } catch (InterruptedException e) {
                interrupted = true; // the files must be complete before this returns
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void accept(SensorFrame frame) {
        submit(() -> target.accept(frame), bytes(frame.data()));
    }

    /** The bytes of frame data a waiting frame holds (its packed points, its image's pixels); 0 for channels. */
    static long bytes(FrameData data) {
        if (data instanceof PointCloud cloud) {
            return (long) cloud.count() * cloud.stride();
        }
        if (data instanceof CameraImage image) {
            return 11L * image.width() * image.height(); // RGB, depth and label of each pixel
        }
        return 0;
    }

    @Override
    public void metadata(String name, Map<String, String> entries) {
        Map<String, String> copy = Map.copyOf(entries);
        submit(() -> target.metadata(name, copy), 0);
    }

    @Override
    public void mounts(double time, Map<String, SensorMount> mounts) {
        Map<String, SensorMount> copy = Map.copyOf(mounts);
        submit(() -> target.mounts(time, copy), 0);
    }

    @Override
    public void close() {
        finish();
        if (failure != null) {
            target.abort();
            rethrow();
        }
        target.close();
    }

    @Override
    public void abort() {
        finish();
        target.abort();
    }

    @Override
    public Summary summary() {
        return target.summary();
    }
}
