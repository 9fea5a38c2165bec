package sensor.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.world.Actuated;
import sensor.api.world.Command;
import sensor.api.world.DynamicsModel;
import sensor.api.world.WorldSource;
import sensor.dynamics.config.OdeConfig;

/**
 * The Ackermann vehicle [DYN-V] against the kinematic bicycle model at low speed: turning radius {@code L / tan δ}
 * (from v/ω and, independently, from a circle through three points of its path), yaw rate {@code v tan δ / L}; the
 * drive holds its speed, the brake stops it no sooner than friction allows, bad commands are refused.
 */
class OdeVehicleTest {
    static final double L = 2.7, T = 1.6, R_WHEEL = 0.33;

    static WorldSource car() {
        var spec = new DynamicsModel.Vehicle("car", Pose.translation(0, 0, R_WHEEL), 1500, List.of(), L, T, R_WHEEL, 20,
                Math.toRadians(35), 20, 800, 3000);
        return new OdeEngine().create(new OdeConfig(10, "step", 0.9, 0, 4), new DynamicsModel(0.002, OdeWorldTest.GRAVITY,
                List.of(), List.of(), List.of(OdeWorldTest.GROUND), List.of(spec)));
    }

    static void run(WorldSource w, double until) {
        while (w.time() < until - 1e-9) {
            w.step();
        }
    }

    static double yawRate(WorldSource w) {
        return w.angularVelocity("car").z();
    }

    /** Speed of the chassis origin (the rear axle's centre) in the ground plane. */
    static double speed(WorldSource w) {
        Vec3 v = w.linearVelocity("car");
        return Math.hypot(v.x(), v.y());
    }

    @Test
    void DYN_V_lowSpeedTurningRadiusIsWheelbaseOverTanDeltaWithin2Percent() {
        for (double delta : new double[] {0.1, 0.25, -0.4}) {
            WorldSource w = car();
            Actuated a = (Actuated) w;
            a.apply(new Command.Drive("car", 1.5));
            a.apply(new Command.Steering("car", delta));
            run(w, 8);
            double r = L / Math.tan(delta);
            double v = speed(w), omega = yawRate(w);
            assertEquals(1.5, v, 0.05, "speed at delta " + delta);
            assertEquals(r, v / omega, Math.abs(r) * 0.02, "v/ω at delta " + delta);
            assertEquals(v * Math.tan(delta) / L, omega, Math.abs(omega) * 0.02, "yaw rate at delta " + delta);
            // the path itself: a circle through three points a quarter turn apart
            double quarter = Math.PI / 2 / Math.abs(omega);
            Vec3 p1 = w.bodyPose("car").position();
            run(w, w.time() + quarter);
            Vec3 p2 = w.bodyPose("car").position();
            run(w, w.time() + quarter);
            Vec3 p3 = w.bodyPose("car").position();
            assertEquals(Math.abs(r), circumradius(p1, p2, p3), Math.abs(r) * 0.02, "path radius at delta " + delta);
        }
    }

    /** Radius of the circle through three points of the ground plane. */
    static double circumradius(Vec3 a, Vec3 b, Vec3 c) {
        double ab = Math.hypot(a.x() - b.x(), a.y() - b.y()), bc = Math.hypot(b.x() - c.x(), b.y() - c.y()),
                ca = Math.hypot(c.x() - a.x(), c.y() - a.y());
        double area2 = Math.abs((b.x() - a.x()) * (c.y() - a.y()) - (c.x() - a.x()) * (b.y() - a.y()));
        return ab * bc * ca / (2 * area2);
    }

    @Test
    void DYN_V_straightAheadHoldsSpeedAndHeadingAndTheWheelsRoll() {
        WorldSource w = car();
        ((Actuated) w).apply(new Command.Drive("car", 4));
        run(w, 6);
        assertEquals(4, w.linearVelocity("car").x(), 0.05);
        assertEquals(0, w.bodyPose("car").position().y(), 0.05);
        assertEquals(0, yawRate(w), 1e-3);
        for (String wheel : List.of("fl", "fr", "rl", "rr")) { // rolling, not sliding: ω r = v
            assertEquals(4 / R_WHEEL, w.jointVelocity("car-axle-" + wheel), 0.02 * 4 / R_WHEEL, wheel);
        }
    }

    @Test
    void DYN_V_fullBrakeStopsNoSoonerThanFrictionAllows() {
        WorldSource w = car();
        Actuated a = (Actuated) w;
        a.apply(new Command.Drive("car", 10));
        run(w, 12);
        assertEquals(10, speed(w), 0.1);
        double x0 = w.bodyPose("car").position().x(), v0 = speed(w);
        a.apply(new Command.Brake("car", 1));
        run(w, w.time() + 4);
        assertTrue(speed(w) < 0.02, "stopped: " + speed(w));
        double distance = w.bodyPose("car").position().x() - x0;
        assertTrue(distance >= v0 * v0 / (2 * 0.9 * 9.81) * 0.98, "stopping distance " + distance);
        assertTrue(distance < v0 * v0 / (2 * 0.9 * 9.81) * 1.6, "stopping distance " + distance);
    }

