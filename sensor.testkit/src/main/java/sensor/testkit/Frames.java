package sensor.testkit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import sensor.api.env.SensorEnvironment;
import sensor.api.io.OutputSink;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;

/** The frames delivered while recording, per sensor id, in delivery order. Closing stops the recording. */
public final class Frames implements OutputSink, AutoCloseable {
    private final SensorEnvironment env;
    private final Map<String, List<SensorFrame>> bySensor = new LinkedHashMap<>();
    private final List<SensorFrame> all = new ArrayList<>();

    Frames(SensorEnvironment env) {
        this.env = env;
    }

    @Override
    public synchronized void accept(SensorFrame frame) {
        bySensor.computeIfAbsent(frame.sensorId(), k -> new ArrayList<>()).add(frame);
        all.add(frame);
    }

    /** Every frame, in delivery order (sensors' frames and controllers' recorded commands). */
    public synchronized List<SensorFrame> all() {
        return List.copyOf(all);
    }

    /** The frames of one sensor (empty when it delivered none). */
    public synchronized List<SensorFrame> of(String sensorId) {
        return List.copyOf(bySensor.getOrDefault(sensorId, List.of()));
    }

    /** Number of frames of one sensor. */
    public synchronized int count(String sensorId) {
        return bySensor.getOrDefault(sensorId, List.of()).size();
    }

    /** One channel of a scalar sensor ({@link Channels} data) over its frames. */
    public double[] channel(String sensorId, String name) {
        List<SensorFrame> frames = of(sensorId);
        double[] values = new double[frames.size()];
        for (int i = 0; i < values.length; i++) {
            if (!(frames.get(i).data() instanceof Channels c)) {
                throw new IllegalArgumentException("sensor '" + sensorId + "' does not deliver channels");
            }
            int k = c.names().indexOf(name);
            if (k < 0) {
                throw new IllegalArgumentException("sensor '" + sensorId + "' has no channel '" + name + "'; channels: " + c.names());
            }
            values[i] = c.value(k);
        }
        return values;
    }

    @Override
    public void close() {
        env.removeOutputSink(this);
    }
}
