package sensor.api.geom;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class PoseTest {
    private static void near(Vec3 expected, Vec3 actual) {
        assertEquals(expected.x(), actual.x(), 1e-12, "x");
        assertEquals(expected.y(), actual.y(), 1e-12, "y");
        assertEquals(expected.z(), actual.z(), 1e-12, "z");
    }

    @Test
    void rotationMatchesRodriguesFormula() {
        Vec3 k = new Vec3(1, 2, 3).normalized(), v = new Vec3(-0.5, 0.25, 2);
        double a = 0.7;
        // Rodrigues: v cos a + (k × v) sin a + k (k·v)(1 − cos a)
        Vec3 expected = v.times(Math.cos(a)).plus(k.cross(v).times(Math.sin(a))).plus(k.times(k.dot(v) * (1 - Math.cos(a))));
        near(expected, Quat.axisAngle(k, a).rotate(v));
    }

    @Test
    void composeAndInverseAreConsistent() {
        Pose a = new Pose(new Vec3(1, -2, 3), Quat.rollPitchYaw(0.1, -0.4, 2.0));
        Pose b = new Pose(new Vec3(0.5, 0.5, -1), Quat.axisAngle(Vec3.X, 1.2));
        Vec3 p = new Vec3(3, 4, 5);
        near(a.transformPoint(b.transformPoint(p)), a.compose(b).transformPoint(p));
        near(p, a.inverse().transformPoint(a.transformPoint(p)));
        near(p, a.inverseTransformPoint(a.transformPoint(p)));
    }

    @Test
    void rollPitchYawOfYawQuarterTurnMapsXToY() {
        near(Vec3.Y, Quat.rollPitchYaw(0, 0, Math.PI / 2).rotate(Vec3.X));
    }

    @Test
    void slerpHalfwayIsHalfTheAngle() {
        Quat a = Quat.IDENTITY, b = Quat.axisAngle(Vec3.Z, 1.0);
        Quat mid = Quat.slerp(a, b, 0.5), expected = Quat.axisAngle(Vec3.Z, 0.5);
        assertEquals(expected.w(), mid.w(), 1e-12);
        assertEquals(expected.z(), mid.z(), 1e-12);
    }

    @Test
    void poseRejectsNaNPositionWithParameterName() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Pose(new Vec3(Double.NaN, 0, 0), Quat.IDENTITY));
        assertTrue(e.getMessage().contains("position") && e.getMessage().contains("finite"), e.getMessage());
    }

    @Test
    void poseRejectsNonUnitQuaternionNamingTheTolerance() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Pose(Vec3.ZERO, new Quat(1, 1, 0, 0)));
        assertTrue(e.getMessage().contains("rotation") && e.getMessage().contains("unit quaternion"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Pose(Vec3.ZERO, new Quat(Double.NaN, 0, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> Vec3.ZERO.normalized());
    }
}
