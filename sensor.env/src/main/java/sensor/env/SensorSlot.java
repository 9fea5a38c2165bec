package sensor.env;

import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorSpec;

/**
 * A sensor's place in the environment: its spec, its instance (null while detached) and its sample
 * schedule {@code t_k = origin + k / frequency} ([L-T]), computed from integers so it never drifts.
 */
final class SensorSlot {
    final SensorSpec spec;
    Sensor sensor;
    double origin;
    long nextIndex = 1;
    long samples;

    SensorSlot(SensorSpec spec, Sensor sensor, double origin) {
        this.spec = spec;
        this.sensor = sensor;
        this.origin = origin;
    }

    double nextTime() {
        return origin + nextIndex / spec.frequency();
    }

    /** Restarts the schedule so the next sample is the first one after {@code now}. */
    void resumeAfter(double now) {
        origin = now;
        nextIndex = 1;
    }
}
