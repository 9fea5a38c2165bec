package sensor.lidar.hokuyo;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Replay;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.api.RayPatterns;

/**
 * Every ray of every Hokuyo model against {@code hokuyo-pp.txt}, read here another way (one pattern over the whole
 * text, the checksum recomputed) and put through urg_c's formulas written out below; the SCIP checksums of a known
 * UTM-30LX-EW reply; malformed replies refused at their line; the models registered as services.
 */
class HokuyoCatalogTest {
    /** Read afresh for each test (mutation testing changes the reader between tests). */
    private final List<CatalogModel> models = HokuyoCatalog.models();

    static final String FILE = "hokuyo-pp.txt";

    static Stream<String> ids() {
        return Stream.of("URG-04LX", "UTM-30LX-EW", "UST-10LX");
    }

    static String text() {
        try (InputStream in = HokuyoCatalogTest.class.getResourceAsStream("/sensor/lidar/hokuyo/" + FILE)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    CatalogModel find(String id) {
        return models.stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
    }

    // ---- the independent reader -----------------------------------------------------------------------------------

    /** SCIP: the sum of the bytes, the low 6 bits, + '0'. */
    static char scip(String s) {
        return (char) ('0' + (s.chars().sum() & 0b111111));
    }

    /** Each model's parameters, by one pattern over the whole file, every checksum checked. */
    static Map<String, Map<String, Long>> parameters() {
        Map<String, Map<String, Long>> all = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(?m)^([A-Z]{4}):([^;\\n]*);(.)$").matcher(text());
        Map<String, Long> current = null;
        while (m.find()) {
            assertEquals(scip(m.group(1) + ":" + m.group(2)), m.group(3).charAt(0), m.group());
            if (m.group(1).equals("MODL")) {
                current = new LinkedHashMap<>();
                all.put(m.group(2), current);
            } else {
                current.put(m.group(1), Long.valueOf(m.group(2)));
            }
        }
        return all;
    }

    /** urg_c's urg_index2rad for a full scan: step = index − front_data_index + received_first_index (= AMIN). */
    static double urgIndex2rad(Map<String, Long> p, int index) {
        long actual = Math.min(Math.max(0, index), p.get("AMAX"));
        long step = actual - p.get("AFRT") + p.get("AMIN");
        return (2.0 * Math.PI) * step / p.get("ARES"); // urg_step2rad
    }

    record Ray(double az, double t) {}

    /** The rays of a scan: index i of AMIN..AMAX at urg_index2rad(i), fired i·scan_usec/ARES. */
    static List<Ray> expected(Map<String, Long> p) {
        int scanUsec = 1000 * 1000 * 60 / p.get("SCAN").intValue(); // urg_sensor.c receive_parameter
        List<Ray> rays = new ArrayList<>();
        for (int i = 0; i <= p.get("AMAX") - p.get("AMIN"); i++) {
            rays.add(new Ray(urgIndex2rad(p, i), i * (scanUsec / 1e6) / p.get("ARES")));
        }
        return rays;
    }

    // ---- (1) every ray ------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("ids")
    void everyRayFollowsUrgC(String id) {
        CatalogModel model = find(id);
        Map<String, Long> p = parameters().get(id);
        List<Ray> rays = expected(p);
        Replay r = model.replay();
        int n = rays.size();
        assertEquals(n, r.azimuths().length, id);
        for (int i = 0; i < n; i++) {
            String where = id + " ray " + i;
            assertEquals(Math.cos(rays.get(i).az()), Math.cos(r.azimuths()[i]), 1e-12, where);
            assertEquals(Math.sin(rays.get(i).az()), Math.sin(r.azimuths()[i]), 1e-12, where);
            assertTrue(r.azimuths()[i] >= -Math.PI && r.azimuths()[i] < Math.PI, where);
            assertEquals(0, r.elevations()[i], where);
            assertEquals(rays.get(i).t(), r.times()[i], 1e-15, where);
            assertEquals(0, r.channels()[i], where);
        }
        double rate = p.get("SCAN") / 60.0;
        assertEquals(1, model.modes().size());
        assertEquals(p.get("SCAN") + "rpm", model.defaultConfig().name());
        assertEquals(0, model.defaultConfig().columns());
        assertEquals(rate, model.defaultConfig().rate(), 1e-12);
        assertEquals(n * rate, r.pointRate(), 1e-9);
        assertEquals(p.get("DMIN") / 1000.0, model.rangeMin());
        assertEquals(p.get("DMAX") / 1000.0, model.rangeMax());
        // the lidar bundle's pattern: one scan, every ray once in firing order, in the xy plane at even steps, so that
        // the lidar publishes it as a LaserScan (PlanarGeometry)
        RayPatternGenerator pattern = RayPatterns.of(model, model.defaultConfig());
        double start = -1e-7, end = 1 / rate - 1e-7;
        RayInterval all = pattern.interval(start, end);
        assertEquals(n, all.count(), id);
        double previous = Double.NaN;
        for (int i = 0; i < n; i++) {
            Pose ray = pattern.rays().get(all.rayIndex(i, pattern.rays().size()));
            Vec3 d = ray.transformVector(Vec3.Z);
            assertEquals(Vec3.ZERO, ray.position());
            assertEquals(0, d.z(), 1e-12);
            assertEquals(Math.cos(rays.get(i).az()), d.x(), 1e-9, id + " fired ray " + i);
            assertEquals(Math.sin(rays.get(i).az()), d.y(), 1e-9, id + " fired ray " + i);
            assertEquals(rays.get(i).t(), pattern.firingTime(i, all, start, end), 1e-9);
            double az = Math.atan2(d.y(), d.x());
            if (i > 0) {
                assertEquals(2 * Math.PI / p.get("ARES"), Math.IEEEremainder(az - previous, 2 * Math.PI), 1e-9, id);
            }
            previous = az;
        }
    }

    /** The counts, starts and rates as worked out by hand (see the README). */
    @Test
    void theCatalogHasThreeScannersWithTheirCountsAndRates() {
        Object[][] table = {{"URG-04LX", 682, -119.53125, 0.3515625, 10.0, 0.02, 5.6},
            {"UTM-30LX-EW", 1081, -135.0, 0.25, 40.0, 0.023, 60.0}, {"UST-10LX", 1081, -135.0, 0.25, 40.0, 0.02, 30.0}};
        assertEquals(table.length, models.size());
        for (int i = 0; i < table.length; i++) {
            CatalogModel m = models.get(i);
            Replay r = m.replay();
            int n = (int) table[i][1];
            assertEquals(table[i][0], m.id());
            assertEquals(n, r.azimuths().length, m.id());
            assertEquals((double) table[i][2], Math.toDegrees(r.azimuths()[0]), 1e-9, m.id());
            assertEquals((double) table[i][2] + (n - 1) * (double) table[i][3], Math.toDegrees(r.azimuths()[n - 1]), 1e-9);
            assertEquals((double) table[i][4], m.modes().get(0).rate(), 1e-12);
            assertEquals((double) table[i][5], m.rangeMin());
            assertEquals((double) table[i][6], m.rangeMax());
            assertEquals("Hokuyo", m.vendor());
            assertEquals(List.of(), m.beams());
            assertEquals(0, m.divergenceHalfAngle());
            assertEquals(List.of("STRONGEST"), m.returnModes());
            assertEquals(List.of(), m.detection());
            assertNull(m.calibrationFormat());
            assertEquals(Provenance.NOMINAL, m.source().provenance());
            assertEquals(FILE, m.source().file());
            assertNotNull(HokuyoCatalog.class.getResource(m.source().file()));
            assertEquals("Hokuyo SCIP 2.0 specification (document C-42-03320B), PP reply; values as reported by units and"
                    + " reproduced in public driver tests", m.source().origin());
            assertTrue(m.source().note().startsWith(m.description() + ". " + FILE + " lines " + (1 + 11 * i) + "-"
                    + (11 + 11 * i) + ": "), m.source().note());
        }
        assertEquals("Hokuyo URG-04LX (SCIP 2.0 PP reply): 682 rays from -119.5312° at 0.3515625°, 10 Hz",
                find("URG-04LX").description());
        assertEquals("Hokuyo UTM-30LX-EW (SCIP 2.0 PP reply): 1081 rays from -135° at 0.25°, 40 Hz",
                find("UTM-30LX-EW").description());
        assertEquals(List.of(new Mode("600rpm", 0, 10)), find("URG-04LX").modes());
        // the last ray's time: (AMAX - AMIN)·T/ARES
        assertEquals(681 * 0.1 / 1024, find("URG-04LX").replay().times()[681], 1e-15);
        assertEquals(1080 * 0.025 / 1440, find("UST-10LX").replay().times()[1080], 1e-15);
        String note = find("UTM-30LX-EW").source().note();
        for (String s : List.of("DMIN 23 mm, DMAX 60000 mm, ARES 1440 steps a turn, AMIN 0, AMAX 1080, AFRT 540, SCAN 2400"
                + " rpm", "scan_usec = 60000000/SCAN µs = 25000 µs", "(s - AFRT)·360°/ARES counter-clockwise")) {
            assertTrue(note.contains(s), s + " in " + note);
        }
        assertTrue(text().contains("MODL:URG-04LX;9\nDMIN:20;4\nDMAX:5600;_\nARES:1024;\\\nAMIN:44;7\nAMAX:725;o\n"
                + "AFRT:384;6\nSCAN:600;e\n\n"));
    }

    // ---- (2) the SCIP checksum ----------------------------------------------------------------------------------------

    /** A UTM-30LX-EW's reply as units send it, with its checksum characters. */
    static final List<String> KNOWN = List.of("MODL:UTM-30LX-EW;I", "DMIN:23;7", "DMAX:60000;J", "ARES:1440;^", "AMIN:0;?",
            "AMAX:1080;Z", "AFRT:540;0", "SCAN:2400;U");

    @Test
    void theChecksumsAreThoseOfAKnownReply() {
        for (String l : KNOWN) {
            String data = l.substring(0, l.length() - 2);
            assertEquals(l.charAt(l.length() - 1), PpReply.checksum(data), l);
            assertEquals(l.charAt(l.length() - 1), scip(data), l);
            String name = data.substring(0, 4);
            assertEquals(data.substring(5), PpReply.value("f", 1, name, l));
            assertTrue(text().contains("\n" + l + "\n"), l + " is in the file");
        }
        assertEquals('P', PpReply.checksum("00"), "the status line 00P");
        assertEquals('0', PpReply.checksum(""));
        assertEquals('o', PpReply.checksum("?"), "63: the largest checksum");
        assertEquals('0', PpReply.checksum("@"), "64 wraps to 0");
        assertEquals('2', PpReply.checksum("\u00ff"), "UTF-8 bytes 0xC3 + 0xBF = 386, 2 in the low 6 bits");
        // one character off in each line is refused
        for (String l : KNOWN) {
            String name = l.substring(0, 4);
            char c = l.charAt(l.length() - 1);
            String bad = l.substring(0, l.length() - 1) + (char) (c + 1);
            var e = assertThrows(IllegalArgumentException.class, () -> PpReply.value("f", 7, name, bad));
            assertEquals("f line 7: the checksum of '" + l.substring(0, l.length() - 2) + "' must be '" + c + "', got '"
                    + (char) (c + 1) + "'", e.getMessage());
        }
    }

    // ---- (3) malformed files ------------------------------------------------------------------------------------------

    /** {@code text} with line {@code line} (1-based) changed by {@code f}. */
    static String edit(String text, int line, UnaryOperator<String> f) {
        String[] lines = text.split("\n", -1);
        lines[line - 1] = f.apply(lines[line - 1]);
        return String.join("\n", lines);
    }

    /** Line {@code line} set to {@code NAME:value} with its right checksum. */
    static String set(String text, int line, String data) {
        return edit(text, line, l -> data + ";" + scip(data));
    }

    static void refused(String message, String text) {
        var e = assertThrows(IllegalArgumentException.class, () -> HokuyoCatalog.models(text));
        assertEquals(message, e.getMessage());
    }

    @Test
    void malformedRepliesAreRefusedAtTheirLine() {
        String t = text(), f = FILE + " line ";
        // the UTM-30LX-EW reply is lines 12-22
        refused(f + "15: the checksum of 'DMIN:23' must be '7', got '8'", edit(t, 15, l -> "DMIN:23;8"));
        refused(f + "15: the checksum of 'DMIN:24' must be '8', got '7'", edit(t, 15, l -> "DMIN:24;7"));
        refused(f + "14: the checksum of 'MODL:UTM-30LX-EV' must be 'H', got 'I'", edit(t, 14, l -> l.replace("EW", "EV")));
        refused(f + "15: expected 'DMIN:<value>;<checksum>', got 'DMIN:23'", edit(t, 15, l -> "DMIN:23"));
        refused(f + "15: expected 'DMIN:<value>;<checksum>', got 'DMIN:23:7'", edit(t, 15, l -> "DMIN:23:7"));
        refused(f + "15: expected 'DMIN:<value>;<checksum>', got 'DMAX:23;7'", edit(t, 15, l -> "DMAX:23;7"));
        refused(f + "15: expected 'DMIN:<value>;<checksum>', got 'DMIN;7'", edit(t, 15, l -> "DMIN;7"));
        refused(f + "15: expected 'DMIN:<value>;<checksum>', got 'DMIN:;'", edit(t, 15, l -> "DMIN:;"));
        refused(f + "15: expected 'DMIN:<value>;<checksum>', got ''", edit(t, 15, l -> ""));
        refused(f + "15: DMIN must be a whole number of mm, got ''", set(t, 15, "DMIN:"));
        refused(f + "15: DMIN must be a whole number of mm, got '-3'", set(t, 15, "DMIN:-3"));
        refused(f + "15: DMIN must be a whole number of mm, got '2.5'", set(t, 15, "DMIN:2.5"));
        refused(f + "15: DMIN must be a whole number of mm, got '1234567890'", set(t, 15, "DMIN:1234567890"));
        refused(f + "12: expected the echo 'PP' that begins a PP reply, got 'PQ'", edit(t, 12, l -> "PQ"));
        refused(f + "13: expected the status '00P' (00: no error, P its checksum), got '01Q'", edit(t, 13, l -> "01Q"));
        refused(f + "22: expected the empty line that ends a PP reply, got 'PP'", edit(t, 22, l -> "PP"));
        refused(FILE + ": the PP reply begun on line 23 ends before the line SCAN", t.substring(0, t.lastIndexOf("\nSCAN")));
        refused(FILE + ": the PP reply begun on line 34 ends before the status '00P'", t + "PP");
        refused(FILE + ": the PP reply begun on line 23 ends before the empty line that ends it", t.substring(0, t.length() - 2));
        refused(f + "14: MODL must be a model name of letters, digits, '.', '_' or '-', got 'UTM 30'", set(t, 14, "MODL:UTM 30"));
        refused(f + "14: MODL must be a model name of letters, digits, '.', '_' or '-', got ''", set(t, 14, "MODL:"));
        refused(f + "25: model URG-04LX is already given on line 3", set(t, 25, "MODL:URG-04LX"));
        // values that cannot describe a scan
        refused(f + "16: DMAX must exceed DMIN 23 mm, got 23", set(t, 16, "DMAX:23"));
        refused(f + "19: AMAX must exceed AMIN 0, got 0", set(t, 19, "AMAX:0"));
        refused(f + "19: AMAX - AMIN must be less than ARES 1440 (each step a direction of its own), got 1440",
                set(t, 19, "AMAX:1440"));
        refused(f + "8: AMAX - AMIN must be less than ARES 1024 (each step a direction of its own), got 1024",
                set(t, 8, "AMAX:1068")); // URG-04LX: AMIN 44
        assertEquals(1024, HokuyoCatalog.models(set(t, 8, "AMAX:1067")).get(0).replay().azimuths().length);
        refused(f + "21: SCAN must be in [1, 60000000] rpm, got 0", set(t, 21, "SCAN:0"));
        refused(f + "21: SCAN must be in [1, 60000000] rpm, got 60000001", set(t, 21, "SCAN:60000001"));
        assertEquals("missing Hokuyo file nope",
                assertThrows(IllegalArgumentException.class, () -> HokuyoCatalog.text("nope")).getMessage());
    }

    /** The limits themselves are accepted, and the values are read, not assumed. */
    @Test
    void theValuesOfTheFileDecide() {
        String t = text();
        CatalogModel close = HokuyoCatalog.models(set(t, 16, "DMAX:24")).get(1);
        assertEquals(0.023, close.rangeMin());
        assertEquals(0.024, close.rangeMax());
        assertEquals(1440, HokuyoCatalog.models(set(t, 19, "AMAX:1439")).get(1).replay().azimuths().length);
        CatalogModel two = HokuyoCatalog.models(set(t, 19, "AMAX:1")).get(1);
        assertEquals(2, two.replay().azimuths().length);
        assertEquals(1 / 60.0, HokuyoCatalog.models(set(t, 21, "SCAN:1")).get(1).modes().get(0).rate(), 1e-12);
        CatalogModel fastest = HokuyoCatalog.models(set(t, 21, "SCAN:60000000")).get(1);
        assertEquals(1e6, fastest.modes().get(0).rate(), 1e-3); // scan_usec = 1 µs
        // urg_c's integer scan_usec: 7000 rpm is 8571 µs, not 8571.43
        CatalogModel seven = HokuyoCatalog.models(set(t, 21, "SCAN:7000")).get(1);
        assertEquals(1e6 / 8571, seven.modes().get(0).rate(), 1e-9);
        assertEquals(1080 * 8571e-6 / 1440, seven.replay().times()[1080], 1e-15);
        assertEquals("7000rpm", seven.modes().get(0).name());
        // a scan past ±180°: azimuths wrap into [-180°, 180°)
        CatalogModel turned = HokuyoCatalog.models(set(t, 20, "AFRT:0")).get(1);
        Replay r = turned.replay();
        assertEquals(0, r.azimuths()[0]);
        assertEquals(179.75, Math.toDegrees(r.azimuths()[719]), 1e-9);
        assertEquals(-180, Math.toDegrees(r.azimuths()[720]), 1e-9);
        assertEquals(-90, Math.toDegrees(r.azimuths()[1080]), 1e-9);
        assertTrue(turned.description().contains("from 0° at 0.25°"));
        // the first ray and the ray count come from AMIN and AMAX
        Replay late = HokuyoCatalog.models(set(t, 18, "AMIN:100")).get(1).replay();
        assertEquals(981, late.azimuths().length);
        assertEquals(-110, Math.toDegrees(late.azimuths()[0]), 1e-9);
        assertEquals(980 * 0.025 / 1440, late.times()[980], 1e-15);
        // replies separated by several empty lines, a file of one reply
        assertEquals(3, HokuyoCatalog.models(t.replace("\n\nPP", "\n\n\n\nPP")).size());
        assertEquals(List.of("URG-04LX"), HokuyoCatalog.models(t.substring(0, t.indexOf("PP", 3))).stream()
                .map(CatalogModel::id).toList());
        assertEquals(List.of(), HokuyoCatalog.models("\n"));
        assertEquals(List.of(), HokuyoCatalog.models(""));
    }

    // ---- (4) the services -----------------------------------------------------------------------------------------------

    /** The component registers each model under its id and takes them back. */
    @Test
    void theComponentRegistersEveryModel() {
        List<String> ids = new ArrayList<>();
        int[] unregistered = {0};
        ServiceRegistration<?> registration = (ServiceRegistration<?>) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ServiceRegistration.class}, (p, m, a) -> {
                    unregistered[0] += m.getName().equals("unregister") ? 1 : 0;
                    return null;
                });
        BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BundleContext.class}, (p, m, a) -> {
                    assertEquals("registerService", m.getName());
                    assertEquals(LidarModelType.class, a[0]);
                    ids.add((String) ((java.util.Dictionary<?, ?>) a[2]).get(LidarModelType.ID_PROPERTY));
                    assertEquals(((CatalogModel) a[1]).id(), ids.get(ids.size() - 1));
                    return registration;
                });
        HokuyoCatalog component = new HokuyoCatalog();
        component.activate(context);
        assertEquals(ids().toList(), ids);
        component.deactivate();
        assertEquals(3, unregistered[0]);
    }
}
