package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Vec3;
import sensor.api.lidar.RayPatternGenerator;
import sensor.testkit.RayPatternConformance;

/** Unit test of the pattern: the test kit's conformance checks, plus the fan's geometry and timing by hand. */
class FanPatternTest extends RayPatternConformance {
    @Override
    protected RayPatternGenerator pattern() {
        return new FanPatternType().create(new FanPatternType.Config(3, 20, 10));
    }

    @Test
    void beamsSpanTheFieldOfViewAlongX() {
        var rays = pattern().rays();
        double e = Math.toRadians(10);
        assertVec(new Vec3(Math.cos(e), 0, -Math.sin(e)), rays.get(0).rotation().rotate(new Vec3(0, 0, 1)));
        assertVec(new Vec3(1, 0, 0), rays.get(1).rotation().rotate(new Vec3(0, 0, 1)));
        assertVec(new Vec3(Math.cos(e), 0, Math.sin(e)), rays.get(2).rotation().rotate(new Vec3(0, 0, 1)));
    }

    @Test
    void firesTheWholeFanTenTimesASecond() {
        RayPatternGenerator p = pattern();
        int fired = 0;
        for (int k = 0; k < 1000; k++) {
            fired += p.interval(k * 0.001, (k + 1) * 0.001).count();
        }
        assertEquals(10 * 3, fired);
    }

    private static void assertVec(Vec3 expected, Vec3 actual) {
        assertEquals(expected.x(), actual.x(), 1e-12);
        assertEquals(expected.y(), actual.y(), 1e-12);
        assertEquals(expected.z(), actual.z(), 1e-12);
    }
}
