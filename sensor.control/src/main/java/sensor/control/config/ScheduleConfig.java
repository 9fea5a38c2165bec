package sensor.control.config;

import java.util.List;

/**
 * The {@code schedule} controller: timed commands. Each entry sets, from time {@code at} (s), the actuator named by
 * {@code command} and {@code target} to {@code value} (one number) or {@code values} (a twist's six: vx, vy, vz, wx,
 * wy, wz in the body frame; a joint velocity's two: velocity, maxForce), in SI units (rad, m/s, N·m). A {@code ramp}
 * (s, ≥ 0) goes there linearly from the actuator's value at {@code at} (0 before its first entry) instead of at once.
 * Commands: {@code twist}, {@code joint-velocity}, {@code joint-torque}, {@code steering}, {@code drive},
 * {@code brake}.
 */
public record ScheduleConfig(List<Entry> commands) {
    public ScheduleConfig {
        commands = commands == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(commands));
    }

    /** One timed command ({@code ramp} null: 0). */
    public record Entry(Double at, String command, String target, Double value, List<Double> values, Double ramp) {
        /** The ramp's length, s (0 when not given). */
        public double rampOrZero() {
            return ramp == null ? 0 : ramp;
        }
    }
}
