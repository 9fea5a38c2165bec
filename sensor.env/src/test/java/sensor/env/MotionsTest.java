package sensor.env;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.world.KinematicWorld.*;

class MotionsTest {
    /** Angular velocity from two orientations a small dt apart: 2 (q(t+dt) q(t)*) / dt, vector part. */
    private static Vec3 numericOmega(Quat a, Quat b, double dt) {
        Quat d = b.times(a.conjugate());
        if (d.w() < 0) {
            d = new Quat(-d.w(), -d.x(), -d.y(), -d.z());
        }
        return new Vec3(d.x(), d.y(), d.z()).times(2 / dt);
    }

    @Test
    void constantAngularVelocityStatesAreExactDerivatives() {
        var m = new ConstantAngularVelocity(new Pose(new Vec3(1, 2, 3), Quat.rollPitchYaw(0.3, 0.2, 0.1)),
                new Vec3(0.5, -1, 0.2), new Vec3(0.4, -0.3, 2.0));
        double t = 1.7, h = 1e-6;
        BodyState s0 = Motions.at(m, t - h), s1 = Motions.at(m, t + h), s = Motions.at(m, t);
        Vec3 v = s1.pose().position().minus(s0.pose().position()).times(1 / (2 * h));
        assertEquals(s.linearVelocity().x(), v.x(), 1e-6);
        assertEquals(s.linearVelocity().y(), v.y(), 1e-6);
        Vec3 w = numericOmega(s0.pose().rotation(), s1.pose().rotation(), 2 * h);
        assertEquals(s.angularVelocity().x(), w.x(), 1e-5);
        assertEquals(s.angularVelocity().y(), w.y(), 1e-5);
        assertEquals(s.angularVelocity().z(), w.z(), 1e-5);
    }

    @Test
    void waypointsMoveAtPiecewiseConstantVelocityAndFaceTheirHeading() {
        var m = new Waypoints(List.of(0.0, 2.0, 3.0), List.of(Vec3.ZERO, new Vec3(4, 0, 0), new Vec3(4, 3, 0)),
                Waypoints.Interpolation.LINEAR);
        assertEquals(new Vec3(2, 0, 0), Motions.at(m, 1).linearVelocity());
        assertEquals(2.0, Motions.at(m, 1).pose().position().x(), 1e-12);
        assertEquals(new Vec3(0, 3, 0), Motions.at(m, 2.5).linearVelocity());
        assertEquals(1.5, Motions.at(m, 2.5).pose().position().y(), 1e-12);
        Vec3 heading = Motions.at(m, 2.5).pose().transformVector(Vec3.X);
        assertEquals(1, heading.y(), 1e-12);
        assertEquals(Vec3.ZERO, Motions.at(m, 5).linearVelocity());
        assertEquals(new Vec3(0, 3, 0), Motions.at(m, 2.0).linearVelocity(), "at a waypoint, the outgoing segment's");
        assertEquals(Vec3.ZERO, Motions.at(m, 3.0).linearVelocity(), "at rest from the last time on");
        assertEquals(Vec3.ZERO, Motions.at(m, -1).pose().position(), "at rest at the first point before the first time");
        assertEquals(new Vec3(4, 3, 0), Motions.at(m, 3.0).pose().position());
        var e = assertThrows(IllegalArgumentException.class,
                () -> new Waypoints(List.of(0.0, 0.0), List.of(Vec3.ZERO, Vec3.X)));
        assertTrue(e.getMessage().contains("strictly increasing"), e.getMessage());
    }

    @Test
    void aSplineThroughThreePointsIsTheNaturalCubicInClosedForm() {
        // y through (0, 0), (1, 1), (2, 0) at t = 0, 1, 2, natural ends: y = 1.5 t − 0.5 t³ on [0, 1], mirrored after;
        // x straight at 1 m/s
        var m = new Waypoints(List.of(0.0, 1.0, 2.0), List.of(Vec3.ZERO, new Vec3(1, 1, 0), new Vec3(2, 0, 0)));
        for (double t = 0; t <= 2; t += 0.125) {
            double u = t <= 1 ? t : 2 - t, sign = t <= 1 ? 1 : -1;
            BodyState s = Motions.at(m, t);
            assertEquals(t, s.pose().position().x(), 1e-12, "x at " + t);
            assertEquals(1.5 * u - 0.5 * u * u * u, s.pose().position().y(), 1e-12, "y at " + t);
            assertEquals(1, s.linearVelocity().x(), 1e-12);
            assertEquals(sign * (1.5 - 1.5 * u * u), s.linearVelocity().y(), 1e-12, "vy at " + t);
            // facing the direction of travel, turning at the yaw rate d/dt atan2(vy, vx) = (vx ay − vy ax) / |v|²
            double vy = sign * (1.5 - 1.5 * u * u), ay = -3 * u;
            assertEquals(Math.atan2(vy, 1), yawOf(s.pose().rotation()), 1e-12, "yaw at " + t);
            assertEquals(ay / (1 + vy * vy), s.angularVelocity().z(), 1e-12, "yaw rate at " + t);
        }
        assertEquals(Vec3.ZERO, Motions.at(m, 3).linearVelocity(), "at rest after the last point");
        assertEquals(2, Motions.at(m, 3).pose().position().x(), 1e-12);
    }

