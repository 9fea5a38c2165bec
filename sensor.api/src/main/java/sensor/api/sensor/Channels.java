package sensor.api.sensor;

import java.util.List;

/**
 * Scalar sensor data: named channels with units, one value each (e.g. IMU axes, an encoder angle).
 * Output sinks write any such data as columns.
 */
public record Channels(List<String> names, List<String> units, double[] values) {
    public Channels {
        if (names == null || units == null || values == null || names.size() != units.size()
                || names.size() != values.length) {
            throw new IllegalArgumentException("names, units and values must have equal sizes");
        }
        names = List.copyOf(names);
        units = List.copyOf(units);
        values = values.clone();
    }

    @Override
    public double[] values() { return values.clone(); }

    /** Value of channel {@code i}. */
    public double value(int i) { return values[i]; }
}
