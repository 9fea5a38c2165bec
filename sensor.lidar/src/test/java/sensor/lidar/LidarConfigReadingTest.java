package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;


import sensor.api.ConfigReader;
import sensor.api.PluginType;
import sensor.api.frame.CloudLayout;
import sensor.api.lidar.LidarModelType;
import sensor.api.frame.OutputField;
import sensor.api.lidar.RayPatternType;
import sensor.api.lidar.CatalogModel;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.NoiseConfigs.AngularNoise;
import sensor.lidar.api.NoiseConfigs.Axis;
import sensor.lidar.api.NoiseConfigs.DistanceNoise;
import sensor.lidar.api.ReturnMode;
import sensor.lidar.api.StageSpec;

/**
 * The lidar's scenario fields read into its configuration, models found by id in the catalogue, the plugin types'
 * identities and defaults, and a datasheet's divergence as a Gaussian beam [L-16].
 */
class LidarConfigReadingTest {
    /** The runtime's configuration reader over the pattern and noise types; relative files from {@code /scenarios}. */
    static ConfigReader reader() {
        return new sensor.env.FixedCatalog(List.of(new PatternTypes.Sweep(), new PatternTypes.FromFile(),
                new NoiseStages.RayAngle(), new NoiseStages.HitpointAngle(), new NoiseStages.Distance()))
                .reader(Path.of("/scenarios"));
    }

    private static LidarSensorType type() {
        LidarSensorType t = new LidarSensorType();
        t.setCatalog(new sensor.env.FixedCatalog(List.of(TestModels.OS1_32, TestModels.OS1_64)));
        return t;
    }

    private static LidarConfig read(Map<String, Object> fields) {
        return type().readConfig(fields, reader());
    }

