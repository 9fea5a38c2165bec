package sensor.lidar.livox;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.CatalogModel;
import sensor.lidar.RisleyPattern;
import sensor.lidar.api.RayPatterns;

/**
 * The Livox models replay the published tables ray by ray, and frames continue the pattern; the Risley pattern
 * [L-RIS] covers a 0.2° grid of the field of view as the published pattern does, within 5 % over 0.1, 0.5 and 1 s.
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
        assertEquals(3, LivoxCatalog.models().size());
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
}