    @Test
    void DYN_V_steeringJointsReportTheAckermannAngles() {
        WorldSource w = car();
        ((Actuated) w).apply(new Command.Steering("car", 0.3));
        ((Actuated) w).apply(new Command.Drive("car", 1));
        run(w, 3);
        double r = L / Math.tan(0.3);
        assertEquals(Math.atan(L / (r - T / 2)), w.jointPosition("car-steer-fl"), 0.01, "inner (left) wheel");
        assertEquals(Math.atan(L / (r + T / 2)), w.jointPosition("car-steer-fr"), 0.01, "outer (right) wheel");
    }

    @Test
    void DYN_V_commandsOutOfRangeOrForAnotherActuatorAreRefusedAndChangeNothing() {
        Actuated a = (Actuated) car();
        var e = assertThrows(IllegalArgumentException.class, () -> a.check(new Command.Steering("car", 0.7)));
        assertEquals("angle must be in [-0.6109, 0.6109] rad (the vehicle's maxSteer), got 0.7", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> a.check(new Command.Drive("car", 25)));
        assertEquals("speed must be in [-20.00, 20.00] m/s (the vehicle's maxSpeed), got 25.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> a.check(new Command.Brake("car", 1.5)));
        assertTrue(e.getMessage().startsWith("level must be in [0.0, 1.0]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> a.check(new Command.Steering("truck", 0.1)));
        assertEquals("target 'truck' is not a vehicle; vehicles: [car]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> a.check(new Command.JointTorque("car-axle-rl", 1)));
        assertEquals("target 'car-axle-rl' is not a hinge or slider of the world; hinges and sliders: []", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> a.check(new Command.Twist("car", Vec3.ZERO, Vec3.ZERO)));
        assertTrue(e.getMessage().contains("takes steering, drive and brake, not twist"), e.getMessage());
    }

    @Test
    void DYN_V_atRestTheSuspensionSagsByGOverOmegaSquared() {
        WorldSource w = car();
        run(w, 4);
        double omega = 2 * Math.PI * 2; // 2 Hz per corner: sag = (m g / 4) / (m / 4 · ω²) = g / ω²
        double sag = R_WHEEL - w.bodyPose("car").position().z();
        assertEquals(9.81 / (omega * omega), sag, 0.005, "sag of the chassis below the wheel centres' start height");
        assertEquals(0, w.linearVelocity("car").norm(), 1e-3, "settled");
    }

    @Test
    void DYN_V_fullLockReachesTheInnerAckermannAngleAndABrakeReleasedLetsTheFrontWheelsRollAgain() {
        WorldSource w = car();
        Actuated a = (Actuated) w;
        double max = Math.toRadians(35);
        a.check(new Command.Steering("car", max)); // the limit itself is allowed
        a.apply(new Command.Steering("car", max));
        a.apply(new Command.Brake("car", 1));
        run(w, 2);
        a.apply(new Command.Brake("car", 0));
        a.apply(new Command.Drive("car", 1));
        run(w, 6);
        double r = L / Math.tan(max);
        assertEquals(Math.atan(L / (r - T / 2)), w.jointPosition("car-steer-fl"), 0.01, "inner wheel at full lock");
        double v = speed(w);
        assertEquals(1, v, 0.05);
        // the front wheels roll free on their own circles: ω = v_wheel / r_wheel, v_wheel = ψ̇ · (distance to the centre)
        double psi = yawRate(w);
        assertEquals(psi * Math.hypot(L, r - T / 2) / R_WHEEL, w.jointVelocity("car-axle-fl"), 0.05 * psi * L / R_WHEEL);
    }

    @Test
    void DYN_V_withoutCollidersTheChassisIsABoxAboveTheAxles() {
        var spec = new DynamicsModel.Vehicle("car", Pose.IDENTITY, 1500, List.of(), L, T, R_WHEEL, 20, 0.6, 20, 800, 3000);
        var c = new OdeVehicle(spec).chassis().colliders().get(0);
        var box = (sensor.api.scene.Shape.Box) c.shape();
        assertEquals(L / 2 + R_WHEEL, box.halfX(), 1e-12, "the wheelbase and a wheel radius beyond each axle");
        assertEquals(0.4 * T, box.halfY(), 1e-12);
        assertEquals(R_WHEEL / 2, box.halfZ(), 1e-12);
        assertEquals(new Vec3(L / 2, 0, R_WHEEL / 2), c.pose().position(), "from the axles' height up");
    }
}
