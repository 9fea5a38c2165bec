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
import sensor.lidar.api.OusterModel;
import sensor.lidar.api.OusterModel.Mode;
import sensor.lidar.api.OusterModel.Product;
import sensor.lidar.api.OusterModel.Spacing;
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
    void ousterAltitudesMatchThePublishedMetadata() {
        Object[][] cases = {
            {Product.OS1, 128, Spacing.UNIFORM, 20.95, -21.82},
            {Product.OS1, 64, Spacing.UNIFORM, 16.729, -16.679},
            {Product.OS1, 32, Spacing.UNIFORM, 20.5477, -21.4764},
            {Product.OS1, 64, Spacing.ABOVE_HORIZON, 21.05, -0.17},
            {Product.OS1, 64, Spacing.BELOW_HORIZON, 0.17, -21.05},
            {Product.OS0, 128, Spacing.UNIFORM, 44.3, -46.16},
            {Product.OS0, 32, Spacing.UNIFORM, 43.88, -45.4},
            {Product.OS2, 128, Spacing.UNIFORM, 10.76, -11.09},
            {Product.OS2, 32, Spacing.UNIFORM, 10.87, -10.48},
        };
        for (Object[] c : cases) {
            int ch = (int) c[1];
            var p = RayPatterns.ouster(new OusterModel((Product) c[0], ch, (Spacing) c[2], Mode.M1024x10));
            assertEquals(1024 * ch, p.rays().size());
            assertEquals((double) c[3], elevationDeg(p, 0), 1e-9, c[0] + "-" + ch + " top");
            assertEquals((double) c[4], elevationDeg(p, ch - 1), 1e-9, c[0] + "-" + ch + " bottom");
        }
    }

    @Test
    void derivedSixtyFourBeamModelsTakeEverySecondBeam() {
        var p128 = RayPatterns.ouster(new OusterModel(Product.OS0, 128, Spacing.UNIFORM, Mode.M512x10));
        var p64 = RayPatterns.ouster(new OusterModel(Product.OS0, 64, Spacing.UNIFORM, Mode.M512x10));
        for (int c = 0; c < 64; c++) {
            assertEquals(elevationDeg(p128, 2 * c), elevationDeg(p64, c), 1e-12);
        }
    }

    /** Ouster's XYZ formula (user guide v1.14 §8.2) for a beam: origin n(cos θe, sin θe, 0), azimuth θe − θa. */
    @Test
    void ousterRaysFollowTheManufacturersXyzFormula() {
        var p = RayPatterns.ouster(new OusterModel(Product.OS1, 128, Spacing.UNIFORM, Mode.M2048x10));
        int column = 300, channel = 5;
        Pose ray = p.rays().get(column * 128 + channel);
        double encoder = 2 * Math.PI * (1 - column / 2048.0), n = 0.015806;
        assertEquals(n * Math.cos(encoder), ray.position().x(), 1e-12);
        assertEquals(n * Math.sin(encoder), ray.position().y(), 1e-12);
        assertEquals(0, ray.position().z(), 0);
        Vec3 d = ray.transformVector(Vec3.Z);
        double phi = Math.toRadians(elevationDeg(p, channel));
        // the beam's azimuth offset is constant over columns: column 300 is column 0 turned by −300/2048 turns
        Vec3 d0 = p.rays().get(channel).transformVector(Vec3.Z);
        double expectedAz = Math.atan2(d0.y(), d0.x()) - 2 * Math.PI * column / 2048.0;
        assertEquals(Math.cos(expectedAz) * Math.cos(phi), d.x(), 1e-12);
        assertEquals(Math.sin(expectedAz) * Math.cos(phi), d.y(), 1e-12);
    }

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
        e = assertThrows(IllegalArgumentException.class, () -> new OusterModel(Product.OS2, 64, Spacing.ABOVE_HORIZON, Mode.M512x10));
        assertTrue(e.getMessage().contains("valid models: [OS0-32, OS0-64, OS0-128, OS1-32"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> OusterModel.parse("OS1-16", "1024x10"));
        assertTrue(e.getMessage().contains("valid models"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Mode.parse("4096x5"));
        assertTrue(e.getMessage().contains("512x10, 512x20, 1024x10, 1024x20, 2048x10"), e.getMessage());
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
                new LidarConfig().setModel(new OusterModel(Product.OS1, 32, Spacing.UNIFORM, Mode.M512x10))
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
}
