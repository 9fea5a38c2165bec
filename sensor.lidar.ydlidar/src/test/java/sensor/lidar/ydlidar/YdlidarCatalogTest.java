package sensor.lidar.ydlidar;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
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
 * Every ray of every YDLIDAR model against the copied {@code Dataset.md}, read here another way (the row split on '|'
 * by position, every kind of blank dropped), with the approximation written out below: one turn at the first sample
 * rate, the SDK's 10 Hz brought into the table's range, clockwise steps of 360°·f/rate; every model marked approximate;
 * malformed tables refused at their line; the models registered as services.
 */
class YdlidarCatalogTest {
    /** Read afresh for each test (mutation testing changes the reader between tests). */
    private final List<CatalogModel> models = YdlidarCatalog.models();

    static final String FILE = "YDLidar-SDK/doc/Dataset.md";

    static String text() {
        try (InputStream in = YdlidarCatalogTest.class.getResourceAsStream("/sensor/lidar/ydlidar/" + FILE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    // ---- the independent reader -----------------------------------------------------------------------------------

    /** One model as the test reads it. */
    record Expected(String id, int line, double rate, double rangeMin, double rangeMax, double hz) {}

    /** The rows below the header: LIDAR is column 1, SampleRate(K) 4, Range(m) 5, Frequency(HZ) 6. */
    static List<Expected> expected() {
        List<String> lines = text().lines().toList();
        assertEquals("|LIDAR|Model|Baudrate|SampleRate(K)|Range(m)|Frequency(HZ)|Intenstiy(bit)|SingleChannel|voltage(V)|",
                lines.get(1).replaceAll("\\s", ""));
        List<Expected> all = new ArrayList<>();
        for (int i = 3; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String[] c = lines.get(i).replaceAll("[\\s\u3000]+", " ").split("\\|");
            String[] rates = c[4].trim().split("/"), range = c[5].trim().split("~"), mins = range[0].split("/");
            String hz = c[6].replace("(PWM)", "").trim();
            String[] band = hz.split(hz.contains("~") ? "~" : "-");
            double f = Math.max(Double.parseDouble(band[0].trim()), Math.min(10, Double.parseDouble(band[1].trim())));
            for (String name : c[1].split("/")) {
                all.add(new Expected("YDLIDAR-" + name.trim().replace(" ", "-"), i + 1, Double.parseDouble(rates[0]) * 1000,
                        Double.parseDouble(mins[0]), Double.parseDouble(range[1]), f));
            }
        }
        return all;
    }

    static Stream<String> ids() {
        return expected().stream().map(Expected::id);
    }

    CatalogModel find(String id) {
        return models.stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
    }

    // ---- (1) every ray ------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("ids")
    void everyRayIsTheApproximation(String id) {
        Expected e = expected().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
        CatalogModel model = find(id);
        double perTurn = e.rate() / e.hz(), step = 360 / perTurn;
        assertEquals(Math.rint(perTurn), perTurn, 0.0, id + ": a whole number of samples a turn");
        int n = (int) perTurn;
        Replay r = model.replay();
        assertEquals(n, r.azimuths().length, id);
        for (int i = 0; i < n; i++) {
            double az = Math.toRadians(-i * step);
            String where = id + " ray " + i;
            assertEquals(Math.cos(az), Math.cos(r.azimuths()[i]), 1e-12, where);
            assertEquals(Math.sin(az), Math.sin(r.azimuths()[i]), 1e-12, where);
            assertTrue(r.azimuths()[i] >= -Math.PI && r.azimuths()[i] < Math.PI, where);
            assertEquals(0, r.elevations()[i], where);
            assertEquals(i / e.rate(), r.times()[i], 1e-15, where);
            assertEquals(0, r.channels()[i], where);
        }
        assertEquals(e.rate(), r.pointRate(), 1e-9);
        assertEquals(List.of(new Mode((int) e.hz() + "Hz", 0, e.hz())), model.modes());
        assertEquals(e.rangeMin(), model.rangeMin());
        assertEquals(e.rangeMax(), model.rangeMax());
        assertEquals(Provenance.APPROXIMATE, model.source().provenance());
        assertTrue(model.source().note().contains("Approximate, not counted among the catalog's exact models: made from "
                + FILE + " line " + e.line() + " ("), model.source().note());
        // the lidar bundle's pattern: one scan, every ray once, in the plane, stepping clockwise by one increment, so
        // that the lidar publishes it as a LaserScan (PlanarGeometry)
        RayPatternGenerator pattern = RayPatterns.of(model, model.defaultConfig());
        double start = -1e-7, end = 1 / e.hz() - 1e-7;
        RayInterval all = pattern.interval(start, end);
        assertEquals(n, all.count(), id);
        double previous = Double.NaN;
        for (int i = 0; i < n; i++) {
            Pose ray = pattern.rays().get(all.rayIndex(i, pattern.rays().size()));
            Vec3 d = ray.transformVector(Vec3.Z);
            assertEquals(Vec3.ZERO, ray.position());
            assertEquals(0, d.z(), 1e-12);
            assertEquals(i / e.rate(), pattern.firingTime(i, all, start, end), 1e-9);
            double az = Math.atan2(d.y(), d.x());
            if (i > 0) {
                assertEquals(-Math.toRadians(step), Math.IEEEremainder(az - previous, 2 * Math.PI), 1e-9, id);
            }
            previous = az;
        }
    }

    /** The counts worked out by hand from the table (see the README). */
    @Test
    void theTableGivesThirtyFourApproximateModels() {
        List<String> ids = List.of("F4", "S4", "S4B", "S2", "G4", "X4", "X4-Pro", "X2", "X2L", "X2N", "X3", "X3-Pro", "G4PRO",
                "F4PRO", "R2", "G6", "G2A", "G2", "G2C", "G4B", "G4C", "G1", "G5", "G7", "TX8", "TX20", "TG15", "TG30", "TG50",
                "T15", "T30", "Tmini-Pro", "Tmini-Plus", "Tmini-Plus-SH");
        assertEquals(ids.stream().map(s -> "YDLIDAR-" + s).toList(), models.stream().map(CatalogModel::id).toList());
        for (CatalogModel m : models) {
            assertEquals("YDLIDAR", m.vendor());
            assertEquals(List.of(), m.beams());
            assertEquals(0, m.divergenceHalfAngle());
            assertEquals(List.of("STRONGEST"), m.returnModes());
            assertEquals(List.of(), m.detection());
            assertEquals(Provenance.APPROXIMATE, m.source().provenance());
            assertEquals(FILE, m.source().file());
            assertNotNull(YdlidarCatalog.class.getResource(m.source().file()));
            assertNotNull(YdlidarCatalog.class.getResource("LICENSE-YDLidar-SDK"));
            assertEquals("YDLIDAR/YDLidar-SDK doc/Dataset.md @ 01cdda4f2b36dff2a706d0535c64228d863c7411", m.source().origin());
            assertEquals("MIT (LICENSE-YDLidar-SDK)", m.source().licence());
            assertTrue(m.description().contains(", approximate: "), m.description());
            assertTrue(m.source().note().startsWith(m.description() + ". Approximate, not counted"), m.id());
        }
        Object[][] table = {{"G4", 900, 0.4, 10.0, 0.28, 16.0}, {"X2", 375, 0.96, 8.0, 0.1, 8.0},
            {"TG30", 2000, 0.18, 10.0, 0.05, 30.0}, {"F4PRO", 400, 0.9, 10.0, 0.12, 12.0}, {"T15", 2000, 0.18, 10.0, 0.05, 15.0},
            {"G6", 1800, 0.2, 10.0, 0.28, 25.0}, {"TX20", 500, 0.72, 8.0, 0.1, 20.0}};
        for (Object[] row : table) {
            CatalogModel m = find("YDLIDAR-" + row[0]);
            Replay r = m.replay();
            assertEquals((int) row[1], r.azimuths().length, m.id());
            assertEquals((double) row[2], -Math.toDegrees(r.azimuths()[1]), 1e-9, m.id());
            assertEquals((double) row[3], m.modes().get(0).rate(), m.id());
            assertEquals((double) row[4], m.rangeMin(), m.id());
            assertEquals((double) row[5], m.rangeMax(), m.id());
        }
        assertEquals("YDLIDAR G4, approximate: 900 rays at 0.4° clockwise, 10 Hz (9000 samples/s)", find("YDLIDAR-G4").description());
        String g4 = find("YDLIDAR-G4").source().note();
        for (String s : List.of("line 8 (SampleRate(K) '9/8/4', Range(m) '0.28/0.26/0.1~16', Frequency(HZ) '5~12'; no field"
                + " of view given, so 360°)", "the first the table lists, 9000/s, range_min 0.28 m (its pair); the other sample"
                + " rates (8 K, 4 K) are not modelled", "Frequency: the SDK's default 10 Hz (src/CYdLidar.cpp line 64), within"
                + " the table's 5-12 Hz.", "Step 360°·f/rate = 0.4°")) {
            assertTrue(g4.contains(s), s + " in " + g4);
        }
        String x2l = find("YDLIDAR-X2L").source().note();
        assertTrue(x2l.contains("range_min 0.1 m. Frequency: the frequency nearest the SDK's default 10 Hz (src/CYdLidar.cpp"
                + " line 64) within the table's 4-8 Hz (set by the motor's PWM)."), x2l);
        assertTrue(find("YDLIDAR-T30").source().note().contains("Frequency(HZ) '5-35'"));
        assertEquals("YDLIDAR-Tmini-Plus-SH", YdlidarCatalog.id("Tmini Plus SH"));
    }

    // ---- (2) malformed tables -----------------------------------------------------------------------------------------

    /** {@code text} with line {@code line} (1-based) changed by {@code f}. */
    static String edit(String text, int line, UnaryOperator<String> f) {
        String[] lines = text.split("\n", -1);
        lines[line - 1] = f.apply(lines[line - 1]);
        return String.join("\n", lines);
    }

    static void refused(String message, String text) {
        var e = assertThrows(IllegalArgumentException.class, () -> YdlidarCatalog.models(text));
        assertEquals(message, e.getMessage());
    }

    @Test
    void malformedTablesAreRefusedAtTheirLine() {
        String t = text(), f = FILE + " line ";
        String g4 = "| G4        | 5\t   |  230400   |   ";
        refused(f + "8: SampleRate(K) must be a number of thousands of samples per second, several separated by '/' (9/8/4),"
                + " got '9/8/'", edit(t, 8, l -> l.replace("9/8/4", "9/8/")));
        refused(f + "8: SampleRate(K) must be a number of thousands of samples per second, several separated by '/' (9/8/4),"
                + " got '9K'", edit(t, 8, l -> l.replace("9/8/4", "9K")));
        refused(f + "8: SampleRate(K) must be positive, got '9/0/4'", edit(t, 8, l -> l.replace("9/8/4", "9/0/4")));
        refused(f + "8: Range(m) must be min~max in m, one min per sample rate where there are several (0.28/0.26/0.1~16),"
                + " got '0.28/0.26/0.1-16'", edit(t, 8, l -> l.replace("0.1~16", "0.1-16")));
        refused(f + "8: Range(m) must give one min or one per sample rate (3), got 2 in '0.28/0.26~16'",
                edit(t, 8, l -> l.replace("0.28/0.26/0.1~16", "0.28/0.26~16")));
        refused(f + "8: Range(m): the max must exceed each min, got '0.28/0.26/16~16'", edit(t, 8, l -> l.replace("0.1~16", "16~16")));
        refused(f + "4: Range(m): the max must exceed each min, got '12~12'", edit(t, 4, l -> l.replace("0.12~12", "12~12")));
        refused(f + "8: Frequency(HZ) must be min~max or min-max in Hz, optionally followed by (PWM), got '5~12 Hz'",
                edit(t, 8, l -> l.replace("5~12 ", "5~12 Hz")));
        refused(f + "8: Frequency(HZ) must be a range of positive frequencies, low to high, got '12~5'",
                edit(t, 8, l -> l.replace("5~12", "12~5")));
        refused(f + "8: Frequency(HZ) must be a range of positive frequencies, low to high, got '0~12'",
                edit(t, 8, l -> l.replace("5~12", "0~12")));
        refused(f + "8: LIDAR must name models of letters, digits and spaces, several separated by '/', got 'G4/'",
                edit(t, 8, l -> l.replace("G4 ", "G4/")));
        refused(f + "8: LIDAR must name models of letters, digits and spaces, several separated by '/', got 'G-4'",
                edit(t, 8, l -> l.replace("G4 ", "G-4")));
        refused(f + "8: LIDAR must name models of letters, digits and spaces, several separated by '/', got ''",
                edit(t, 8, l -> l.replace("G4 ", "  ")));
        refused(f + "8: a row must have the header's 9 cells, got 8", edit(t, 8, l -> l.replace(g4, "| G4 |  230400   |   ")));
        refused(f + "8: a row must have the header's 9 cells, got 10", edit(t, 8, l -> l + " x |"));
        refused(f + "9: YDLIDAR-G4 is already given on line 8", edit(t, 9, l -> l.replace("X4 ", "G4 ")));
        refused(f + "11: YDLIDAR-X2 is already given on line 11", edit(t, 11, l -> l.replace("X2L", "X2")));
        refused(f + "2: the table has no column 'Range(m)'; its columns: [LIDAR, Model, Baudrate, SampleRate(K), Range,"
                + " Frequency(HZ), Intenstiy(bit), SingleChannel, voltage(V)]", edit(t, 2, l -> l.replace("Range(m)", "Range")));
        for (String column : List.of("LIDAR", "SampleRate(K)", "Frequency(HZ)")) {
            var e = assertThrows(IllegalArgumentException.class, () -> YdlidarCatalog.models(edit(t, 2, l -> l.replace(column, "X"))));
            assertTrue(e.getMessage().startsWith(f + "2: the table has no column '" + column + "'"), e.getMessage());
        }
        refused(f + "3: expected the table's separator row (|---|...), got '| F4 |'", edit(t, 3, l -> "| F4 |"));
        refused(FILE + ": no table (a header row and a separator row starting with '|')", "# YDLIDAR\nno table\n");
        refused(FILE + ": no table (a header row and a separator row starting with '|')", "# YDLIDAR\n| a |");
        assertEquals("missing YDLidar-SDK file nope",
                assertThrows(IllegalArgumentException.class, () -> YdlidarCatalog.text("nope")).getMessage());
    }

    /** The table decides: its sample rate, range, frequency band, its cells' forms; the table ends at its last row. */
    @Test
    void theTableDecides() {
        String t = text();
        String header = "|LIDAR|SampleRate(K)|Range(m)|Frequency(HZ)|\n|---|:--:|--:|:--|\n";
        CatalogModel a = YdlidarCatalog.models(header + "|A / B|6|0.2~9|12~20|\n\nnot the table\n| C | 1 | 1~2 | 1~2 |").get(1);
        assertEquals("YDLIDAR-B", a.id());
        assertEquals(500, a.replay().azimuths().length); // 6000/s at 12 Hz, the band's low end
        assertEquals(12, a.modes().get(0).rate());
        assertEquals(2, YdlidarCatalog.models(header + "|A / B|6|0.2~9|12~20|").size());
        assertEquals(10, YdlidarCatalog.models(header + "|A|6|0.2~9|10~10|").get(0).modes().get(0).rate());
        CatalogModel odd = YdlidarCatalog.models(header + "|A|4.5|0.2~9|7 - 7 (PWM)|").get(0);
        assertEquals(643, odd.replay().azimuths().length, "4500/7 = 642.9 samples a turn: every one fired within it");
        assertEquals(642 / 4500.0, odd.replay().times()[642], 1e-15);
        assertEquals(643 * 7, odd.replay().pointRate(), 1e-9);
        assertEquals("7Hz", odd.modes().get(0).name());
        assertTrue(odd.source().note().contains("within the table's 7-7 Hz (set by the motor's PWM)"), odd.source().note());
        CatalogModel fine = YdlidarCatalog.models(edit(t, 8, l -> l.replace("9/8/4", "1/8/4"))).get(4);
        assertEquals(100, fine.replay().azimuths().length);
        assertEquals(-3.6, Math.toDegrees(fine.replay().azimuths()[1]), 1e-9);
        assertEquals(180, Math.abs(Math.toDegrees(fine.replay().azimuths()[50])), 1e-9);
        assertEquals(3.6, Math.toDegrees(fine.replay().azimuths()[99]), 1e-9);
        assertEquals(0, fine.replay().azimuths()[0], 0);
        CatalogModel one = YdlidarCatalog.models(edit(t, 8, l -> l.replace("0.28/0.26/0.1~16", "0.3~16"))).get(4);
        assertEquals(0.3, one.rangeMin());
        assertFalse(one.source().note().contains("(its pair)"));
        assertTrue(YdlidarCatalog.models(edit(t, 4, l -> l.replace("0.12~12", "11.9~12"))).get(0).rangeMin() == 11.9);
        assertEquals(List.of(), YdlidarCatalog.models(header));
        refused(FILE + " line 3: a row must have the header's 4 cells, got 1", header + "|");
        assertTrue(find("YDLIDAR-F4").source().note().contains("range_min 0.12 m. Frequency"));
        assertFalse(find("YDLIDAR-F4").source().note().contains("other sample rates"));
    }

    // ---- (3) the services -----------------------------------------------------------------------------------------------

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
        YdlidarCatalog component = new YdlidarCatalog();
        component.activate(context);
        assertEquals(ids().toList(), ids);
        component.deactivate();
        assertEquals(34, unregistered[0]);
    }
}
