package sensor.lidar.api;

import sensor.api.frame.PointCloud;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import sensor.api.io.OutputSink;
import sensor.api.sensor.SensorFrame;

/**
 * An output sink offering the blocking read of [O]: {@link #take} waits until the next frame of a lidar
 * is delivered (the simulation may step in another thread). Keeps the newest frame per sensor.
 */
public final class LidarOutputQueue implements OutputSink {
    private final Map<String, SensorFrame> latest = new HashMap<>();
    private final Map<String, Long> taken = new HashMap<>();

    @Override
    public synchronized void accept(SensorFrame frame) {
        if (frame.data() instanceof PointCloud) {
            latest.put(frame.sensorId(), frame);
            notifyAll();
        }
    }

    /** Waits up to {@code timeout} for a frame of {@code sensorId} newer than the last one taken; null on timeout. */
    public synchronized SensorFrame take(String sensorId, long timeout, TimeUnit unit) throws InterruptedException {
        long end = System.nanoTime() + unit.toNanos(timeout);
        long last = taken.getOrDefault(sensorId, 0L);
        while (latest.get(sensorId) == null || latest.get(sensorId).index() <= last) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        SensorFrame f = latest.get(sensorId);
        taken.put(sensorId, f.index());
        return f;
    }
}
