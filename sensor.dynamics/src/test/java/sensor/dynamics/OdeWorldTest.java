package sensor.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.DynamicsModel;
import sensor.api.world.DynamicsModel.Collider;
import sensor.api.world.DynamicsModel.Joint;
import sensor.api.world.DynamicsModel.JointKind;
import sensor.api.world.DynamicsModel.RigidBody;
import sensor.api.world.WorldSource;
import sensor.dynamics.config.OdeConfig;
import sensor.env.Environment;
import sensor.imu.AccelerometerType;

/**
 * The ode4j world against closed forms: free fall, a box at rest on the ground read by an accelerometer, the period
 * and energy of a physical pendulum, a motor-driven slider.
 */
class OdeWorldTest {
    static final double G = 9.81;
    static final Vec3 GRAVITY = new Vec3(0, 0, -G);
    static final Collider GROUND = new Collider(new Shape.Plane(), Pose.IDENTITY);

    static WorldSource world(List<RigidBody> bodies, List<Joint> joints, List<Collider> statics) {
        return new OdeEngine().create(OdeConfig.DEFAULT, new DynamicsModel(0.001, GRAVITY, bodies, joints, statics));
    }

    /** A 0.2 m cube of 1 kg with its bottom 2 m above the ground, at rest. */
    static RigidBody cube() {
        return new RigidBody("box", Pose.translation(0, 0, 2.1), Vec3.ZERO, Vec3.ZERO, 1,
                List.of(new Collider(new Shape.Box(0.1, 0.1, 0.1), Pose.IDENTITY)));
    }

    @Test
    void DYN_freeFallIsZ0MinusHalfGTSquaredToAMillimetreBeforeContact() {
        WorldSource w = world(List.of(cube()), List.of(), List.of(GROUND));
        while (w.time() < 0.6) { // contact at sqrt(2 · 2 / g) = 0.639 s
            w.step();
            double t = w.time();
            assertEquals(2.1 - G * t * t / 2, w.bodyPose("box").position().z(), 1e-3, "z at t = " + t);
            assertEquals(-G * t, w.linearVelocity("box").z(), 1e-3, "vz at t = " + t);
        }
    }

