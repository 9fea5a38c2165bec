package sensor.lidar.livox;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Citation;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Replay;
import sensor.lidar.RisleyPattern;
import sensor.lidar.api.RayPatterns;

/**
 * The Livox models replay the published tables ray by ray, and frames continue the pattern; the Risley pattern
 * [L-RIS] covers a 0.2° grid of the field of view as the published pattern does, within 5 % over 0.1, 0.5 and 1 s. The
 * approximate HAP and Mid-360: every ray recomputed here from the construction their notes state (a Halton sequence
 * over the datasheet field of view, uniform in solid angle), their field, ray count and uniformity checked, and their
 * datasheet lines [L-DET].
 */
class LivoxCatalogTest {
    /** The table as the README of the data describes it: 128 header bytes, then little-endian float32 pairs. */
    static float[] table(String file) throws IOException {
        try (InputStream in = LivoxCatalog.class.getResourceAsStream(file)) {
            ByteBuffer b = ByteBuffer.wrap(in.readAllBytes()).order(ByteOrder.LITTLE_ENDIAN);
            b.position(128);
            float[] v = new float[b.remaining() / 4];
            b.asFloatBuffer().get(v);
            return v;
        }
    }

    @ParameterizedTest(name = "{0} replays {1}")
    @CsvSource({"Mid-40, mujoco_lidar_mid40.npy", "Mid-70, mujoco_lidar_mid70.npy"})
    void everyRayIsTheTablesAndFramesContinueThePattern(String id, String file) throws IOException {
        float[] t = table(file);
        CatalogModel model = LivoxCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        RayPatternGenerator p = RayPatterns.of(model, model.defaultConfig());
        int n = t.length / 2;
        assertEquals(400_000, n);
        assertEquals(n, p.rays().size());
        assertTrue(java.util.Arrays.stream(p.beams()).allMatch(b -> b == 0), "one laser: every ray is line 0");
        for (int i = 0; i < n; i++) {
            double az = t[2 * i], el = t[2 * i + 1];
            Vec3 d = p.rays().get(i).transformVector(Vec3.Z);
            assertEquals(Math.cos(el) * Math.cos(az), d.x(), 1e-9, id + " ray " + i);
            assertEquals(Math.cos(el) * Math.sin(az), d.y(), 1e-9, id + " ray " + i);
            assertEquals(Math.sin(el), d.z(), 1e-9, id + " ray " + i);
        }
        // 45 frames at 10 Hz: a frame (start, end] fires the rays timed in it, so each starts where the last stopped,
        // wrapping after the table's 4 s
        long next = 1;
        for (int f = 0; f < 45; f++) {
            double start = f * 0.1, end = (f + 1) * 0.1;
            RayInterval iv = p.interval(start, end);
            assertEquals(10_000, iv.count(), "frame " + f);
            assertEquals(next % n, iv.first(), "frame " + f + " continues the pattern");
            for (int i = 0; i < iv.count(); i += 997) {
                assertEquals((next + i) / 100_000.0, p.firingTime(i, iv, start, end), 1e-9, "frame " + f + " ray " + i);
            }
            next += iv.count();
        }
    }

