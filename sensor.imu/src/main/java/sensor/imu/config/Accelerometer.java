package sensor.imu.config;

import java.util.List;

import sensor.api.geom.Pose;

/**
 * Accelerometer [T-29]: specific force in its own frame, m/s². Typical chain: range, bias (zero-g), cross-axis, then noise stages.
 * A {@code null} offset is the identity and a {@code null} stage list is empty.
 */
public record Accelerometer(String name, Pose offset, List<StageSpec> stages) implements SubSensor {
    /** Default name. */
    public static final String DEFAULT_NAME = "acc";

    public Accelerometer {
        offset = offset == null ? Pose.IDENTITY : offset;
        stages = stages == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(stages));
    }

    /** Named {@link #DEFAULT_NAME}, at the IMU frame, no stages. */
    public static Accelerometer of() {
        return new Accelerometer(DEFAULT_NAME, Pose.IDENTITY, List.of());
    }

    /** Named {@code name}, at the IMU frame, no stages. */
    public static Accelerometer of(String name) {
        return new Accelerometer(name, Pose.IDENTITY, List.of());
    }

    /** A copy at {@code offset}. */
    public Accelerometer withOffset(Pose offset) {
        return new Accelerometer(name, offset, stages);
    }

    /** A copy with this stage chain. */
    public Accelerometer withStages(StageSpec... stages) {
        return new Accelerometer(name, offset, java.util.Arrays.asList(stages));
    }

    @Override
    public String unit() {
        return "m/s^2";
    }
}