    @Test
    void DYN_aBoxAtRestOnTheGroundReadsGUpAndNoRotation() {
        Environment env = new Environment();
        env.bindSensorType(new AccelerometerType(List.of()));
        env.setWorld(world(List.of(cube()), List.of(), List.of(GROUND)));
        List<SensorFrame> out = new ArrayList<>();
        env.addOutputSink(out::add);
        env.addSensor(new SensorSpec("imu", AccelerometerType.ID, null, SensorMount.on("box", Pose.IDENTITY), 200, 0));
        env.advance(4);
        WorldSource w = env.world();
        assertEquals(0.1, w.bodyPose("box").position().z(), 2e-3, "resting on its face");
        assertEquals(0, w.angularVelocity("box").norm(), 1e-6, "no rotation");
        for (SensorFrame f : out) {
            double[] a = ((Channels) f.data()).values();
            if (f.time() < 0.6) { // falling: free fall reads no specific force
                assertEquals(0, Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]), 1e-6, "falling at " + f.time());
            } else if (f.time() > 3) {
                assertEquals(G, a[2], 0.01 * G, "+g up at rest, t = " + f.time());
                assertEquals(0, Math.hypot(a[0], a[1]), 1e-3);
            }
        }
    }

    @Test
    void DYN_aPendulumSwingsWithThePhysicalPendulumsPeriodAndKeepsItsEnergy() {
        // a 1 kg sphere of radius 0.05 m hanging 1 m below a horizontal world hinge, released at 10° from rest
        double r = 0.05, m = 1, length = 1, theta0 = Math.toRadians(10);
        Vec3 anchor = new Vec3(0, 0, 2);
        Vec3 bob = anchor.plus(new Vec3(length * Math.sin(theta0), 0, -length * Math.cos(theta0)));
        WorldSource w = world(List.of(new RigidBody("bob", Pose.translation(bob.x(), bob.y(), bob.z()), Vec3.ZERO, Vec3.ZERO, m,
                List.of(new Collider(new Shape.Sphere(r), Pose.IDENTITY)))), List.of(new Joint("pivot", JointKind.HINGE,
                "bob", null, anchor, Vec3.Y, 0, 0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY)), List.of());
        double inertia = 0.4 * m * r * r + m * length * length; // about the pivot
        double expected = 2 * Math.PI * Math.sqrt(inertia / (m * G * length))
                * (1 + theta0 * theta0 / 16 + 11 * Math.pow(theta0, 4) / 3072);
        double energy0 = m * G * (bob.z() - (anchor.z() - length));
        List<Double> crossings = new ArrayList<>();
        double x = w.bodyPose("bob").position().x(), maxDrift = 0;
        while (w.time() < 20) {
            w.step();
            double nx = w.bodyPose("bob").position().x();
            if (x > 0 && nx <= 0) { // downward through the vertical, once a period; linear interpolation of the time
                crossings.add(w.time() - w.timeStep() * nx / (nx - x));
            }
            x = nx;
            Vec3 v = w.linearVelocity("bob");
            double e = m * G * (w.bodyPose("bob").position().z() - (anchor.z() - length)) + 0.5 * m * v.dot(v)
                    + 0.5 * 0.4 * m * r * r * w.angularVelocity("bob").dot(w.angularVelocity("bob"));
            maxDrift = Math.max(maxDrift, Math.abs(e - energy0) / energy0);
        }
        double period = (crossings.get(crossings.size() - 1) - crossings.get(0)) / (crossings.size() - 1);
        assertEquals(expected, period, 0.002 * expected, "period over " + (crossings.size() - 1) + " swings");
        assertTrue(maxDrift < 0.005, "energy drift " + maxDrift);
        // a rotation φ about +y turns the bob's angle from the vertical (towards +x) from θ0 to θ0 − φ
        double theta = Math.atan2(w.bodyPose("bob").position().x(), anchor.z() - w.bodyPose("bob").position().z());
        assertEquals(theta0 - theta, w.jointPosition("pivot"), 1e-3, "hinge angle from the release position");
    }

    @Test
    void DYN_aMotorDrivesASliderAtItsVelocity() {
        RigidBody cart = new RigidBody("cart", Pose.translation(0, 0, 1), Vec3.ZERO, Vec3.ZERO, 2,
                List.of(new Collider(new Shape.Box(0.2, 0.1, 0.1), Pose.IDENTITY)));
        WorldSource w = world(List.of(cart), List.of(new Joint("rail", JointKind.SLIDER, "cart", null, Vec3.ZERO, Vec3.X, 0.5,
                1000, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY)), List.of());
        for (int i = 0; i < 2000; i++) {
            w.step();
        }
        assertEquals(0.5, w.jointVelocity("rail"), 1e-6);
        assertEquals(1.0, w.jointPosition("rail"), 1e-3, "0.5 m/s for 2 s");
        assertEquals(1.0, w.bodyPose("cart").position().x(), 1e-3);
        assertEquals(1.0, w.bodyPose("cart").position().z(), 1e-6, "held against gravity by the rail");
        assertEquals(java.util.Set.of("rail"), w.jointIds());
    }

    @Test
    void DYN_badModelsNameWhatIsWrong() {
        var e = assertThrows(IllegalArgumentException.class, () -> world(List.of(new RigidBody("b", Pose.IDENTITY, Vec3.ZERO,
                Vec3.ZERO, 1, List.of(new Collider(new Shape.Plane(), Pose.IDENTITY)))), List.of(), List.of()));
        assertTrue(e.getMessage().contains("boxes, spheres or cylinders"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> world(List.of(cube()), List.of(new Joint("j", JointKind.HINGE,
                "nobody", null, Vec3.ZERO, Vec3.Y, 0, 0, -1, 1)), List.of()));
        assertTrue(e.getMessage().contains("'nobody'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new OdeEngine().create(new OdeConfig(0, "step", 1, 0, 8),
                new DynamicsModel(0.001, GRAVITY, List.of(), List.of(), List.of())));
        assertTrue(e.getMessage().contains("subSteps"), e.getMessage());
    }

    /** A four-wheeled rover on flat ground: chassis 20 kg, wheels of radius 0.2 m on hinges driven at {@code omega}. */
    static WorldSource rover(double omega, double friction) {
        double r = 0.2;
        List<RigidBody> bodies = new ArrayList<>(List.of(new RigidBody("chassis", Pose.translation(0, 0, 0.35), Vec3.ZERO,
                Vec3.ZERO, 20, List.of(new Collider(new Shape.Box(0.5, 0.3, 0.1), Pose.IDENTITY)))));
        List<Joint> joints = new ArrayList<>();
        var axle = new Pose(Vec3.ZERO, sensor.api.geom.Quat.axisAngle(Vec3.X, Math.PI / 2)); // cylinder axis along y
        for (int k = 0; k < 4; k++) {
            double x = k < 2 ? 0.4 : -0.4, y = k % 2 == 0 ? 0.42 : -0.42;
            String id = "wheel" + k;
            bodies.add(new RigidBody(id, Pose.translation(x, y, r), Vec3.ZERO, Vec3.ZERO, 1,
                    List.of(new Collider(new Shape.Cylinder(r, 0.1), axle))));
            joints.add(new Joint("axle" + k, JointKind.HINGE, id, "chassis", new Vec3(x, y, r), Vec3.Y, omega, 50,
                    Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        }
        return new OdeEngine().create(new OdeConfig(10, "step", friction, 0, 8),
                new DynamicsModel(0.001, GRAVITY, bodies, joints, List.of(GROUND)));
    }

    @Test
    void DYN_aWheelRollingWithoutSlipAdvancesItsRadiusTimesItsAngle() {
        WorldSource w = rover(3, Double.POSITIVE_INFINITY);
        for (int i = 0; i < 500; i++) { // settle and get going
            w.step();
        }
        double x0 = w.bodyPose("chassis").position().x(), a0 = w.jointPosition("axle0");
        for (int i = 0; i < 3000; i++) {
            w.step();
        }
        double distance = w.bodyPose("chassis").position().x() - x0, angle = w.jointPosition("axle0") - a0;
        assertEquals(3, w.jointVelocity("axle0"), 1e-3, "the motor's speed");
        assertEquals(0.2 * 3 * 3, distance, 0.02 * 0.2 * 3 * 3, "v = ω R for 3 s");
        assertEquals(0.2 * angle, distance, 0.01 * distance, "distance = R · wheel angle: no slip");
        assertEquals(0, w.bodyPose("chassis").position().y(), 1e-3, "straight ahead");
    }

    @Test
    void DYN_onIceTheWheelsSpin() {
        WorldSource w = rover(3, 0.0);
        for (int i = 0; i < 3500; i++) {
            w.step();
        }
        assertEquals(3, Math.abs(w.jointVelocity("axle0")), 1e-3);
        assertEquals(0, w.bodyPose("chassis").position().x(), 1e-3, "without friction the rover does not move");
    }

    @Test
    void DYN_aSlidingBoxStopsAfterVSquaredOverTwoMuG() {
        // Coulomb friction: deceleration μ g, stopping distance v0² / (2 μ g)
        double mu = 0.5, v0 = 3;
        RigidBody box = new RigidBody("box", Pose.translation(0, 0, 0.1), new Vec3(v0, 0, 0), Vec3.ZERO, 1,
                List.of(new Collider(new Shape.Box(0.1, 0.1, 0.1), Pose.IDENTITY)));
        WorldSource w = new OdeEngine().create(new OdeConfig(10, "step", mu, 0, 8),
                new DynamicsModel(0.001, GRAVITY, List.of(box), List.of(), List.of(GROUND)));
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        assertEquals(v0 - mu * G * 0.3, w.linearVelocity("box").x(), 0.01, "decelerating at μ g");
        for (int i = 0; i < 1000; i++) {
            w.step();
        }
        assertEquals(0, w.linearVelocity("box").x(), 1e-3, "stopped");
        assertEquals(v0 * v0 / (2 * mu * G), w.bodyPose("box").position().x(), 0.01, "stopping distance");
    }
}
