package sensor.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.control.ControlContext;
import sensor.api.control.Controller;
import sensor.api.control.Teleoperation;
import sensor.api.geom.Vec3;
import sensor.api.sensor.SensorFrame;
import sensor.api.world.Command;
import sensor.control.config.TeleopConfig;

/**
 * The teleop controller: a twist becomes the speed and the bicycle-model steering angle of its yaw rate, a joystick
 * scales to the limits, stale input stops the car, and nothing is set twice.
 */
class TeleopTypeTest {
    /** The viewer's latest messages, as the live view would offer them. */
    static final class Viewer implements Teleoperation {
        TwistMessage twist;
        JoyMessage joy;

        @Override public TwistMessage twist(String topic) { return topic.equals("street/cmd_vel") ? twist : null; }
        @Override public JoyMessage joy(String topic) { return topic.equals("street/joy") ? joy : null; }
    }

    final Viewer viewer = new Viewer();
    final TeleopType type = new TeleopType();

    List<Command> step(Controller c, double t) {
        List<Command> set = new ArrayList<>();
        c.control(new ControlContext() {
            @Override public String simulation() { return "street"; }
            @Override public double time() { return t; }
            @Override public double timeStep() { return 0.01; }
            @Override public List<SensorFrame> frames() { return List.of(); }
            @Override public void command(Command command) { set.add(command); }
        });
        return set;
    }

    static List<Command> commands(double speed, double steer, double brake) {
        return List.of(new Command.Drive("car", speed), new Command.Steering("car", steer), new Command.Brake("car", brake));
    }

    @Test
    void itDeclaresDriveSteeringAndBrakeOfItsVehicle() {
        assertEquals(java.util.Set.of("drive.car", "steering.car", "brake.car"), type.commands(TeleopConfig.of("car"), 1));
    }

    @Test
    void theRunSaysAtItsStartThatTheCarWaitsForAViewer() {
        assertEquals("teleop: vehicle 'car' stands braked until a live viewer (Foxglove's Teleop or Joystick panel, or a "
                + "ROS 2 node) publishes a Twist on street/cmd_vel or a Joy on street/joy", TeleopType.waiting("car", "street/", true));
        assertEquals("teleop: vehicle 'car' stands braked until a live viewer (Foxglove's Teleop or Joystick panel, or a "
                + "ROS 2 node) publishes a Twist on cmd_vel or a Joy on joy; there is no live view in this run, so it stays "
                + "braked to the end (run with --live or --ros2)", TeleopType.waiting("car", "", false));
    }

    @Test
    void aTwistSetsTheSpeedAndTheSteeringAngleOfItsYawRate() {
        type.teleoperations = java.util.List.of(viewer);
        Controller c = type.create(TeleopConfig.of("car"));
        assertEquals(commands(0, 0, 1), step(c, 0), "no message: braked");
        assertEquals(List.of(), step(c, 0.01), "nothing new");
        viewer.twist = new Teleoperation.TwistMessage(new Vec3(3, 0, 0), new Vec3(0, 0, 0.3), 1);
        assertEquals(commands(3, Math.atan(2.7 * 0.3 / 3), 0), step(c, 0.02));
        assertEquals(List.of(), step(c, 0.3), "the same message: nothing new");
        assertEquals(commands(0, Math.atan(2.7 * 0.3 / 3), 1), step(c, 0.53), "0.5 s without a new message: stop");
        viewer.twist = new Teleoperation.TwistMessage(new Vec3(40, 0, 0), new Vec3(0, 0, 40), 2);
        assertEquals(commands(5, 0.5, 0), step(c, 0.6), "limited to maxSpeed and maxSteer");
        viewer.twist = new Teleoperation.TwistMessage(new Vec3(0, 0, 0), new Vec3(0, 0, 1), 3);
        assertEquals(commands(0, 0.5, 0), step(c, 0.7), "turning in place is not possible: the steering holds");
    }

    @Test
    void aJoystickScalesItsAxesAndBrakesWithButtonZero() {
        type.teleoperations = java.util.List.of(viewer);
        Controller c = type.create(new TeleopConfig("car", 2.7, 8, 0.4, 0.5));
        viewer.joy = new Teleoperation.JoyMessage(new double[] {-0.5, 0.25}, new int[] {0}, 1);
        assertEquals(commands(2, -0.2, 0), step(c, 0));
        viewer.joy = new Teleoperation.JoyMessage(new double[] {0, 1}, new int[] {1}, 2);
        assertEquals(commands(8, 0, 1), step(c, 0.1));
    }

    @Test
    void withoutALiveViewTheCarStandsBraked() {
        Controller c = type.create(TeleopConfig.of("car"));
        assertEquals(commands(0, 0, 1), step(c, 0));
        assertEquals(List.of(), step(c, 5));
    }

    @Test
    void badSettingsAreRefusedNamingTheField() {
        assertEquals("wheelbase must be in [0.05, 100.0], got 0.0", assertThrows(IllegalArgumentException.class,
                () -> type.create(new TeleopConfig("car", 0, 5, 0.5, 0.5))).getMessage());
        assertEquals("maxSpeed must be in [0.0, 200.0], got -1.0", assertThrows(IllegalArgumentException.class,
                () -> type.create(new TeleopConfig("car", 2.7, -1, 0.5, 0.5))).getMessage());
        assertEquals("maxSteer must be in [0.0, 1.4], got 2.0", assertThrows(IllegalArgumentException.class,
                () -> type.create(new TeleopConfig("car", 2.7, 5, 2, 0.5))).getMessage());
        assertEquals("timeout must be in [0.001, 3600.0], got 0.0", assertThrows(IllegalArgumentException.class,
                () -> type.create(new TeleopConfig("car", 2.7, 5, 0.5, 0))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> type.create(type.defaultConfig()), "a vehicle must be named");
        assertEquals("teleop", type.id());
        assertEquals(TeleopConfig.class, type.configType());
        assertEquals(true, type.description().startsWith("teleop: "));
    }
}
