package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;

/** The pattern read from a file ([L-P] step 1): directions, firing order and times against hand-computed values. */
class FilePatternTest {
    @TempDir
    Path dir;

    private RayPatternGenerator pattern(String csv, double rate) throws Exception {
        Path f = dir.resolve("p.csv");
        Files.writeString(f, csv);
        return new PatternTypes.FromFile().create(new PatternTypes.FromFile.Config(f, rate));
    }

    @Test
    @DisplayName("[L-P] file pattern: rays sorted by firing offset, directions from azimuth and elevation")
    void LP_directionsAndOrder() throws Exception {
        RayPatternGenerator p = pattern("azimuth,elevation,time\n90,0,0.05\n# comment\n0,0,0\n0,90,0.025\n180,-45,0.075\n", 10);
        assertEquals(4, p.rays().size());
        Vec3 z = new Vec3(0, 0, 1);
        assertVec(new Vec3(1, 0, 0), p.rays().get(0).rotation().rotate(z));
        assertVec(new Vec3(0, 0, 1), p.rays().get(1).rotation().rotate(z));
        assertVec(new Vec3(0, 1, 0), p.rays().get(2).rotation().rotate(z));
        double h = Math.sqrt(0.5);
        assertVec(new Vec3(-h, 0, -h), p.rays().get(3).rotation().rotate(z));
    }

    @Test
    @DisplayName("[L-P] file pattern: each step fires the rays whose times fall in it, across scans")
    void LP_intervalsAndFiringTimes() throws Exception {
        RayPatternGenerator p = pattern("0,0,0\n0,0,0.025\n0,0,0.05\n0,0,0.075\n", 10);
        // (0, 0.05]: rays at 0.025 and 0.05
        RayInterval i = p.interval(0, 0.05);
        assertEquals(new RayInterval(1, 2), i);
        assertEquals(0.025, p.firingTime(0, i, 0, 0.05), 1e-12);
        assertEquals(0.05, p.firingTime(1, i, 0, 0.05), 1e-12);
        // (0.05, 0.125]: 0.075, then scan 1 at 0.1 and 0.125 (wrapping past the end)
        i = p.interval(0.05, 0.125);
        assertEquals(new RayInterval(3, 3), i);
        assertEquals(0.075, p.firingTime(0, i, 0.05, 0.125), 1e-12);
        assertEquals(0.1, p.firingTime(1, i, 0.05, 0.125), 1e-12);
        assertEquals(0.125, p.firingTime(2, i, 0.05, 0.125), 1e-12);
        assertEquals(1, i.rayIndex(2, 4));
        // a step longer than a scan fires each ray once
        assertEquals(4, p.interval(1.0, 3.0).count());
    }

    @Test
    @DisplayName("[L-P] file pattern: an oblique ray points along (cos az cos el, sin az cos el, sin el)")
    void LP_obliqueDirection() throws Exception {
        Vec3 d = pattern("30,20,0\n", 10).rays().get(0).rotation().rotate(new Vec3(0, 0, 1));
        double az = Math.toRadians(30), el = Math.toRadians(20);
        assertVec(new Vec3(Math.cos(az) * Math.cos(el), Math.sin(az) * Math.cos(el), Math.sin(el)), d);
    }

    @Test
    @DisplayName("[L-P] file pattern: rays sharing a firing offset fire in the same step")
    void LP_raysWithTheSameOffsetFireTogether() throws Exception {
        RayPatternGenerator p = pattern("0,0,0.01\n10,0,0.01\n20,0,0.01\n30,0,0.05\n", 10);
        assertEquals(new RayInterval(0, 3), p.interval(0.005, 0.01));
        assertEquals(new RayInterval(3, 0), p.interval(0.01, 0.02));
        assertEquals(new RayInterval(3, 1), p.interval(0.02, 0.05));
    }