    /** Fraction of the 0.2° cells of the disk of radius {@code radius} (degrees) that rays 0..count−1 hit. */
    static double coverage(RayPatternGenerator p, int count, double radius) {
        int cells = (int) Math.ceil(radius / 0.2) + 1, side = 2 * cells;
        boolean[] hit = new boolean[side * side];
        for (int i = 0; i < count; i++) {
            Vec3 d = p.rays().get(i).transformVector(Vec3.Z);
            double az = Math.toDegrees(Math.atan2(d.y(), d.x())), el = Math.toDegrees(Math.asin(d.z()));
            int x = (int) Math.floor(az / 0.2) + cells, y = (int) Math.floor(el / 0.2) + cells;
            if (x >= 0 && x < side && y >= 0 && y < side) {
                hit[y * side + x] = true;
            }
        }
        int inside = 0, covered = 0;
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                if (Math.hypot((x - cells + 0.5) * 0.2, (y - cells + 0.5) * 0.2) <= radius) {
                    inside++;
                    covered += hit[y * side + x] ? 1 : 0;
                }
            }
        }
        return covered / (double) inside;
    }

    @ParameterizedTest(name = "Risley preset {0} against {1}")
    @CsvSource({"mid-40, Mid-40", "mid-70, Mid-70"})
    void risleyCoverageLRIS_matchesThePublishedPatternWithin5Percent(String preset, String id) {
        CatalogModel model = LivoxCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        RayPatternGenerator file = RayPatterns.of(model, model.defaultConfig());
        RisleyPattern type = new RisleyPattern();
        RayPatternGenerator risley = type.create(type.readConfig(java.util.Map.of("preset", preset), null));
        double radius = 0;
        for (int i = 0; i < file.rays().size(); i++) {
            Vec3 d = file.rays().get(i).transformVector(Vec3.Z);
            double az = Math.atan2(d.y(), d.x()), el = Math.asin(d.z());
            radius = Math.max(radius, Math.toDegrees(Math.hypot(az, el)));
        }
        for (double seconds : new double[] {0.1, 0.5, 1.0}) {
            int count = (int) Math.round(seconds * 100_000);
            double published = coverage(file, count, radius), analytic = coverage(risley, count, radius);
            assertTrue(published > 0.05, "the published pattern covers something in " + seconds + " s");
            assertEquals(published, analytic, 0.05 * published, id + " over " + seconds + " s: published " + published
                    + ", Risley " + analytic);
        }
    }

    @Test
    void badRisleyInputsAreRefusedNamingTheField() {
        RisleyPattern type = new RisleyPattern();
        var e = assertThrows(IllegalArgumentException.class, () -> type.readConfig(java.util.Map.of("preset", "avia"), null));
        assertEquals("preset must be one of [mid-40, mid-70], got 'avia'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> type.create(new RisleyPattern.Config(
                List.of(new RisleyPattern.Prism(10, 0, 0)), 1000, 1)));
        assertEquals("prisms[0].rpm must not be 0", e.getMessage());
        assertEquals(List.of("Mid-40", "Mid-70", "Avia", "HAP", "Mid-360"),
                LivoxCatalog.models().stream().map(CatalogModel::id).toList());
    }

    /**
     * The Avia: every ray of the lidar bundle's {@code risley} pattern given HELIOS++'s figures, written here (three
     * prisms of (1.51 − 1) × 30.8856°, 29.7735°, 3.1351° at −131.5463, 40.8032, 213.1611 Hz, 6 × 40,000 rays a second);
     * one second replayed at 240 kHz, frames going on where the last stopped; marked derived.
     */
    @Test
    void theAviaIsTheRisleyPatternOfHeliosFigures() {
        CatalogModel avia = LivoxCatalog.models().stream().filter(m -> m.id().equals("Avia")).findFirst().orElseThrow();
        double[] hz = {-131.5463, 40.8032, 213.1611}, wedge = {30.8856, 29.7735, 3.1351};
        List<RisleyPattern.Prism> prisms = new java.util.ArrayList<>();
        for (int k = 0; k < 3; k++) {
            prisms.add(new RisleyPattern.Prism(0.51 * wedge[k], 60 * hz[k], 0));
        }
        RayPatternGenerator want = new RisleyPattern().create(new RisleyPattern.Config(prisms, 240_000, 1));
        RayPatternGenerator got = RayPatterns.of(avia, avia.defaultConfig());
        assertEquals(240_000, got.rays().size());
        assertEquals(want.rays().size(), got.rays().size());
        for (int i = 0; i < got.rays().size(); i++) {
            Vec3 a = want.rays().get(i).transformVector(Vec3.Z), b = got.rays().get(i).transformVector(Vec3.Z);
            assertEquals(a.x(), b.x(), 1e-12, "ray " + i);
            assertEquals(a.y(), b.y(), 1e-12, "ray " + i);
            assertEquals(a.z(), b.z(), 1e-12, "ray " + i);
        }
        // the first ray: every prism at angle 0, so azimuth Σδ and elevation 0
        assertEquals(Math.toRadians(0.51 * (30.8856 + 29.7735 + 3.1351)), avia.replay().azimuths()[0], 1e-12);
        assertEquals(0, avia.replay().elevations()[0], 1e-15);
        RayInterval frame = got.interval(0.1, 0.2);
        assertEquals(24_000, frame.count());
        assertEquals(24_001, frame.first());
        assertEquals(240_000, avia.replay().pointRate());
        assertEquals(sensor.api.lidar.LidarModelType.Provenance.DERIVED, avia.source().provenance());
        assertTrue(avia.source().note().startsWith("derived: a first-order Risley rosette from HELIOS++'s published Avia"),
                avia.source().note());
        assertEquals(List.of("10Hz", "20Hz", "5Hz"), avia.modes().stream().map(m -> m.name()).toList());
        assertEquals(200, avia.rangeMax());
        assertEquals(0.1, avia.rangeMin());
        assertEquals(List.of(), avia.detection());
    }
    // ---- the approximate HAP and Mid-360 ---------------------------------------------------------------------------

    static CatalogModel find(String id) {
        return LivoxCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
    }

    /** An approximate model's field, degrees, and point rate, as the datasheet lines give them. */
    record Field(String id, double azMin, double azMax, double elMin, double elMax, double pointRate) {
        int rays() {
            return (int) (pointRate / 10); // one 10 Hz frame
        }
    }

    static final Field HAP = new Field("HAP", -60, 60, -12.5, 12.5, 452_000);
    static final Field MID360 = new Field("Mid-360", -180, 180, -7, 52, 200_000);

    static Field field(String id) {
        return id.equals("HAP") ? HAP : MID360;
    }

    /**
     * The Halton radical inverse written another way than the catalog's loop: k's digits in base b as
     * {@link Integer#toString(int, int)} prints them, reversed, read as an integer and divided by b^digits.
     */
    static double mirrored(int k, int b) {
        String digits = Integer.toString(k, b);
        long reversed = Long.parseLong(new StringBuilder(digits).reverse().toString(), b);
        return reversed / Math.pow(b, digits.length());
    }

    /** Where a direction falls in the field: (u, v), the fractions of its azimuth span and of its sin-elevation span. */
    static double[] unit(Field f, double az, double el) {
        double s0 = Math.sin(Math.toRadians(f.elMin())), s1 = Math.sin(Math.toRadians(f.elMax()));
        return new double[] {(Math.toDegrees(az) - f.azMin()) / (f.azMax() - f.azMin()), (Math.sin(el) - s0) / (s1 - s0)};
    }

    @Test
    void theRadicalInverseMirrorsTheDigits() {
        assertEquals(0.5, LivoxCatalog.radicalInverse(1, 2));
        assertEquals(0.25, LivoxCatalog.radicalInverse(2, 2));
        assertEquals(0.75, LivoxCatalog.radicalInverse(3, 2));
        assertEquals(1 / 3.0, LivoxCatalog.radicalInverse(1, 3), 1e-15);
        assertEquals(1 / 9.0, LivoxCatalog.radicalInverse(3, 3), 1e-15);
        assertEquals(7 / 9.0, LivoxCatalog.radicalInverse(5, 3), 1e-15); // 5 = 12 in base 3, mirrored 0.21
        assertEquals(0, LivoxCatalog.radicalInverse(0, 2));
        for (int k = 1; k < 100_000; k += 37) {
            assertEquals(mirrored(k, 2), LivoxCatalog.radicalInverse(k, 2), 1e-15, "k = " + k);
            assertEquals(mirrored(k, 3), LivoxCatalog.radicalInverse(k, 3), 1e-15, "k = " + k);
        }
    }

    /**
     * Every ray of the HAP and the Mid-360, recomputed from the construction the note states: ray i is the Halton point
     * of index i + 1 in bases 2 and 3, (u, v), at azimuth azMin + (azMax − azMin)·u and at the elevation where the
     * share v of the field's solid angle lies below it (sin el = (1 − v)·sin elMin + v·sin elMax); the lidar bundle fires
     * them at i / rate, one 10 Hz frame of rate / 10 rays, frames going on where the last stopped.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"HAP", "Mid-360"})
    void everyApproximateRayIsTheHaltonPointOfTheField(String id) {
        Field f = field(id);
        CatalogModel model = find(id);
        Replay r = model.replay();
        int n = f.rays();
        assertEquals(id.equals("HAP") ? 45_200 : 20_000, n);
        assertEquals(n, r.azimuths().length);
        assertEquals(n, r.elevations().length);
        assertNull(r.times());
        assertNull(r.channels());
        assertEquals(f.pointRate(), r.pointRate());
        RayPatternGenerator p = RayPatterns.of(model, model.defaultConfig());
        assertEquals(n, p.rays().size());
        double sinMin = Math.sin(Math.toRadians(f.elMin())), sinMax = Math.sin(Math.toRadians(f.elMax()));
        for (int i = 0; i < n; i++) {
            double u = mirrored(i + 1, 2), v = mirrored(i + 1, 3);
            double az = Math.toRadians(f.azMin() + (f.azMax() - f.azMin()) * u);
            double el = Math.asin((1 - v) * sinMin + v * sinMax);
            assertEquals(az, r.azimuths()[i], 1e-12, id + " ray " + i);
            assertEquals(el, r.elevations()[i], 1e-12, id + " ray " + i);
            Vec3 d = p.rays().get(i).transformVector(Vec3.Z);
            assertEquals(Math.cos(el) * Math.cos(az), d.x(), 1e-12, id + " ray " + i);
            assertEquals(Math.cos(el) * Math.sin(az), d.y(), 1e-12, id + " ray " + i);
            assertEquals(Math.sin(el), d.z(), 1e-12, id + " ray " + i);
        }
        // one frame at 10 Hz fires every ray once; the next goes on from ray 0 again
        for (int frame = 0; frame < 3; frame++) {
            double start = frame * 0.1, end = start + 0.1;
            RayInterval iv = p.interval(start, end);
            assertEquals(n, iv.count(), id + " frame " + frame);
            assertEquals(1, iv.first(), id + " frame " + frame + ": (start, end] begins after ray 0, fired at start");
            for (int i = 0; i < n; i += 1009) {
                assertEquals((frame * n + 1 + i) / f.pointRate(), p.firingTime(i, iv, start, end), 1e-9,
                        id + " frame " + frame + " ray " + i);
            }
        }
    }

    /** The rays stay in the field and reach its edges: the spans are the datasheet's. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"HAP", "Mid-360"})
    void theRaysFillTheDatasheetField(String id) {
        Field f = field(id);
        Replay r = find(id).replay();
        double azLo = 1e9, azHi = -1e9, elLo = 1e9, elHi = -1e9;
        for (int i = 0; i < r.azimuths().length; i++) {
            double az = Math.toDegrees(r.azimuths()[i]), el = Math.toDegrees(r.elevations()[i]);
            assertTrue(az >= f.azMin() && az < f.azMax(), id + " ray " + i + " azimuth " + az);
            assertTrue(el >= f.elMin() && el < f.elMax(), id + " ray " + i + " elevation " + el);
            azLo = Math.min(azLo, az);
            azHi = Math.max(azHi, az);
            elLo = Math.min(elLo, el);
            elHi = Math.max(elHi, el);
        }
        double span = f.azMax() - f.azMin();
        assertEquals(f.azMin(), azLo, 0.001 * span, id);
        assertEquals(f.azMax(), azHi, 0.001 * span, id);
        assertEquals(f.elMin(), elLo, 0.01, id);
        assertEquals(f.elMax(), elHi, 0.01, id);
    }

    /** The χ² quantile for {@code df} degrees of freedom at 0.999 (Wilson–Hilferty, z = 3.0902). */
    static double chiSquare999(int df) {
        double a = 2.0 / (9 * df);
        return df * Math.pow(1 - a + 3.0902 * Math.sqrt(a), 3);
    }

    /** Counts of rays [from, to) over m azimuth sectors × k bands of equal solid angle, band-major. */
    static int[] cells(Field f, Replay r, int from, int to, int m, int k) {
        int[] c = new int[m * k];
        for (int i = from; i < to; i++) {
            double[] uv = unit(f, r.azimuths()[i], r.elevations()[i]);
            int x = Math.min(m - 1, (int) Math.floor(uv[0] * m)), y = Math.min(k - 1, (int) Math.floor(uv[1] * k));
            c[y * m + x]++;
        }
        return c;
    }

    static double chi2(int[] counts, double expected) {
        double chi = 0;
        for (int c : counts) {
            chi += (c - expected) * (c - expected) / expected;
        }
        return chi;
    }

    /**
     * Uniform in solid angle: over 10 × 10 and 36 × 6 cells of equal solid angle (azimuth sectors × bands of equal
     * sin-elevation span) the frame's counts pass χ² at 0.999 and, a low-discrepancy sequence, lie within 8 rays of the
     * mean (a random draw would scatter by √mean, 10 to 21 rays); its first tenth passes χ² too. Over 10 bands of equal
     * elevation the counts follow the bands' solid angle (Δ sin el) within 0.5 %, which a field uniform in elevation
     * angle misses (by 1.2 % at the HAP's edges, 35 % at the Mid-360's top).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"HAP", "Mid-360"})
    void theRaysAreUniformInSolidAngle(String id) {
        Field f = field(id);
        Replay r = find(id).replay();
        int n = r.azimuths().length;
        for (int[] grid : new int[][] {{10, 10}, {36, 6}}) {
            int m = grid[0], k = grid[1], cells = m * k;
            int[] all = cells(f, r, 0, n, m, k);
            double mean = n / (double) cells;
            double chi = chi2(all, mean);
            assertTrue(chi < chiSquare999(cells - 1), id + " χ² " + chi + " over " + m + " × " + k);
            assertTrue(chi < 0.1 * (cells - 1), id + " far more even than a random draw: χ² " + chi);
            for (int c = 0; c < cells; c++) {
                assertEquals(mean, all[c], 8, id + " cell " + c + " of " + m + " × " + k);
            }
            int tenth = n / 10;
            double chiTenth = chi2(cells(f, r, 0, tenth, m, k), tenth / (double) cells);
            assertTrue(chiTenth < chiSquare999(cells - 1), id + " first tenth: χ² " + chiTenth);
        }
        double s0 = Math.sin(Math.toRadians(f.elMin())), s1 = Math.sin(Math.toRadians(f.elMax()));
        double step = (f.elMax() - f.elMin()) / 10;
        int[] bands = new int[10];
        for (double el : r.elevations()) {
            bands[Math.min(9, (int) Math.floor((Math.toDegrees(el) - f.elMin()) / step))]++;
        }
        for (int b = 0; b < 10; b++) {
            double lo = Math.sin(Math.toRadians(f.elMin() + b * step)), hi = Math.sin(Math.toRadians(f.elMin() + (b + 1) * step));
            double expected = n * (hi - lo) / (s1 - s0);
            assertEquals(expected, bands[b], 0.005 * expected, id + " band " + b);
        }
        // the top band of equal angle holds fewer rays than the bottom one, as cos el falls
        assertTrue(bands[9] < bands[0], id);
    }

    /**
     * Any 432 = 2⁴ · 3³ consecutive rays, wherever the stretch starts, put exactly one ray in each of the 16 × 27 cells
     * of equal solid angle: a shorter frame covers the whole field too.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"HAP", "Mid-360"})
    void anyStretchOfRaysCoversTheField(String id) {
        Field f = field(id);
        Replay r = find(id).replay();
        for (int start : new int[] {0, 1, 4321, 12_345, r.azimuths().length - 432}) {
            int[] c = new int[16 * 27];
            for (int i = start; i < start + 432; i++) {
                double[] uv = unit(f, r.azimuths()[i], r.elevations()[i]);
                c[(int) Math.floor(uv[1] * 27 + 1e-9) * 16 + (int) Math.floor(uv[0] * 16 + 1e-9)]++;
            }
            for (int cell = 0; cell < c.length; cell++) {
                assertEquals(1, c[cell], id + " stretch from " + start + ", cell " + cell);
            }
        }
    }

    /** Approximate, not counted: provenance, one 10 Hz mode, the datasheet figures, and notes that say how. */
    @Test
    void theHapAndMid360AreApproximateModelsOfTheirDatasheetFigures() {
        CatalogModel hap = find("HAP"), mid = find("Mid-360");
        for (CatalogModel m : List.of(hap, mid)) {
            assertEquals(Provenance.APPROXIMATE, m.source().provenance(), m.id());
            assertEquals("Livox", m.vendor());
            assertEquals(List.of(new Mode("10Hz", 0, 10)), m.modes(), m.id());
            assertEquals(List.of("STRONGEST"), m.returnModes(), m.id());
            assertTrue(m.beams().isEmpty());
            assertEquals("facts, no file or code copied", m.source().licence());
            assertTrue(m.source().note().startsWith(m.description() + ". Approximate, not counted among the catalog's"
                    + " exact models: Livox's scan-mode table of the "), m.source().note());
            assertTrue(m.source().note().contains("ray i (from 0) of a frame takes the Halton point of index i + 1 in bases"
                    + " 2 and 3, (u, v)"), m.source().note());
            assertTrue(m.source().note().contains("The real unit's non-repetitive scan pattern (its rosette) is not"
                    + " reproduced"), m.source().note());
            assertNull(m.calibrationFormat());
        }
        assertEquals(0.5, hap.rangeMin());
        assertEquals(150, hap.rangeMax());
        // 0.03° × 0.28° as one circular beam of the same cross-section: half the geometric mean, 0.0458258°
        assertEquals(Math.toRadians(0.0458258), hap.divergenceHalfAngle(), 1e-9);
        assertEquals("Livox HAP (TX), approximate: 45200 rays a frame filling 120° × 25° uniformly in solid angle, 452000"
                + " rays/s, 10 Hz", hap.description());
        String note = hap.source().note();
        assertTrue(note.contains("azimuth -60° + 120°·u and elevation asin(sin(-12.5°) + (sin(12.5°) - sin(-12.5°))·v),"
                + " so the rays fill the field of view uniformly in solid angle"), note);
        assertTrue(note.contains("fired at i / 452000 s, one frame of 452000 / 10 Hz = 45200 rays, replayed frame after"
                + " frame."), note);
        assertTrue(note.contains("half their geometric mean, 0.0458258°, read as 1/e² full angles"), note);
        assertTrue(note.contains("blind zone 0.5 m (range_min), detection range 150 m @ 10 % at 100 klx (range_max"), note);
        assertTrue(note.contains("scan_mode/HAP.csv) is not reachable here"), note);
        assertEquals("(none: datasheet figures)", hap.source().file());
        assertTrue(hap.source().origin().startsWith(LivoxCatalog.HAP_PAGE), hap.source().origin());

        assertEquals(0.1, mid.rangeMin());
        assertEquals(70, mid.rangeMax());
        assertEquals(0.0014, mid.divergenceHalfAngle());
        assertEquals("Livox Mid-360, approximate: 20000 rays a frame filling 360° × (-7° to 52°) uniformly in solid angle,"
                + " 200000 rays/s, 10 Hz", mid.description());
        note = mid.source().note();
        assertTrue(note.contains("azimuth -180° + 360°·u and elevation asin(sin(-7°) + (sin(52°) - sin(-7°))·v), so"), note);
        assertTrue(note.contains("fired at i / 200000 s, one frame of 200000 / 10 Hz = 20000 rays"), note);
        assertTrue(note.contains("scan_mode/mid360.csv) is not reachable here"), note);
        assertEquals("(none: published figures)", mid.source().file());
        assertEquals("0.0458258", LivoxCatalog.fmt(0.04582575695));
        assertEquals("452000", LivoxCatalog.fmt(452_000));
    }

    /**
     * [L-DET] The HAP's manual line, cited: 150 m at 10 % under 100 klx, false alarm ratio 0.01 %, the probability the
     * other vendors print (0.9); the Mid-360's, secondary: 40 m at 10 %, 100 klx, false alarms 0.01 %.
     */
    @Test
    void theHapAndMid360CarryTheirDatasheetLinesLDET() {
        DetectionLine hap = new DetectionLine(150, 0.1, 100, 0.9, 1e-4, List.of(), List.of(), "Livox HAP User Manual, Table"
                + " 1.2.1 \"Point cloud specifications\", https://www.easymanua.ls/livox/hap/manual?p=6: detection range"
                + " 150 m @ 10 % (@ 100 klx), false alarm ratio 0.01 % (@ 100 klx)", Citation.CITED);
        assertEquals(List.of(hap), find("HAP").detection());
        List<DetectionLine> mid = find("Mid-360").detection();
        assertEquals(1, mid.size());
        DetectionLine l = mid.get(0);
        assertEquals(List.of(40.0, 0.1, 100.0, 0.9, 1e-4), List.of(l.range(), l.reflectivity(), l.ambientKlx(),
                l.detectionProbability(), l.falseAlarmRate()));
        assertEquals(Citation.SECONDARY, l.citation());
        assertEquals("secondary", l.citation().toString());
        assertTrue(l.channels().isEmpty());
        assertTrue(l.precision().isEmpty());
        assertTrue(l.source().startsWith("third-party READMEs quoting the Livox Mid-360 specifications"
                + " (livoxtech.com/mid-360/specs): 40 m @ 10 %"), l.source());
        for (String id : List.of("Mid-40", "Mid-70", "Avia")) {
            assertEquals(List.of(), find(id).detection(), id);
        }
    }

    /** The component registers each model under its id and takes them back. */
    @Test
    void theComponentRegistersEveryModel() {
        List<String> ids = new java.util.ArrayList<>();
        int[] unregistered = {0};
        ServiceRegistration<?> registration = (ServiceRegistration<?>) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ServiceRegistration.class}, (p, m, a) -> {
                    unregistered[0] += m.getName().equals("unregister") ? 1 : 0;
                    return null;
                });
        BundleContext context = (BundleContext) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BundleContext.class}, (p, m, a) -> {
                    assertEquals("registerService", m.getName());
                    assertEquals(LidarModelType.class, a[0]);
                    ids.add((String) ((java.util.Dictionary<?, ?>) a[2]).get(LidarModelType.ID_PROPERTY));
                    assertEquals(((CatalogModel) a[1]).id(), ids.get(ids.size() - 1));
                    return registration;
                });
        LivoxCatalog component = new LivoxCatalog();
        component.activate(context);
        assertEquals(List.of("Mid-40", "Mid-70", "Avia", "HAP", "Mid-360"), ids);
        component.deactivate();
        assertEquals(5, unregistered[0]);
    }
}
