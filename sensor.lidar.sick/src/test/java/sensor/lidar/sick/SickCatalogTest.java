package sensor.lidar.sick;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

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
 * Every ray of every model against the copied sick_scan_xd sources, read here another way (line by line for the C++,
 * a DOM parser for the launch files), put through the driver's formulas written out below; the one recorded MRS1104 scan
 * the driver ships against the MRS1104 model; malformed sources refused with file and line.
 */
class SickCatalogTest {
    /** Read afresh for each test (mutation testing changes the reader between tests). */
    private final List<CatalogModel> models = SickCatalog.models();
    private static final String PARSER = "driver/src/sick_generic_parser.cpp", COMMON = "driver/src/sick_scan_common.cpp";

    static Stream<String> ids() {
        return SickCatalog.FAMILIES.keySet().stream();
    }

    CatalogModel find(String id) {
        return find(models, id);
    }

    static String text(String path) {
        try (InputStream in = SickCatalogTest.class.getResourceAsStream("/sensor/lidar/sick/sick_scan_xd/" + path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    // ---- the independent reader -----------------------------------------------------------------------------------

    /** The raw arguments of the setters in the family's block: from its "{" line to the first "}" line. */
    static Map<String, String> constants(String name) {
        List<String> lines = text(PARSER).lines().toList();
        int at = 0;
        while (!lines.get(at).contains("compare(" + name + ")")) {
            at++;
        }
        while (!lines.get(at).trim().equals("{")) {
            at++;
        }
        Map<String, String> c = new HashMap<>();
        for (int i = at + 1; !lines.get(i).trim().equals("}"); i++) {
            String l = lines.get(i).trim();
            if (l.startsWith("basicParams[i].set")) {
                c.put(l.substring(15, l.indexOf('(')), l.substring(l.indexOf('(') + 1, l.indexOf(')')));
            }
        }
        return c;
    }

    static double eval(String s) {
        if (s.equals("true") || s.equals("false")) {
            return s.equals("true") ? 1 : 0;
        }
        if (s.contains("M_PI")) {
            return (s.startsWith("-") ? -Math.PI : Math.PI) / (s.contains("/") ? Double.parseDouble(s.split("/")[1]) : 1);
        }
        return Double.parseDouble(s);
    }

    /** The family's scanner type from the header's #define. */
    static String type(String name) {
        String line = text("include/sick_scan/sick_generic_parser.h").lines()
                .filter(l -> l.startsWith("#define " + name + " ")).findFirst().orElseThrow();
        return line.split("\"")[1];
    }

    /** The launch file's params as a DOM parser sees them (comments dropped), $(arg x) replaced, the last one holding. */
    static Map<String, String> launch(String type) throws Exception {
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(text("launch/" + type + ".launch").getBytes(StandardCharsets.UTF_8)));
        Map<String, String> args = new HashMap<>(), params = new HashMap<>();
        NodeList a = d.getElementsByTagName("arg");
        for (int i = 0; i < a.getLength(); i++) {
            args.put(((Element) a.item(i)).getAttribute("name"), ((Element) a.item(i)).getAttribute("default"));
        }
        NodeList p = d.getElementsByTagName("param");
        for (int i = 0; i < p.getLength(); i++) {
            String v = ((Element) p.item(i)).getAttribute("value");
            params.put(((Element) p.item(i)).getAttribute("name"), v.startsWith("$(arg ") ? args.get(v.substring(6, v.length() - 1)) : v);
        }
        return params;
    }

    /** The text between {@code from} and the next {@code to} of the first line from {@code start} holding both, not a comment. */
    static String between(List<String> lines, int start, String from, String to) {
        for (int i = start; i < lines.size(); i++) {
            int k = lines.get(i).indexOf(from);
            String rest = k < 0 ? "" : lines.get(i).substring(k + from.length());
            if (k >= 0 && !lines.get(i).trim().startsWith("//") && rest.contains(to)) {
                return rest.substring(0, rest.indexOf(to)).trim();
            }
        }
        throw new AssertionError("no " + from);
    }

    record Ray(double az, double el, double t, int ch) {}

    /** A family's rays and frame rate. */
    record Scan(List<Ray> rays, double frameRate) {}

    /**
     * The rays of a family by the driver's formulas: azimuth {@code min_ang + i·step} (+180° where the scan is mirrored,
     * as the point cloud negates x, y and z), elevation of the point cloud row, firing time {@code layer offset + i·dt}.
     */
    static Scan expected(String id) throws Exception {
        String name = SickCatalog.FAMILIES.get(id);
        Map<String, String> c = constants(name), l = launch(id.equals("MRS6124-narrow") ? "sick_mrs_6xxx_narrow" : type(name));
        // the mode the launch file selects (scan_cfg_list_entry), as its table (a comment) lists it: after the last
        // "Hz" (the resulting frequency) the resolution
        String listedRate = null, listedStep = null;
        if (l.containsKey("scan_cfg_list_entry")) {
            for (String row : text("launch/" + (id.equals("MRS6124-narrow") ? "sick_mrs_6xxx_narrow" : type(name))
                    + ".launch").lines().toList()) {
                String[] cells = row.replace("|", " ").trim().split("\\s+");
                if (cells[0].equals(l.get("scan_cfg_list_entry")) && row.contains("Hz")) {
                    String head = row.substring(0, row.lastIndexOf("Hz")).trim();
                    listedRate = head.substring(head.lastIndexOf(' ') + 1).replace("|", "");
                    listedStep = row.substring(row.lastIndexOf("Hz") + 2).replace("|", " ").trim().split("[ °d]")[0];
                }
            }
            assertNotNull(listedRate, id);
        }
        int layers = (int) eval(c.get("setNumberOfLayers"));
        boolean cfg = l.containsKey("ang_res") && l.containsKey("scan_freq") && Double.parseDouble(l.get("ang_res")) != 0
                && Double.parseDouble(l.get("scan_freq")) != 0;
        double step = cfg ? Double.parseDouble(l.get("ang_res")) : listedStep != null ? Double.parseDouble(listedStep)
                : Math.round(eval(c.get("setAngularDegreeResolution")) * 10000) / 10000.0;
        double rate = cfg ? Double.parseDouble(l.get("scan_freq")) : listedRate != null ? Double.parseDouble(listedRate)
                : eval(c.get("setExpectedFrequency"));
        double min = Double.parseDouble(l.get("min_ang")), max = Double.parseDouble(l.get("max_ang"));
        boolean mirrored = eval(c.get("setScanMirroredAndShifted")) == 1;
        double frameRate = rate, period = 1 / rate;
        double[] el = new double[layers], offset = new double[layers];
        List<String> common = text(COMMON).lines().toList();
        int sw = common.indexOf(common.stream().filter(s -> s.trim().equals("switch (numOfLayers)")).findFirst().orElseThrow());
        if (layers == 4) { // 4 consecutive scans at the scan frequency, rows from the driver's table
            frameRate = rate / 4;
            int at = sw;
            while (!common.get(at).trim().equals("case 4:")) {
                at++;
            }
            int base = Integer.parseInt(between(common, at, "baseLayer = ", ";"));
            int k = 0;
            for (int i = at; !common.get(i).contains("break;"); i++) {
                if (common.get(i).trim().startsWith("{ layer = ")) {
                    int layer = Integer.parseInt(between(common, i, "{ layer = ", ";"));
                    el[layer - base] = layer * eval(c.get("setElevationDegreeResolution"));
                    offset[layer - base] = k++ * period;
                }
            }
            assertEquals(4, k);
        } else if (layers == 24) { // README.md 'MRS6124': 10 Hz, packs of 6 layers 25 ms apart
            frameRate = 10;
            period = 0.025;
            int at = sw;
            while (!common.get(at).trim().startsWith("case 24:")) {
                at++;
            }
            int base = Integer.parseInt(between(common, at, "baseLayer = ", ";"));
            int o = Integer.parseInt(between(common, at, "(elevAngleX200 - (", "))"));
            int s = Integer.parseInt(between(common, at, ")) / ", ";"));
            int a = Integer.parseInt(between(common, at, "layer = (", " - layer)"));
            int b = Integer.parseInt(between(common, at, " - layer) - ", ";"));
            double scale = Double.parseDouble(between(common, 0, "double elevAngleTelegramValToDeg = 1.0 / ", ";"));
            String sign = between(text("driver/src/sick_lmd_scandata_parser.cpp").lines().toList(), 0,
                    "elevationAngleInRad = ", "elevAngleX200");
            for (int k = 0; k < 24; k++) {
                int row = a - k - b - base, v = o + s * k;
                el[row] = (sign.equals("-") ? -v : v) / scale;
                offset[row] = k / 6 * period;
            }
        }
        double span = Math.toDegrees(max - min);
        int n = (int) Math.min(Math.floor(span / step + 0.01), Math.ceil(360 / step - 0.01) - 1) + 1;
        double dt = l.containsKey("time_increment") ? Double.parseDouble(l.get("time_increment")) : period * step / 360;
        List<Ray> rays = new ArrayList<>();
        for (int r = 0; r < layers; r++) {
            for (int i = 0; i < n; i++) {
                rays.add(new Ray(min + Math.toRadians(i * step) + (mirrored ? Math.PI : 0), Math.toRadians(el[r]),
                        offset[r] + i * dt, r));
            }
        }
        return new Scan(rays, frameRate);
    }

    // ---- (1) every ray ------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("ids")
    void everyRayFollowsTheDriverSources(String id) throws Exception {
        CatalogModel model = find(id);
        Scan scan = expected(model.id());
        List<Ray> rays = scan.rays();
        Replay r = model.replay();
        int n = rays.size();
        assertEquals(n, r.azimuths().length, model.id());
        for (int i = 0; i < n; i++) {
            Ray e = rays.get(i);
            String where = model.id() + " ray " + i;
            assertEquals(Math.cos(e.az()), Math.cos(r.azimuths()[i]), 1e-12, where);
            assertEquals(Math.sin(e.az()), Math.sin(r.azimuths()[i]), 1e-12, where);
            assertTrue(r.azimuths()[i] >= -Math.PI && r.azimuths()[i] < Math.PI, where);
            assertEquals(e.el(), r.elevations()[i], 1e-12, where);
            assertEquals(e.t(), r.times()[i], 1e-12, where);
            assertEquals(e.ch(), r.channels()[i], where);
        }
        // the lidar bundle's pattern: one frame, every ray once at its time, channel = layer
        double rate = model.defaultConfig().rate(), frame = 1 / rate;
        assertEquals(scan.frameRate(), rate, 1e-12, model.id());
        assertEquals(n * rate, r.pointRate(), 1e-6);
        RayPatternGenerator pattern = RayPatterns.of(model, model.defaultConfig());
        double start = -1e-7, end = frame - 1e-7;
        RayInterval all = pattern.interval(start, end);
        assertEquals(n, all.count(), model.id());
        int[] beams = pattern.beams();
        List<double[]> want = new ArrayList<>(), got = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Ray e = rays.get(i);
            want.add(new double[] {e.t(), e.ch(), Math.cos(e.az()) * Math.cos(e.el()), Math.sin(e.az()) * Math.cos(e.el()),
                Math.sin(e.el())});
            int k = all.rayIndex(i, pattern.rays().size());
            Pose ray = pattern.rays().get(k);
            Vec3 d = ray.transformVector(Vec3.Z);
            got.add(new double[] {pattern.firingTime(i, all, start, end), beams[k], d.x(), d.y(), d.z()});
            assertEquals(Vec3.ZERO, ray.position());
        }
        sortRows(want);
        sortRows(got);
        for (int i = 0; i < n; i++) {
            assertArrayEquals(want.get(i), got.get(i), 1e-9, model.id() + " fired ray " + i);
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

    /** The counts, starts and rates as worked out by hand from the sources (see the README). */
    @Test
    void theCatalogHasTwelveFamiliesWithTheirCountsAndRates() {
        Object[][] table = {{"TiM240", 241, -120.0, 15.0}, {"TiM4xx", 721, -120.0, 15.0}, {"TiM5xx", 811, -135.0, 15.0},
            {"TiM7xx", 811, -135.0, 15.0}, {"TiM7xxS", 811, -135.0, 15.0}, {"LMS1xx", 541, -134.9997, 50.0},
            {"LMS5xx", 381, -95.0, 15.0}, {"LMS4xxx", 841, -35.0, 600.0}, {"NAV2xx", 541, -134.9997, 25.0},
            {"NAV350", 1440, -180.0, 8.0}, {"MRS1104", 4 * 1101, -137.5, 12.5}, {"MRS6124", 24 * 923, -59.9887, 10.0},
            {"LRS4xxx", 9000, -180.0, 12.5}, {"LRS36x1", 1440, -180.0, 8.0},
            {"MRS6124-narrow", 24 * 462, -30.0, 10.0}};
        assertEquals(table.length, models.size());
        for (int i = 0; i < table.length; i++) {
            CatalogModel m = models.get(i);
            assertEquals(table[i][0], m.id());
            assertEquals((int) table[i][1], m.replay().azimuths().length, m.id());
            assertEquals((double) table[i][2], Math.toDegrees(m.replay().azimuths()[0]), 1e-4, m.id());
            double rate = (double) table[i][3];
            assertEquals(List.of(new Mode(SickCatalog.fmt(rate) + "Hz", 0, rate)), m.modes(), m.id());
            assertEquals("SICK", m.vendor());
            assertEquals(List.of(), m.beams());
            assertEquals(0, m.divergenceHalfAngle());
            assertEquals(List.of(), m.detection());
            assertEquals(Provenance.NOMINAL, m.source().provenance());
            assertEquals("Apache-2.0 (LICENSE-sick_scan_xd)", m.source().licence());
            assertTrue(m.source().origin().startsWith("SICKAG/sick_scan_xd driver/src/sick_generic_parser.cpp, launch/"), m.id());
            assertTrue(m.source().origin().endsWith(" @ 2d4796699158762cfee78ece05bf8d7c2ceb68d0"), m.id());
            for (String f : m.source().file().split(", ")) {
                assertNotNull(SickCatalog.class.getResource(f), f);
            }
            assertTrue(m.source().note().startsWith(m.description() + ". Constants of " + SickCatalog.FAMILIES.get(m.id())), m.id());
        }
        assertEquals("SICK TiM5xx (sick_scan_xd sick_tim_5xx): 811 rays from -135° at 0.3333°, 15 Hz", find("TiM5xx").description());
        assertEquals("SICK MRS1104 (sick_scan_xd sick_mrs_1xxx): 4 layers of 1101 rays from -137.5° at 0.25°, 12.5 Hz",
                find("MRS1104").description());
        String note = find("TiM5xx").source().note();
        for (String s : List.of("setNumberOfLayers(1) line 634", "setAngularDegreeResolution(0.3333) line 636",
                "setExpectedFrequency(15) line 637", "setScanAngleShift(-90°) line 644", "setScanMirroredAndShifted(false) line 645",
                "setNumberOfShots(811) line 635", "setNumberOfMaximumEchos(1) line 633", "(3333/10000°)",
                "launch/sick_tim_5xx.launch min_ang -2.35619449 rad (line 36), max_ang 2.35619449 rad (line 38)",
                "ray i fires i × 61.72222222 µs")) {
            assertTrue(note.contains(s), s + " in " + note);
        }
        assertTrue(find("NAV350").source().note().contains("setScanMirroredAndShifted(true) line 935"));
        assertTrue(find("NAV350").source().note().contains("turned by 180°"));
        assertTrue(find("LMS1xx").source().note().contains("the launch file's ang_res 0.5° and scan_freq 50 Hz (lines 54, 55)"));
        assertTrue(find("TiM240").source().note().contains("the launch file's time_increment 0.00019290123 s (line 37)"));
        assertTrue(find("MRS1104").source().note().contains("setElevationDegreeResolution(2.5) line 560"));
        assertTrue(find("MRS1104").source().note().contains(COMMON + " line 4886"));
        assertTrue(find("MRS6124").source().note().contains("telegram angles -2638 + 125·k"));
        assertTrue(find("MRS6124").source().note().contains("elevation -elevAngleX200 / 200 (" + "driver/src/sick_lmd_scandata_parser.cpp)"));
        assertTrue(find("MRS6124").source().note().endsWith(SickCatalog.REMARKS.get("MRS6124")));
        assertEquals(3, find("MRS6124").source().file().split(", ").length);
        assertEquals(2, find("TiM5xx").source().file().split(", ").length);
        // ids: the families', none of the RTX bundle's SICK ids
        for (String taken : List.of("multiScan136", "multiScan165", "picoScan150", "TiM781", "microScan3")) {
            assertTrue(models.stream().noneMatch(m -> m.id().equals(taken)), taken);
        }
        // return modes: SICK's echo filter (first / last) where the family has several echoes
        assertEquals(List.of("LAST", "FIRST"), find("MRS1104").returnModes());
        assertEquals(List.of("LAST", "FIRST"), find("LMS5xx").returnModes());
        assertEquals(List.of("STRONGEST"), find("TiM5xx").returnModes());
        // range limits: the launch file's range filter, else the parser's defaults
        assertEquals(0.05, find("LMS1xx").rangeMin());
        assertEquals(25, find("LMS1xx").rangeMax());
        assertEquals(0.1, find("MRS6124").rangeMin());
        assertEquals(250, find("MRS6124").rangeMax());
        assertEquals(0.05, find("NAV350").rangeMin(), 1e-9);
        assertEquals(100, find("NAV350").rangeMax(), 1e-9);
        assertEquals(0, find("TiM5xx").rangeMin());
        // the new families: the scanner's mode from the launch file's table, the narrow MRS6124's own launch file
        String lrs = find("LRS4xxx").source().note();
        assertTrue(lrs.contains("Step and rate: the scanner's mode scan_cfg_list_entry 1 (line 51), 0.04° at 12.5 Hz in the"
                + " launch file's table of the modes (line 54, a comment)"), lrs);
        assertTrue(lrs.endsWith(SickCatalog.REMARKS.get("LRS4xxx")), lrs);
        assertTrue(find("LRS36x1").source().note().contains("scan_cfg_list_entry 1 (line 47), 0.25° at 8 Hz in the launch"
                + " file's table of the modes (line 82, a comment)"), find("LRS36x1").source().note());
        assertEquals("SICK MRS6124-narrow (sick_scan_xd sick_mrs_6xxx_narrow): 24 layers of 462 rays from -30° at 0.13°,"
                + " 10 Hz", find("MRS6124-narrow").description());
        assertTrue(find("MRS6124-narrow").source().origin().contains("launch/sick_mrs_6xxx_narrow.launch"));
        assertTrue(find("LRS4xxx").source().note().contains("launch/sick_lrs_4xxx.launch min_ang -3.1415926 rad"));
        assertEquals(2, find("LRS4xxx").source().file().split(", ").length);
        assertEquals(100, find("LRS4xxx").rangeMax());
        assertEquals(25, find("LRS36x1").rangeMax());
    }

    /** The MRS layers against the driver's README: MRS1104 at -2.5, 0, 2.5, 5°; the MRS6124 table with its pack times. */
    @Test
    void theLayersAreTheReadmes() {
        double[] mrs6124 = {13.19, 12.565, 11.940, 11.315, 10.690, 10.065, 9.440, 8.815, 8.190, 7.565, 6.940, 6.315, 5.690,
            5.065, 4.440, 3.815, 3.190, 2.565, 1.940, 1.315, 0.690, 0.065, -0.560, -1.185};
        Replay r = find("MRS6124").replay();
        for (int k = 0; k < 24; k++) {
            int first = (23 - k) * 923; // channel 23 - k, the point cloud's row
            assertEquals(23 - k, r.channels()[first]);
            assertEquals(mrs6124[k], Math.toDegrees(r.elevations()[first]), 1e-9, "layer " + k);
            assertEquals(k / 6 * 0.025, r.times()[first], 1e-12, "layer " + k);
            assertEquals(k / 6 * 0.025 + 922 * 0.025 * 0.13 / 360, r.times()[first + 922], 1e-12);
        }
        Replay m = find("MRS1104").replay();
        double[] mrs1104 = {-2.5, 0, 2.5, 5};
        for (int c = 0; c < 4; c++) {
            assertEquals(mrs1104[c], Math.toDegrees(m.elevations()[c * 1101]), 1e-12);
            assertEquals(c * 0.02, m.times()[c * 1101], 1e-12);
            assertEquals(c * 0.02 + 1100 * 0.02 * 0.25 / 360, m.times()[c * 1101 + 1100], 1e-12);
            assertEquals(137.5, Math.toDegrees(m.azimuths()[c * 1101 + 1100]), 1e-4);
        }
        assertEquals(55050, m.pointRate(), 1e-6); // README: 4 × 1100 × 12.5 = 55000 shots per second, plus the 275° ray
    }

    // ---- (2) the recorded scan ----------------------------------------------------------------------------------------

    /**
     * The MRS1104 scan of {@code demo/scan_reference.csv}: every point with an echo lies on the model's layer elevation
     * and on one of its rays' azimuths, to what the file's 1 mm coordinates allow: a point displaced by at most d = 0.5 mm
     * per coordinate (√3·0.5 mm in space, √2·0.5 mm in the xy plane) is seen at most d/(r − d) rad off its direction.
     * The columns headed y and z hold z and y (checked against the file's own range, azimuth and elevation).
     */
    @Test
    void theRecordedMrs1104ScanLiesOnTheModelsBeams() throws IOException {
        List<String> lines;
        try (InputStream in = SickCatalogTest.class.getResourceAsStream("scan_reference.csv")) {
            lines = new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines().toList();
        }
        assertEquals("timestamp_sec;timestamp_nanosec;range;azimuth_deg;elevation_deg;x;y;z;intensity", lines.get(0));
        Replay r = find("MRS1104").replay();
        assertEquals(r.azimuths().length, lines.size() - 1, "4 layers × 1101 rows, as the model");
        double[] layer = new double[4];
        double[][] az = new double[4][1101];
        for (int i = 0; i < r.azimuths().length; i++) {
            layer[r.channels()[i]] = r.elevations()[i];
            az[r.channels()[i]][i % 1101] = r.azimuths()[i];
        }
        for (double[] a : az) {
            Arrays.sort(a);
        }
        TreeSet<Double> fileLayers = new TreeSet<>();
        List<double[]> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(";");
            assertEquals(9, f.length, l);
            rows.add(Arrays.stream(f).mapToDouble(s -> Double.parseDouble(s.trim())).toArray());
        }
        rows.stream().filter(f -> f[2] > 0).forEach(f -> fileLayers.add(f[4]));
        assertEquals(List.of(-2.5, 0.0, 2.5, 5.0), List.copyOf(fileLayers));
        double d = 0.0005;
        List<List<Double>> devEl = new ArrayList<>(), devAz = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            devEl.add(new ArrayList<>());
            devAz.add(new ArrayList<>());
        }
        int labelledOff = 0, noEcho = 0;
        for (double[] f : rows) {
            if (f[2] == 0) { // no echo: the driver wrote range 0, elevation 0, azimuth 0
                assertEquals(0, Math.abs(f[4]) + Math.abs(f[5]) + Math.abs(f[6]) + Math.abs(f[7]), 0.0, "no echo: range and xyz 0");
                assertTrue(f[3] == 0 || f[3] == -180, "no echo: azimuth 0 (once -180)");
                noEcho++;
                continue;
            }
            double x = f[5], y = f[7], z = f[6]; // headed x;y;z, holding x, z, y
            double rxy = Math.hypot(x, y), range = Math.sqrt(x * x + y * y + z * z);
            double el = Math.atan2(z, rxy), azimuth = Math.atan2(y, x);
            double boundEl = d * Math.sqrt(3) / (range - d * Math.sqrt(3)), boundAz = d * Math.sqrt(2) / (rxy - d * Math.sqrt(2));
            // the decoding agrees with the file's own polar columns (range to 1 mm, angles to 0.001°)
            assertEquals(f[2], range, d * Math.sqrt(3) + d);
            assertEquals(f[4], Math.toDegrees(el), Math.toDegrees(boundEl) + 0.0005);
            assertEquals(0, Math.toDegrees(SickCatalog.wrap(azimuth - Math.toRadians(f[3]))), Math.toDegrees(boundAz) + 0.0005);
            if (Math.abs(Math.toDegrees(Math.atan2(f[7], Math.hypot(f[5], f[6]))) - f[4]) > 1) {
                labelledOff++; // read as headed, the point would leave its layer
            }
            int c = List.copyOf(fileLayers).indexOf(f[4]);
            double e = Math.abs(el - layer[c]);
            int k = Arrays.binarySearch(az[c], azimuth);
            k = k >= 0 ? k : -k - 1;
            double a = Double.MAX_VALUE;
            for (int j = Math.max(0, k - 1); j <= Math.min(1100, k); j++) {
                a = Math.min(a, Math.abs(SickCatalog.wrap(azimuth - az[c][j])));
            }
            assertTrue(e <= boundEl, "elevation " + Math.toDegrees(e) + "° off at range " + range);
            assertTrue(a <= boundAz, "azimuth " + Math.toDegrees(a) + "° off at range " + rxy);
            devEl.get(c).add(Math.toDegrees(e));
            devAz.get(c).add(Math.toDegrees(a));
            // the file's polar columns: the model's angles to the file's 0.001° and the driver's float sums
            assertEquals(Math.toDegrees(layer[c]), f[4], 0.0005);
            int nearest = (int) Math.round((f[3] + 137.5) / 0.25);
            assertEquals(Math.toDegrees(az[c][nearest]), f[3], 0.0015);
        }
        assertEquals(10, noEcho);
        assertTrue(labelledOff > 3000, "read as headed, " + labelledOff + " points leave their layer");
        List<Double> allEl = devEl.stream().flatMap(List::stream).sorted().toList();
        List<Double> allAz = devAz.stream().flatMap(List::stream).sorted().toList();
        assertEquals(4394, allEl.size());
        for (int c = 0; c < 4; c++) {
            System.out.printf("MRS1104 layer %s°: %d points, elevation deviation max %.4f° median %.4f°, azimuth deviation"
                    + " max %.4f° median %.4f°%n", fileLayers.toArray()[c], devEl.get(c).size(), max(devEl.get(c)),
                    median(devEl.get(c)), max(devAz.get(c)), median(devAz.get(c)));
        }
        System.out.printf("MRS1104 all: %d points, elevation max %.4f° median %.4f°, azimuth max %.4f° median %.4f°%n",
                allEl.size(), max(allEl), median(allEl), max(allAz), median(allAz));
        assertTrue(max(allEl) < 0.22 && median(allEl) < 0.02, "elevation " + max(allEl) + " " + median(allEl));
        assertTrue(max(allAz) < 0.14 && median(allAz) < 0.03, "azimuth " + max(allAz) + " " + median(allAz));
    }

    private static double max(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    private static double median(List<Double> v) {
        double[] s = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    // ---- (3) malformed sources ----------------------------------------------------------------------------------------

    /** {@code text} with line {@code line} (1-based) changed by {@code f}. */
    static String edit(String text, int line, UnaryOperator<String> f) {
        String[] lines = text.split("\n", -1);
        lines[line - 1] = f.apply(lines[line - 1]);
        return String.join("\n", lines);
    }

    static List<CatalogModel> with(String path, UnaryOperator<String> change) {
        return SickCatalog.models(p -> p.equals(path) ? change.apply(SickCatalog.text(p)) : SickCatalog.text(p));
    }

    static void refused(String message, String path, UnaryOperator<String> change) {
        var e = assertThrows(IllegalArgumentException.class, () -> with(path, change));
        assertEquals(message, e.getMessage());
    }

    static CatalogModel find(List<CatalogModel> models, String id) {
        return models.stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void malformedConstantsAreRefusedAtTheirLine() {
        String p = "driver/src/sick_generic_parser.cpp line ";
        String tim = " of SICK_SCANNER_TIM_5XX_NAME must be ";
        refused(p + "636: setAngularDegreeResolution must be a decimal number, true, false or ±M_PI[/n], got 'x'", PARSER,
                t -> edit(t, 636, l -> l.replace("0.3333", "x")));
        refused(p + "636: setAngularDegreeResolution must be a decimal number, true, false or ±M_PI[/n], got '1e3'", PARSER,
                t -> edit(t, 636, l -> l.replace("0.3333", "1e3")));
        refused(p + "636: setAngularDegreeResolution" + tim + "in (0, 10] degrees, got 0", PARSER,
                t -> edit(t, 636, l -> l.replace("0.3333", "0")));
        refused(p + "636: setAngularDegreeResolution" + tim + "in (0, 10] degrees, got 10.5", PARSER,
                t -> edit(t, 636, l -> l.replace("0.3333", "10.5")));
        refused(p + "630: setAngularDegreeResolution" + tim + "in (0, 10] degrees, got 0", PARSER,
                t -> edit(t, 636, l -> "")); // not set: the constructor's 0
        refused(p + "634: setNumberOfLayers" + tim + "1, 4 or 24 (the layer counts the driver's point cloud handles), got 2",
                PARSER, t -> edit(t, 634, l -> l.replace("(1)", "(2)")));
        refused(p + "634: setNumberOfLayers" + tim + "a whole number in [1, 24] layers, got 25", PARSER,
                t -> edit(t, 634, l -> l.replace("(1)", "(25)")));
        refused(p + "634: setNumberOfLayers" + tim + "a whole number in [1, 24] layers, got 0", PARSER,
                t -> edit(t, 634, l -> l.replace("(1)", "(0)")));
        refused(p + "634: setNumberOfLayers" + tim + "a whole number in [1, 24] layers, got 1.5", PARSER,
                t -> edit(t, 634, l -> l.replace("(1)", "(1.5)")));
        refused(p + "633: setNumberOfMaximumEchos" + tim + "a whole number in [1, 5] echoes, got 6", PARSER,
                t -> edit(t, 633, l -> l.replace("(1)", "(6)")));
        refused(p + "637: setExpectedFrequency" + tim + "in (0, 1000] Hz, got 0", PARSER,
                t -> edit(t, 637, l -> l.replace("15.0", "0")));
        refused(p + "637: setExpectedFrequency" + tim + "in (0, 1000] Hz, got 1000.5", PARSER,
                t -> edit(t, 637, l -> l.replace("15.0", "1000.5")));
        refused(p + "637: setAngularDegreeResolution is called again for [SICK_SCANNER_TIM_5XX_NAME] (first on line 636)",
                PARSER, t -> edit(t, 636, l -> l + "\n" + l));
        refused(p + "630: the block of [SICK_SCANNER_TIM_5XX_NAME] is never closed", PARSER,
                t -> String.join("\n", Arrays.copyOf(t.split("\n"), 640)));
        refused(p + "1602: the if of [SICK_SCANNER_X_NAME] has no block", PARSER,
                t -> t + "if (basicParams[i].getScannerName().compare(SICK_SCANNER_X_NAME) == 0)\n  // none");
        refused("driver/src/sick_generic_parser.cpp: no block for SICK_SCANNER_NAV_350_NAME", PARSER,
                t -> t.replace("compare(SICK_SCANNER_NAV_350_NAME)", "compare(SICK_SCANNER_NAV_999_NAME)"));
        refused("include/sick_scan/sick_generic_parser.h: no #define SICK_SCANNER_NAV_350_NAME",
                "include/sick_scan/sick_generic_parser.h", t -> t.replace("#define SICK_SCANNER_NAV_350_NAME", "#define X"));
        refused("driver/src/sick_generic_parser.cpp: no override_range_max_", PARSER,
                t -> t.replace("override_range_max_((float) 100.0)", "x"));
        refused("driver/src/sick_generic_parser.cpp: no override_range_min_", PARSER,
                t -> t.replace("override_range_min_((float) 0.05)", "x"));
        refused(p + "518: override_range_min_ must be a decimal number, true, false or ±M_PI[/n], got 'abc'", PARSER,
                t -> t.replace("override_range_min_((float) 0.05)", "override_range_min_((float) abc)"));
        // the constants decide: a 10° step, 1000 Hz, a mirrored NAV350 turned back, the defaults of the range filter
        assertEquals(28, find(with(PARSER, t -> edit(t, 636, l -> l.replace("0.3333", "10"))), "TiM5xx").replay().azimuths().length);
        assertEquals(1000, find(with(PARSER, t -> edit(t, 637, l -> l.replace("15.0", "1000"))), "TiM5xx").modes().get(0).rate());
        assertEquals(0, find(with(PARSER, t -> edit(t, 935, l -> l.replace("true", "false"))), "NAV350").replay().azimuths()[0]);
        assertEquals(List.of("LAST", "FIRST"), find(with(PARSER, t -> edit(t, 633, l -> l.replace("(1)", "(2)"))), "TiM5xx").returnModes());
        CatalogModel nav = find(with(PARSER, t -> t.replace("override_range_min_((float) 0.05)", "override_range_min_((float) 0.5)")
                .replace("override_range_max_((float) 100.0)", "override_range_max_((float) 60)")), "NAV350");
        assertEquals(0.5, nav.rangeMin());
        assertEquals(60, nav.rangeMax());
    }

    @Test
    void settersAreReadAsTheDriverWritesThem() {
        assertEquals(Math.PI / 2, DriverSource.value("f", 1, "s", "+M_PI/2"));
        assertEquals(-Math.PI / 2, DriverSource.value("f", 1, "s", "-M_PI / 2"));
        assertEquals(-Math.PI, DriverSource.value("f", 1, "s", "-M_PI"));
        assertEquals(Math.PI, DriverSource.value("f", 1, "s", "M_PI"));
        assertEquals(1, DriverSource.value("f", 1, "s", "true"));
        assertEquals(0, DriverSource.value("f", 1, "s", "false"));
        assertEquals(-12.5, DriverSource.value("f", 1, "s", "-12.5"));
        assertEquals("f line 3: s must be a decimal number, true, false or ±M_PI[/n], got 'M_PI/x'",
                assertThrows(IllegalArgumentException.class, () -> DriverSource.value("f", 3, "s", "M_PI/x")).getMessage());
        var all = DriverSource.basicParams(PARSER, SickCatalog.text(PARSER));
        assertEquals(21, all.size()); // every family of the driver, both names of the shared last block
        assertEquals(Math.PI / 2, all.get("SICK_SCANNER_LRS_36x0_NAME").get("setScanAngleShift").value(), 1e-15);
        assertEquals(788, all.get("SICK_SCANNER_LRS_36x0_NAME").get("setScanAngleShift").line());
        assertEquals(1017, all.get("SICK_SCANNER_PICOSCAN_NAME").line());
        assertEquals(Map.of(), all.get("SICK_SCANNER_SCANSEGMENT_XD_NAME").values());
        assertEquals(DriverSource.SETTERS.size(), all.get("SICK_SCANNER_MRS_1XXX_NAME").values().size());
        assertEquals(new DriverSource.Value(0, 630), all.get("SICK_SCANNER_TIM_5XX_NAME").get("setElevationDegreeResolution"));
        assertEquals("sick_tim_7xxS", DriverSource.names(SickCatalog.text("include/sick_scan/sick_generic_parser.h"))
                .get("SICK_SCANNER_TIM_7XXS_NAME"));
        assertEquals("a", DriverSource.code("a// b"));
        assertEquals("a/ b", DriverSource.code("a/ b"));
        assertEquals("", DriverSource.code("// b"));
        // where each statement was read
        var range = DriverSource.rangeDefaults(PARSER, SickCatalog.text(PARSER));
        assertEquals(List.of(new DriverSource.Value(0.05, 518), new DriverSource.Value(100, 519)), List.of(range));
        assertEquals(new DriverSource.Value(200, 4686), DriverSource.telegramScale(COMMON, SickCatalog.text(COMMON)));
        assertEquals(new DriverSource.Value(-1, 236), DriverSource.elevationSign("l", SickCatalog.text(
                "driver/src/sick_lmd_scandata_parser.cpp")));
        // statements on the first line of a file
        var table = DriverSource.layers("f", "switch (numOfLayers) { case 4: baseLayer = -1;\n"
                + "if (elevAngleX200 == 250) { layer = -1; }\nif (elevAngleX200 == 0) { layer = 0; }\n"
                + "if (elevAngleX200 == -250) { layer = 1; }\nif (elevAngleX200 == -500) { layer = 2; }\nbreak;", 4);
        assertEquals(new DriverSource.LayerTable(List.of(new DriverSource.Layer(250, 0, -1), new DriverSource.Layer(0, 1, 0),
                new DriverSource.Layer(-250, 2, 1), new DriverSource.Layer(-500, 3, 2)), 1), table);
        assertEquals(new DriverSource.Value(100, 1), DriverSource.telegramScale("f", "double elevAngleTelegramValToDeg = 1.0 / 100;"));
    }

    /** The modes tables of the launch files, both forms; a selected mode must have a plain full-turn row. */
    @Test
    void theSelectedModeIsReadFromTheLaunchFilesTable() {
        var lrs4 = LaunchFile.modes(SickCatalog.text("launch/sick_lrs_4xxx.launch"));
        assertEquals(new LaunchFile.ScanMode(1, 0, 12.5, 0.04, 360, 54), lrs4.get(1));
        assertEquals(new LaunchFile.ScanMode(71, 0, 25, 0.08, 288, 59), lrs4.get(71));
        assertEquals(10, lrs4.size());
        var lrs36 = LaunchFile.modes(SickCatalog.text("launch/sick_lrs_36x1.launch"));
        assertEquals(new LaunchFile.ScanMode(1, 0, 8, 0.25, 360, 82), lrs36.get(1));
        assertEquals(new LaunchFile.ScanMode(44, 4, 2.5, 0.25, 300, 92), lrs36.get(44));
        assertEquals(12, lrs36.size());
        assertEquals(Map.of(), LaunchFile.modes(SickCatalog.text("launch/sick_tim_5xx.launch")));
        assertEquals(Map.of(), LaunchFile.modes("1 2x 5 Hz 0.5 deg 0.5 deg"), "three angles after the last Hz");
        assertEquals(Map.of(), LaunchFile.modes("1 0x 0.5 deg 0.5 deg 360 deg"), "a frequency");
        assertEquals(Map.of(), LaunchFile.modes("x 0x 5 Hz 0.5 deg 0.5 deg 360 deg"), "a mode number first");
        assertEquals(Map.of(), LaunchFile.modes("1 0 5 Hz 0.5 deg 0.5 deg 360 deg"), "an interlacing");
        assertEquals(Map.of(3, new LaunchFile.ScanMode(3, 0, 5, 0.5, 360, 2)), LaunchFile.modes("\n3 0x 5 Hz 0.5 deg 0.5 deg"
                + " 360 deg\n3 0x 9 Hz 1 deg 1 deg 360 deg"), "the first row of a number holds");
        String lrs = "launch/sick_lrs_4xxx.launch";
        refused(lrs + " line 51: scan_cfg_list_entry 3 has no row in the file's table of the modes", lrs,
                t -> t.replace("name=\"scan_cfg_list_entry\" default=\"1\"", "name=\"scan_cfg_list_entry\" default=\"3\""));
        refused(lrs + " line 51: scan_cfg_list_entry 1.5 has no row in the file's table of the modes", lrs,
                t -> t.replace("name=\"scan_cfg_list_entry\" default=\"1\"", "name=\"scan_cfg_list_entry\" default=\"1.5\""));
        refused(lrs + " line 51: scan_cfg_list_entry 11 is interlaced or covers less than 360° (line 58); only a plain full"
                + " turn is modelled", lrs, t -> t.replace("name=\"scan_cfg_list_entry\" default=\"1\"",
                        "name=\"scan_cfg_list_entry\" default=\"11\""));
        String l36 = "launch/sick_lrs_36x1.launch";
        refused(l36 + " line 47: scan_cfg_list_entry 44 is interlaced or covers less than 360° (line 92); only a plain full"
                + " turn is modelled", l36, t -> t.replace("name=\"scan_cfg_list_entry\" default=\"1\"",
                        "name=\"scan_cfg_list_entry\" default=\"44\""));
        // another full-turn mode is taken as listed; ang_res and scan_freq of the launch file still come first
        CatalogModel fast = find(with(lrs, t -> t.replace("name=\"scan_cfg_list_entry\" default=\"1\"",
                "name=\"scan_cfg_list_entry\" default=\"64\"")), "LRS4xxx");
        assertEquals(1800, fast.replay().azimuths().length);
        assertEquals(25, fast.modes().get(0).rate());
        CatalogModel set = find(with(lrs, t -> t.replace("</node>", "<param name=\"ang_res\" value=\"1\"/>"
                + "<param name=\"scan_freq\" value=\"10\"/></node>")), "LRS4xxx");
        assertEquals(360, set.replay().azimuths().length);
        assertEquals(10, set.modes().get(0).rate());
    }

    @Test
    void malformedLaunchFilesAreRefusedAtTheirLine() {
        String tim = "launch/sick_tim_5xx.launch";
        refused(tim + " line 36: min_ang must be a number, got 'abc'", tim, t -> edit(t, 36, l -> l.replace("-2.35619449", "abc")));
        refused(tim + " line 36: min_ang must be a number, got ''", tim, t -> edit(t, 36, l -> l.replace("-2.35619449", "")));
        refused(tim + ": no min_ang", tim, t -> edit(t, 36, l -> "<!--" + l + "-->"));
        refused(tim + ": no max_ang", tim, t -> edit(t, 38, l -> l.replace("max_ang", "max_angle")));
        refused(tim + " line 38: max_ang must exceed min_ang -2.35619449, got -3", tim, t -> edit(t, 38, l -> l.replace("2.35619449", "-3")));
        refused(tim + " line 38: max_ang must exceed min_ang -2.35619449, got -2.35619449", tim,
                t -> edit(t, 38, l -> l.replace("2.35619449", "-2.35619449")));
        refused(tim + " line 36: min_ang must be in [-2π, 2π] rad, got -7", tim, t -> edit(t, 36, l -> l.replace("-2.35619449", "-7")));
        refused(tim + " line 38: max_ang must be in [-2π, 2π] rad, got 6.3", tim, t -> edit(t, 38, l -> l.replace("2.35619449", "6.3")));
        refused(tim + " line 52: range_min must be >= 0 m, got -1", tim, t -> edit(t, 52, l -> l.replace("0.0", "-1")));
        refused(tim + ": range_max 0 must exceed range_min 0", tim, t -> edit(t, 53, l -> l.replace("100.0", "0")));
        int last = SickCatalog.text(tim).split("\n", -1).length;
        refused(tim + " line " + last + ": comment is never closed", tim, t -> t + "<!-- open");
        refused("launch/sick_mrs_1xxx.launch line 79: ang_res refers to arg 'nope', which the file does not declare",
                "launch/sick_mrs_1xxx.launch", t -> edit(t, 79, l -> l.replace("$(arg ang_res)", "$(arg nope)")));
        String lms = "launch/sick_lms_1xx.launch";
        refused(lms + " line 54: ang_res must be in (0, 10] degrees, got 20", lms, t -> edit(t, 54, l -> l.replace("0.5", "20")));
        refused(lms + " line 54: ang_res must be in (0, 10] degrees, got -0.5", lms, t -> edit(t, 54, l -> l.replace("0.5", "-0.5")));
        refused(lms + " line 55: scan_freq must be in (0, 1000] Hz, got 2000", lms, t -> edit(t, 55, l -> l.replace("50", "2000")));
        String t240 = "launch/sick_tim_240.launch";
        refused(t240 + " line 37: time_increment must be in (0, 0.0002777777778) s to fit 241 rays in a scan of"
                + " 0.06666666667 s, got 0.001", t240, t -> edit(t, 37, l -> l.replace("0.00019290123", "0.001")));
        refused(t240 + " line 37: time_increment must be in (0, 0.0002777777778) s to fit 241 rays in a scan of"
                + " 0.06666666667 s, got 0", t240, t -> edit(t, 37, l -> l.replace("0.00019290123", "0")));
        // the launch file decides: ang_res and scan_freq together, else the constants; its range filter; the last setting
        CatalogModel fine = find(with(lms, t -> edit(edit(t, 54, l -> l.replace("0.5", "0.25")), 55, l -> l.replace("50", "25"))), "LMS1xx");
        assertEquals(1081, fine.replay().azimuths().length);
        assertEquals(25, fine.modes().get(0).rate());
        CatalogModel widest = find(with(lms, t -> edit(edit(t, 54, l -> l.replace("0.5", "10")), 55, l -> l.replace("50", "1000"))), "LMS1xx");
        assertEquals(28, widest.replay().azimuths().length); // the largest step and rate allowed
        assertEquals(1000, widest.modes().get(0).rate());
        CatalogModel constants = find(with(lms, t -> edit(t, 55, l -> l.replace("50", "0"))), "LMS1xx");
        assertEquals(25, constants.modes().get(0).rate()); // setExpectedFrequency(25.0)
        assertEquals(541, constants.replay().azimuths().length); // setAngularDegreeResolution(0.5)
        assertEquals(25, find(with(lms, t -> edit(t, 54, l -> l.replace("0.5", "0"))), "LMS1xx").modes().get(0).rate());
        assertEquals(25, find(with(lms, t -> edit(t, 54, l -> "")), "LMS1xx").modes().get(0).rate());
        assertEquals(25, find(with(lms, t -> edit(t, 55, l -> "")), "LMS1xx").modes().get(0).rate());
        assertEquals(12.5, find(with(tim, t -> edit(t, 53, l -> l.replace("100.0", "12.5"))), "TiM5xx").rangeMax());
        assertEquals(-1.5, find(with(tim, t -> edit(t, 36, l -> l + "<param name=\"min_ang\" value=\"-1.5\"/>")), "TiM5xx")
                .replay().azimuths()[0], 1e-12);
        assertEquals(-1.25, find(with(tim, t -> edit(t, 36, l -> "<param name=\"min_ang\" type=\"double\"\n value=\"-1.25\"/>")),
                "TiM5xx").replay().azimuths()[0], 1e-12); // a tag over two lines
        LaunchFile f = LaunchFile.parse("f", "<a>\n<!-- <param name=\"a\" value=\"1\"/>\n-->\n<arg name=\"v\" default=\"2\"/>"
                + "<param name=\"a\" type=\"double\" value=\"$(arg v)\" />\n<param name=\"b\" value=\"x\"/>");
        assertEquals(2, f.number("a"));
        assertEquals(4, f.line("a"));
        assertNull(f.number("c"));
        assertEquals("f line 5: b must be a number, got 'x'", assertThrows(IllegalArgumentException.class, () -> f.number("b")).getMessage());
        assertEquals(1.5e-4, LaunchFile.parse("f", "<param name=\"t\" value=\" 1.5e-4 \"/>").number("t"));
        // comments: at the start, ended by the first "-->" after "<!--", followed at once by a param
        assertNull(LaunchFile.parse("f", "<!-- <param name=\"a\" value=\"1\"/> -->").number("a"));
        assertNull(LaunchFile.parse("f", "<!-->\n<param name=\"a\" value=\"1\"/>\n-->").number("a"));
        assertEquals(1, LaunchFile.parse("f", "<!-- x --><param name=\"a\" value=\"1\"/>").number("a"));
        assertEquals(2, LaunchFile.parse("f", "<!---->\n<param name=\"a\" value=\"2\"/>").line("a"));
    }

    @Test
    void malformedLayerTablesAreRefusedAtTheirLine() {
        String c = "driver/src/sick_scan_common.cpp";
        refused(c + ": no switch (numOfLayers)", COMMON, t -> t.replace("switch (numOfLayers)", "switch (n)"));
        refused(c + " line 4881: the switch (numOfLayers) has no case 4", COMMON, t -> edit(t, 4886, l -> l.replace("4", "5")));
        refused(c + " line 4886: case 4 never reaches its break", COMMON, t -> String.join("\n", Arrays.copyOf(t.split("\n"), 4890)));
        refused(c + " line 4886: case 4 sets no baseLayer", COMMON, t -> edit(t, 4888, l -> ""));
        refused(c + " line 4886: case 4 must put the 4 layers in rows 0 to 3 once each, got [0, 1, 2, 2]", COMMON,
                t -> edit(t, 4896, l -> l.replace("2", "1")));
        refused(c + " line 4886: case 4 must put the 4 layers in rows 0 to 3 once each, got [-1, 1, 2, 3]", COMMON,
                t -> edit(t, 4890, l -> l.replace("-1", "-2")));
        refused(c + " line 4886: case 4 must put the 4 layers in rows 0 to 3 once each, got [0, 1, 2, 4]", COMMON,
                t -> edit(t, 4896, l -> l.replace("2", "3")));
        refused(c + " line 4890: layer -1 is set without an elevAngleX200 test before it", COMMON,
                t -> edit(t, 4889, l -> "if (true)"));
        refused(c + " line 4886: case 4 must give 4 layers, got 3", COMMON, t -> edit(edit(t, 4895, l -> ""), 4896, l -> ""));
        refused(c + " line 4901: case 24 must put the 24 layers in rows 0 to 23 once each, got [24, 23, 22, 21, 20, 19, 18,"
                + " 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]", COMMON, t -> edit(t, 4904, l -> l.replace("- 1;", "- 0;")));
        refused(c + " line 4686: elevAngleTelegramValToDeg must be 1.0 / a positive number", COMMON,
                t -> edit(t, 4686, l -> l.replace("200.0", "x")));
        refused(c + " line 4686: elevAngleTelegramValToDeg must be 1.0 / a positive number", COMMON,
                t -> edit(t, 4686, l -> l.replace("200.0", "0")));
        refused(c + ": no double elevAngleTelegramValToDeg", COMMON, t -> edit(t, 4686, l -> l.replace("double", "float")));
        refused("driver/src/sick_lmd_scandata_parser.cpp: no elevationAngleInRad = ±elevAngleX200 * elevAngleTelegramValToDeg"
                + " * deg2rad_const", "driver/src/sick_lmd_scandata_parser.cpp", t -> edit(t, 236, l -> ""));
        refused("driver/src/sick_generic_parser.cpp line 560: setElevationDegreeResolution of SICK_SCANNER_MRS_1XXX_NAME must be"
                + " in (0, 10] degrees, got 0", PARSER, t -> edit(t, 560, l -> l.replace("2.5", "0")));
        // read, not assumed: the telegram scale, the sign, the 4-layer table, the formula
        assertEquals(26.38, Math.toDegrees(find(with(COMMON, t -> edit(t, 4686, l -> l.replace("200.0", "100.0"))), "MRS6124")
                .replay().elevations()[23 * 923]), 1e-9);
        CatalogModel up = find(with("driver/src/sick_lmd_scandata_parser.cpp", t -> edit(t, 236, l -> l.replace("= -elev", "= elev"))),
                "MRS6124");
        assertEquals(-13.19, Math.toDegrees(up.replay().elevations()[23 * 923]), 1e-9);
        assertTrue(up.source().note().contains("elevation elevAngleX200 / 200"));
        Replay swapped = find(with(COMMON, t -> edit(edit(t, 4890, l -> l.replace("-1", "2")), 4896, l -> l.replace("2", "-1"))),
                "MRS1104").replay();
        // telegram 250 is now layer 2 (row 3, 5°), sent first; telegram -500 is layer -1 (row 0, -2.5°), sent last
        assertEquals(-2.5, Math.toDegrees(swapped.elevations()[0]), 1e-12);
        assertEquals(0.06, swapped.times()[0], 1e-12);
        assertEquals(5, Math.toDegrees(swapped.elevations()[3 * 1101]), 1e-12);
        assertEquals(0, swapped.times()[3 * 1101], 1e-12);
        Replay steps = find(with(COMMON, t -> edit(t, 4903, l -> l.replace("(-2638)", "(-2500)"))), "MRS6124").replay();
        assertEquals(12.5, Math.toDegrees(steps.elevations()[23 * 923]), 1e-9);
    }

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
        SickCatalog component = new SickCatalog();
        component.activate(context);
        assertEquals(List.copyOf(SickCatalog.FAMILIES.keySet()), ids);
        component.deactivate();
        assertEquals(15, unregistered[0]);
        assertEquals("missing sick_scan_xd file nope",
                assertThrows(IllegalArgumentException.class, () -> SickCatalog.text("nope")).getMessage());
    }
}