    @Test
    void everyFieldReachesTheConfiguration() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("model", "OS1-32");
        f.put("mode", "2048x10");
        f.put("range", List.of(0.5, 80.0));
        f.put("divergenceHalfAngle", 0.002);
        f.put("optics", List.of(0.004, 0.006, 0.03));
        f.put("heapDepth", 3);
        f.put("returnMode", "DUAL");
        f.put("beamSamples", 4);
        f.put("minIntensity", 1e-6);
        f.put("timeSlices", 2);
        f.put("emitMisses", true);
        f.put("fields", List.of("XYZ_VEC3_F32", "RING_ID_U16"));
        f.put("threads", 3);
        f.put("distortions", List.of(Map.of("type", "ray-angle-gaussian", "axis", "Y", "sigma", 0.002)));
        f.put("noise", List.of(Map.of("type", "distance-gaussian", "sigmaBase", 0.02),
                Map.of("type", "hitpoint-angle-gaussian", "mean", 0.001)));
        LidarConfig c = read(f);
        assertSame(TestModels.OS1_32, c.model());
        assertEquals("2048x10", c.mode().name());
        assertEquals(2048 * 32, c.pattern().rays().size());
        assertEquals(0.5, c.rangeMin());
        assertEquals(80, c.rangeMax());
        assertEquals(0.002, c.divergenceHalfAngle());
        assertEquals(0.004, c.emitterRadius());
        assertEquals(0.006, c.detectorRadius());
        assertEquals(0.03, c.detectorOffset());
        assertEquals(3, c.heapDepth());
        assertEquals(ReturnMode.DUAL, c.returnMode());
        assertEquals(4, c.beamSamples());
        assertEquals(1e-6, c.minIntensity());
        assertEquals(2, c.timeSlices());
        assertTrue(c.emitMisses());
        assertEquals(List.of(OutputField.XYZ_VEC3_F32, OutputField.RING_ID_U16), c.fields());
        assertEquals(3, c.threads());
        assertEquals(List.of(new StageSpec("ray-angle-gaussian", new AngularNoise(Axis.Y, 0, 0.002))), c.distortions());
        assertEquals(List.of(new StageSpec("distance-gaussian", new DistanceNoise(0, 0.02, 0.0005)),
                new StageSpec("hitpoint-angle-gaussian", new AngularNoise(Axis.Z, 0.001, 0.001))), c.noises());
    }

    @Test
    void noFieldsGiveTheDefaultModelAndNothingElse() {
        LidarConfig c = read(Map.of()), d = type().defaultConfig();
        CatalogModel os1 = TestModels.OS1_64;
        assertSame(os1, c.model());
        assertSame(os1, d.model());
        for (LidarConfig x : List.of(c, d)) {
            assertEquals("1024x10", x.mode().name());
            assertEquals(0.3, x.rangeMin());
            assertEquals(120, x.rangeMax());
            assertEquals(os1.divergenceHalfAngle(), x.divergenceHalfAngle());
            assertEquals(0.005, x.emitterRadius());
            assertEquals(0.005, x.detectorRadius());
            assertEquals(List.of(), x.distortions());
            assertEquals(List.of(), x.noises());
            assertFalse(x.emitMisses());
            assertEquals(0, x.minIntensity());
        }
    }

    @Test
    void aPatternByTypeAndItsConflictsAndBadListsAreNamed() {
        LidarConfig c = read(Map.of("pattern", Map.of("type", "sweep", "columns", 360, "elevations", List.of(-2.0, 2.0))));
        assertNull(c.model());
        assertEquals(720, c.pattern().rays().size());

        var e = assertThrows(IllegalArgumentException.class,
                () -> read(Map.of("model", "OS1-64", "pattern", Map.of("type", "sweep"))));
        assertEquals("pattern and model/mode/calibration exclude each other: give one", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> read(Map.of("mode", "512x10", "pattern", Map.of("type", "sweep"))));
        assertEquals("pattern and model/mode/calibration exclude each other: give one", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("range", List.of(1.0, 2.0, 3.0))));
        assertEquals("range must be [min, max] in m, got [1.0, 2.0, 3.0]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("optics", List.of(0.01, 0.01))));
        assertTrue(e.getMessage().startsWith("optics must be [emitterRadius, detectorRadius, detectorOffset]"));
        // only a model's mode given: the default model in that mode
        LidarConfig m = read(Map.of("mode", "2048x10"));
        assertSame(TestModels.OS1_64, m.model());
        assertEquals(2048 * 64, m.pattern().rays().size());
        assertSame(TestModels.OS1_32, read(Map.of("model", "os1-32")).model(), "ids are matched ignoring case");
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("model", "OS1-16")));
        assertEquals("model 'OS1-16' is unknown; known lidar models: [OS1-32, OS1-64]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("model", "OS1-32", "mode", "600rpm")));
        assertEquals("mode '600rpm' is unknown for Ouster OS1-32; its modes: [1024x10, 512x10, 512x20, 2048x10]",
                e.getMessage());
        LidarSensorType bare = new LidarSensorType();
        bare.setCatalog(new sensor.env.FixedCatalog(List.of()));
        e = assertThrows(IllegalArgumentException.class, () -> bare.readConfig(Map.of(), reader()));
        assertTrue(e.getMessage().startsWith("model 'OS1-64' is unknown; known lidar models: [] (no lidar model bundle"),
                e.getMessage());
        assertEquals(4 * 1024, bare.defaultConfig().pattern().rays().size(), "without models the default is a sweep");
    }

    @Test
    void detectionIsTheModelsLineUnlessOffOrGivenLDET() {
        assertEquals(List.of(), read(Map.of()).detection(), "the test models have no datasheet line");
        assertEquals(List.of(), read(Map.of("detection", "off")).detection());
        var c = read(Map.of("detection", Map.of("range", 40, "reflectivity", 0.1), "darkShare", 0.25));
        var l = c.detection().get(0);
        assertEquals(List.of(40.0, 0.1, 100.0, 0.9, 1e-4), List.of(l.range(), l.reflectivity(), l.ambientKlx(),
                l.detectionProbability(), l.falseAlarmRate()), "defaults: 100 klx, P_d 0.9, P_fa 1e-4");
        assertEquals(0.25, c.darkShare());
        assertEquals(2, read(Map.of("detection", List.of(Map.of("range", 50, "reflectivity", 0.1, "channels", List.of(1)),
                Map.of("range", 80, "reflectivity", 0.1, "channels", List.of(2))))).detection().size());
        var e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("detection", Map.of("range", 40))));
        assertTrue(e.getMessage().startsWith("detection needs range (m) and reflectivity (0-1)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("detection", "on")));
        assertTrue(e.getMessage().startsWith("detection must be off, {range, reflectivity"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("detection",
                Map.of("range", 40, "reflectivity", 1.5))));
        assertTrue(e.getMessage().startsWith("reflectivity must be in"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("darkShare", 2)));
        assertTrue(e.getMessage().startsWith("darkShare must be in"), e.getMessage());
        var p = read(Map.of("detection", Map.of("range", 40, "reflectivity", 0.1, "precision",
                List.of(Map.of("snr", 250, "sigma", 0.015), Map.of("snr", 12, "sigma", 0.1))))).detection().get(0);
        assertEquals(List.of(new LidarModelType.RangePrecision(250, 0.015), new LidarModelType.RangePrecision(12, 0.1)),
                p.precision());
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("detection", Map.of("range", 40,
                "reflectivity", 0.1, "precision", List.of(Map.of("snr", 250, "sigma", 0))))));
        assertTrue(e.getMessage().contains("sigma must be in"), e.getMessage()); // the scenario reader shows the cause
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("detection", Map.of("range", 40,
                "reflectivity", 0.1, "precision", List.of(Map.of("snr", 12, "sigma", 0.1), Map.of("snr", 12, "sigma", 0.2))))));
        assertTrue(e.getMessage().startsWith("precision: each SNR may be given once"), e.getMessage());
    }

    @Test
    void thePulseWidthGivesTheRangeResolutionLDET() {
        assertEquals(0, read(Map.of()).rangeResolution(), "no pulse width: returns do not mix");
        var c = read(Map.of("pulseWidth", 1e-9));
        assertEquals(1e-9, c.pulseWidth());
        assertEquals(0.149896229, c.rangeResolution(), 1e-9, "c·τ/2");
        var e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("pulseWidth", 2e-6)));
        assertTrue(e.getMessage().startsWith("pulseWidth must be in"), e.getMessage());
    }

    @Test
    void theCloudLayoutIsTheModelVendorsUnlessChosen() {
        assertEquals(CloudLayout.OUSTER, read(Map.of()).cloudLayout(), "an Ouster model publishes as ouster-ros does");
        assertEquals(CloudLayout.VELODYNE, read(Map.of("cloudLayout", "velodyne")).cloudLayout());
        assertEquals(CloudLayout.GENERIC, read(Map.of("cloudLayout", "Generic")).cloudLayout());
        assertEquals(CloudLayout.GENERIC, read(Map.of("pattern", Map.of("type", "sweep", "columns", 8, "rate", 10,
                "elevations", List.of(0.0)))).cloudLayout(), "a custom pattern has no vendor");
        var e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("cloudLayout", "hesai")));
        assertEquals("cloudLayout 'hesai' is unknown; the layouts: [generic, velodyne, ouster, livox]", e.getMessage());
    }

    @Test
    void theSweepOfRelease010IsReadAsASweepPattern() {
        Map<String, Object> sweep = Map.of("columns", 360, "rate", 20, "elevations", List.of(-2.0, 2.0));
        LidarConfig old = read(Map.of("sweep", sweep, "heapDepth", 3));
        LidarConfig now = read(Map.of("pattern", Map.of("type", "sweep", "columns", 360, "rate", 20,
                "elevations", List.of(-2.0, 2.0)), "heapDepth", 3));
        assertNull(old.model());
        assertEquals(now.pattern().rays(), old.pattern().rays());
        assertEquals(now.pattern().interval(0, 0.025), old.pattern().interval(0, 0.025), "the rate carried over");
        assertEquals(3, old.heapDepth());
        var e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("sweep", sweep, "pattern", Map.of("type", "sweep"))));
        assertEquals("sweep (the 0.1.0 form) and pattern exclude each other; write pattern: {type: sweep, columns, rate, "
                + "elevations}", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(Map.of("sweep", 360)));
        assertTrue(e.getMessage().startsWith("sweep must be {columns, rate, elevations}; from 0.2.0 on"), e.getMessage());
    }

    @Test
    void filePatternFieldsAreReadAndResolvedFromTheScenarioFolder() {
        var t = new PatternTypes.FromFile();
        assertEquals(new PatternTypes.FromFile.Config(Path.of("/scenarios/rays.csv"), 5),
                t.readConfig(Map.of("file", "rays.csv", "rate", 5), reader()));
        assertEquals(new PatternTypes.FromFile.Config(Path.of("/scenarios/rays.csv"), 10),
                t.readConfig(Map.of("file", "rays.csv"), reader()));
        var e = assertThrows(IllegalArgumentException.class, () -> t.readConfig(Map.of("rate", 5), reader()));
        assertTrue(e.getMessage().startsWith("file must name a CSV file"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> t.readConfig(Map.of("file", "a.csv", "rate", "fast"),
                reader()));
        assertEquals("rate must be a number of scans per second (Hz), got fast", e.getMessage());
    }

    @Test
    void pluginTypesNameThemselvesAndTheirDefaults() {
        var sweep = new PatternTypes.Sweep();
        assertEquals("sweep", sweep.id());
        assertEquals(PatternTypes.Sweep.Config.class, sweep.configType());
        assertEquals(new PatternTypes.Sweep.Config(1024, 10, List.of(-15.0, -5.0, 5.0, 15.0)), sweep.defaultConfig());
        var file = new PatternTypes.FromFile();
        assertEquals("file", file.id());
        assertEquals(PatternTypes.FromFile.Config.class, file.configType());
        assertEquals(new PatternTypes.FromFile.Config(null, 10), file.defaultConfig());
        var type = new LidarSensorType();
        assertEquals("lidar", type.id());
        assertEquals(LidarConfig.class, type.configType());
        for (PluginType<?> t : List.<PluginType<?>>of(sweep, file, type, new NoiseStages.RayAngle(),
                new NoiseStages.HitpointAngle(), new NoiseStages.Distance())) {
            assertFalse(t.description().isBlank(), t.id());
            assertNotEquals(t.id(), t.description(), "a description says more than the id");
        }
        assertTrue(new NoiseStages.RayAngle().description().contains("[N-1]"));
        assertTrue(new NoiseStages.HitpointAngle().description().contains("[N-2]"));
        assertTrue(new NoiseStages.Distance().description().contains("[L-DN]"));
        assertInstanceOf(RayPatternType.class, sweep);
    }

    /**
     * [L-16] A datasheet's full width at half maximum, as a Gaussian beam I ∝ exp(−2θ²/θ_D²): at half the FWHM
     * the intensity is half the peak (OS0 0.35°, OS1 0.13°, 0.18° for 128 channels, OS2 0.09°).
     */
    @Test
    void divergenceL16_isTheDatasheetFwhmOfAGaussianBeam() {
        for (double fwhm : new double[] {0.35, 0.13, 0.18, 0.09}) {
            double halfMax = Math.toRadians(fwhm) / 2, thetaD = CatalogModel.halfAngleOfFwhm(fwhm);
            assertEquals(0.5, Math.exp(-2 * halfMax * halfMax / (thetaD * thetaD)), 1e-12, "FWHM " + fwhm);
        }
        assertEquals(TestModels.OS1_32.divergenceHalfAngle(), TestModels.os1_32("512x10").divergenceHalfAngle());
    }

    /**
     * {@code calibration: <file>} beside a model: the model's vendor reader gives the unit's beams, the path taken from
     * the scenario's folder; a model without a reader, a missing file and a pattern are refused.
     */
    @Test
    void aUnitCalibrationFileGivesTheModelItsBeams(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        var reader = new sensor.env.FixedCatalog(List.of()).reader(dir);
        java.nio.file.Files.writeString(dir.resolve("unit.txt"), "12.5\n-3.25\n");
        var twoBeams = TestModels.OS1_32.withCalibration("elevations, one per line", (name, text) -> text.lines()
                .map(l -> new sensor.api.lidar.LidarModelType.Beam(Math.toRadians(Double.parseDouble(l)), 0, 0, 0, 0, 0))
                .toList());
        LidarSensorType t = new LidarSensorType();
        t.setCatalog(new sensor.env.FixedCatalog(List.of(twoBeams, TestModels.OS1_64)));
        var e = assertThrows(IllegalArgumentException.class,
                () -> t.readConfig(Map.of("model", "OS1-32", "calibration", "unit.txt"), reader));
        assertEquals("unit.txt: 2 channels, but Ouster OS1-32 has 32; expected elevations, one per line with 32 channels",
                e.getMessage());
        java.nio.file.Files.writeString(dir.resolve("unit.txt"), "1.5\n".repeat(31) + "-7.25\n");
        LidarConfig c = t.readConfig(Map.of("model", "OS1-32", "mode", "512x10", "calibration", "unit.txt"), reader);
        assertEquals(Math.toRadians(-7.25), c.model().beams().get(31).elevation(), 1e-15);
        assertEquals("unit.txt", c.model().source().file());
        assertEquals(sensor.api.lidar.LidarModelType.Provenance.UNIT_CALIBRATION, c.model().source().provenance());
        assertEquals(Math.sin(Math.toRadians(-7.25)), c.pattern().rays().get(31).transformVector(sensor.api.geom.Vec3.Z).z(),
                1e-12, "the pattern fires the unit's beams");
        e = assertThrows(IllegalArgumentException.class,
                () -> t.readConfig(Map.of("model", "OS1-64", "calibration", "unit.txt"), reader));
        assertEquals("lidar model OS1-64 reads no calibration file; docs/lidar-models.md names the models that do and"
                + " their formats", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> t.readConfig(Map.of("model", "OS1-32", "calibration", "none.txt"), reader));
        assertEquals("calibration file " + dir.resolve("none.txt") + " does not exist", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> t.readConfig(Map.of("pattern", Map.of("type", "sweep"),
                "calibration", "unit.txt"), reader));
        assertEquals("pattern and model/mode/calibration exclude each other: give one", e.getMessage());
    }
}
