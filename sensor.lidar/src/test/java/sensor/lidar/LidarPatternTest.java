package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.sensor.SensorMount;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.RayPatterns;

class LidarPatternTest {
    private static double elevationDeg(RayPatternGenerator p, int ray) {
        return Math.toDegrees(Math.asin(p.rays().get(ray).transformVector(Vec3.Z).z()));
    }

    /**
     * Beam altitudes against the values Ouster publishes in its metadata files (ouster-sdk 1.0.1 test data):
     * first and last channel of each product.
     */
    @Test
    void sweepIntervalsCoverEveryColumnOnceAndStayInTheArray() {
        var p = (SweepPattern) RayPatterns.horizontalSweep(100, 10, 0.0, 0.1);
        int size = p.rays().size();
        int[] seen = new int[size];
        double dt = 0.001;
        for (int k = 0; k < 100; k++) { // one rotation in 1 ms steps
            RayInterval iv = p.interval(k * dt, (k + 1) * dt).checkWithin(size);
            assertEquals(2, iv.count());
            for (int i = 0; i < iv.count(); i++) {
                seen[iv.rayIndex(i, size)]++;
                double t = p.firingTime(i, iv, k * dt, (k + 1) * dt);
                assertTrue(t > k * dt - 1e-12 && t <= (k + 1) * dt + 1e-12, "firing time " + t + " in its step");
            }
        }
        for (int s : seen) {
            assertEquals(1, s);
        }
        RayInterval full = p.interval(0.1, 0.3); // two rotations in one step: clamp to one
        assertEquals(size, full.count());
        assertEquals(0, p.interval(0.5, 0.5).count());
    }

