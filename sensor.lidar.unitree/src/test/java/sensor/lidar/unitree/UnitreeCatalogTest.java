package sensor.lidar.unitree;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
 * Every ray of Unitree-L1 and Unitree-L2 recomputed from the copied SDK files, read here another way (a line found by
 * a word in it, its digits kept; the printed points split on commas), with the SDK's own point formula written out in
 * full (calibration angles and offsets at 0); the approximation checked against the points a real unit printed in
 * each README; every model marked approximate; missing or malformed file content refused; the models registered.
 */
class UnitreeCatalogTest {
    static final String DIR = "/sensor/lidar/unitree/";

    static String text(String path) {
        try (InputStream in = UnitreeCatalogTest.class.getResourceAsStream(DIR + path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    // ---- the independent reader -------------------------------------------------------------------------------------

    /** The number on the first line of {@code path} holding {@code word}, after the word. */
    static double after(String path, String word) {
        String line = text(path).lines().filter(l -> l.contains(word)).findFirst().orElseThrow();
        String rest = line.substring(line.indexOf(word) + word.length());
        return Double.parseDouble(rest.replaceAll("[^0-9.]+", " ").strip().split(" ")[0]);
    }

    /** The printed points of the README's first cloud: rows of x, y, z, intensity, time, ring. */
    static List<double[]> printed(String readme) {
        List<String> lines = text(readme).lines().toList();
        int h = 0;
        while (!lines.get(h).contains("first 10 points")) {
            h++;
        }
        List<double[]> rows = new ArrayList<>();
        for (String l : lines.subList(h + 1, h + 11)) {
            String[] f = l.replace("(", "").replace(")", "").split(",");
            double[] row = new double[6];
            for (int c = 0; c < 6; c++) {
                row[c] = Double.parseDouble(f[c].strip());
            }
            rows.add(row);
        }
        return rows;
    }

    /** The sample period the README's printed times allow, |i·τ − t_i| ≤ 0.5 µs, their middle. */
    static double period(String readme) {
        List<double[]> p = printed(readme);
        double lo = 0, hi = 1;
        for (int i = 1; i < p.size(); i++) {
            lo = Math.max(lo, (p.get(i)[4] - 5e-7) / i);
            hi = Math.min(hi, (p.get(i)[4] + 5e-7) / i);
        }
        assertTrue(lo < hi, readme + ": the printed times allow a period");
        return 0.5 * (lo + hi);
    }

    /** One model as the test reads the files. */
    record Expected(String id, int n, int lines, double fovDeg, double tau, double min, double max, String readme) {}

    static Expected expected(String id) {
        if (id.equals("Unitree-L1")) {
            String sdk = "unilidar_sdk/unitree_lidar_sdk/include/unitree_lidar_sdk.h";
            return new Expected(id, (int) after("unilidar_sdk/unitree_lidar_sdk/include/parse_range_auxiliary_data_to_cloud.h",
                    "points_num_of_scan"), (int) after(sdk, "cloud_scan_num"), 180, period("unilidar_sdk/unitree_lidar_sdk/"
                    + "README.md"), after(sdk, "range_min"), after(sdk, "range_max"), "unilidar_sdk/unitree_lidar_sdk/README.md");
        }
        String sdk = "unilidar_sdk2/unitree_lidar_sdk/include/unitree_lidar_sdk.h";
        return new Expected(id, (int) after("unilidar_sdk2/unitree_lidar_sdk/include/unitree_lidar_protocol.h",
                "uint16_t ranges["), (int) after(sdk, "cloud_scan_num"), after("unilidar_sdk2/README.md", "Standard FOV"),
                period("unilidar_sdk2/README.md"), after(sdk, "range_min"), after(sdk, "range_max"), "unilidar_sdk2/README.md");
    }

    static CatalogModel find(String id) {
        return UnitreeCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
    }

    /** The SDK's point (parseFromPacketToPointCloud, parseRangeAuxiliaryDataToCloud) for range r, in full. */
    static double[] sdkPoint(double r, double alpha, double theta, double beta, double xi, double a, double b) {
        double A = (-Math.cos(beta) * Math.sin(xi) + Math.sin(beta) * Math.cos(xi) * Math.sin(alpha)) * r + b;
        double B = Math.cos(alpha) * Math.cos(xi) * r;
        double C = (Math.sin(beta) * Math.sin(xi) + Math.cos(beta) * Math.cos(xi) * Math.sin(alpha)) * r;
        return new double[] {Math.cos(theta) * A - Math.sin(theta) * B, Math.sin(theta) * A + Math.cos(theta) * B, C + a};
    }

    // ---- (1) every ray -----------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Unitree-L1", "Unitree-L2"})
    void everyRayIsTheSdkFormulaAtItsTime(String id) {
        Expected e = expected(id);
        CatalogModel model = find(id);
        Replay r = model.replay();
        int rays = e.n() * e.lines();
        assertEquals(rays, r.azimuths().length, id);
        assertEquals(rays, r.elevations().length, id);
        assertEquals(rays, r.times().length, id);
        assertNull(r.channels(), id);
        for (int k = 0; k < e.lines(); k++) {
            for (int j = 0; j < e.n(); j++) {
                int i = k * e.n() + j;
                double slot = 2.0 * e.n() * k + j;
                double alpha = Math.toRadians(j * e.fovDeg() / e.n()), theta = Math.PI * slot / (2.0 * e.n() * e.lines());
                // the direction: the point at 1 m less the point at 0 m
                double[] p1 = sdkPoint(1, alpha, theta, 0, 0, 0, 0), p0 = sdkPoint(0, alpha, theta, 0, 0, 0, 0);
                double az = r.azimuths()[i], el = r.elevations()[i];
                String where = id + " line " + k + " ray " + j;
                assertEquals(p1[0] - p0[0], Math.cos(el) * Math.cos(az), 1e-12, where);
                assertEquals(p1[1] - p0[1], Math.cos(el) * Math.sin(az), 1e-12, where);
                assertEquals(p1[2] - p0[2], Math.sin(el), 1e-12, where);
                assertEquals(slot * e.tau(), r.times()[i], 1e-15, where);
            }
        }
        assertEquals(1 / (2 * e.tau()), r.pointRate(), 1e-6, id);
        double hz = 1 / (2 * e.n() * e.lines() * e.tau());
        assertEquals(List.of(new Mode(Math.round(hz) + "Hz", 0, hz)), model.modes());
        assertEquals(e.min(), model.rangeMin());
        assertEquals(e.max(), model.rangeMax());
        assertEquals(0, model.divergenceHalfAngle());
        assertEquals(List.of("STRONGEST"), model.returnModes());
        assertEquals(Provenance.APPROXIMATE, model.source().provenance());
        assertTrue(model.beams().isEmpty());
        assertEquals("Unitree", model.vendor());

        // the lidar bundle's pattern: one frame fires every ray once, from the origin, at its time
        RayPatternGenerator pattern = RayPatterns.of(model, model.defaultConfig());
        double start = -1e-7, end = 1 / hz - 1e-7;
        RayInterval all = pattern.interval(start, end);
        assertEquals(rays, all.count(), id);
        for (int i = 0; i < rays; i += 7) {
            Pose ray = pattern.rays().get(all.rayIndex(i, pattern.rays().size()));
            Vec3 d = ray.transformVector(Vec3.Z);
            assertEquals(Vec3.ZERO, ray.position());
            assertEquals(Math.sin(r.elevations()[i]), d.z(), 1e-9, id + " ray " + i);
            assertEquals(r.times()[i], pattern.firingTime(i, all, start, end), 1e-9, id + " ray " + i);
        }
    }

    /** The figures worked out by hand from the files (see the README). */
    @Test
    void theFilesGiveTheseScans() {
        Expected l1 = expected("Unitree-L1"), l2 = expected("Unitree-L2");
        assertEquals(new Expected("Unitree-L1", 120, 18, 180, l1.tau(), 0, 50, l1.readme()), l1);
        assertEquals(new Expected("Unitree-L2", 300, 18, 180, l2.tau(), 0, 100, l2.readme()), l2);
        // L1: 23.125 µs ≤ τ < 23.1667 µs (printed 0.000093 at i = 4, 0.000208 at i = 9)
        assertEquals(0.5 * (92.5e-6 / 4 + 208.5e-6 / 9), l1.tau(), 1e-15);
        // L2: 7.7 µs ≤ τ < 7.7222 µs (printed 0.000039 at i = 5, 0.000069 at i = 9)
        assertEquals(0.5 * (38.5e-6 / 5 + 69.5e-6 / 9), l2.tau(), 1e-15);
        assertEquals("10Hz", find("Unitree-L1").modes().get(0).name());
        assertEquals("12Hz", find("Unitree-L2").modes().get(0).name());
        assertEquals(2160, find("Unitree-L1").replay().azimuths().length);
        assertEquals(5400, find("Unitree-L2").replay().azimuths().length);
        assertEquals(List.of("Unitree-L1", "Unitree-L2"), UnitreeCatalog.models().stream().map(CatalogModel::id).toList());
    }

    // ---- (2) against the points a real unit printed ----------------------------------------------------------------

    /** The mirror steps FOV/N a sample in both READMEs' printed points (elevation seen from the origin). */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Unitree-L1", "Unitree-L2"})
    void thePrintedPointsStepAsTheModel(String id) {
        Expected e = expected(id);
        List<double[]> p = printed(e.readme());
        Replay r = find(id).replay();
        double first = Math.atan2(p.get(0)[2], Math.hypot(p.get(0)[0], p.get(0)[1]));
        for (int i = 1; i < p.size(); i++) {
            double el = Math.atan2(p.get(i)[2], Math.hypot(p.get(i)[0], p.get(i)[1]));
            assertEquals(r.elevations()[i] - r.elevations()[0], el - first, Math.toRadians(0.02), id + " point " + i);
            assertEquals(p.get(i)[4], r.times()[i], 0.5e-6 + 1e-12, id + " point " + i);
        }
    }

    /**
     * L2's head: the README's two printed clouds both turn 0.1384° counter-clockwise over 9 samples; the model's even
     * 180° a frame turns 0.15° (8 % faster, the approximation); its frame lasts within 0.2 % of the two clouds' stamps.
     */
    @Test
    void theL2HeadAndFrameAgreeWithThePrintedClouds() {
        List<String> lines = text("unilidar_sdk2/README.md").lines().toList();
        List<Double> stamps = lines.stream().filter(l -> l.strip().startsWith("stamp = ") && l.contains(", id = "))
                .map(l -> Double.parseDouble(l.strip().substring(8, l.strip().indexOf(',')))).toList();
        assertEquals(2, stamps.size());
        double cloud = stamps.get(0) - stamps.get(1);
        CatalogModel l2 = find("Unitree-L2");
        double frame = 1 / l2.modes().get(0).rate();
        assertEquals(cloud, frame, 0.002 * cloud);
        Replay r = l2.replay();
        double model = Math.toDegrees(r.azimuths()[9] - r.azimuths()[0]);
        assertEquals(0.15, model, 1e-9);
        List<double[]> p = printed("unilidar_sdk2/README.md");
        double real = Math.toDegrees(Math.atan2(p.get(9)[1], p.get(9)[0]) - Math.atan2(p.get(0)[1], p.get(0)[0]));
        assertEquals(0.1384, real, 1e-3);
        assertEquals(real, model, 0.1 * real);
    }

    // ---- (3) refusals ------------------------------------------------------------------------------------------------

    static void refused(String message, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertEquals(message, e.getMessage());
    }

    @Test
    void missingOrMalformedContentIsRefused() {
        refused("f.h: no line of the form 'int n = <points>;'",
                () -> SdkText.first("f.h", "int m = 3;\n", "int n = (\\d+);", "int n = <points>;"));
        assertEquals(new SdkText.Found("3", 2), SdkText.first("f.h", "x\nint n = 3;\n", "int n = (\\d+);", "-"));
        String head = "text\n\t" + SdkText.SAMPLE + " \n";
        refused("R.md: no line '" + SdkText.SAMPLE + "' above printed points", () -> SdkText.sample("R.md", "a\nb\n"));
        refused("R.md line 4: a printed point must read (x, y, z, intensity, time, ring), got '(1, 2, 3)'",
                () -> SdkText.sample("R.md", head + "  (0.1, 0.2, 0.3, 1.0, 0.000000, 1)\n  (1, 2, 3)\n"));
        refused("R.md line 3: at least two printed points expected",
                () -> SdkText.sample("R.md", head + "  (0.1, 0.2, 0.3, 1.0, 0.000000, 1)\n  ...\n"));
        List<SdkText.Point> two = SdkText.sample("R.md", head + "  (0.1, -0.2, 0.3, 1.0, 0.000000, 1)\n"
                + "  (-1.5, 2.5, -3.5, 4.0, 0.000010, 2)\nafter\n");
        assertEquals(List.of(new SdkText.Point(3, 0.1, -0.2, 0.3, 0), new SdkText.Point(4, -1.5, 2.5, -3.5, 1e-5)), two);
        assertEquals(1e-5, SdkText.period("R.md", two), 1e-18);
        refused("R.md line 3: the first printed point must be at time 0, got 1.0E-6", () -> SdkText.period("R.md",
                List.of(new SdkText.Point(3, 0, 0, 0, 1e-6), new SdkText.Point(4, 0, 0, 0, 2e-6))));
        refused("R.md line 5: the printed times are not evenly spaced to 1 µs", () -> SdkText.period("R.md",
                List.of(new SdkText.Point(3, 0, 0, 0, 0), new SdkText.Point(4, 0, 0, 0, 1e-5),
                        new SdkText.Point(5, 0, 0, 0, 3e-5))));
        // times that pin the period to one value (|i·τ − t_i| = 0.5 µs both ways) are not enough either
        refused("R.md line 5: the printed times are not evenly spaced to 1 µs", () -> SdkText.period("R.md",
                List.of(new SdkText.Point(3, 0, 0, 0, 0), new SdkText.Point(4, 0, 0, 0, 1.5e-6),
                        new SdkText.Point(5, 0, 0, 0, 4.5e-6))));
        // printed points up to the end of the text
        assertEquals(2, SdkText.sample("R.md", head + "  (0, 0, 0, 0, 0.000000, 1)\n  (0, 0, 0, 0, 0.000001, 1)").size());
        refused("missing Unitree SDK file nowhere.h", () -> UnitreeCatalog.text("nowhere.h"));
        assertEquals(1, SdkText.line("abc", 3));
        assertEquals(3, SdkText.line("a\nb\nc", 4));
    }

    // ---- (4) the notes and the services -------------------------------------------------------------------------------

    @Test
    void theNotesSayHowEachModelWasMade() {
        CatalogModel l1 = find("Unitree-L1"), l2 = find("Unitree-L2");
        assertEquals("Unitree L1, approximate: 18 mirror lines of 120 rays at 1.5°, the head through 180° in 99.9910 ms"
                .replace("99.9910", UnitreeCatalog.fmt(1000 / l1.modes().get(0).rate())), l1.description());
        assertTrue(l1.source().note().startsWith(l1.description() + ". Approximate, not counted among the catalog's exact"
                + " models: the SDK publishes the exact formula"), l1.source().note());
        assertTrue(l1.source().note().contains(UnitreeCatalog.L1_FORMULA + " line 35 (points_num_of_scan = 120)"));
        assertTrue(l1.source().note().contains("Range limits: the SDK's default filter, 0-50 m."), l1.source().note());
        assertTrue(l1.source().note().contains(" Sample period 23.1458 µs: the middle of the periods"), l1.source().note());
        assertTrue(l1.source().note().contains("ray j of line k fires at (2·120·k + j) periods"), l1.source().note());
        assertTrue(l2.source().note().contains(UnitreeCatalog.L2_PROTOCOL + " line 176 (LidarPointData's ranges[300])"));
        assertTrue(l2.source().note().contains(UnitreeCatalog.L2_README + " line 67 (standard FOV, 180°;"));
        assertTrue(l2.source().note().contains("0-100 m"), l2.source().note());
        assertTrue(l2.description().startsWith("Unitree L2, approximate: 18 mirror lines of 300 rays at 0.6°,"));
        assertEquals(UnitreeCatalog.L1_FORMULA, l1.source().file());
        assertEquals("unitreerobotics/unilidar_sdk unitree_lidar_sdk/include/*.h, README @ " + UnitreeCatalog.L1_COMMIT,
                l1.source().origin());
        assertEquals("BSD-3-Clause (unilidar_sdk2/LICENSE)", l2.source().licence());
        assertEquals("BSD-3-Clause (unilidar_sdk/LICENSE)", l1.source().licence());
        assertEquals("7.71111", UnitreeCatalog.fmt(7.711111111e0));
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
        UnitreeCatalog component = new UnitreeCatalog();
        component.activate(context);
        assertEquals(List.of("Unitree-L1", "Unitree-L2"), ids);
        component.deactivate();
        assertEquals(2, unregistered[0]);
    }
}
