package sensor.lidar.velodyne;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.CatalogModel;
import sensor.lidar.api.RayPatterns;

/**
 * Every ray of every Velodyne model against the driver's calibration file, read with a YAML parser, put through the
 * driver's formulas written out here ({@code rawdata.cpp}): β = a − rot_correction for encoder azimuth a (clockwise),
 * {@code x = (d cos φ − v sin φ) cos β + h sin β}, {@code y = −(d cos φ − v sin φ) sin β + h cos β},
 * {@code z = d sin φ + v cos φ}; origin at d = 0, direction the change per metre. Firing times from the
 * {@code rawdata.hpp} constants: sequence period T and laser offset τ(laser_id); a = 2π·t/(N·T) with N the fewest whole
 * sequences that cover one rotation at the mode's rpm (so a 10 Hz frame holds a 600 rpm scan). Rings count up from the lowest beam.
 */
class VelodyneCatalogTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** τ of laser l, µs, per the driver's timing tables. */
    static double firingMicros(String timing, int l) {
        return switch (timing) {
            case "vlp16" -> 2.304 * l;
            case "vlp32" -> 2.304 * (l / 2);
            case "hdl32" -> 1.152 * (l / 2);
            case "vls128" -> 2.665 * (l / 8 + (l / 8) / 8);
            default -> 0;
        };
    }

    @ParameterizedTest(name = "{0} against {1}")
    @CsvSource({
        "VLP-16, VLP16db.yaml, 55.296, vlp16",
        "VLP-16-HiRes, VLP16_hires_db.yaml, 55.296, vlp16",
        "VLP-32C, VeloView-VLP-32C.yaml, 55.296, vlp32",
        "HDL-32E, 32db.yaml, 46.080, hdl32",
        "VLS-128, VLS128.yaml, 53.3, vls128",
        "HDL-64E, 64e_utexas.yaml, 64.1025641025641, none",
        "HDL-64E-S2, 64e_s2.1-sztaki.yaml, 48.000721930857836, none",
        "HDL-64E-S3, 64e_s3-xiesc.yaml, 28.800035020842586, none",
        "VLP-32A, velodyne_decoder/VLP-32A.yml, 55.296, vlp32",
        "HDL-64E-S3-VeloView, velodyne_decoder/HDL-64E_S3-VeloView.yml, 28.800035020842586, none",
        "HDL-64E-S2-issue84, issue_84_float_intensities.yaml, 48.000721930857836, none",
    })
    void everyRayFollowsTheCalibrationAndTheDriversFormula(String id, String file, double periodMicros, String timing)
            throws IOException {
        JsonNode yaml;
        try (InputStream in = VelodyneCatalog.class.getResourceAsStream(file)) {
            yaml = YAML.readTree(in);
        }
        List<JsonNode> lasers = new ArrayList<>();
        yaml.get("lasers").forEach(lasers::add);
        lasers.sort(Comparator.comparingDouble(l -> l.get("vert_correction").asDouble()));
        CatalogModel model = VelodyneCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        assertEquals(file, model.source().file());
        double period = periodMicros * 1e-6;
        for (Mode mode : List.of(model.mode("600rpm"), model.mode("1200rpm"))) {
            int n = (int) Math.ceil(60.0 / Integer.parseInt(mode.name().replace("rpm", "")) / period);
            assertEquals(n, mode.columns());
            assertTrue(mode.rate() <= Integer.parseInt(mode.name().replace("rpm", "")) / 60.0, "a scan fits a frame at the rpm");
            RayPatternGenerator p = RayPatterns.of(model, mode);
            int channels = lasers.size();
            double start = -0.5 * period, end = (n - 0.5) * period;
            RayInterval all = p.interval(start, end);
            assertEquals(n * channels, all.count());
            for (int i = 0; i < all.count(); i++) {
                int k = i / channels;
                JsonNode l = lasers.get(i % channels);
                double t = k * period + firingMicros(timing, l.get("laser_id").asInt()) * 1e-6;
                double a = 2 * Math.PI * t / (n * period), beta = a - l.get("rot_correction").asDouble();
                double phi = l.get("vert_correction").asDouble(), v = l.path("vert_offset_correction").asDouble(0);
                double h = l.path("horiz_offset_correction").asDouble(0);
                double[] p0 = point(0, phi, v, h, beta), p1 = point(1, phi, v, h, beta);
                Pose ray = p.rays().get(all.rayIndex(i, p.rays().size()));
                Vec3 d = ray.transformVector(Vec3.Z);
                String where = id + " " + mode.name() + " column " + k + " laser " + l.get("laser_id").asInt();
                assertEquals(p1[0] - p0[0], d.x(), 1e-9, where);
                assertEquals(p1[1] - p0[1], d.y(), 1e-9, where);
                assertEquals(p1[2] - p0[2], d.z(), 1e-9, where);
                assertEquals(p0[0], ray.position().x(), 1e-6, where);
                assertEquals(p0[1], ray.position().y(), 1e-6, where);
                assertEquals(p0[2], ray.position().z(), 1e-6, where);
                assertEquals(t, p.firingTime(i, all, start, end), 1e-9, where);
            }
        }
    }

    /** The driver's point at distance d, in ROS axes. */
    private static double[] point(double d, double phi, double v, double h, double beta) {
        double xy = d * Math.cos(phi) - v * Math.sin(phi);
        return new double[] {xy * Math.cos(beta) + h * Math.sin(beta), -xy * Math.sin(beta) + h * Math.cos(beta),
            d * Math.sin(phi) + v * Math.cos(phi)};
    }

    @Test
    void aMalformedCalibrationIsRefusedWithItsLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> VelodyneCatalog.parse("bad.yaml",
                "lasers:\n- {laser_id: 0, rot_correction: 0.0,\n  vert_correction: x}\n"));
        assertEquals("bad.yaml line 2: vert_correction 'x' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> VelodyneCatalog.parse("bad.yaml",
                "lasers:\n- {laser_id: 0, rot_correction: 0.0}\n"));
        assertEquals("bad.yaml line 2: laser entry without vert_correction", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> VelodyneCatalog.parse("bad.yaml", "num_lasers: 16\n"));
        assertTrue(e.getMessage().startsWith("bad.yaml: no lasers"), e.getMessage());
        assertEquals(11, VelodyneCatalog.models().size());
        e = assertThrows(IllegalArgumentException.class, () -> VelodyneCatalog.parse("bad.yaml",
                "lasers:\n- {laser_id: 0, rot_correction: 0.0,\n  vert_correction: 0.1\n"));
        assertEquals("bad.yaml line 2: laser entry without a closing '}'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> VelodyneCatalog.parse("bad.yaml",
                "lasers:\n- {laser_id: 0, rot_correction 0.0, vert_correction: 0.1}\n"));
        assertEquals("bad.yaml line 2: 'rot_correction 0.0' is not 'key: value'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> VelodyneCatalog.parse("bad.yaml",
                "lasers:\n- {laser_id: 0, rot_correction: 0.0, vert_correction: 0.1}\n"
                        + "- {laser_id: 1, rot_correction: 0.0, vert_correction: -1.5708}\n"));
        assertEquals("bad.yaml line 3: vert_correction must be in [-π/2, π/2] rad, got -1.5708", e.getMessage());
    }

    @Test
    void bothYamlFormsAreRead() {
        // block form to the end of the file, and a beam straight up (π/2, the limit) accepted
        var lasers = VelodyneCatalog.parse("block.yaml", "lasers:\n"
                + "- {laser_id: 0, rot_correction: 0.5,\n  vert_correction: -0.1, horiz_offset_correction: 0.03}\n"
                + "- laser_id: 1\n  rot_correction: -0.25\n  vert_correction: 1.5707963267948966\n  vert_offset_correction: 0.2");
        assertEquals(List.of(new VelodyneCatalog.Laser(0, 0.5, -0.1, 0, 0.03),
                new VelodyneCatalog.Laser(1, -0.25, Math.PI / 2, 0.2, 0)), lasers);
    }

    @Test
    void anIndentedBlockListIsRead() {
        // velodyne_decoder's form: the dash indented, the keys in any order, a blank line inside an entry
        var lasers = VelodyneCatalog.parse("decoder.yml", "# a comment\n\ndistance_resolution: 0.004\nlasers:\n   \n"
                + "  - rot_correction: 0.02\n    laser_id: 3\n\n    vert_correction: -0.25\n"
                + "  - laser_id: 4\n    rot_correction: -0.02\n    vert_correction: 0.01\n    horiz_offset_correction: 0.026\n"
                + "num_lasers: 2\n");
        assertEquals(List.of(new VelodyneCatalog.Laser(3, 0.02, -0.25, 0, 0), new VelodyneCatalog.Laser(4, -0.02, 0.01, 0, 0.026)),
                lasers);
        var e = assertThrows(IllegalArgumentException.class, () -> VelodyneCatalog.parse("decoder.yml",
                "lasers:\n  - laser_id: 0\n    rot_correction: 0.0\n  vert_correction: 0.1\n"));
        assertEquals("decoder.yml line 2: laser entry without vert_correction", e.getMessage(),
                "a key no deeper than the dash belongs to no entry");
    }

    /** velodyne_decoder's files (indented block form) name their repository and licence; the others the ROS driver's. */
    @Test
    void eachModelNamesTheRepositoryItsFileCameFrom() {
        for (CatalogModel m : VelodyneCatalog.models()) {
            boolean decoder = m.source().file().startsWith("velodyne_decoder/");
            assertEquals(decoder ? "valgur/velodyne_decoder src/velodyne_decoder/calibrations @ 08ddf97f6b7a"
                    : "ros-drivers/velodyne velodyne_pointcloud/params @ 04a7ca722eae (ros2)", m.source().origin(), m.id());
            assertEquals(decoder ? "BSD-3-Clause (LICENSE-velodyne_decoder)" : "BSD-3-Clause (LICENSE-ros-drivers-velodyne)",
                    m.source().licence(), m.id());
        }
    }

    /**
     * No table twice under two names: every model's beams differ from every other's by more than the files' rounding
     * (velodyne_decoder's Alpha Prime, HDL-32E, VLP-32B/C, Puck Hi-Res and HDL-64E S1/S2.1/S3-xiesc files repeat tables
     * already here within 6e-6 rad, and were not added).
     */
    @Test
    void noTwoModelsShareABeamTable() {
        List<CatalogModel> all = VelodyneCatalog.models();
        for (int a = 0; a < all.size(); a++) {
            for (int b = a + 1; b < all.size(); b++) {
                var x = all.get(a).beams();
                var y = all.get(b).beams();
                double most = 0;
                for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
                    most = Math.max(most, Math.max(Math.abs(x.get(i).elevation() - y.get(i).elevation()),
                            Math.abs(x.get(i).azimuthOffset() - y.get(i).azimuthOffset())));
                }
                assertTrue(x.size() != y.size() || most > 1e-3, all.get(a).id() + " and " + all.get(b).id());
            }
        }
    }

    @Test
    void returnModesAreTheDriversStrongestLastAndDual() { // the original HDL-64E has a single return
        for (CatalogModel m : VelodyneCatalog.models()) {
            assertEquals(m.id().equals("HDL-64E") ? List.of("STRONGEST") : List.of("STRONGEST", "LAST", "DUAL"),
                    m.returnModes(), m.id());
        }
    }

    /**
     * Two units of the HDL-64E: the model given each unit's published calibration (the S2.1 unit of SZTAKI, the S3 unit
     * of xiesc) puts its beams at each file's vert_correction and rot_correction (read here with Jackson's YAML
     * parser), bottom to top as the driver numbers rings (the two differ by up to 3°: an S2.1 and an S3); a file of 32
     * lasers is refused.
     */
    @Test
    void twoUnitFilesOfTheHdl64ePutTheBeamsWhereEachFileSays() throws IOException {
        CatalogModel hdl = VelodyneCatalog.models().stream().filter(m -> m.id().equals("HDL-64E")).findFirst().orElseThrow();
        List<double[]> previous = null;
        double largest = 0;
        for (String file : List.of("64e_s2.1-sztaki.yaml", "64e_s3-xiesc.yaml")) {
            String text;
            try (InputStream in = VelodyneCatalog.class.getResourceAsStream(file)) {
                text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            }
            List<double[]> lasers = new ArrayList<>();
            new ObjectMapper(new YAMLFactory()).readTree(text).get("lasers").forEach(l -> lasers.add(new double[] {
                    l.get("vert_correction").asDouble(), l.get("rot_correction").asDouble()}));
            lasers.sort(Comparator.comparingDouble(l -> l[0]));
            CatalogModel unit = hdl.calibrated(file, text);
            assertEquals(64, unit.beams().size());
            for (int c = 0; c < 64; c++) {
                assertEquals(lasers.get(c)[0], unit.beams().get(c).elevation(), 1e-12, file + " ring " + c);
                if (previous != null) {
                    largest = Math.max(largest, Math.toDegrees(Math.abs(lasers.get(c)[0] - previous.get(c)[0])));
                }
            }
            previous = lasers;
        }
        assertTrue(largest > 0.05, "the two units' beams differ: " + largest + "°");
        String hdl32;
        try (InputStream in = VelodyneCatalog.class.getResourceAsStream("32db.yaml")) {
            hdl32 = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        var e = assertThrows(IllegalArgumentException.class, () -> hdl.calibrated("db.yaml", hdl32));
        assertEquals("db.yaml: 32 channels, but Velodyne HDL-64E has 64; expected " + VelodyneCatalog.CALIBRATION
                + " with 64 channels", e.getMessage());
    }
}
