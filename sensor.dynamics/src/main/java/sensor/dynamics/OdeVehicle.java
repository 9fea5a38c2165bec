package sensor.dynamics;

import java.util.List;

import org.ode4j.ode.DBody;
import org.ode4j.ode.DHinge2Joint;
import org.ode4j.ode.DWorld;
import org.ode4j.ode.OdeHelper;

import sensor.api.Args;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.world.Command;
import sensor.api.world.DynamicsModel;

/**
 * An Ackermann-steered vehicle on ODE [DYN-V]: the chassis and four wheels, each wheel on a hinge-2 joint (steering axis
 * along the chassis z, spin axis along its y, with a spring-damper suspension along the steering axis; the rear
 * wheels' steering locked). Steering {@code δ} (the bicycle model's angle) turns the front wheels to their Ackermann
 * angles {@code atan(L / (R ∓ T/2))}, {@code R = L / tan δ}, each held by a position servo; driving at {@code v} holds the
 * rear wheels at {@code v (1 ∓ T / 2R) / r} with at most the drive torque (an electronic differential) while the front
 * wheels roll free; a brake of level {@code b} holds every wheel at rest with at most {@code b} times the brake torque.
 */
final class OdeVehicle {
    /** Wheel names in joint and body ids, and their side (+1 left) and axle (true: front). */
    static final List<String> WHEELS = List.of("fl", "fr", "rl", "rr");
    /** The steering servo's gain (1/s) and rate limit (rad/s). */
    private static final double STEER_GAIN = 20, STEER_RATE = 2;
    /** Suspension natural frequency (Hz) and damping ratio per corner. */
    private static final double SUSPENSION_HZ = 2, SUSPENSION_DAMPING = 0.7;

    final DynamicsModel.Vehicle spec;
    final DHinge2Joint[] joints = new DHinge2Joint[4];
    private double steer, speed, brake;

    OdeVehicle(DynamicsModel.Vehicle spec) {
        this.spec = spec;
    }

    /** The wheel body at {@code i} (order of {@link #WHEELS}), placed at its axle. */
    DynamicsModel.RigidBody wheel(int i) {
        return new DynamicsModel.RigidBody(spec.id() + "-wheel-" + WHEELS.get(i), new Pose(anchor(i), spec.pose().rotation()),
                Vec3.ZERO, Vec3.ZERO, spec.wheelMass(),
                List.of(new DynamicsModel.Collider(new sensor.api.scene.Shape.Sphere(spec.wheelRadius()), Pose.IDENTITY)));
    }

    /**
     * The chassis body; without colliders a box from the axles' height up by one wheel radius, spanning the wheelbase and
     * a wheel radius beyond each axle, 0.8 track wide.
     */
    DynamicsModel.RigidBody chassis() {
        List<DynamicsModel.Collider> colliders = spec.colliders();
        if (colliders.isEmpty()) {
            double l = spec.wheelbase() + 2 * spec.wheelRadius(), r = spec.wheelRadius();
            colliders = List.of(new DynamicsModel.Collider(new sensor.api.scene.Shape.Box(l / 2, 0.4 * spec.track(), r / 2),
                    Pose.translation(spec.wheelbase() / 2, 0, r / 2)));
        }
        return new DynamicsModel.RigidBody(spec.id(), spec.pose(), Vec3.ZERO, Vec3.ZERO, spec.mass(), colliders);
    }

    /** The world position of wheel {@code i}'s centre at time 0. */
    private Vec3 anchor(int i) {
        return spec.pose().transformPoint(new Vec3(i < 2 ? spec.wheelbase() : 0, (i % 2 == 0 ? 0.5 : -0.5) * spec.track(), 0));
    }

    /** Joins the wheels to the chassis with hinge-2 joints and sets the suspension for ODE steps of {@code h} s. */
    void join(DWorld world, DBody chassis, DBody[] wheels, double h) {
        Vec3 up = spec.pose().transformVector(Vec3.Z).times(-1), axle = spec.pose().transformVector(Vec3.Y).times(-1);
        double k = spec.mass() / 4 * Math.pow(2 * Math.PI * SUSPENSION_HZ, 2);
        double c = 2 * SUSPENSION_DAMPING * Math.sqrt(k * spec.mass() / 4);
        double innerMax = Math.atan2(spec.wheelbase(), Math.max(1e-6, spec.wheelbase() / Math.tan(Math.max(spec.maxSteer(), 1e-6))
                - spec.track() / 2));
        for (int i = 0; i < 4; i++) {
            DHinge2Joint j = OdeHelper.createHinge2Joint(world);
            j.attach(chassis, wheels[i]);
            Vec3 a = anchor(i);
            j.setAnchor(a.x(), a.y(), a.z());
            j.setAxes(up.x(), up.y(), up.z(), axle.x(), axle.y(), axle.z());
            j.setParamSuspensionERP(h * k / (h * k + c));
            j.setParamSuspensionCFM(1 / (h * k + c));
            double stop = i < 2 ? innerMax + 0.05 : 0;
            j.setParamLoStop(-stop);
            j.setParamHiStop(stop);
            joints[i] = j;
        }
    }

    /** Refuses a command this vehicle cannot take (naming the field and its range); changes nothing. */
    void check(Command c) {
        if (c instanceof Command.Steering s) {
            within("angle", s.angle(), spec.maxSteer(), "rad (the vehicle's maxSteer)");
        } else if (c instanceof Command.Drive d) {
            within("speed", d.speed(), spec.maxSpeed(), "m/s (the vehicle's maxSpeed)");
        } else if (c instanceof Command.Brake b) {
            Args.inRange("level", b.level(), 0, 1);
        } else {
            throw new IllegalArgumentException("vehicle '" + spec.id() + "' takes steering, drive and brake, not "
                    + c.kind());
        }
    }

    private static void within(String name, double value, double limit, String unit) {
        if (!(Math.abs(value) <= limit)) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "%s must be in [%.4g, %.4g] %s, got %s", name,
                    -limit, limit, unit, value));
        }
    }

    void apply(Command c) {
        if (c instanceof Command.Steering s) {
            steer = s.angle();
        } else if (c instanceof Command.Drive d) {
            speed = d.speed();
        } else {
            brake = ((Command.Brake) c).level();
        }
    }

    /** Sets the motors before an ODE step. */
    void actuate() {
        double curvature = Math.tan(steer) / spec.wheelbase(), half = spec.track() / 2;
        for (int i = 0; i < 4; i++) {
            DHinge2Joint j = joints[i];
            double side = i % 2 == 0 ? 1 : -1;
            if (i < 2) {
                double target = Math.atan(spec.wheelbase() * curvature / (1 - side * half * curvature));
                j.setParamVel(Math.max(-STEER_RATE, Math.min(STEER_RATE, STEER_GAIN * (target - j.getAngle1()))));
                j.setParamFMax(50 * spec.mass());
            }
            if (brake > 0) {
                j.setParamVel2(0);
                j.setParamFMax2(brake * spec.brakeTorque());
            } else if (i >= 2) {
                j.setParamVel2(speed * (1 - side * half * curvature) / spec.wheelRadius());
                j.setParamFMax2(spec.driveTorque());
            } else {
                j.setParamFMax2(0);
            }
        }
    }
}