    @Test
    void limitsAreInclusiveExceptTheScanPeriod() throws Exception {
        assertEquals(4, pattern("360,90,0\n-360,-90,0\n0,0,0.0999\n0,0,0\n", 10).rays().size());
        var e = assertThrows(IllegalArgumentException.class, () -> pattern("360.5,0,0\n", 10));
        assertTrue(e.getMessage().contains("line 1: azimuth must be in [-360, 360] degrees, got 360.5"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("-360.5,0,0\n", 10));
        assertTrue(e.getMessage().contains("azimuth must be in [-360, 360]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("0,-90.5,0\n", 10));
        assertTrue(e.getMessage().contains("elevation must be in [-90, 90]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("0,0,0.1\n", 10));
        assertTrue(e.getMessage().contains("time offset must be in [0, 1/rate) = [0, 0.1) s, got 0.1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("0,0,-0.001\n", 10));
        assertTrue(e.getMessage().contains("time offset must be in [0, 1/rate)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("# header comment\n0,0,0\n\n0,0\n", 10));
        assertTrue(e.getMessage().contains("p.csv line 4: expected 3 values"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("0,0,0\n0,x,0\n", 10));
        assertTrue(e.getMessage().contains("p.csv line 2: 'x' is not a number"), e.getMessage());
    }

    @Test
    @DisplayName("[L-P] sweep type: elevations in degrees, first column along +x")
    void LP_sweepTypeTakesDegrees() {
        var p = new PatternTypes.Sweep().create(new PatternTypes.Sweep.Config(4, 10, java.util.List.of(0.0, 90.0)));
        assertEquals(8, p.rays().size());
        assertVec(new Vec3(1, 0, 0), p.rays().get(0).rotation().rotate(new Vec3(0, 0, 1)));
        assertVec(new Vec3(0, 0, 1), p.rays().get(1).rotation().rotate(new Vec3(0, 0, 1)));
        assertEquals(4 * 2 * 10, count(p, 1.0), "every ray once per rotation at 10 Hz");
    }

    private static int count(RayPatternGenerator p, double seconds) {
        int n = 0;
        for (int k = 0; k < (int) Math.round(seconds * 1000); k++) {
            n += p.interval(k * 0.001, (k + 1) * 0.001).count();
        }
        return n;
    }

    @Test
    void badLinesNameLineAndRange() {
        var e = assertThrows(IllegalArgumentException.class, () -> pattern("0,0,0\n0,100,0.01\n", 10));
        assertTrue(e.getMessage().contains("p.csv line 2: elevation must be in [-90, 90] degrees, got 100.0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("0,0,0.2\n", 10));
        assertTrue(e.getMessage().contains("line 1: time offset must be in [0, 1/rate)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("0,zero,0\n", 10));
        assertTrue(e.getMessage().contains("'zero' is not a number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> pattern("# nothing\n", 10));
        assertTrue(e.getMessage().contains("holds no rays"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PatternTypes.FromFile().readConfig(Map.of("file", "x.csv",
                "speed", 1), null));
        assertTrue(e.getMessage().contains("unknown field 'speed'"), e.getMessage());
    }

    private static void assertVec(Vec3 expected, Vec3 actual) {
        assertEquals(expected.x(), actual.x(), 1e-12);
        assertEquals(expected.y(), actual.y(), 1e-12);
        assertEquals(expected.z(), actual.z(), 1e-12);
    }

    @Test
    @DisplayName("[L-P] file pattern: a ray's beam (ring) is the rank of its elevation, 0 the lowest; a sweep's is its channel")
    void LP_ringsFromElevations() throws Exception {
        // elevations 10°, −5°, 10°, 0°, −5° (in firing order): rings 2, 0, 2, 1, 0
        RayPatternGenerator p = pattern("0,10,0\n30,-5,0.01\n60,10,0.02\n90,0,0.03\n120,-5,0.04\n", 10);
        assertArrayEquals(new int[] {2, 0, 2, 1, 0}, p.beams());
        RayPatternGenerator sweep = sensor.lidar.api.RayPatterns.horizontalSweep(4, 10, -0.03, 0.0, 0.03);
        int[] rings = sweep.beams();
        for (int k = 0; k < rings.length; k++) {
            assertEquals(k % 3, rings[k], "a sweep's channel");
        }
    }
}
