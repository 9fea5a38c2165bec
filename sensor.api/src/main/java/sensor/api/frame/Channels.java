package sensor.api.frame;

import java.util.List;

/**
 * Scalar sensor data: named channels with units, one value each (e.g. IMU axes, an encoder angle), and optionally
 * the variance of each channel's measurement noise as the sensor's configuration implies it (unit², 0 for an exact
 * channel; {@code null} when the sensor does not say). Output sinks write any such data as columns; the variances
 * become covariances where a format has them (ROS 2 {@code Imu}, {@code MagneticField}).
 */
public record Channels(List<String> names, List<String> units, double[] values, double[] variances)
        implements FrameData {
    public Channels {
        if (names == null || units == null || values == null || names.size() != units.size()
                || names.size() != values.length) {
            throw new IllegalArgumentException("names, units and values must have equal sizes");
        }
        if (variances != null && (variances.length != values.length
                || java.util.Arrays.stream(variances).anyMatch(v -> !(v >= 0 && v < Double.POSITIVE_INFINITY)))) {
            throw new IllegalArgumentException("variances must be null or one finite value >= 0 per channel");
        }
        names = List.copyOf(names);
        units = List.copyOf(units);
        values = values.clone();
        variances = variances == null ? null : variances.clone();
    }

    /** Channels whose noise variances are not stated. */
    public Channels(List<String> names, List<String> units, double[] values) {
        this(names, units, values, null);
    }

    @Override
    public double[] values() { return values.clone(); }

    /** The noise variance of each channel, or {@code null} when not stated. */
    @Override
    public double[] variances() { return variances == null ? null : variances.clone(); }

    /** Value of channel {@code i}. */
    public double value(int i) { return values[i]; }
}
