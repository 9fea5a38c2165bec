package sensor.lidar.rtx;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType.Citation;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.api.RayPatterns;

/**
 * Every ray of every RTX-lidar model against its Isaac Sim file, read with a general JSON parser. A rotary file is put
 * through ouster-sdk's {@code make_xyz_lut} formula written out here (θ_e = 2π − 2π·column/W, less the turn 2π·rate·τ
 * during the emitter's firing delay τ; direction (cos(θ_e − a) cos φ, sin(θ_e − a) cos φ, sin φ); fired at
 * column/(W·rate) + τ), W = reportRateBaseHz / scanRateBaseHz; a solid-state file's rays are its listed azimuths,
 * elevations and firing times, frame after frame at scanRateBaseHz.
 */
class RtxCatalogTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    // no static cache of the models: mutation testing swaps the catalog's classes between runs of these tests
    static Stream<CatalogModel> models() {
        return RtxCatalog.models().stream();
    }

    static JsonNode profile(String file) throws IOException {
        try (InputStream in = RtxCatalog.class.getResourceAsStream(file)) {
            return JSON.readTree(in).get("profile");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void everyRayFollowsTheFileAndTheDriverFormula(CatalogModel model) throws IOException {
        JsonNode p = profile(model.source().file()), state = p.get("emitterStates").get(0);
        JsonNode az = state.get("azimuthDeg"), el = state.get("elevationDeg"), fire = state.get("fireTimeNs");
        int n = az.size();
        assertEquals(p.get("numberOfEmitters").asInt(), n);
        double rate = p.get("scanRateBaseHz").asDouble();
        assertEquals(p.get("nearRangeM").asDouble(), model.rangeMin(), model.id());
        assertEquals(p.get("farRangeM").asDouble(), model.rangeMax(), model.id());
        Mode mode = model.defaultConfig();
        RayPatternGenerator pattern = RayPatterns.of(model, mode);
        if (p.get("scanType").asText().equals("rotary")) {
            // a report rate that is no whole multiple of the scan rate: the fewest whole columns covering a turn
            double report = p.get("reportRateBaseHz").asDouble();
            int w = (int) Math.ceil(report / rate - 1e-9);
            rate = report / w;
            assertEquals(w, mode.columns());
            assertEquals(rate, mode.rate(), 1e-12);
            JsonNode vert = state.get("vertOffsetM");
            double start = -0.5 / (w * rate), end = (w - 0.5) / (w * rate);
            RayInterval all = pattern.interval(start, end);
            assertEquals(w * n, all.count());
            for (int i = 0; i < all.count(); i++) {
                int k = i / n, c = i % n;
                double tau = fire.get(c).asDouble() * 1e-9;
                double encoder = 2 * Math.PI - k * 2 * Math.PI / w - 2 * Math.PI * rate * tau;
                double a = Math.toRadians(az.get(c).asDouble()), phi = Math.toRadians(el.get(c).asDouble());
                Vec3 d = pattern.rays().get(all.rayIndex(i, pattern.rays().size())).transformVector(Vec3.Z);
                String where = model.id() + " column " + k + " emitter " + c;
                assertEquals(Math.cos(encoder - a) * Math.cos(phi), d.x(), 1e-9, where);
                assertEquals(Math.sin(encoder - a) * Math.cos(phi), d.y(), 1e-9, where);
                assertEquals(Math.sin(phi), d.z(), 1e-9, where);
                Vec3 o = pattern.rays().get(all.rayIndex(i, pattern.rays().size())).position();
                assertEquals(vert == null ? 0 : vert.get(c).asDouble(), o.z(), 1e-12, where);
                assertEquals(0, Math.hypot(o.x(), o.y()), 1e-12, where);
                assertEquals(k / (w * rate) + tau, pattern.firingTime(i, all, start, end), 1e-12, where);
            }
        } else {
            double yaw = model.id().equals("TiM781") ? 90 : 0, frame = 1 / rate;
            // every ray once, in firing order: the step (−ε, frame − ε] of the first frame
            double start = -1e-7, end = frame - 1e-7;
            RayInterval all = pattern.interval(start, end);
            assertEquals(n, all.count(), model.id());
            List<double[]> expected = new ArrayList<>(), got = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double a = Math.toRadians(az.get(i).asDouble() + yaw), phi = Math.toRadians(el.get(i).asDouble());
                expected.add(new double[] {fire.get(i).asDouble() * 1e-9, Math.cos(a) * Math.cos(phi),
                        Math.sin(a) * Math.cos(phi), Math.sin(phi)});
                Pose ray = pattern.rays().get(all.rayIndex(i, pattern.rays().size()));
                Vec3 d = ray.transformVector(Vec3.Z);
                got.add(new double[] {pattern.firingTime(i, all, start, end), d.x(), d.y(), d.z()});
                assertEquals(Vec3.ZERO, ray.position());
            }
            sortRows(expected);
            sortRows(got);
            for (int i = 0; i < n; i++) {
                assertArrayEquals(expected.get(i), got.get(i), 1e-9, model.id() + " ray " + i);
            }
            // the next frame repeats the first a frame later
            RayInterval next = pattern.interval(end, end + frame);
            assertEquals(n, next.count());
            assertEquals(pattern.firingTime(0, all, start, end) + frame, pattern.firingTime(0, next, end, end + frame), 1e-9);
        }
    }

    private static void sortRows(List<double[]> rows) {
        rows.sort((x, y) -> {
            for (int j = 0; j < x.length; j++) {
                int c = Double.compare(Math.rint(x[j] * 1e9), Math.rint(y[j] * 1e9));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
    }

    @Test
    void theCatalogHasEveryFileOnceWithItsModeAndLicence() {
        List<CatalogModel> models = RtxCatalog.models();
        assertEquals(45, models.size());
        assertEquals(models.size(), models.stream().map(CatalogModel::id).distinct().count(), "ids are unique");
        assertEquals(35, models.stream().filter(m -> m.vendor().equals("Ouster")).count());
        assertEquals(5, models.stream().filter(m -> m.vendor().equals("SICK")).count());
        CatalogModel os1 = find("OS1-32-rev6-2048x10");
        assertEquals(List.of(new Mode("2048x10", 2048, 10)), os1.modes());
        assertEquals(Provenance.UNIT_CALIBRATION, os1.source().provenance());
        assertEquals("Ouster/OS1/OS1_REV6_32ch10hz2048res.json", os1.source().file());
        assertEquals(List.of("STRONGEST", "DUAL"), os1.returnModes());
        assertEquals(List.of("STRONGEST"), find("TiM781").returnModes());
        assertEquals(List.of(new Mode("15Hz", 0, 15)), find("TiM781").modes());
        assertEquals(List.of(new Mode("3200x10", 3200, 10)), find("RPLIDAR-S2E").modes());
        assertEquals(List.of(new Mode("2000x10", 2000, 10)), find("PandarXT-32-2000x10").modes());
        // 18,761 columns a second: 1877 whole columns a turn, the turn at 18761 / 1877 Hz
        assertEquals(List.of(new Mode("1877x10", 1877, 18761.0 / 1877)), find("VLS-128-1877x10").modes());
        assertEquals(0.06611, find("VLS-128-1877x10").beams().get(127).originZ());
        assertEquals("Velodyne", find("VLS-128-1877x10").vendor());
        assertEquals("Hesai", find("PandarXT-32-2000x10").vendor());
        assertEquals(Provenance.NOMINAL, find("VLS-128-1877x10").source().provenance());
        // ids apart from the Hesai and Velodyne bundles' PandarXT-32 and VLS-128
        assertTrue(models.stream().noneMatch(m -> m.id().equals("PandarXT-32") || m.id().equals("VLS-128")));
        for (CatalogModel m : models) {
            assertEquals(RtxCatalog.LICENCE, m.source().licence());
            assertTrue(m.source().origin().startsWith("isaac-sim/IsaacSim"), m.id());
        }
        assertTrue(os1.source().note().endsWith(", Isaac Sim file OS1_REV6_32ch10hz2048res.json"), os1.source().note());
        // the TiM781's first ray: the file's +45°, turned to +135°; 811 rays a frame at 15 Hz; one layer
        var tim = find("TiM781").replay();
        assertEquals(Math.toRadians(135), tim.azimuths()[0], 1e-12);
        assertEquals(811 * 15.0, tim.pointRate(), 1e-9);
        assertEquals(82203e-9, tim.times()[1], 1e-15);
        assertEquals(0, java.util.Arrays.stream(tim.channels()).max().orElseThrow());
        // channels of a multi-layer frame: layer 0 is the top one, 16 layers
        int[] beams = RayPatterns.of(find("multiScan136"), find("multiScan136").defaultConfig()).beams();
        assertEquals(15, java.util.Arrays.stream(beams).max().orElseThrow());
        // [L-16] divergence: the Ouster datasheet FWHM per family, 0.17° elsewhere
        Map.of("OS0-128-rev7-512x10", 0.35, "OS1-128-rev6-1024x20", 0.18, "OS2-128-rev7-2048x10", 0.09, "TiM781", 0.17)
                .forEach((id, fwhm) -> assertEquals(Math.toRadians(fwhm) / 2 / Math.sqrt(Math.log(2) / 2),
                        find(id).divergenceHalfAngle(), 1e-12, id));
    }

    /** [L-DET] the datasheet lines DATASHEETS.md lists for these models, with how each is cited. */
    @Test
    void datasheetLinesAreTheVendorsOrTheFilesMarkedUncited() {
        assertLines("OS0-128-rev6-1024x10", Citation.CITED, 15, 0.9, 20, 0.5);
        assertLines("OS1-32-rev6-512x20", Citation.CITED, 45, 0.9, 55, 0.5);
        assertLines("OS2-128-rev6-2048x10", Citation.CITED, 80, 0.9, 100, 0.5);
        assertLines("OS0-128-rev7-1024x10", Citation.CITED, 35, 0.9);
        assertLines("OS1-128-rev7-1024x20", Citation.CITED, 90, 0.9);
        assertLines("OS2-128-rev7-512x10", Citation.CITED, 200, 0.9);
        assertTrue(find("OS2-128-rev7-512x10").detection().get(0).source().contains("datasheet-rev7-v2p5-os2.pdf"));
        assertTrue(find("OS1-128-rev7-512x10").detection().get(0).source().contains("datasheet-rev7-v3p0-os1.pdf"));
        assertLines("RPLIDAR-S2E", Citation.CITED, 10, 0.9);
        assertLines("PandarXT-32-2000x10", Citation.CITED, 50, 0.9, 80, 0.9);
        var xt = find("PandarXT-32-2000x10").detection();
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 25, 26, 27, 28, 29, 30, 31, 32), xt.get(0).channels());
        assertEquals(java.util.stream.IntStream.rangeClosed(9, 24).boxed().toList(), xt.get(1).channels());
        assertEquals("PandarXT-32 user manual X01-en-220410, p. 13 (quoted in the Isaac Sim file): 80 m @ 10 % "
                + "(channels 9-24)", xt.get(1).source());
        assertEquals(0.1, xt.get(0).reflectivity());
        assertEquals(1e-4, xt.get(1).falseAlarmRate());
        assertLines("VLS-128-1877x10", Citation.UNCITED, 120, 0.9);
        assertLines("multiScan136", Citation.UNCITED, 12, 0.9);
        assertLines("multiScan165", Citation.UNCITED, 25, 0.9);
        assertLines("picoScan150", Citation.UNCITED, 23, 0.9);
        assertEquals(0.05, find("TiM781").detection().get(0).reflectivity());
        assertLines("TiM781", Citation.UNCITED, 5, 0.9);
        assertEquals(0.02, find("microScan3").detection().get(0).reflectivity());
        assertLines("microScan3", Citation.UNCITED, 9, 0.9);
        // the ZVISION files' 270 m lies beyond their own 45 m and 250 m ranges: no line
        assertEquals(List.of(), find("ML-30S").detection());
        assertEquals(List.of(), find("ML-XS").detection());
    }

    /** A file's own line needs a reflectance and a range above 0 and a range inside the file's far range. */
    @Test
    void aFilesOwnLineNeedsAFigureInsideItsRange() {
        String base = "{\"profile\": {\"scanType\": \"solidState\", \"scanRateBaseHz\": 10, \"reportRateBaseHz\": 10,"
                + " \"farRangeM\": 30, %s \"emitterStates\": [{\"azimuthDeg\": [0], \"elevationDeg\": [0],"
                + " \"fireTimeNs\": [0]}]}}";
        java.util.function.Function<String, List<DetectionLine>> lines = extra -> RtxCatalog.detection("x",
                RtxFile.parse("f.json", String.format(base, extra)));
        assertEquals(1, lines.apply("\"minReflectance\": 0.1, \"minReflectanceRange\": 29.9,").size());
        assertEquals(0, lines.apply("\"minReflectance\": 0.1, \"minReflectanceRange\": 30,").size(), "at the far range");
        assertEquals(0, lines.apply("\"minReflectance\": 0, \"minReflectanceRange\": 20,").size(), "no reflectance");
        assertEquals(0, lines.apply("\"minReflectance\": 0.1, \"minReflectanceRange\": 0,").size(), "no range");
        assertEquals(0, lines.apply("").size());
    }

    private static void assertLines(String id, Citation citation, double... rangeAndProbability) {
        List<DetectionLine> lines = find(id).detection();
        assertEquals(rangeAndProbability.length / 2, lines.size(), id);
        for (int i = 0; i < lines.size(); i++) {
            DetectionLine l = lines.get(i);
            assertEquals(rangeAndProbability[2 * i], l.range(), id);
            assertEquals(rangeAndProbability[2 * i + 1], l.detectionProbability(), id);
            assertEquals(100, l.ambientKlx(), id);
            assertEquals(citation, l.citation(), id);
            assertEquals(id.startsWith("PandarXT") ? 16 : 0, l.channels().size(), id);
            if (citation == Citation.CITED && id.startsWith("OS")) {
                assertEquals(0.1, l.reflectivity(), id);
                assertTrue(l.source().contains("datasheet-rev"), l.source());
            }
        }
    }

    @Test
    void aMalformedFileIsRefusedAtItsLine() {
        String good = "{\"profile\": {\n\"scanType\": \"solidState\",\n\"scanRateBaseHz\": 10,\n\"reportRateBaseHz\": 10,\n"
                + "\"farRangeM\": 30,\n\"numberOfEmitters\": 2,\n\"emitterStateCount\": 1,\n\"emitterStates\": [{\n"
                + "\"azimuthDeg\": [0, 1],\n\"elevationDeg\": [0,\n 0],\n\"fireTimeNs\": [0, 5]}]}}";
        RtxFile f = RtxFile.parse("f.json", good);
        assertArrayEquals(new double[] {0, 1}, f.azimuths());
        assertEquals(30, f.farRange());
        assertEquals(0, f.nearRange());
        assertRefused("f.json line 11: elevationDeg[1] is 'x', not a number", good.replace("\n 0]", "\n x]"));
        assertRefused("f.json line 10: elevationDeg[0] must be in [-90, 90] degrees, got 91",
                good.replace("[0,\n 0]", "[91,\n 0]"));
        assertRefused("f.json line 9: azimuthDeg holds 2 values but numberOfEmitters is 3",
                good.replace("\"numberOfEmitters\": 2", "\"numberOfEmitters\": 3"));
        assertRefused("f.json line 10: elevationDeg holds 1 values but numberOfEmitters is 2",
                good.replace("[0,\n 0]", "[0]"));
        assertRefused("f.json line 12: fireTimeNs holds 3 values but numberOfEmitters is 2", good.replace("[0, 5]", "[0, 5, 6]"));
        assertEquals(90, RtxFile.parse("f.json", good.replace("[0,\n 0]", "[90,\n -90]")).elevations()[0]);
        // without numberOfEmitters and emitterStateCount: the arrays' length and one state
        assertEquals(2, RtxFile.parse("f.json", good.replace("\"numberOfEmitters\": 2,", "")
                .replace("\"emitterStateCount\": 1,", "")).azimuths().length);
        String oneColumn = good.replace("solidState", "rotary").replace("\"scanType\": \"rotary\",",
                "\"scanType\": \"rotary\", \"rotationDirection\": \"CW\",");
        assertEquals(1, RtxFile.parse("f.json", oneColumn).columns("f.json"), "one column per rotation");
        assertArrayEquals(new double[] {0, 0}, RtxFile.parse("f.json", good).vertOffsets(), "no vertOffsetM: 0");
        String raised = good.replace("\"fireTimeNs\"", "\"vertOffsetM\": [0.5, 0.25],\n\"fireTimeNs\"");
        assertArrayEquals(new double[] {0.5, 0.25}, RtxFile.parse("f.json", raised).vertOffsets());
        assertRefused("f.json line 12: vertOffsetM holds 1 values but numberOfEmitters is 2", raised.replace("[0.5, 0.25]", "[0.5]"));
        assertEquals(2, RtxFile.parse("f.json", oneColumn.replace("\"reportRateBaseHz\": 10", "\"reportRateBaseHz\": 15"))
                .coveringColumns(), "1.5 columns a turn: 2 cover it");
        assertEquals(1, RtxFile.parse("f.json", oneColumn).coveringColumns());
        assertRefused("f.json line 2: scanType must be rotary or solidState, got 'spiral'", good.replace("solidState", "spiral"));
        assertRefused("f.json line 3: scanRateBaseHz must be > 0, got 0", good.replace("\"scanRateBaseHz\": 10", "\"scanRateBaseHz\": 0"));
        assertRefused("f.json line 7: emitterStateCount must be 1 (one emitter state), got 2",
                good.replace("\"emitterStateCount\": 1", "\"emitterStateCount\": 2"));
        assertRefused("f.json line 5: farRangeM must be a number", good.replace("\"farRangeM\": 30", "\"farRangeM\": \"far\""));
        assertRefused("f.json: no fireTimeNs", good.replace("fireTimeNs", "fire"));
        String rotary = good.replace("solidState", "rotary").replace("\"reportRateBaseHz\": 10", "\"reportRateBaseHz\": 15");
        assertRefused("f.json: no rotationDirection", rotary);
        assertRefused("f.json line 2: a rotary file must turn clockwise (rotationDirection CW), as every published one does",
                rotary.replace("\"scanType\": \"rotary\",", "\"scanType\": \"rotary\", \"rotationDirection\": \"CCW\","));
        var e = assertThrows(IllegalArgumentException.class, () -> RtxFile.parse("f.json", rotary.replace(
                "\"scanType\": \"rotary\",", "\"scanType\": \"rotary\", \"rotationDirection\": \"CW\",")).columns("f.json"));
        assertEquals("f.json: reportRateBaseHz / scanRateBaseHz must be a whole number of columns per rotation, got 1.5",
                e.getMessage());
    }

    private static void assertRefused(String message, String text) {
        var e = assertThrows(IllegalArgumentException.class, () -> RtxFile.parse("f.json", text));
        assertEquals(message, e.getMessage());
    }

    static CatalogModel find(String id) {
        return RtxCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
    }
}
