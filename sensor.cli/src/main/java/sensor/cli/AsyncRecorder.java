package sensor.cli;

import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

import sensor.api.io.Recorder;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;

/**
 * A recorder that writes on a thread of its own, so compression, encoding and file writing overlap the
 * simulation instead of pausing it. Calls reach the recorder in their order; at most {@code capacity} wait,
 * and the simulation waits for the writer when they do. A failure of the writer is thrown by the next call
 * (the run ends at its next frame, not at its end) and by {@link #close()}, which then aborts the recorder;
 * later frames are dropped, and {@link #abort()} still removes the unfinished streams. {@link #close()} and {@link #abort()} return once
 * the writer has finished.
 */
final class AsyncRecorder implements Recorder {
    private static final Runnable END = () -> {};

    private final Recorder target;
    private final BlockingQueue<Runnable> queue;
    private final Thread writer;
    private volatile Throwable failure;

    AsyncRecorder(Recorder target, int capacity) {
        this.target = target;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.writer = new Thread(this::drain, "sensorsim-writer");
        writer.setDaemon(true);
        writer.start();
    }

    private void drain() {
        for (;;) {
            Runnable r;
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
                    r.run();
                } catch (Throwable t) {
                    failure = t;
                }
            }
        }
    }

    private void submit(Runnable call) {
        rethrow();
        try {
            queue.put(call);
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
        submit(() -> target.accept(frame));
    }

    @Override
    public void metadata(String name, Map<String, String> entries) {
        Map<String, String> copy = Map.copyOf(entries);
        submit(() -> target.metadata(name, copy));
    }

    @Override
    public void mounts(double time, Map<String, SensorMount> mounts) {
        Map<String, SensorMount> copy = Map.copyOf(mounts);
        submit(() -> target.mounts(time, copy));
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