    @Test
    void badPatternsAndConfigurationsAreRejectedNamingTheParameter() {
        var e = assertThrows(IllegalArgumentException.class, () -> RayPatterns.generic(List.of(), List.of(new RayInterval(0, 0))));
        assertTrue(e.getMessage().startsWith("rays must be a non-empty"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> RayPatterns.generic(List.of(Pose.IDENTITY), List.of(new RayInterval(1, 1))));
        assertTrue(e.getMessage().contains("must lie within the 1 rays"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TestModels.OS1_32.mode("4096x5"));
        assertEquals("mode '4096x5' is unknown for Ouster OS1-32; its modes: [1024x10, 512x10, 512x20, 2048x10]",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RayPatterns.horizontalSweep(100, 0, 0.0));
        assertTrue(e.getMessage().startsWith("rate"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RayPatterns.horizontalSweep(100, 10, Double.NaN));
        assertTrue(e.getMessage().startsWith("altitudes[0]"), e.getMessage());

        LidarConfig c = new LidarConfig();
        e = assertThrows(IllegalArgumentException.class, () -> c.setRange(0, -5));
        assertTrue(e.getMessage().startsWith("rangeMax"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> c.setRange(50, 10));
        assertTrue(e.getMessage().startsWith("rangeMin must be < rangeMax"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> c.setHeapDepth(0));
        assertTrue(e.getMessage().startsWith("heapDepth must be in [1, 8]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> c.setHeapDepth(9));
        assertEquals(0.3, c.rangeMin());
        assertEquals(100, c.rangeMax());
        assertEquals(2, c.heapDepth());

        LidarRig rig = new LidarRig();
        e = assertThrows(IllegalArgumentException.class, () -> rig.env.addSensor(sensor.api.sensor.SensorSpec.of("l", "lidar",
                TestModels.os1_32("512x10")
                        .setNoises(List.of(new sensor.lidar.api.StageSpec("laser-speckle", null))),
                sensor.api.sensor.SensorMount.world(Pose.IDENTITY), 10)));
        assertTrue(e.getMessage().contains("'laser-speckle' is unknown; known: [distance-gaussian, hitpoint-angle-gaussian]"),
                e.getMessage());
        assertTrue(rig.env.sensors().isEmpty());
    }

    @Test
    void aFrequencyBelowTheScanRateIsRejectedInsteadOfDroppingRays() {
        var sweep = Patterns.sweep(64, 20, 0.0);
        LidarRig rig = new LidarRig();
        rig.wallAtX("wall", 5, null);
        RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                () -> rig.run(new LidarConfig().setPattern(sweep), 10, SensorMount.world(Pose.IDENTITY), 0.1));
        assertTrue(e.getMessage().contains("frequency 10 Hz is below the scan rate 20 Hz of its ray pattern"), e.getMessage());

        LidarRig matched = new LidarRig();
        matched.wallAtX("wall", 5, null);
        assertEquals(31, matched.run(new LidarConfig().setPattern(sweep), 20, SensorMount.world(Pose.IDENTITY), 0.05).count(),
                "one scan per frame at the scan rate: of 64 columns 5.625° apart, the 31 with |azimuth| < 90° hit the wall");
        LidarRig faster = new LidarRig();
        faster.wallAtX("wall", 5, null);
        assertTrue(faster.run(new LidarConfig().setPattern(sweep), 40, SensorMount.world(Pose.IDENTITY), 0.05) != null,
                "half scans per frame above the scan rate");
    }

    /**
     * A beam that fires one column period late points where the same beam fired on time points one column later, and
     * its origin turns with the head: same height, same distance from the axis, same angle to the beam's direction.
     */
    @Test
    void aBeamsFiringOffsetAndOriginFollowTheTurningHead() {
        int columns = 36;
        double rate = 10, period = 1 / (columns * rate);
        var late = new sensor.api.lidar.LidarModelType.Beam(0.1, 0.2, 0.03, 0.01, 0.02, period);
        var onTime = new sensor.api.lidar.LidarModelType.Beam(0.1, 0.2, 0.03, 0.01, 0.02, 0);
        SweepPattern a = new SweepPattern(columns, rate, List.of(late)), b = new SweepPattern(columns, rate, List.of(onTime));
        double start = -0.5 * period, end = (columns - 0.5) * period;
        RayInterval all = a.interval(start, end);
        for (int k = 0; k < columns; k++) {
            Pose ra = a.rays().get(k), rb = b.rays().get((k + 1) % columns);
            Vec3 da = ra.transformVector(Vec3.Z), db = rb.transformVector(Vec3.Z);
            assertEquals(0, da.minus(db).norm(), 1e-12, "column " + k);
            assertEquals(0, ra.position().minus(rb.position()).norm(), 1e-12, "column " + k);
            assertEquals(0.02, ra.position().z(), 1e-15);
            assertEquals(Math.hypot(0.03, 0.01), Math.hypot(ra.position().x(), ra.position().y()), 1e-15);
            double between = Math.atan2(da.y(), da.x()) - Math.atan2(ra.position().y(), ra.position().x());
            assertEquals(0.2 - Math.atan2(0.01, 0.03), Math.IEEEremainder(between, 2 * Math.PI), 1e-12, "column " + k);
            assertEquals(Math.sin(0.1), da.z(), 1e-15);
            assertEquals((k + 1) * period, a.firingTime(k, all, start, end), 1e-15, "column " + k);
        }
        for (double t : new double[] {0.051, -0.051}) { // beyond half a rotation at 10 Hz
            var e = assertThrows(IllegalArgumentException.class, () -> new SweepPattern(columns, rate,
                    List.of(new sensor.api.lidar.LidarModelType.Beam(0, 0, 0, 0, 0, t))));
            assertEquals("firingTime[0] must be in [-0.05, 0.05], got " + t, e.getMessage());
        }
        assertEquals(2, new SweepPattern(columns, rate, List.of(new sensor.api.lidar.LidarModelType.Beam(0, 0, 0, 0, 0,
                0.05), new sensor.api.lidar.LidarModelType.Beam(0, 0, 0, 0, 0, -0.05))).beams().length / columns);
    }
}
