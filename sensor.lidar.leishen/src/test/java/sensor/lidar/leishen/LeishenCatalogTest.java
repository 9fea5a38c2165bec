package sensor.lidar.leishen;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.api.RayPatterns;

/**
 * Every ray of every Leishen model against the driver's header, read here with regular expressions, put through
 * {@code lslidar_driver.cpp} written out here: slot s of a firing (s = fir_idx mod n) fires at {@code s·P/n} after the
 * firing's time k·P (P = 50 µs, 0.18° at 10 Hz), the encoder is then at a = 360°·f·t (clockwise), the C32W's slots
 * 6, 7, 14, 15, 22, 23, 29, 30 add 3.89°, and a return at distance d lies at
 * {@code (d cos φ cos a + R cos(c − a), −d cos φ sin a + R sin(c − a), d sin φ)} ({@code coordinate_opt}), φ the
 * table's value of slot s, R and c the model's constants. Rings are the driver's {@code remapped_scan_idx} for the
 * model's {@code ring_}.
 */
class LeishenCatalogTest {
    static String header() throws IOException {
        try (InputStream in = LeishenCatalog.class.getResourceAsStream("lslidar_driver.h")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The C array {@code name}, read with one regular expression over the whole text. */
    static double[] array(String text, String name) {
        Matcher m = Pattern.compile("\\b" + name + "\\[(\\d+)\\]\\s*=\\s*\\{([^}]*)\\}").matcher(text);
        assertTrue(m.find(), name);
        double[] v = Arrays.stream(m.group(2).split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .map(s -> s.replaceAll("f$", "")).mapToDouble(Double::parseDouble).toArray();
        assertEquals(Integer.parseInt(m.group(1)), v.length, name);
        return v;
    }

    /** The constant {@code name}, read with one regular expression. */
    static double constant(String text, String name) {
        Matcher m = Pattern.compile("\\b" + name + "\\s*=\\s*([-0-9.]+)f?;").matcher(text);
        assertTrue(m.find(), name);
        return Double.parseDouble(m.group(1));
    }

    /** The driver's {@code remapped_scan_idx} of slot i for {@code ring_} code {@code ring}. */
    static int ring(int ring, int i) {
        return switch (ring) {
            case 33 -> (i % 32) % 4 * 16 >= 24 ? (i % 32) % 4 * 16 - 24 + i % 32 / 4 : (i % 32) % 4 * 16 + i % 32 / 4;
            case 32 -> (i % 32) % 4 * 8 + i % 32 / 4;
            case 31 -> (i % 32) % 2 == 0 ? (i % 32) / 2 : (i % 32) / 2 + 16;
            case 16 -> (i % 16) % 2 == 0 ? (i % 16) / 2 : (i % 16) / 2 + 8;
            case 8 -> (i % 8) % 2 * 4 + (i % 8) / 2;
            default -> 0;
        };
    }

    /** The point of slot s at distance d, azimuth a (degrees), in {@code coordinate_opt} axes. */
    static double[] point(double d, double phi, double a, double r, double c) {
        double ar = Math.toRadians(a), cr = Math.toRadians(c - a);
        return new double[] {d * Math.cos(phi) * Math.cos(ar) + r * Math.cos(cr),
            -d * Math.cos(phi) * Math.sin(ar) + r * Math.sin(cr), d * Math.sin(phi)};
    }

    @ParameterizedTest(name = "{0} from {1}")
    @CsvSource({ // id, table, lidar_number_, ring_, R, conversion angle: determineLidarType's choices per packet id
        "C16, c16_vertical_angle, 16, 16, R1_, conversionAngle_",
        "C16-V3, c16_30_vertical_angle, 16, 16, R2_, conversionAngle_C16_3",
        "C32, c32_vertical_angle, 32, 32, R1_, conversionAngle_",
        "C32-V3, c32_30_vertical_angle, 32, 31, R3_, conversionAngle_C32_3",
        "C32W, c32_70_vertical_angle, 32, 32, R1_C32W, conversionAngle_",
        "C32WP, c32wp_vertical_angle, 32, 32, R1_C32W, conversionAngle_",
        "C32WN, c32wn_vertical_angle2, 32, 32, R1_C32W, conversionAngle_",
        "C32WB, c32wb_vertical_angle2, 32, 33, R1_C32W, conversionAngle_",
        "CH32R, c32_90_vertical_angle, 32, 32, R1_90, conversionAngle_90",
        "CH32RN, c32rn_vertical_angle, 32, 33, R1_90, conversionAngle_90",
        "C8, c8_vertical_angle, 8, 8, R1_, conversionAngle_",
        "C8F, c8f_vertical_angle, 8, 8, R1_, conversionAngle_",
        "CKM8, ckm8_vertical_angle, 8, 8, R1_, conversionAngle_",
        "C1, c1_vertical_angle, 1, 1, R1_, conversionAngle_",
    })
    void everyRayFollowsTheHeaderAndTheDriversFormula(String id, String table, int n, int ringCode, String radius,
            String conversion) throws IOException {
        String text = header();
        double[] angles = array(text, table);
        double r = constant(text, radius), c = constant(text, conversion) / 100;
        int[] slotOfRing = new int[n];
        for (int s = 0; s < n; s++) {
            slotOfRing[ring(ringCode, s)] = s;
        }
        CatalogModel model = LeishenCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        assertEquals(n, model.beams().size());
        assertEquals("lslidar_driver.h", model.source().file());
        assertEquals(Provenance.NOMINAL, model.source().provenance());
        assertEquals(List.of(new Mode("10Hz", 2000, 10), new Mode("20Hz", 1000, 20), new Mode("5Hz", 4000, 5)),
                model.modes());
        for (Mode mode : model.modes()) {
            int columns = mode.columns();
            double f = mode.rate(), p = 50e-6;
            assertEquals(1, columns * f * p, 1e-12, "a firing every 50 µs at every rate");
            RayPatternGenerator g = RayPatterns.of(model, mode);
            double start = -0.5 * p, end = (columns - 0.5) * p;
            RayInterval all = g.interval(start, end);
            assertEquals(columns * n, all.count());
            for (int i = 0; i < all.count(); i++) {
                int k = i / n, s = slotOfRing[i % n];
                double t = k * p + s * p / n;
                double a = 360 * f * t + (id.equals("C32W") && List.of(6, 7, 14, 15, 22, 23, 29, 30).contains(s) ? 3.89 : 0);
                double phi = Math.toRadians(angles[s]);
                double[] p0 = point(0, phi, a, r, c), p1 = point(1, phi, a, r, c);
                Pose ray = g.rays().get(all.rayIndex(i, g.rays().size()));
                Vec3 d = ray.transformVector(Vec3.Z);
                String where = id + " " + mode.name() + " firing " + k + " ring " + (i % n) + " slot " + s;
                assertEquals(p1[0] - p0[0], d.x(), 1e-9, where);
                assertEquals(p1[1] - p0[1], d.y(), 1e-9, where);
                assertEquals(p1[2] - p0[2], d.z(), 1e-9, where);
                assertEquals(p0[0], ray.position().x(), 1e-9, where);
                assertEquals(p0[1], ray.position().y(), 1e-9, where);
                assertEquals(p0[2], ray.position().z(), 1e-9, where);
                assertEquals(t, g.firingTime(i, all, start, end), 1e-9, where);
            }
        }
    }

    @Test
    void everyModelIsListedOnceWithItsSourceAndRanges() {
        List<CatalogModel> models = LeishenCatalog.models();
        assertEquals(List.of("C16", "C16-V3", "C32", "C32-V3", "C32W", "C32WP", "C32WN", "C32WB", "CH32R", "CH32RN", "C8",
                "C8F", "CKM8", "C1"), models.stream().map(CatalogModel::id).toList());
        for (CatalogModel m : models) {
            assertEquals("Leishen", m.vendor());
            assertTrue(m.source().origin().startsWith("Lslidar/Lslidar_ROS2_driver lslidar_driver/include/lslidar_driver/"
                    + "lslidar_driver.h @ 08d692c2adf6"), m.id());
            assertEquals("Apache-2.0 (LICENSE-Lslidar_ROS2_driver, LICENSE-Apache-2.0)", m.source().licence());
            assertTrue(m.description().startsWith("Leishen " + m.id()), m.description());
            assertTrue(m.source().note().startsWith("nominal angles ("), m.source().note());
            assertEquals(0.15, m.rangeMin());
            assertEquals(200, m.rangeMax());
            assertEquals(0.0015, m.divergenceHalfAngle());
            assertEquals(List.of("STRONGEST", "DUAL"), m.returnModes());
        }
        assertEquals("nominal angles (c32_70_vertical_angle), origin R1_C32W at conversionAngle_; a firing every 50 µs "
                + "(the driver's 0.18° at 10 Hz), channel s at s·50 µs/32", models.get(4).source().note());
        // the origins the driver's constants give: 36.1 mm at 20.25° (C16/C32 4.0), 20.9 mm at 27.76° (CH32R)
        var c16 = models.get(0).beams().get(0);
        assertEquals(0.0361 * Math.cos(Math.toRadians(20.25)), c16.originX(), 1e-9);
        assertEquals(0.0361 * Math.sin(Math.toRadians(20.25)), c16.originY(), 1e-9);
        var ch32r = models.get(8).beams().get(0);
        assertEquals(0.0209 * Math.cos(Math.toRadians(27.76)), ch32r.originX(), 1e-9);
        assertEquals(Math.toRadians(2.487), ch32r.elevation(), 1e-12);
    }

    @Test
    void aMalformedHeaderIsRefusedAtItsLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.elevations("h.h",
                List.of("static const float a_angle[3] = {", "  1.0f, 2.5f,", "  9x.0f};"), "a_angle"));
        assertEquals("h.h line 3: '9x.0f' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.elevations("h.h",
                List.of("static const float a_angle[3] = {1.0f, 2.0f};"), "a_angle"));
        assertEquals("h.h line 1: a_angle declares 3 values, got 2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.elevations("h.h",
                List.of("// header", "static const float a_angle[2] = {1.0f,", "  -90.5f};"), "a_angle"));
        assertEquals("h.h line 3: a_angle value -90.5 is not an elevation in [-90, 90] degrees", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.elevations("h.h",
                List.of("static const float a_angle[2] = {1.0f,", "  2.0f,"), "a_angle"));
        assertEquals("h.h line 1: a_angle has no closing '}'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.elevations("h.h",
                List.of("static const float b_angle[1] = {1.0f};", "// a_angle[1] = {2.0f};"), "a_angle"));
        assertEquals("h.h: no array a_angle", e.getMessage(), "a commented declaration does not count");
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.elevations("h.h",
                List.of("static const float a_angle = {1.0f};", "float a_angle[1];"), "a_angle"));
        assertEquals("h.h line 2: a_angle is not declared as a_angle[N] = {...}", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.scalar("h.h",
                List.of("static const float R1_90 = 0.0209f;", "static const float R1_ = 1.5f; // m"), "R1_", 0, 1, "m"));
        assertEquals("h.h line 2: R1_ must be in [0.0, 1.0] m, got 1.5", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.scalar("h.h",
                List.of("static const float R1_ = -0.01f;"), "R1_", 0, 1, "m"));
        assertEquals("h.h line 1: R1_ must be in [0.0, 1.0] m, got -0.01", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.scalar("h.h",
                List.of("static const int conversionAngle_ = 2025"), "conversionAngle_", 0, 36000, "hundredths of a degree"));
        assertEquals("h.h line 1: conversionAngle_ has no closing ';'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.scalar("h.h",
                List.of("int conversionAngle{};", "xconversionAngle_ = 5;"), "conversionAngle_", 0, 36000, "°"));
        assertEquals("h.h: no constant conversionAngle_", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.scalar("h.h",
                List.of("static const int conversionAngle_ = twenty;"), "conversionAngle_", 0, 36000, "°"));
        assertEquals("h.h line 1: 'twenty' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.elevations("h.h",
                List.of("", "static const float a_angle[N] = {1.0f};"), "a_angle"));
        assertEquals("h.h line 2: 'N' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LeishenCatalog.elevations("h.h",
                List.of("static const float a_angle[2 = {1.0f, 2.0f};"), "a_angle"));
        assertEquals("h.h line 1: a_angle is not declared as a_angle[N] = {...}", e.getMessage());
    }

    @Test
    void arraysAndConstantsAreReadInEveryLayoutTheHeaderUses() {
        // one line or several, plain or f-suffixed, a comment after the values, a prefix-sharing name before
        assertArrayEquals(new double[] {-15, 1, 2.66, 89.105, 90, -90}, LeishenCatalog.elevations("h.h",
                List.of("static const float a_angle2[1] = {7};", "    static const float a_angle [6] = {-15, 1,",
                        "            2.66f, 89.105f, // the top", "90, -90.0};"), "a_angle"));
        assertArrayEquals(new double[] {3}, LeishenCatalog.elevations("h.h",
                List.of("static const float a_angle[1] = {3.0f}; float b_angle[1] = {9};"), "a_angle"));
        // another declaration before it on its line, a name at the line's start or end, a closing brace alone
        assertArrayEquals(new double[] {3, 4}, LeishenCatalog.elevations("h.h",
                List.of("float a_angle  ", "float b_angle[1] = {9}; float a_angle[2] = {3.0f,", "4", "};"), "a_angle"));
        assertArrayEquals(new double[] {5}, LeishenCatalog.elevations("h.h",
                List.of("float a_angle", "a_angle[1] = {5", "}"), "a_angle"));
        assertEquals(0.5, LeishenCatalog.scalar("h.h", List.of("R1_ = 0.5;"), "R1_", 0, 1, "m"));
        assertEquals(0.5, LeishenCatalog.scalar("h.h", List.of("float b = 1; float R1_ = 0.5;"), "R1_", 0, 1, "m"));
        assertEquals(0.0361, LeishenCatalog.scalar("h.h",
                List.of("float R1 = 0.0f;", "static const float R1_C32W = 0.03416f;", "static const float R1_ =0.0361f;"),
                "R1_", 0, 1, "m"));
        assertEquals(36000, LeishenCatalog.scalar("h.h", List.of("static const int conversionAngle_ = 36000;"),
                "conversionAngle_", 0, 36000, "°"));
        assertEquals(0, LeishenCatalog.scalar("h.h", List.of("static const int conversionAngle_ = 0;"),
                "conversionAngle_", 0, 36000, "°"));
    }
}
