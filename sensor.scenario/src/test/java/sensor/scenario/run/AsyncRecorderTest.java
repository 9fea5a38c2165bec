package sensor.scenario.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

import sensor.api.io.Recorder;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;

/** The writer thread of a run: order kept, nothing lost, failures end the run, the simulation waits when it is behind. */
class AsyncRecorderTest {
    /** Calls in the order the recorder saw them; {@code onFrame} runs first for each frame. */
    private static final class Log implements Recorder {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        final java.util.function.LongConsumer onFrame;

        Log(java.util.function.LongConsumer onFrame) {
            this.onFrame = onFrame;
        }

        @Override public void accept(SensorFrame f) {
            onFrame.accept(f.index());
            calls.add("frame " + f.index() + " on " + Thread.currentThread().getName());
        }
        @Override public void metadata(String name, Map<String, String> entries) { calls.add("metadata " + name); }
        @Override public void mounts(double time, Map<String, SensorMount> mounts) { calls.add("mounts " + mounts.keySet()); }
        @Override public void close() { calls.add("close"); }
        @Override public void abort() { calls.add("abort"); }
        @Override public Summary summary() { return new Summary(Map.of(), 0, List.of()); }
    }

    private static SensorFrame frame(long i) {
        return new SensorFrame("s", "t", i, i * 0.1, i * 0.1, null);
    }

    @Test
    void everyCallReachesTheRecorderInOrderOnTheWriterThreadBeforeCloseReturns() {
        Log log = new Log(i -> { });
        AsyncRecorder r = new AsyncRecorder(log, 4);
        List<String> expected = new ArrayList<>();
        r.mounts(0, Map.of("lidar", SensorMount.world(sensor.api.geom.Pose.IDENTITY)));
        expected.add("mounts [lidar]");
        for (long i = 0; i < 200; i++) {
            r.accept(frame(i));
            expected.add("frame " + i + " on sensorsim-writer");
        }
        r.metadata("gap", Map.of("id", "g"));
        expected.add("metadata gap");
        r.close();
        expected.add("close");
        assertEquals(expected, log.calls);
        assertFalse(Thread.currentThread().isInterrupted(), "no interrupt made up");
    }

    @Test
    void anInterruptedCallerStillGetsEveryFileCompleteAndKeepsItsInterrupt() {
        Log log = new Log(i -> { });
        AsyncRecorder r = new AsyncRecorder(log, 4);
        r.accept(frame(0));
        Thread.currentThread().interrupt(); // SIGTERM's cancellation reaches the run's thread
        r.close();
        assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
        assertEquals(List.of("frame 0 on sensorsim-writer", "close"), log.calls);
    }

    @Test
    void abortWaitsForTheFramesHandedOverThenAbortsTheRecorder() {
        Log log = new Log(i -> { });
        AsyncRecorder r = new AsyncRecorder(log, 8);
        for (long i = 0; i < 3; i++) {
            r.accept(frame(i));
        }
        r.abort();
        assertEquals(List.of("frame 0 on sensorsim-writer", "frame 1 on sensorsim-writer", "frame 2 on sensorsim-writer",
                "abort"), log.calls);
    }

    @Test
    void aWriterFailureEndsTheRunAtTheNextCallAndCloseAbortsTheStreams() {
        UncheckedIOException full = new UncheckedIOException("disk full", new IOException("No space left on device"));
        Log log = new Log(i -> {
            if (i == 3) {
                throw full;
            }
        });
        AsyncRecorder r = new AsyncRecorder(log, 2);
        UncheckedIOException thrown = null;
        for (long i = 0; i < 10_000 && thrown == null; i++) {
            try {
                r.accept(frame(i));
                Thread.sleep(1);
            } catch (UncheckedIOException e) {
                thrown = e;
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        assertSame(full, thrown, "the writer's own failure, thrown to the simulation");
        assertSame(full, assertThrows(UncheckedIOException.class, r::close));
        assertEquals(List.of("frame 0 on sensorsim-writer", "frame 1 on sensorsim-writer", "frame 2 on sensorsim-writer",
                "abort"), log.calls, "nothing after the failure is written, and the unfinished streams are removed");
    }

    @Test
    void theSimulationWaitsWhenTheWriterIsBehind() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Log log = new Log(i -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        AsyncRecorder r = new AsyncRecorder(log, 2);
        Thread sim = new Thread(() -> {
            for (long i = 0; i < 10; i++) {
                r.accept(frame(i));
            }
        });
        sim.start();
        sim.join(300);
        assertTrue(sim.isAlive(), "one frame in the writer and two waiting: the fourth call waits");
        assertEquals(Thread.State.WAITING, sim.getState());
        release.countDown();
        sim.join(10_000);
        r.close();
        assertEquals(11, log.calls.size(), "10 frames and close: " + log.calls);
    }

    @Test
    void smallFramesPassWhileTheWriterIsOnALargeOneAndASecondLargeOneWaitsForTheByteBudget() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Log log = new Log(i -> {
            if (i == 0) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        });
        var fields = List.of(sensor.api.frame.OutputField.XYZ_VEC3_F32);
        var big = new sensor.api.frame.PointCloud(fields, 1000, java.nio.ByteBuffer.allocate(12_000));
        assertEquals(12_000, AsyncRecorder.bytes(big));
        assertEquals(11 * 4 * 3, AsyncRecorder.bytes(new sensor.api.frame.CameraImage(4, 3, new byte[36], new float[12],
                new int[12], List.of(), 1, 1, 2, 1.5, "pinhole", sensor.api.geom.Pose.IDENTITY)));
        // room for one large frame and 40 small calls
        AsyncRecorder r = new AsyncRecorder(log, 100, 12_000 + 41 * AsyncRecorder.CALL_BYTES);
        CountDownLatch smallDone = new CountDownLatch(1);
        Thread sim = new Thread(() -> {
            r.accept(new SensorFrame("lidar", "lidar", 0, 0, 0, big)); // the writer holds this one
            for (long i = 1; i <= 40; i++) {
                r.accept(frame(i));
            }
            smallDone.countDown();
            r.accept(new SensorFrame("lidar", "lidar", 41, 4.1, 4.1, big)); // over the budget: waits
        });
        sim.start();
        assertTrue(smallDone.await(10, java.util.concurrent.TimeUnit.SECONDS), "40 small frames pass a count limit of 100");
        sim.join(300);
        assertTrue(sim.isAlive(), "the second large frame waits for the first");
        assertEquals(Thread.State.WAITING, sim.getState());
        release.countDown();
        sim.join(10_000);
        assertFalse(sim.isAlive());
        r.close();
        assertEquals(43, log.calls.size(), "42 frames and close: " + log.calls);
    }

    @Test
    void aFrameLargerThanTheByteBudgetStillPassesWhenTheWriterIsIdle() throws Exception {
        Log log = new Log(i -> { });
        var big = new sensor.api.frame.PointCloud(List.of(sensor.api.frame.OutputField.XYZ_VEC3_F32), 1000,
                java.nio.ByteBuffer.allocate(12_000));
        AsyncRecorder r = new AsyncRecorder(log, 100, 1_000);
        Thread sim = new Thread(() -> {
            for (long i = 0; i < 3; i++) {
                r.accept(new SensorFrame("lidar", "lidar", i, i * 0.1, i * 0.1, big));
            }
        });
        sim.start();
        sim.join(10_000);
        assertFalse(sim.isAlive(), "each frame over the budget waits for the one before, then passes");
        r.close();
        assertEquals(4, log.calls.size(), "3 frames and close: " + log.calls);
    }
}
