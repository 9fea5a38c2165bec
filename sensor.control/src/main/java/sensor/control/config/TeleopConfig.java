package sensor.control.config;

/**
 * The {@code teleop} controller: drives {@code vehicle} (an Ackermann vehicle of wheelbase {@code wheelbase} m) from a
 * live viewer's messages. A twist on {@code <simulation>/cmd_vel} sets the speed to its {@code linear.x} and the
 * steering angle to {@code atan(wheelbase · angular.z / linear.x)}, so the vehicle's yaw rate is {@code angular.z};
 * a joystick on {@code <simulation>/joy} sets the speed to axis 1 times {@code maxSpeed}, the steering to axis 0
 * times {@code maxSteer} and brakes fully while button 0 is pressed. Speeds are limited to {@code maxSpeed} (m/s) and
 * angles to {@code maxSteer} (rad). When no new message arrives for {@code timeout} s of simulated time, the vehicle
 * stops (speed 0, full brake) until one does. Defaults: wheelbase 2.7 m, 5 m/s, 0.5 rad, 0.5 s.
 */
public record TeleopConfig(String vehicle, double wheelbase, double maxSpeed, double maxSteer, double timeout) {
    /** The defaults for {@code vehicle}. */
    public static TeleopConfig of(String vehicle) {
        return new TeleopConfig(vehicle, 2.7, 5, 0.5, 0.5);
    }
}
