package sensor.lidar.ouster;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType.RangePrecision;
import sensor.lidar.api.RayPatterns;

/**
 * Every ray of every Ouster model against the maker's metadata file, read with a general JSON parser, put through
 * ouster-sdk's {@code make_xyz_lut} formula written out here: θ_e = 2π − 2π·column/W, θ_a = −azimuth·π/180,
 * φ = altitude·π/180, direction (cos(θ_e + θ_a) cos φ, sin(θ_e + θ_a) cos φ, sin φ), beam origin
 * (cos θ_e · t03, sin θ_e · t03, t23) from {@code beam_to_lidar_transform} (or
 * {@code lidar_origin_to_beam_origin_mm}), every beam of column k fired at k/(W·rate).
 */
class OusterCatalogTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0} against {1}")
    @CsvSource({
        "OS0-32, OS-0-32-U1_v2.2.0_1024x10.json, -1, 1, 0",
        "OS0-64, OS-0-64-U13_v2.2.0_512x10.json, -1, 1, 0",
        "OS0-64-U02, OS-0-64-U02_v1.14beta_1024x10_legacy.json, 27.67, 1, 0",
        "OS0-128, OS-0-128_v3.0.1_1024x10.json, -1, 1, 0",
        "OS0-128-rev6, OS-0-128-U1_v2.3.0_1024x10.json, -1, 1, 0",
        "OS1-16-gen1, OS-1-16-A2_v2.4.0_1024x10_ouster_clib.json, -1, 1, 0",
        "OS1-32, 2_0_rc2_os-992011000121-32U0_legacy.json, -1, 1, 0",
        "OS1-32-gen1, OS-1-32-A02_v1.14beta_1024x10_legacy.json, 12.163, 1, 0",
        "OS1-32-gradient, OS-1-32-G_v2.1.1_1024x10.json, -1, 1, 0",
        "OS1-64, OS-1-64-U02_v2.0.0_512x10.json, -1, 1, 0",
        "OS1-64-gen1, OS-1-64-gen1_v2.1.2_1024x10.json, -1, 1, 0",
        "OS1-64-ABOVE_HORIZON, same_ports.2.json, -1, 1, 0",
        "OS1-128, OS-1-128_v2.3.0_1024x10.json, -1, 1, 0",
        "OS1-128-rev7, OS-1-128_rev7_v3.0.1_1024x10.json, -1, 1, 0",
        "OS2-32, OS-2-32-U0_v2.0.0_1024x10.json, -1, 1, 0",
        "OS2-128, OS-2-128-U1_v2.3.0_1024x10.json, -1, 1, 0",
        "OS2-128-rev7, OS-2-128_v2.5.0_512x10.json, -1, 1, 0",
        "OS1-16-A0-gen1, 1_14_beta_os1-991937000062-16A0_legacy.json, 12.163, 1, 0",
        "OS0-32-U0, 1_14_6cccd_os-882002000138-32U0_legacy.json, 27.67, 1, 0",
        "OS0-128-sn882002000138, 1_14_6cccd_os-882002000138-128_legacy.json, 27.67, 1, 0",
        "OS0-128-sn882004000055, 1_14_beta_os-882004000055-128_legacy.json, 27.67, 1, 0",
        "OS0-128-sn992039000758, ros2_ouster_example_metadata.json, -1, 1, 0",
        "OS0-128-sn992109000340, ros2_ouster_ouster_os0128_1024_metadata.json, -1, 1, 0",
        "OS0-128-sn992108000265, windowed_frame1_0.json, -1, 1, 0",
        "OS0-128-sn122247000785, same_ports_nonlegacy.1.json, -1, 1, 0",
        "OS0-128-sn122406002141, shot_limiting_test.json, -1, 1, 0",
        "OS1-64-gen1-sn991937000062, 1_14_beta_os1-991937000062-64_legacy.json, 12.163, 1, 0",
        "OS1-128-sn992008000494, 2_0_0_os1-992008000494-128_col_win_legacy.json, -1, 1, 0",
        "OS1-128-sn992119000444, 2_2_os-992119000444-128.json, -1, 1, 0",
        "OS1-128-sn992146000760, 2_5_0_os-992146000760-128.json, -1, 1, 0",
        "OS2-128-sn992219000042, duplicate_id.json, -1, 1, 0",
        // derived: every second beam (step 2), or mirrored (step -1: altitude negated, order reversed)
        "OS2-64, OS-2-128-U1_v2.3.0_1024x10.json, -1, 2, 0",
        "OS1-32-ABOVE_HORIZON, same_ports.2.json, -1, 2, 0",
        "OS1-64-BELOW_HORIZON, same_ports.2.json, -1, 1, 1",
        "OS1-32-BELOW_HORIZON, same_ports.2.json, -1, 2, 1",
    })
    void everyRayFollowsTheMetadataAndTheSdkFormula(String id, String file, double statedOriginMm, int step,
            int mirrored) throws IOException {
        JsonNode meta;
        try (InputStream in = OusterCatalog.class.getResourceAsStream(file)) {
            meta = JSON.readTree(in);
        }
        JsonNode alt = meta.findValue("beam_altitude_angles"), az = meta.findValue("beam_azimuth_angles");
        JsonNode transform = meta.findValue("beam_to_lidar_transform"), n = meta.findValue("lidar_origin_to_beam_origin_mm");
        double t03 = transform != null ? transform.get(3).asDouble() : n != null ? n.asDouble() : statedOriginMm;
        double t23 = transform != null ? transform.get(11).asDouble() : 0;
        assertTrue(t03 > 0, "a beam origin for " + file);
        CatalogModel model = OusterCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        assertEquals("Ouster", model.vendor());
        assertEquals(file, model.source().file());
        assertEquals(step == 1 && mirrored == 0 ? Provenance.UNIT_CALIBRATION : Provenance.DERIVED,
                model.source().provenance());
        int channels = alt.size() / step;
        for (Mode mode : List.of(model.mode("512x10"), model.mode("2048x10"))) {
            RayPatternGenerator p = RayPatterns.of(model, mode);
            int w = mode.columns();
            double rate = mode.rate(), start = -0.5 / (w * rate), end = (w - 0.5) / (w * rate);
            RayInterval all = p.interval(start, end);
            assertEquals(w * channels, all.count());
            for (int i = 0; i < all.count(); i++) {
                int k = i / channels, c = i % channels;
                int beam = (mirrored == 1 ? channels - 1 - c : c) * step;
                double sign = mirrored == 1 ? -1 : 1;
                double encoder = 2 * Math.PI - k * 2 * Math.PI / w, azimuth = -az.get(beam).asDouble() * Math.PI / 180;
                double phi = sign * alt.get(beam).asDouble() * Math.PI / 180;
                Pose ray = p.rays().get(all.rayIndex(i, p.rays().size()));
                Vec3 d = ray.transformVector(Vec3.Z);
                String where = id + " " + mode.name() + " column " + k + " channel " + c;
                assertEquals(Math.cos(encoder + azimuth) * Math.cos(phi), d.x(), 1e-9, where);
                assertEquals(Math.sin(encoder + azimuth) * Math.cos(phi), d.y(), 1e-9, where);
                assertEquals(Math.sin(phi), d.z(), 1e-9, where);
                assertEquals(Math.cos(encoder) * t03 / 1000, ray.position().x(), 1e-6, where);
                assertEquals(Math.sin(encoder) * t03 / 1000, ray.position().y(), 1e-6, where);
                assertEquals(sign * t23 / 1000, ray.position().z(), 1e-6, where);
                assertEquals(k / (w * rate), p.firingTime(i, all, start, end), 1e-9, where);
            }
        }
    }

    @Test
    void theCatalogHasEveryPublishedConfigurationAndTheFourDerivedOnes() {
        List<CatalogModel> models = OusterCatalog.models();
        assertEquals(35, models.size());
        assertEquals(4, models.stream().filter(m -> m.source().provenance() == Provenance.DERIVED).count());
        assertEquals(models.size(), models.stream().map(CatalogModel::id).distinct().count(), "ids are unique");
        CatalogModel os1 = models.stream().filter(m -> m.id().equals("OS1-64")).findFirst().orElseThrow();
        assertEquals("1024x10", os1.defaultConfig().name());
        assertEquals(List.of("1024x10", "512x10", "512x20", "1024x20", "2048x10"),
                os1.modes().stream().map(Mode::name).toList());
        assertEquals(120, os1.rangeMax());
        var e = assertThrows(IllegalArgumentException.class, () -> os1.mode("4096x5"));
        assertEquals("mode '4096x5' is unknown for Ouster OS1-64; its modes: [1024x10, 512x10, 512x20, 1024x20, 2048x10]",
                e.getMessage());
    }

    @Test
    void aMalformedMetadataFileIsRefusedWithItsLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> OusterCatalog.load("README.md", 0));
        assertEquals("README.md: no beam_altitude_angles", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> OusterCatalog.parse("m.json",
                "{\n\"beam_azimuth_angles\": [1, 2],\n\n\"beam_altitude_angles\": [3, x]}", 0));
        assertEquals("m.json line 4: beam_altitude_angles holds a value that is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> OusterCatalog.parse("m.json",
                "{\"beam_altitude_angles\": [3, 4],\n\"beam_azimuth_angles\": [1]}", 0));
        assertEquals("m.json: 2 beam_altitude_angles but 1 beam_azimuth_angles", e.getMessage());
        // a trailing comma leaves no empty value; the stated origin wins over the fallback
        var t = OusterCatalog.parse("m.json", "{\"beam_altitude_angles\": [3, 4, ],\n\"beam_azimuth_angles\": [1, 2],"
                + " \"lidar_origin_to_beam_origin_mm\": 15.806}", 12);
        assertArrayEquals(new double[] {3, 4}, t.altitudesDeg());
        assertEquals(15.806, t.originXMm());
        assertEquals(12, OusterCatalog.parse("m.json", "{\"beam_altitude_angles\": [3],\"beam_azimuth_angles\": [1]}", 12)
                .originXMm());
    }

    /** Datasheet figures, written here: range at 80 %, beam divergence FWHM, return modes, and the file's licence. */
    @Test
    void rangeDivergenceReturnsAndLicenceFollowTheFamily() {
        Map<String, double[]> rangeAndFwhm = Map.of("OS0-128", new double[] {50, 0.35}, "OS1-64", new double[] {120, 0.13},
                "OS1-128", new double[] {120, 0.18}, "OS1-16-gen1", new double[] {120, 0.13}, "OS2-128",
                new double[] {240, 0.09}, "OS2-64", new double[] {240, 0.09});
        rangeAndFwhm.forEach((id, v) -> {
            CatalogModel m = OusterCatalog.models().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
            assertEquals(v[0], m.rangeMax(), id);
            // the 1/e² half-angle w of exp(−2θ²/w²) at half maximum θ = FWHM/2: w = (FWHM/2) / sqrt(ln 2 / 2)
            assertEquals(Math.toRadians(v[1]) / 2 / Math.sqrt(Math.log(2) / 2), m.divergenceHalfAngle(),
                    1e-12, id);
            assertEquals(id.contains("gen1") ? List.of("STRONGEST") : List.of("STRONGEST", "DUAL"), m.returnModes(), id);
            assertEquals(m.source().file().contains("ouster_clib") ? "MIT (LICENSE-ouster_clib)" : OusterCatalog.BSD,
                    m.source().licence(), id);
        });
        for (CatalogModel m : OusterCatalog.models()) {
            boolean ros2 = m.source().file().startsWith("ros2_ouster_");
            assertEquals(ros2 ? "Apache-2.0 (LICENSE-ros2_ouster_drivers)" : m.source().file().contains("ouster_clib")
                    ? "MIT (LICENSE-ouster_clib)" : OusterCatalog.BSD, m.source().licence(), m.id());
            assertEquals(ros2, m.source().origin().startsWith("ros-drivers/ros2_ouster_drivers ros2_ouster/params"), m.id());
        }
        assertTrue(OusterCatalog.models().stream().filter(m -> m.id().equals("OS1-16-gen1")).findFirst().orElseThrow()
                .source().licence().startsWith("MIT"));
        // [L-DET] the gen-1 OS1 datasheet's line (DATASHEETS.md) on the gen-1 OS1 models only
        for (CatalogModel m : OusterCatalog.models()) {
            if (m.id().startsWith("OS1") && m.id().contains("-gen1")) {
                var l = m.detection().get(0);
                assertEquals(List.of(40.0, 0.1, 100.0, 0.9, 1e-4), List.of(l.range(), l.reflectivity(), l.ambientKlx(),
                        l.detectionProbability(), l.falseAlarmRate()), m.id());
                assertEquals(List.of(), l.channels());
                assertEquals(List.of(new RangePrecision(250, 0.015), new RangePrecision(100, 0.03),
                        new RangePrecision(12, 0.10)), l.precision(), "repeatability ±1.5/3/10 cm at SNR 250/100/12");
            } else if (REVISION.containsKey(m.id())) {
                double[] v = REVISION.get(m.id());
                assertEquals(v.length / 2, m.detection().size(), m.id());
                for (int i = 0; i < m.detection().size(); i++) {
                    var l = m.detection().get(i);
                    assertEquals(List.of(v[2 * i], 0.1, 100.0, v[2 * i + 1], 1e-4), List.of(l.range(), l.reflectivity(),
                            l.ambientKlx(), l.detectionProbability(), l.falseAlarmRate()), m.id());
                    assertTrue(l.source().startsWith("Ouster datasheet-rev") && l.source().contains(m.id().substring(0, 3)
                            .toLowerCase(java.util.Locale.ROOT) + ".pdf"), l.source());
                    assertTrue(l.source().endsWith((int) v[2 * i] + " m @ > " + (int) (100 * v[2 * i + 1]) + " %"), l.source());
                    assertEquals(sensor.api.lidar.LidarModelType.Citation.CITED, l.citation());
                }
            } else {
                assertEquals(List.of(), m.detection(), m.id() + " has no datasheet line");
            }
        }
        assertTrue(OusterCatalog.models().stream().filter(m -> m.id().equals("OS1-128-sn992146000760")).findFirst()
                .orElseThrow().detection().get(0).source().startsWith("Ouster datasheet-rev06-v2p5-os1.pdf (quoted in "
                        + "Isaac Sim OS1_REV6_*.json): 10 % target, 100 klx, "));
        assertTrue(OusterCatalog.models().stream().filter(m -> m.id().equals("OS0-128-sn122406002141")).findFirst()
                .orElseThrow().detection().get(0).source().startsWith("Ouster datasheet-rev7-v3p0-os0.pdf (quoted in "
                        + "Isaac Sim OS0_REV7_*.json)"));
        assertTrue(OusterCatalog.revision("OS2", 7).get(0).source().startsWith("Ouster datasheet-rev7-v2p5-os2.pdf"));
    }

    /**
     * DATASHEETS.md's rev-6 and rev-7 lines (range m, detection probability, per line) of the further units whose part
     * number marks the revision: 840-10357x-06 rev 6, 840-104681-C and 860-105000-07 rev 7.
     */
    static final Map<String, double[]> REVISION = Map.of(
            "OS1-128-sn992146000760", new double[] {45, 0.9, 55, 0.5},
            "OS2-128-sn992219000042", new double[] {80, 0.9, 100, 0.5},
            "OS0-128-sn122247000785", new double[] {35, 0.9},
            "OS0-128-sn122406002141", new double[] {35, 0.9});

    /** The other datasheet figures of the revisions, each family's: OS0 rev 6, OS1 rev 7, OS2 rev 6 and rev 7. */
    @Test
    void everyRevisionLineIsTheDatasheetsFigure() {
        assertEquals(List.of(15.0, 20.0), OusterCatalog.revision("OS0", 6).stream().map(l -> l.range()).toList());
        assertEquals(List.of(90.0), OusterCatalog.revision("OS1", 7).stream().map(l -> l.range()).toList());
        assertEquals(List.of(200.0), OusterCatalog.revision("OS2", 7).stream().map(l -> l.range()).toList());
        assertEquals(List.of(80.0, 100.0), OusterCatalog.revision("OS2", 6).stream().map(l -> l.range()).toList());
        assertEquals(List.of(0.9, 0.5), OusterCatalog.revision("OS0", 6).stream().map(l -> l.detectionProbability())
                .toList());
    }

    /**
     * Two units of one model: OS1-64 given each of two published 64-beam unit files (a U02 and a first-generation unit)
     * puts its beams where each file says (read here with Jackson), and the units differ; a file of another channel count is
     * refused naming the layout the model expects.
     */
    @Test
    void twoUnitFilesOfOneModelPutTheBeamsWhereEachFileSays() throws IOException {
        CatalogModel os1 = OusterCatalog.models().stream().filter(m -> m.id().equals("OS1-64")).findFirst().orElseThrow();
        double largest = 0;
        double[][] first = null;
        for (String file : List.of("OS-1-64-U02_v2.0.0_512x10.json", "OS-1-64-gen1_v2.1.2_1024x10.json")) {
            String text;
            try (InputStream in = OusterCatalog.class.getResourceAsStream(file)) {
                text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            }
            JsonNode meta = JSON.readTree(text);
            CatalogModel unit = os1.calibrated(file, text);
            assertEquals(file, unit.source().file());
            assertEquals(Provenance.UNIT_CALIBRATION, unit.source().provenance());
            assertEquals(os1.modes(), unit.modes());
            JsonNode alt = meta.findValue("beam_altitude_angles"), az = meta.findValue("beam_azimuth_angles");
            double[][] angles = new double[64][2];
            for (int i = 0; i < 64; i++) {
                assertEquals(Math.toRadians(alt.get(i).asDouble()), unit.beams().get(i).elevation(), 1e-12, file + " " + i);
                assertEquals(-Math.toRadians(az.get(i).asDouble()), unit.beams().get(i).azimuthOffset(), 1e-12, file + " " + i);
                angles[i] = new double[] {alt.get(i).asDouble(), az.get(i).asDouble()};
                if (first != null) {
                    largest = Math.max(largest, Math.max(Math.abs(angles[i][0] - first[i][0]),
                            Math.abs(angles[i][1] - first[i][1])));
                }
            }
            // the pattern fires them: channel 5 of column 0 points at the file's altitude
            Vec3 d = RayPatterns.of(unit, unit.mode("512x10")).rays().get(5).transformVector(Vec3.Z);
            assertEquals(Math.sin(Math.toRadians(alt.get(5).asDouble())), d.z(), 1e-12);
            first = first == null ? angles : first;
        }
        assertTrue(largest > 0.1, "the two units' beams differ: " + largest + "°");
        String os1_32;
        try (InputStream in = OusterCatalog.class.getResourceAsStream("OS-1-32-G_v2.1.1_1024x10.json")) {
            os1_32 = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        var e = assertThrows(IllegalArgumentException.class, () -> os1.calibrated("unit.json", os1_32));
        assertEquals("unit.json: 32 channels, but Ouster OS1-64 has 64; expected " + OusterCatalog.CALIBRATION
                + " with 64 channels", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> os1.calibrated("unit.json",
                "{\n\"beam_altitude_angles\": [1, x],\n\"beam_azimuth_angles\": [1, 2]}"));
        assertEquals("unit.json line 2: beam_altitude_angles holds a value that is not a number", e.getMessage());
    }
}
