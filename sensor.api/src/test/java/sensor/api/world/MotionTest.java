package sensor.api.world;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.world.KinematicWorld.*;

class MotionTest {
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
        BodyState s0 = m.at(t - h), s1 = m.at(t + h), s = m.at(t);
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
        var m = new Waypoints(List.of(0.0, 2.0, 3.0), List.of(Vec3.ZERO, new Vec3(4, 0, 0), new Vec3(4, 3, 0)));
        assertEquals(new Vec3(2, 0, 0), m.at(1).linearVelocity());
        assertEquals(2.0, m.at(1).pose().position().x(), 1e-12);
        assertEquals(new Vec3(0, 3, 0), m.at(2.5).linearVelocity());
        assertEquals(1.5, m.at(2.5).pose().position().y(), 1e-12);
        Vec3 heading = m.at(2.5).pose().transformVector(Vec3.X);
        assertEquals(1, heading.y(), 1e-12);
        assertEquals(Vec3.ZERO, m.at(5).linearVelocity());
        var e = assertThrows(IllegalArgumentException.class,
                () -> new Waypoints(List.of(0.0, 0.0), List.of(Vec3.ZERO, Vec3.X)));
        assertTrue(e.getMessage().contains("strictly increasing"), e.getMessage());
    }
}
