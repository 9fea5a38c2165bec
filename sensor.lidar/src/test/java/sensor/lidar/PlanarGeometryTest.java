package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.frame.PlanarScan;
import sensor.api.lidar.LidarModelType.Replay;

/** Which patterns are single-plane scans, and the LaserScan geometry of those that are. */
class PlanarGeometryTest {
    /** A 270° scan listed clockwise from +135°, 811 rays at 1/3°, 15 Hz, rays 80 µs apart from the scan's start. */
    static Replay clockwise270() {
        int n = 811;
        double[] az = new double[n], el = new double[n], t = new double[n];
        for (int i = 0; i < n; i++) {
            az[i] = Math.toRadians(135 - i / 3.0);
            t[i] = i * 8e-5;
        }
        return new Replay(az, el, n * 15.0, t, null);
    }

    @Test
    void aClockwiseFileScanIsOnePlaneWithANegativeIncrement() {
        PlanarGeometry g = PlanarGeometry.of(Patterns.replay(clockwise270()));
        assertNotNull(g);
        assertEquals(Math.toRadians(135), g.angleMin(), 1e-12);
        assertEquals(-Math.toRadians(1 / 3.0), g.angleIncrement(), 1e-12);
        assertEquals(811, g.count());
        assertEquals(8e-5, g.timeIncrement(), 1e-12);
        assertEquals(1 / 15.0, g.period(), 1e-12);
        // a frame whose first ray fires in scan 7 carries scan 7, stamped at its first ray
        PlanarScan s = g.at(7 / 15.0 + 0.03, 0.05, 25);
        assertEquals(7 / 15.0, s.stamp(), 1e-12);
        assertEquals(Math.toRadians(135 - 270), s.angleMax(), 1e-9);
        assertEquals(List.of(0.05, 25.0, 1 / 15.0), List.of(s.rangeMin(), s.rangeMax(), s.scanTime()));
    }

    @Test
    void aSpinningSingleBeamIsOnePlaneTurningClockwise() {
        PlanarGeometry g = PlanarGeometry.of(Patterns.sweep(3200, 10, 0.0));
        assertNotNull(g);
        assertEquals(3200, g.count());
        assertEquals(-2 * Math.PI / 3200, g.angleIncrement(), 1e-12);
        assertEquals(0, g.angleMin(), 1e-12);
        assertEquals(1 / 32000.0, g.timeIncrement(), 1e-12);
    }

    @Test
    void layersConesAndUnevenStepsAreNotPlanarScans() {
        assertNull(PlanarGeometry.of(Patterns.sweep(1024, 10, 0.0, Math.toRadians(2))), "two layers");
        assertNull(PlanarGeometry.of(Patterns.sweep(1024, 10, Math.toRadians(-1))), "a cone");
        Replay r = clockwise270();
        r.azimuths()[400] += 1e-5;
        assertNull(PlanarGeometry.of(Patterns.replay(r)), "one uneven step");
        var flat = LidarRig.rays(new sensor.api.geom.Vec3[] {sensor.api.geom.Vec3.X, sensor.api.geom.Vec3.Y});
        assertNull(PlanarGeometry.of(Patterns.generic(flat, List.of(new sensor.api.lidar.RayInterval(0, 2)))),
                "not a repeating scan");
    }

    /** The index of an azimuth in a scan: nearest ray, in either direction, across ±180°, −1 outside. */
    @Test
    void anAzimuthFindsItsNearestRay() {
        PlanarScan cw = new PlanarScan(0, Math.toRadians(135), -Math.toRadians(1 / 3.0), 811, 8e-5, 1 / 15.0, 0.05, 25);
        assertEquals(0, cw.index(Math.toRadians(135.1)));
        assertEquals(405, cw.index(0));
        assertEquals(810, cw.index(Math.toRadians(-135)));
        assertEquals(810, cw.index(Math.toRadians(225)), "the same direction a turn later");
        assertEquals(-1, cw.index(Math.toRadians(180)), "behind: outside the 270° scan");
        assertEquals(-1, cw.index(Math.toRadians(135.2)));
        PlanarScan ccw = new PlanarScan(0, Math.toRadians(-135), Math.toRadians(0.25), 1081, 0, 0.04, 0, 30);
        assertEquals(540, ccw.index(0));
        assertEquals(1080, ccw.index(Math.toRadians(135)));
        assertEquals(-1, ccw.index(Math.toRadians(-136)));
        PlanarScan full = new PlanarScan(0, 0, -2 * Math.PI / 3200, 3200, 0, 0.1, 0, 30);
        assertEquals(1, full.index(-2 * Math.PI / 3200));
        assertEquals(3199, full.index(2 * Math.PI / 3200));
        assertEquals(0, full.index(2 * Math.PI - 1e-6), "just short of a turn is ray 0");
    }

    /** A scan whose first ray fires 1 ms into it is stamped at that ray; a multi-laser layout on it is refused. */
    @Test
    void theStampIsTheFirstRaysAndAVendorLayoutIsRefused() {
        Replay r = clockwise270();
        for (int i = 0; i < r.times().length; i++) {
            r.times()[i] += 1e-3;
        }
        PlanarGeometry g = PlanarGeometry.of(Patterns.replay(r));
        assertEquals(1e-3, g.firstOffset(), 1e-12);
        assertEquals(3 / 15.0 + 1e-3, g.at(3 / 15.0 + 2e-3, 0, 25).stamp(), 1e-12);
        assertEquals(2 / 15.0 + 1e-3, g.at(3 / 15.0 + 5e-4, 0, 25).stamp(), 1e-12, "before scan 3's first ray: scan 2");
        var config = new sensor.lidar.api.LidarConfig().setPattern(Patterns.replay(r));
        assertEquals(g, PlanarGeometry.checked(config));
        config.setCloudLayout(sensor.api.frame.CloudLayout.OUSTER);
        var e = assertThrows(IllegalArgumentException.class, () -> PlanarGeometry.checked(config));
        assertEquals("cloudLayout ouster is a layout of several lasers' rings, but this pattern scans a single plane: use"
                + " cloudLayout generic (its LaserScan goes on /<id>/scan)", e.getMessage());
    }
}