    private static double yawOf(Quat q) {
        Vec3 x = q.rotate(Vec3.X);
        return Math.atan2(x.y(), x.x());
    }

    @Test
    void aSplinePathIsContinuousInAccelerationAndItsStatesAreExactDerivatives() {
        // a square with 90° corners, unevenly timed: the spline's acceleration is continuous at every waypoint
        var m = new Waypoints(List.of(0.0, 2.0, 3.5, 6.0, 7.0), List.of(new Vec3(-20, -20, 0), new Vec3(20, -20, 1),
                new Vec3(20, 20, 0), new Vec3(-20, 20, 2), new Vec3(-20, -20, 0)));
        double h = 1e-4;
        for (double knot : new double[] {2.0, 3.5, 6.0}) {
            Vec3 left = accel(m, knot - 4 * h, h), right = accel(m, knot + 4 * h, h);
            assertEquals(0, left.minus(right).norm(), 0.05, "acceleration continuous at t = " + knot);
        }
        for (double t = 0.05; t < 7; t += 0.37) { // velocity and yaw rate against central differences
            BodyState s = Motions.at(m, t);
            Vec3 v = Motions.at(m, t + h).pose().position().minus(Motions.at(m, t - h).pose().position()).times(1 / (2 * h));
            assertEquals(0, v.minus(s.linearVelocity()).norm(), 1e-6, "velocity at " + t);
            Vec3 w = numericOmega(Motions.at(m, t - h).pose().rotation(), Motions.at(m, t + h).pose().rotation(), 2 * h);
            assertEquals(0, w.minus(s.angularVelocity()).norm(), 1e-5, "angular velocity at " + t);
        }
        assertEquals(new Vec3(20, 20, 0), Motions.at(m, 3.5).pose().position(), "through the waypoint");
        for (double knot : new double[] {2.0, 3.5, 6.0}) { // the spline's moments make the velocity continuous too
            Vec3 before = Motions.at(m, knot - 1e-9).linearVelocity(), after = Motions.at(m, knot + 1e-9).linearVelocity();
            assertEquals(0, before.minus(after).norm(), 1e-6, "velocity continuous at t = " + knot);
        }
    }

    private static Vec3 accel(Waypoints m, double t, double h) {
        return Motions.at(m, t + h).pose().position().minus(Motions.at(m, t).pose().position().times(2)).plus(Motions.at(m, t - h).pose().position())
                .times(1 / (h * h));
    }

    @Test
    void aSplineThroughTwoPointsIsTheStraightLine() {
        var m = new Waypoints(List.of(0.0, 12.0), List.of(new Vec3(-45, -5, 0), new Vec3(63, -5, 0)));
        for (double t = 0; t <= 12; t += 1.5) {
            assertEquals(-45 + 9 * t, Motions.at(m, t).pose().position().x(), 1e-12);
            assertEquals(new Vec3(9, 0, 0), Motions.at(m, t).linearVelocity());
            assertEquals(Vec3.ZERO, Motions.at(m, t).angularVelocity());
        }
    }

    @Test
    void jointScriptsAndSimpleMotionsAreTheirClosedForms() {
        var rate = JointScript.constantRate(0.5, 2);
        assertEquals(0.5 + 2 * 1.25, rate.position(1.25), 1e-12);
        assertEquals(2, rate.velocity(7), 0);
        var sine = JointScript.sine(0.3, 2); // 0.3 sin(4π t)
        assertEquals(0.3 * Math.sin(4 * Math.PI * 0.1), sine.position(0.1), 1e-12);
        assertEquals(0.3 * 4 * Math.PI * Math.cos(4 * Math.PI * 0.1), sine.velocity(0.1), 1e-12);
        Pose p = new Pose(new Vec3(1, 2, 3), Quat.rollPitchYaw(0.1, 0.2, 0.3));
        assertEquals(p, Motions.at(new Fixed(p), 9).pose());
        BodyState s = Motions.at(new ConstantVelocity(p, new Vec3(1, -1, 0.5)), 2);
        assertEquals(new Vec3(3, 0, 4), s.pose().position());
        assertEquals(p.rotation(), s.pose().rotation());
        assertEquals(new Vec3(1, -1, 0.5), s.linearVelocity());
    }
}
