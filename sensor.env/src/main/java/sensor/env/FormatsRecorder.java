package sensor.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.io.FrameWriter;
import sensor.api.io.Recorder;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;

/** A recorder writing every frame with several {@link FrameWriter.Writer}s (opened by {@link WriterRecorders}). */
final class FormatsRecorder implements Recorder {
    private final Map<String, FrameWriter.Writer> writers;
    private final Map<String, Long> frames = new LinkedHashMap<>();
    private final List<Path> files = new ArrayList<>();
    private long points;
    private boolean closed;

    FormatsRecorder(Map<String, FrameWriter.Writer> writers) {
        this.writers = writers;
    }

    @Override
    public synchronized void accept(SensorFrame frame) {
        if (closed) {
            throw new IllegalStateException("the recorder is closed");
        }
        frames.merge(frame.sensorId(), 1L, Long::sum);
        if (frame.data() instanceof PointCloud cloud) {
            points += hits(cloud);
        }
        each("write frame " + frame.index() + " of " + frame.sensorId(), w -> {
            if (frame.data() instanceof PointCloud cloud) {
                w.pointCloud(frame, cloud);
            } else if (frame.data() instanceof sensor.api.frame.CameraImage image) {
                w.image(frame, image);
            } else if (frame.data() instanceof Channels c) {
                w.channels(frame, c);
            }
        });
    }

    /** Points that are returns: all, or those flagged as hits when the cloud has the flag. */
    private static long hits(PointCloud cloud) {
        if (cloud.offset(OutputField.IS_HIT_I32) < 0) {
            return cloud.count();
        }
        long n = 0;
        for (int i = 0; i < cloud.count(); i++) {
            n += cloud.getInt(i, OutputField.IS_HIT_I32) != 0 ? 1 : 0;
        }
        return n;
    }

    @Override
    public synchronized void mounts(double time, Map<String, SensorMount> mounts) {
        if (!closed) {
            each("record the sensor mounts", w -> w.mounts(time, mounts));
        }
    }

    @Override
    public synchronized void metadata(String name, Map<String, String> entries) {
        if (!closed) {
            each("record metadata '" + name + "'", w -> w.metadata(name, entries));
        }
    }

    /** Completes every format (each attempted even when one fails; the first failure is then thrown). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        IOException first = null;
        for (Map.Entry<String, FrameWriter.Writer> e : writers.entrySet()) {
            try {
                files.addAll(e.getValue().close());
            } catch (IOException x) {
                IOException named = new IOException("cannot complete the " + e.getKey() + " output: " + x.getMessage(), x);
                if (first == null) {
                    first = named;
                } else {
                    first.addSuppressed(named);
                }
            }
        }
        if (first != null) {
            throw new UncheckedIOException(first);
        }
    }

    @Override
    public synchronized void abort() {
        if (!closed) {
            closed = true;
            writers.values().forEach(FrameWriter.Writer::abort);
        }
    }

    @Override
    public synchronized Summary summary() {
        return new Summary(frames, points, files);
    }

    private interface Call {
        void on(FrameWriter.Writer w) throws IOException;
    }

    private void each(String what, Call call) {
        for (Map.Entry<String, FrameWriter.Writer> e : writers.entrySet()) {
            try {
                call.on(e.getValue());
            } catch (IOException x) {
                throw new UncheckedIOException("cannot " + what + " as " + e.getKey() + ": " + x.getMessage(), x);
            }
        }
    }
}
