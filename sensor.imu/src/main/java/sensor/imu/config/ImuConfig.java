package sensor.imu.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An IMU [T-IMU]: sub-sensors at their own offsets in the IMU frame (the sensor mount), and one output format
 * listing which axes of which sub-sensor, in order. An empty (or {@code null}) output lists every axis of
 * every sub-sensor in order. Default: an accelerometer {@code acc}, a gyroscope {@code gyro} and a
 * magnetometer {@code mag} at the IMU frame with no stages, every axis out.
 */
public record ImuConfig(List<SubSensor> sensors, List<OutputAxis> output) {
    public ImuConfig {
        sensors = sensors == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(sensors));
        output = output == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(output));
    }

    /** The default configuration. */
    public static ImuConfig defaults() {
        return new ImuConfig(List.of(Accelerometer.of(), Gyroscope.of(), Magnetometer.of()), List.of());
    }

    /** These sub-sensors, every axis out. */
    public static ImuConfig of(SubSensor... sensors) {
        return new ImuConfig(java.util.Arrays.asList(sensors), List.of());
    }

    /** A copy with this output format, e.g. {@code withOutput("acc.x", "acc.y", "gyro.z")}. */
    public ImuConfig withOutput(String... axes) {
        return new ImuConfig(sensors, OutputAxis.parseAll(axes));
    }
}
