package sensor.imu.config;

import java.util.List;

import sensor.api.geom.Pose;

/**
 * Magnetometer [T-M]: magnetic flux density of the environment at its position, in its own frame, T. Typical chain: range, bias (zero-flux), cross-axis, then noise stages.
 * A {@code null} offset is the identity and a {@code null} stage list is empty.
 */
public record Magnetometer(String name, Pose offset, List<StageSpec> stages) implements SubSensor {
    /** Default name. */
    public static final String DEFAULT_NAME = "mag";

    public Magnetometer {
        offset = offset == null ? Pose.IDENTITY : offset;
        stages = stages == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(stages));
    }

    /** Named {@link #DEFAULT_NAME}, at the IMU frame, no stages. */
    public static Magnetometer of() {
        return new Magnetometer(DEFAULT_NAME, Pose.IDENTITY, List.of());
    }

    /** Named {@code name}, at the IMU frame, no stages. */
    public static Magnetometer of(String name) {
        return new Magnetometer(name, Pose.IDENTITY, List.of());
    }

    /** A copy at {@code offset}. */
    public Magnetometer withOffset(Pose offset) {
        return new Magnetometer(name, offset, stages);
    }

    /** A copy with this stage chain. */
    public Magnetometer withStages(StageSpec... stages) {
        return new Magnetometer(name, offset, java.util.Arrays.asList(stages));
    }

    @Override
    public String unit() {
        return "T";
    }
}
