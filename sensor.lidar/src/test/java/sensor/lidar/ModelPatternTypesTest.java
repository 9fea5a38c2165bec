package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sensor.api.PluginCatalog;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.api.RayPatterns;

/** The pattern types that serve catalog models: {@code ouster} (the 0.1.0 form), {@code livox-csv} and {@code risley}. */
class ModelPatternTypesTest {
    @Test
    void theOusterPatternTypeOfRelease010IsTheModelsBeamTable() {
        OusterPattern type = new OusterPattern();
        type.setCatalog(new sensor.env.FixedCatalog(List.of(TestModels.OS1_32, TestModels.OS1_64)));
        var p = type.create(new OusterPattern.Config("OS1-32", "512x10"));
        assertEquals(32 * 512, p.rays().size());
        assertEquals(RayPatterns.of(TestModels.OS1_32, TestModels.OS1_32.mode("512x10")).rays(), p.rays());
        var e = assertThrows(IllegalArgumentException.class, () -> type.create(new OusterPattern.Config("OS1-99", "512x10")));
        assertEquals("model 'OS1-99' is unknown; known lidar models: [OS1-32, OS1-64]", e.getMessage());
    }

    @Test
    void aLivoxScanModeFileIsReadAsThePluginReadsItAndBadLinesAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> LivoxCsvPattern.read("avia.csv",
                List.of("Time/s,Azimuth/deg,Zenith/deg", "1,10,80", "2,11,200")));
        assertEquals("avia.csv line 3: zenith must be in [0, 180] degrees, got 200.0", e.getMessage());
        double[][] rays = LivoxCsvPattern.read("mid360.csv", List.of("Time/s,Azimuth/deg,Zenith/deg", "1,268.99,37.838"));
        assertEquals(Math.toRadians(268.99), rays[0][0], 1e-15);
        assertEquals(Math.toRadians(90 - 37.838), rays[1][0], 1e-15, "elevation is 90° − zenith");
        e = assertThrows(IllegalArgumentException.class, () -> LivoxCsvPattern.read("a.csv", List.of("1,10,80", "", "2,11")));
        assertEquals("a.csv line 3: expected 3 values (time, azimuth [deg], zenith [deg]), got 2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LivoxCsvPattern.read("a.csv", List.of("1,10,80", "2,x,80")));
        assertEquals("a.csv line 2: '2,x,80' holds a value that is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LivoxCsvPattern.read("a.csv", List.of("1,Infinity,80")));
        assertEquals("a.csv line 1: azimuth must be finite", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LivoxCsvPattern.read("a.csv", List.of("1,10,-0.5")));
        assertEquals("a.csv line 1: zenith must be in [0, 180] degrees, got -0.5", e.getMessage());
        // a file without a header, the zenith at both ends of its range
        double[][] ends = LivoxCsvPattern.read("a.csv", List.of("0,0,0", "1,90,180"));
        assertArrayEquals(new double[] {Math.PI / 2, -Math.PI / 2}, ends[1], 1e-15);
    }

    @Test
    void aLivoxCsvScenarioFieldIsReadAndTheFileReplayedAtItsPointRate(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        LivoxCsvPattern type = new LivoxCsvPattern();
        assertEquals("livox-csv", type.id());
        assertEquals(LivoxCsvPattern.Config.class, type.configType());
        assertEquals(240_000, type.defaultConfig().pointRate());
        assertTrue(type.description().contains("Time/s,Azimuth/deg,Zenith/deg"));
        var reader = LidarConfigReadingTest.reader();
        var c = type.readConfig(Map.of("file", "avia.csv", "pointRate", 1000), reader);
        assertEquals(new LivoxCsvPattern.Config(Path.of("/scenarios/avia.csv"), 1000), c);
        assertEquals(240_000, type.readConfig(Map.of("file", "a.csv"), reader).pointRate());
        var e = assertThrows(IllegalArgumentException.class, () -> type.readConfig(Map.of("file", "a.csv", "rate", 5), reader));
        assertEquals("unknown field 'rate'; expected one of [file, pointRate]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> type.readConfig(Map.of("pointRate", 5), reader));
        assertTrue(e.getMessage().startsWith("file must name a Livox scan-mode CSV"));
        e = assertThrows(IllegalArgumentException.class, () -> type.readConfig(Map.of("file", "a.csv", "pointRate", "x"), reader));
        assertEquals("pointRate must be a number of rays per second, got x", e.getMessage());
        Path file = dir.resolve("scan.csv");
        java.nio.file.Files.writeString(file, "Time/s,Azimuth/deg,Zenith/deg\n0,0,90\n0.1,90,90\n0.2,180,45\n");
        RayPatternGenerator p = type.create(new LivoxCsvPattern.Config(file, 30));
        assertEquals(3, p.rays().size());
        assertEquals(10, ((ScanningPattern) p).scanRate(), 1e-12, "3 rays at 30 rays/s: 10 passes a second");
        Vec3 d = p.rays().get(2).transformVector(Vec3.Z);
        assertEquals(-Math.sqrt(0.5), d.x(), 1e-12);
        assertEquals(Math.sqrt(0.5), d.z(), 1e-12);
        assertArrayEquals(new int[3], p.beams(), "one line");
        var fired = p.interval(0, 0.1); // rays i/30 s in scan k at k/10 s: 1/30, 2/30 and the next scan's first at 0.1
        assertEquals(3, fired.count());
        assertEquals(1, fired.first());
        assertArrayEquals(new double[] {1 / 30.0, 2 / 30.0, 0.1}, java.util.stream.IntStream.range(0, 3)
                .mapToDouble(i -> p.firingTime(i, fired, 0, 0.1)).toArray(), 1e-12);
        e = assertThrows(IllegalArgumentException.class, () -> type.create(new LivoxCsvPattern.Config(dir.resolve("no.csv"), 30)));
        assertTrue(e.getMessage().startsWith("file " + dir.resolve("no.csv") + " cannot be read"), e.getMessage());
    }

    /**
     * [L-RIS] against closed forms: one prism traces a circle of radius δ at its rotation rate; two equal prisms
     * turning in opposite directions from phase 0 sum to 2δ cos ωt along the azimuth axis, elevation 0.
     */
    @Test
    void risleyPrismsLRIS_followTheClosedForms() {
        RisleyPattern type = new RisleyPattern();
        double delta = Math.toRadians(10), omega = 2 * Math.PI * 600 / 60;
        RayPatternGenerator one = type.create(new RisleyPattern.Config(List.of(new RisleyPattern.Prism(10, 600, 30)), 1000, 0.1));
        assertEquals(100, one.rays().size());
        for (int i = 0; i < 100; i++) {
            Vec3 d = one.rays().get(i).transformVector(Vec3.Z);
            double el = Math.asin(d.z()), az = Math.atan2(d.y(), d.x()), t = i / 1000.0;
            assertEquals(delta * Math.cos(omega * t + Math.toRadians(30)), az, 1e-12, "ray " + i);
            assertEquals(delta * Math.sin(omega * t + Math.toRadians(30)), el, 1e-12, "ray " + i);
        }
        RayPatternGenerator two = type.create(new RisleyPattern.Config(List.of(new RisleyPattern.Prism(10, 600, 0),
                new RisleyPattern.Prism(10, -600, 0)), 1000, 0.05));
        for (int i = 0; i < 50; i++) {
            Vec3 d = two.rays().get(i).transformVector(Vec3.Z);
            assertEquals(0, d.z(), 1e-12, "ray " + i);
            assertEquals(2 * delta * Math.cos(omega * i / 1000.0), Math.atan2(d.y(), d.x()), 1e-12, "ray " + i);
        }
        assertEquals(20, ((ScanningPattern) two).scanRate(), 1e-12, "50 rays at 1000/s: the table repeats 20 times a second");
    }

    @Test
    void risleyConfigurationIsCheckedAndPresetsAreNamed() {
        RisleyPattern type = new RisleyPattern();
        var reader = LidarConfigReadingTest.reader();
        assertEquals("risley", type.id());
        assertEquals(RisleyPattern.Config.class, type.configType());
        assertSame(RisleyPattern.MID_40, type.defaultConfig());
        assertTrue(type.description().startsWith("Risley-prism rosette"));
        assertSame(RisleyPattern.MID_70, type.readConfig(Map.of("preset", "Mid-70"), reader));
        assertSame(RisleyPattern.MID_40, type.readConfig(Map.of("preset", "mid-40"), reader));
        assertEquals(5, type.readConfig(Map.of("duration", 5), reader).duration());
        var e = assertThrows(IllegalArgumentException.class, () -> type.readConfig(Map.of("preset", "avia"), reader));
        assertEquals("preset must be one of [mid-40, mid-70], got 'avia'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> type.readConfig(Map.of("preset", "mid-40", "duration", 1), reader));
        assertEquals("preset excludes the other fields; give a preset or prisms", e.getMessage());
        for (var bad : Map.of(
                new RisleyPattern.Config(List.of(), 1000, 1), "prisms must hold at least one prism",
                new RisleyPattern.Config(List.of(new RisleyPattern.Prism(0, 600, 0)), 1000, 1), "prisms[0].deflection",
                new RisleyPattern.Config(List.of(new RisleyPattern.Prism(46, 600, 0)), 1000, 1), "prisms[0].deflection",
                new RisleyPattern.Config(List.of(new RisleyPattern.Prism(10, 0, 0)), 1000, 1), "prisms[0].rpm must not be 0",
                new RisleyPattern.Config(List.of(new RisleyPattern.Prism(10, 600, Double.NaN)), 1000, 1), "prisms[0].phase",
                new RisleyPattern.Config(List.of(new RisleyPattern.Prism(10, 600, 0)), 1e7, 2),
                "pointRate × duration must give 1 to 10,000,000 rays, got 20000000",
                new RisleyPattern.Config(List.of(new RisleyPattern.Prism(10, 600, 0)), 0.1, 1),
                "pointRate × duration must give 1 to 10,000,000 rays, got 0").entrySet()) {
            e = assertThrows(IllegalArgumentException.class, () -> type.create(bad.getKey()));
            assertTrue(e.getMessage().startsWith(bad.getValue()), e.getMessage());
        }
        // the limits themselves are allowed: 45° and one ray
        assertEquals(1, type.create(new RisleyPattern.Config(List.of(new RisleyPattern.Prism(45, 600, 0)), 1, 1))
                .rays().size());
    }

    @Test
    void aReplayNeedsRaysOfEqualCount() {
        var e = assertThrows(IllegalArgumentException.class, () -> Patterns.replay(new double[2], new double[1], 10));
        assertEquals("azimuths and elevations must be non-empty and of equal length", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Patterns.replay(new double[0], new double[0], 10));
        assertEquals("azimuths and elevations must be non-empty and of equal length", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Patterns.replay(null, new double[1], 10));
        assertEquals("azimuths and elevations must be non-empty and of equal length", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Patterns.replay(new double[1], null, 10));
        assertEquals("azimuths and elevations must be non-empty and of equal length", e.getMessage());
    }
}
