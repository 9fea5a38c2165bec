package sensor.api.world;

import java.util.List;

import sensor.api.geom.Vec3;

/**
 * A command to a world's actuators, set by a controller ({@code sensor.api.control}) and applied by an {@link Actuated}
 * world before its next step. A command names its target (a body, a joint or a vehicle) and carries its values;
 * constructing one checks nothing, so that a controller's bad value reaches the environment, which refuses it
 * (not finite) or lets the world refuse it (unknown target, out of the actuator's range) without applying it.
 */
public sealed interface Command permits Command.Twist, Command.JointVelocity, Command.JointTorque, Command.Steering,
        Command.Drive, Command.Brake {
    /** The body, joint or vehicle the command is for. */
    String target();

    /** The command's kind for logs and recordings, e.g. {@code steering}. */
    String kind();

    /** The names of the values, in the order of {@link #values()}. */
    List<String> names();

    /** The units of the values, in the order of {@link #values()}. */
    List<String> units();

    /** The values. */
    double[] values();

    /**
     * A kinematic body's velocities in its own frame (x forward for a vehicle, as a ROS {@code cmd_vel}): it leaves its
     * scripted motion and moves with them, at constant values, until the next command.
     */
    record Twist(String target, Vec3 linear, Vec3 angular) implements Command {
        @Override
        public String kind() { return "twist"; }

        @Override
        public List<String> names() { return List.of("vx", "vy", "vz", "wx", "wy", "wz"); }

        @Override
        public List<String> units() { return List.of("m/s", "m/s", "m/s", "rad/s", "rad/s", "rad/s"); }

        @Override
        public double[] values() {
            return new double[] {coordinate(linear, 0), coordinate(linear, 1), coordinate(linear, 2), coordinate(angular, 0),
                    coordinate(angular, 1), coordinate(angular, 2)};
        }

        private static double coordinate(Vec3 v, int i) {
            return v == null ? Double.NaN : i == 0 ? v.x() : i == 1 ? v.y() : v.z();
        }
    }

    /** A joint motor's target velocity (rad/s or m/s), reached with at most {@code maxForce} (N·m or N). */
    record JointVelocity(String target, double velocity, double maxForce) implements Command {
        @Override
        public String kind() { return "joint-velocity"; }

        @Override
        public List<String> names() { return List.of("velocity", "maxForce"); }

        @Override
        public List<String> units() { return List.of("rad/s or m/s", "N·m or N"); }

        @Override
        public double[] values() { return new double[] {velocity, maxForce}; }
    }

    /** A torque (N·m) or force (N) applied along a joint's axis, held until the next command. */
    record JointTorque(String target, double torque) implements Command {
        @Override
        public String kind() { return "joint-torque"; }

        @Override
        public List<String> names() { return List.of("torque"); }

        @Override
        public List<String> units() { return List.of("N·m or N"); }

        @Override
        public double[] values() { return new double[] {torque}; }
    }

    /**
     * A vehicle's steering angle (rad, positive to the left): the angle of the equivalent single front wheel of the
     * bicycle model, so the vehicle turns on a radius {@code wheelbase / tan(angle)}.
     */
    record Steering(String target, double angle) implements Command {
        @Override
        public String kind() { return "steering"; }

        @Override
        public List<String> names() { return List.of("angle"); }

        @Override
        public List<String> units() { return List.of("rad"); }

        @Override
        public double[] values() { return new double[] {angle}; }
    }

    /** A vehicle's target speed (m/s, negative: reverse), which its drive motors hold within their torque. */
    record Drive(String target, double speed) implements Command {
        @Override
        public String kind() { return "drive"; }

        @Override
        public List<String> names() { return List.of("speed"); }

        @Override
        public List<String> units() { return List.of("m/s"); }

        @Override
        public double[] values() { return new double[] {speed}; }
    }

    /** A brake on a vehicle or a kinematic body, from 0 (released) to 1 (full), held until the next command. */
    record Brake(String target, double level) implements Command {
        @Override
        public String kind() { return "brake"; }

        @Override
        public List<String> names() { return List.of("level"); }

        @Override
        public List<String> units() { return List.of("1"); }

        @Override
        public double[] values() { return new double[] {level}; }
    }
}
