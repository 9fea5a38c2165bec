package sensor.api.control;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.geom.Vec3;

/**
 * What people steer a live simulation with, as a service: the latest {@code geometry_msgs/msg/Twist} and
 * {@code sensor_msgs/msg/Joy} that a live viewer published on a topic (e.g. Foxglove's Teleop and Joystick panels over
 * the Foxglove WebSocket protocol). Topics are named without a leading slash, e.g. {@code street/cmd_vel}.
 */
@ProviderType
public interface Teleoperation {
    /** The latest twist published on {@code topic}, or null when none was. */
    TwistMessage twist(String topic);

    /** The latest joystick state published on {@code topic}, or null when none was. */
    JoyMessage joy(String topic);

    /** A twist (linear m/s, angular rad/s, in the body frame), with the count of messages received on its topic so far. */
    record TwistMessage(Vec3 linear, Vec3 angular, long count) {}

    /** A joystick's axes (−1 to 1) and buttons (0 or 1), with the count of messages received on its topic so far. */
    record JoyMessage(double[] axes, int[] buttons, long count) {
        public JoyMessage {
            axes = axes.clone();
            buttons = buttons.clone();
        }

        @Override
        public double[] axes() { return axes.clone(); }

        @Override
        public int[] buttons() { return buttons.clone(); }

        /** Axis {@code i}, 0 when the joystick has fewer. */
        public double axis(int i) { return i < axes.length ? axes[i] : 0; }

        /** Whether button {@code i} is pressed (false when the joystick has fewer). */
        public boolean pressed(int i) { return i < buttons.length && buttons[i] != 0; }
    }
}
