package sensor.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;

/**
 * Conformance of a ray-pattern generator: rays are finite with unit directions, every step's interval lies
 * within the pattern and its firing times within the step, and two generators made alike give the same
 * intervals and times (determinism). Extend it and give a factory (plain JUnit, no framework).
 */
public abstract class RayPatternConformance {
    /** A new generator, configured as a user would; called more than once. */
    protected abstract RayPatternGenerator pattern();

    /** Sensor steps per second the checks use (default 100 Hz), for {@link #steps()} steps from t = 0. */
    protected double stepRate() {
        return 100;
    }

    /** Number of steps checked (default 300). */
    protected int steps() {
        return 300;
    }

    @Test
    public void raysAreFiniteWithUnitDirections() {
        List<Pose> rays = pattern().rays();
        assertFalse(rays.isEmpty(), "the pattern has no rays");
        for (int i = 0; i < rays.size(); i++) {
            Pose p = rays.get(i);
            Vec3 d = p.rotation().rotate(new Vec3(0, 0, 1));
            assertTrue(Double.isFinite(p.position().x()) && Double.isFinite(p.position().y()) && Double.isFinite(p.position().z()),
                    "ray " + i + " origin " + p.position());
            assertEquals(1, Math.sqrt(d.x() * d.x() + d.y() * d.y() + d.z() * d.z()), 1e-9, "ray " + i + " direction length");
        }
    }

    @Test
    public void intervalsLieWithinThePatternAndTimesWithinTheStep() {
        RayPatternGenerator g = pattern();
        int size = g.rays().size();
        double dt = 1 / stepRate();
        for (int k = 0; k < steps(); k++) {
            double start = k * dt, end = (k + 1) * dt;
            RayInterval iv = g.interval(start, end);
            iv.checkWithin(size);
            for (int i = 0; i < iv.count(); i++) {
                double t = g.firingTime(i, iv, start, end);
                assertTrue(t >= start - 1e-9 && t <= end + 1e-9, "step " + k + " [" + start + ", " + end + "]: ray " + i
                        + " fires at " + t);
            }
        }
    }

    @Test
    public void isDeterministic() {
        RayPatternGenerator a = pattern(), b = pattern();
        assertEquals(a.rays(), b.rays());
        double dt = 1 / stepRate();
        for (int k = 0; k < steps(); k++) {
            RayInterval ia = a.interval(k * dt, (k + 1) * dt), ib = b.interval(k * dt, (k + 1) * dt);
            assertEquals(ia, ib, "step " + k);
            for (int i = 0; i < ia.count(); i += Math.max(1, ia.count() / 16)) {
                assertEquals(a.firingTime(i, ia, k * dt, (k + 1) * dt), b.firingTime(i, ib, k * dt, (k + 1) * dt));
            }
        }
    }
}
