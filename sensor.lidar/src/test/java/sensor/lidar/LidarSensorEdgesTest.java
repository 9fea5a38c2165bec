package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.api.frame.OutputField.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Vec3;
import sensor.api.frame.PointCloud;
import sensor.api.lidar.RayInterval;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.RayPatterns;
import sensor.raytrace.CpuBvhBackend;

/**
 * The lidar sensor at its edges: the per-ray azimuth and elevation fields [O], a scan-rate check that holds for a
 * lidar added to a running simulation, no raytrace backend, a file pattern's scan rate and configuration bounds.
 */
class LidarSensorEdgesTest {
    @Test
    void azimuthAndElevationFieldsOLP_areThoseOfThePatternRay() {
        LidarRig rig = new LidarRig();
        rig.add("ground", new sensor.api.scene.Shape.Sphere(100), sensor.api.geom.Pose.IDENTITY, null);
        double[][] angles = {{0.3, -0.2}, {-2.5, 0.4}, {1.9, 0.0}, {3.0, -1.2}};
        Vec3[] d = new Vec3[angles.length];
        for (int i = 0; i < d.length; i++) {
            double az = angles[i][0], el = angles[i][1];
            d[i] = new Vec3(Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
        }
        var rays = LidarRig.rays(d);
        PointCloud out = rig.run(new LidarConfig().setPattern(RayPatterns.generic(rays, List.of(new RayInterval(0, 4))))
                .setRange(0.1, 200).setFields(List.of(AZIMUTH_F32, ELEVATION_F32, DISTANCE_F32)));
        assertEquals(4, out.count(), "inside a sphere every ray hits");
        for (int i = 0; i < 4; i++) {
            assertEquals(angles[i][0], out.getFloat(i, AZIMUTH_F32, 0), 1e-6, "azimuth of ray " + i);
            assertEquals(angles[i][1], out.getFloat(i, ELEVATION_F32, 0), 1e-6, "elevation of ray " + i);
            assertEquals(100, out.getFloat(i, DISTANCE_F32, 0), 1e-4);
        }
    }

    @Test
    void aLidarAddedToARunningSimulationAtItsScanRateIsAcceptedAndBelowItRefused() {
        LidarRig rig = new LidarRig();
        rig.add("dome", new sensor.api.scene.Shape.Sphere(50), sensor.api.geom.Pose.IDENTITY, null);
        rig.env.advance(1.0);
        LidarConfig c = TestModels.os1_32("512x20");
        rig.env.addSensor(SensorSpec.of("at-rate", "lidar", c, SensorMount.world(sensor.api.geom.Pose.IDENTITY), 20));
        rig.env.advance(0.1);
        assertEquals(2, rig.frames.size(), "two frames at 20 Hz");
        assertEquals(512 * 32, ((PointCloud) rig.frames.get(0).data()).count(), "a frame holds the whole scan");
        rig.env.removeSensor("at-rate");
        rig.env.addSensor(SensorSpec.of("slow", "lidar", c, SensorMount.world(sensor.api.geom.Pose.IDENTITY), 19.9));
        Throwable e = assertThrows(RuntimeException.class, () -> rig.env.advance(0.1));
        while (e.getCause() != null && !(e instanceof IllegalArgumentException)) {
            e = e.getCause();
        }
        assertTrue(e.getMessage().contains("frequency 19.9 Hz is below the scan rate 20 Hz"), e.getMessage());
    }

    /**
     * [L-P] Rays leave from their beam origins: an OS1 (beam origin 15.806 mm from the axis, at the encoder angle) in a
     * 50 m dome measures 50 m less the origin's offset along the beam, and places its points on the dome.
     */
    @Test
    void raysLeaveFromTheirBeamOriginsLP() {
        LidarRig rig = new LidarRig();
        rig.add("dome", new sensor.api.scene.Shape.Sphere(50), sensor.api.geom.Pose.IDENTITY, null);
        PointCloud out = rig.run(TestModels.os1_32("512x10").setFields(List.of(XYZ_VEC3_F32,
                DISTANCE_F32)));
        assertEquals(512 * 32, out.count());
        assertEquals(sensor.api.frame.CloudLayout.OUSTER, out.layout(), "the model's vendor's layout by default");
        for (int i = 0; i < out.count(); i += 97) {
            double x = out.getFloat(i, XYZ_VEC3_F32, 0), y = out.getFloat(i, XYZ_VEC3_F32, 1), z = out.getFloat(i, XYZ_VEC3_F32, 2);
            assertEquals(50, Math.sqrt(x * x + y * y + z * z), 2e-4, "point " + i + " on the dome");
            // the origin lies along the beam's horizontal direction to within the azimuth offset (a few degrees):
            // the range is 50 m less 15.806 mm · cos(offset) · cos(elevation), to first order
            double el = Math.asin(z / 50);
            assertEquals(50 - 0.015806 * Math.cos(el), out.getFloat(i, DISTANCE_F32, 0), 1.5e-4, "range of point " + i);
        }
    }

    /** [O] A ray that returns nothing gives a point marked as a miss where misses are asked for. */
    @Test
    void missesAreEmittedWhenAskedFor() {
        LidarRig rig = new LidarRig();
        rig.wallAtX("wall", 10, null);
        var rays = LidarRig.rays(Vec3.X, new Vec3(-1, 0, 0), new Vec3(1, 0.1, 0));
        LidarConfig c = new LidarConfig().setPattern(RayPatterns.generic(rays, List.of(new RayInterval(0, 3))))
                .setRange(0.1, 200).setFields(List.of(DISTANCE_F32, ENTITY_ID_I32, IS_HIT_I32));
        assertEquals(2, rig.run(c).count(), "without misses: the two rays on the wall");
        rig.env.removeSensor("lidar");
        PointCloud out = rig.run(c.setEmitMisses(true));
        assertEquals(3, out.count());
        int[] hit = {out.getInt(0, IS_HIT_I32), out.getInt(1, IS_HIT_I32), out.getInt(2, IS_HIT_I32)};
        assertArrayEquals(new int[] {1, 0, 1}, hit);
        assertEquals(-1, out.getInt(1, ENTITY_ID_I32));
        assertEquals(0, out.getFloat(1, DISTANCE_F32, 0));
        assertEquals(10, out.getFloat(0, DISTANCE_F32, 0), 1e-5);
    }

    @Test
    void withoutABackendALidarReportsNothingUntilOneComes() {
        LidarRig rig = new LidarRig();
        rig.type.setBackend(null);
        rig.wallAtX("wall", 10, null);
        LidarConfig c = TestModels.os1_32("512x10");
        rig.env.addSensor(SensorSpec.of("lidar", "lidar", c, SensorMount.world(sensor.api.geom.Pose.IDENTITY), 10));
        rig.env.advance(0.2);
        assertEquals(0, rig.frames.size());
        rig.type.setBackend(new CpuBvhBackend());
        rig.env.advance(0.1);
        assertEquals(1, rig.frames.size());
        assertTrue(((PointCloud) rig.frames.get(0).data()).count() > 0);
    }

    @Test
    void aGenericPatternCyclesThroughItsIntervalsWithinItsRays() {
        var rays = LidarRig.rays(Vec3.X, Vec3.Y, Vec3.Z);
        var p = new GenericPattern(rays, List.of(new RayInterval(0, 1), new RayInterval(1, 2)));
        assertEquals(new RayInterval(0, 1), p.interval(0, 0.1));
        assertEquals(new RayInterval(1, 2), p.interval(0.1, 0.2));
        assertEquals(new RayInterval(0, 1), p.interval(0.2, 0.3));
        assertEquals(new RayInterval(0, 3), new GenericPattern(rays, List.of(new RayInterval(0, 3))).interval(0, 1));
        assertEquals(new RayInterval(7, 0), new GenericPattern(rays, List.of(new RayInterval(7, 0))).interval(0, 1),
                "an empty interval fires nothing wherever it starts");
        var e = assertThrows(IllegalArgumentException.class, () -> new GenericPattern(rays, List.of(new RayInterval(3, 1))));
        assertEquals("intervals[0] = " + new RayInterval(3, 1) + " must lie within the 3 rays", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new GenericPattern(rays, List.of(new RayInterval(0, 4))));
        var withNull = new java.util.ArrayList<>(rays);
        withNull.set(1, null);
        e = assertThrows(IllegalArgumentException.class, () -> new GenericPattern(withNull, List.of(new RayInterval(0, 1))));
        assertEquals("rays[1] must not be null", e.getMessage());
    }

    @Test
    void aFilePatternScansAtItsRate() {
        var p = new FilePattern(new double[] {0, 1}, new double[] {0, 0}, new double[] {0, 0.1}, 4, null);
        assertEquals(4, p.scanRate(), 1e-12);
    }

    @Test
    void configurationBoundsAndChaining() {
        var e = assertThrows(IllegalArgumentException.class, () -> new LidarConfig().setRange(5, 5));
        assertEquals("rangeMin must be < rangeMax, got 5.0 >= 5.0", e.getMessage());
        assertEquals(0, new LidarConfig().setRange(0, 1).rangeMin());
        assertEquals(2, new LidarConfig().setEmitMisses(true).setThreads(2).threads());
    }
}
