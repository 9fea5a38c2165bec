package sensor.api.sensor;

import sensor.api.Args;

/**
 * Everything needed to create a sensor: a unique id, the sensor type id, the typed configuration
 * ({@code null} = the type's default), the mount, the sample frequency (Hz, {@code > 0}) and the lag
 * (s, {@code >= 0}): data measured at {@code t} is delivered at {@code t + lag} ([L-T]).
 */
public record SensorSpec(String id, String typeId, Object config, SensorMount mount, double frequency, double lag) {
    public SensorSpec {
        Args.id("sensor id", id);
        Args.id("sensor typeId", typeId);
        Args.notNull("mount", mount);
        Args.positive("frequency", frequency);
        Args.nonNegative("lag", lag);
    }

    /** A spec with no lag. */
    public static SensorSpec of(String id, String typeId, Object config, SensorMount mount, double frequency) {
        return new SensorSpec(id, typeId, config, mount, frequency, 0);
    }
}
