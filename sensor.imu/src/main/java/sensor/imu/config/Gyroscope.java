package sensor.imu.config;

import java.util.List;

import sensor.api.geom.Pose;

/**
 * Gyroscope [T-30]: angular velocity in its own frame, rad/s. Typical chain: range, bias (zero-rate), cross-axis, linear acceleration effects [T-LAE], then noise stages.
 * A {@code null} offset is the identity and a {@code null} stage list is empty.
 */
public record Gyroscope(String name, Pose offset, List<StageSpec> stages) implements SubSensor {
    /** Default name. */
    public static final String DEFAULT_NAME = "gyro";

    public Gyroscope {
        offset = offset == null ? Pose.IDENTITY : offset;
        stages = stages == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(stages));
    }

    /** Named {@link #DEFAULT_NAME}, at the IMU frame, no stages. */
    public static Gyroscope of() {
        return new Gyroscope(DEFAULT_NAME, Pose.IDENTITY, List.of());
    }

    /** Named {@code name}, at the IMU frame, no stages. */
    public static Gyroscope of(String name) {
        return new Gyroscope(name, Pose.IDENTITY, List.of());
    }

    /** A copy at {@code offset}. */
    public Gyroscope withOffset(Pose offset) {
        return new Gyroscope(name, offset, stages);
    }

    /** A copy with this stage chain. */
    public Gyroscope withStages(StageSpec... stages) {
        return new Gyroscope(name, offset, java.util.Arrays.asList(stages));
    }

    @Override
    public String unit() {
        return "rad/s";
    }
}
