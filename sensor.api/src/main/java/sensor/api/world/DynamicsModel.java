package sensor.api.world;

import java.util.List;

import sensor.api.Args;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;

/**
 * What a {@link DynamicsEngineType} simulates: rigid bodies with their collision shapes, joints, steered vehicles, and
 * the static shapes of the world (the scene's objects on no body). Poses, anchors and axes are in the world frame at
 * time 0.
 */
public record DynamicsModel(double timeStep, Vec3 gravity, List<RigidBody> bodies, List<Joint> joints,
        List<Collider> statics, List<Vehicle> vehicles) {
    public DynamicsModel {
        Args.inRange("timeStep", timeStep, 1e-6, 1);
        Args.notNull("gravity", gravity);
        bodies = List.copyOf(Args.notNull("bodies", bodies));
        joints = List.copyOf(Args.notNull("joints", joints));
        statics = List.copyOf(Args.notNull("statics", statics));
        vehicles = List.copyOf(Args.notNull("vehicles", vehicles));
    }

    /** A model without vehicles. */
    public DynamicsModel(double timeStep, Vec3 gravity, List<RigidBody> bodies, List<Joint> joints, List<Collider> statics) {
        this(timeStep, gravity, bodies, joints, statics, List.of());
    }

    /**
     * An Ackermann-steered, motor-driven four-wheeled vehicle, built by the engine: a chassis body {@code id} (its
     * frame's origin at the centre of the rear axle at wheel-centre height, x forward, z up; placed at {@code pose};
     * {@code mass} kg over {@code colliders}, given in that frame) on four wheels (spheres of {@code wheelRadius} m and
     * {@code wheelMass} kg) at {@code (0 or wheelbase, ±track/2, 0)}. The engine names the wheel bodies
     * {@code <id>-wheel-fl, -fr, -rl, -rr}, their spin joints {@code <id>-axle-..} (rad, positive rolling forward) and
     * the front wheels' steering joints {@code <id>-steer-fl, -fr} (rad, positive to the left). It takes
     * {@link Command.Steering} up to {@code maxSteer} rad (the bicycle-model angle; each front wheel turns to its own
     * Ackermann angle), {@link Command.Drive} up to {@code maxSpeed} m/s (rear-wheel drive, at most {@code driveTorque}
     * N·m per wheel, each rear wheel at its own speed in a turn) and {@link Command.Brake} (every wheel held with up to
     * {@code level · brakeTorque} N·m).
     */
    public record Vehicle(String id, Pose pose, double mass, List<Collider> colliders, double wheelbase, double track,
            double wheelRadius, double wheelMass, double maxSteer, double maxSpeed, double driveTorque, double brakeTorque) {
        public Vehicle {
            Args.id("vehicle id", id);
            Args.notNull("pose", pose);
            Args.inRange("mass", mass, 1e-3, 1e7);
            colliders = List.copyOf(Args.notNull("colliders", colliders));
            Args.inRange("wheelbase", wheelbase, 0.05, 100);
            Args.inRange("track", track, 0.05, 100);
            Args.inRange("wheelRadius", wheelRadius, 0.01, 10);
            Args.inRange("wheelMass", wheelMass, 1e-4, 1e6);
            Args.inRange("maxSteer", maxSteer, 0, 1.4);
            Args.inRange("maxSpeed", maxSpeed, 0, 200);
            Args.inRange("driveTorque", driveTorque, 0, 1e7);
            Args.inRange("brakeTorque", brakeTorque, 0, 1e7);
        }
    }

    /** A shape placed at {@code pose} (relative to its body, or in the world for a static one). */
    public record Collider(Shape shape, Pose pose) {
        public Collider {
            Args.notNull("shape", shape);
            Args.notNull("pose", pose);
        }
    }

    /**
     * A rigid body: its frame's initial pose and velocities, its mass (kg, spread uniformly over its colliders, which
     * also give its inertia) and colliders (at least one).
     */
    public record RigidBody(String id, Pose pose, Vec3 velocity, Vec3 angularVelocity, double mass,
            List<Collider> colliders) {
        public RigidBody {
            Args.id("body id", id);
            Args.notNull("pose", pose);
            Args.notNull("velocity", velocity);
            Args.notNull("angularVelocity", angularVelocity);
            Args.inRange("mass", mass, 1e-9, 1e12);
            colliders = List.copyOf(Args.notNull("colliders", colliders));
            if (colliders.isEmpty()) {
                throw new IllegalArgumentException("body " + id + " needs at least one collision shape (an object on it)");
            }
        }
    }

    /** Joint kinds. */
    public enum JointKind {
        /** One rotation about {@code axis} through {@code anchor}; position = angle (rad, unwrapped). */
        HINGE,
        /** One translation along {@code axis}; position = displacement (m). */
        SLIDER,
        /** Free rotation about {@code anchor}. */
        BALL,
        /** No relative motion. */
        FIXED
    }

    /**
     * A joint between {@code body1} and {@code body2} ({@code null}: the world). A hinge's position is the rotation of
     * {@code body1} relative to {@code body2} about {@code axis} (right-handed), a slider's its displacement along it,
     * both 0 at time 0; so a wheel listed first on an axle along +y rolls forward (+x) at a positive speed. A motor drives a hinge or slider towards
     * {@code motorVelocity} (rad/s or m/s) with at most {@code motorMaxForce} (N·m or N; 0: no motor); {@code lower} and
     * {@code upper} limit its position (infinite: free).
     */
    public record Joint(String id, JointKind kind, String body1, String body2, Vec3 anchor, Vec3 axis,
            double motorVelocity, double motorMaxForce, double lower, double upper) {
        public Joint {
            Args.id("joint id", id);
            Args.notNull("kind", kind);
            Args.id("body1", body1);
            Args.notNull("anchor", anchor);
            Args.notNull("axis", axis);
            if ((kind == JointKind.HINGE || kind == JointKind.SLIDER) && !(axis.norm() > 0)) {
                throw new IllegalArgumentException("axis of joint " + id + " must be a non-zero vector");
            }
            Args.finite("motorVelocity", motorVelocity);
            Args.inRange("motorMaxForce", motorMaxForce, 0, 1e12);
            if (!(lower <= upper)) {
                throw new IllegalArgumentException("limits of joint " + id + " must have lower <= upper, got [" + lower
                        + ", " + upper + "]");
            }
        }
    }
}
