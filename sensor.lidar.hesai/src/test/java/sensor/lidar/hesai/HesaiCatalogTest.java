package sensor.lidar.hesai;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.CatalogModel;
import sensor.lidar.api.RayPatterns;

/**
 * Every ray of every Hesai model against its angle- and firetime-correction files, read here with their headers, put
 * through the SDK's geometry written out here: channel c of block k fires at k/(N·rate) + firetime_c; the encoder is
 * then at a = 360°·rate·t (clockwise), the channel's azimuth α = a + azimuth_c and elevation φ = elevation_c, and a
 * return at distance d lies at (d cos φ sin α, d cos φ cos α, d sin φ) with y ahead, that is
 * (d cos φ cos α, −d cos φ sin α, d sin φ) with x ahead. Firetime columns are chosen by their header labels:
 * operation mode 2, angle state 0, distance ≥ A1 (E3X form); operational state 2, azimuth state 0 (OT128 form).
 */
class HesaiCatalogTest {
    static List<String[]> csv(String file) throws IOException {
        try (InputStream in = HesaiCatalog.class.getResourceAsStream(file)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\uFEFF", "");
            return text.lines().filter(l -> !l.isBlank()).map(l -> l.strip().split(",")).toList();
        }
    }

    /** Firing time of each channel (1-based), µs. */
    static Map<Integer, Double> firetimes(String file) throws IOException {
        List<String[]> rows = csv(file);
        Map<Integer, Double> t = new HashMap<>();
        int column = 1, first = 1;
        double unit = 1;
        if (rows.get(0)[0].equals("Operational State")) {
            for (column = 1; !(rows.get(0)[column].equals("2") && rows.get(1)[column].equals("0")); column++) { }
            first = 2;
        } else if (rows.get(1)[0].equals("operation mode")) {
            for (column = 1; !(rows.get(0)[column].equals("distance>=A1") && rows.get(1)[column].equals("2")
                    && rows.get(2)[column].equals("0")); column++) { }
            first = 3;
            unit = 1e-3;
        }
        for (String[] r : rows.subList(first, rows.size())) {
            t.put(Integer.parseInt(r[0].strip()), Double.parseDouble(r[column].strip()) * unit);
        }
        return t;
    }

    @ParameterizedTest(name = "{0} against {1}")
    @CsvSource(delimiter = ';', value = {
        "Pandar40P; angle_correction/Pandar40P_Angle Correction File.csv; firetime_correction/Pandar40P_Firetime Correction File.csv",
        "Pandar40M; angle_correction/Pandar40M_Angle Correction File.csv; firetime_correction/Pandar40P_Firetime Correction File.csv",
        "Pandar64; angle_correction/Pandar64_Angle Correction File.csv; firetime_correction/Pandar64_Firetime Correction File.csv",
        "Pandar90; angle_correction/Pandar90E3X_Angle Correction File.csv; firetime_correction/Pandar90_Firetime Correction File.csv",
        "Pandar128E3X; angle_correction/Pandar128E3X_Angle Correction File.csv; firetime_correction/Pandar128E3X_Firetime Correction File.csv",
        "OT128; angle_correction/OT128_Angle Correction File.csv; firetime_correction/OT128_Firetime Correction File.csv",
        "PandarQT64; angle_correction/PandarQT_Angle Correction File.csv; firetime_correction/PandarQT_Firetime Correction File.csv",
        "PandarXT-16; angle_correction/PandarXT-16_Angle Correction File.csv; firetime_correction/PandarXT-16_Firetime Correction File.csv",
        "PandarXT-32; angle_correction/PandarXT_Angle Correction File.csv; firetime_correction/PandarXT-32_Firetime Correction File.csv",
        "PandarXT-32-unit; nebula/PandarXT32.csv; firetime_correction/PandarXT-32_Firetime Correction File.csv",
        "XT32M2X; angle_correction/XT32M2X_Angle Correction File.csv; firetime_correction/PandarXT-32M2X_Firetime Correction File.csv",
    })
    void everyRayFollowsTheCorrectionFilesAndTheSdkGeometry(String id, String angles, String fire) throws IOException {
        List<String[]> rows = csv(angles);
        Map<Integer, Double> firetime = firetimes(fire);
        CatalogModel model = HesaiCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        assertEquals(angles, model.source().file());
        int channels = rows.size() - 1;
        for (Mode mode : model.modes()) {
            RayPatternGenerator p = RayPatterns.of(model, mode);
            int n = mode.columns();
            double rate = mode.rate(), start = -0.5 / (n * rate), end = (n - 0.5) / (n * rate);
            RayInterval all = p.interval(start, end);
            assertEquals(n * channels, all.count());
            for (int i = 0; i < all.count(); i++) {
                int k = i / channels, c = i % channels;
                String[] row = rows.get(c + 1);
                double t = k / (n * rate) + firetime.get(c + 1) * 1e-6;
                double alpha = Math.toRadians(360 * rate * t + Double.parseDouble(row[2]));
                double phi = Math.toRadians(Double.parseDouble(row[1]));
                Pose ray = p.rays().get(all.rayIndex(i, p.rays().size()));
                Vec3 d = ray.transformVector(Vec3.Z);
                String where = id + " " + mode.name() + " block " + k + " channel " + (c + 1);
                assertEquals(Math.cos(phi) * Math.cos(alpha), d.x(), 1e-9, where);
                assertEquals(-Math.cos(phi) * Math.sin(alpha), d.y(), 1e-9, where);
                assertEquals(Math.sin(phi), d.z(), 1e-9, where);
                assertEquals(0, ray.position().norm(), 1e-6, where);
                assertEquals(t, p.firingTime(i, all, start, end), 1e-9, where);
            }
        }
    }

    @Test
    void aMalformedFileIsRefusedWithItsLine() {
        assertEquals(11, HesaiCatalog.models().size());
        var e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.angles("README.md"));
        assertTrue(e.getMessage().startsWith("README.md line 3: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> HesaiCatalog.firetimes("firetime_correction/PandarXT-16_Firetime Correction File.csv", 32));
        assertEquals("firetime_correction/PandarXT-16_Firetime Correction File.csv: no firing time for channel 17 of 32",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.angles("a.csv",
                List.of("Channel,Elevation,Azimuth", "1,15,0.1", "3,14,0.2")));
        assertEquals("a.csv line 3: channel 3 where channel 2 is due", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.angles("a.csv",
                List.of("Channel,Elevation,Azimuth", "1,90,0", "2,-90.5,0")));
        assertEquals("a.csv line 3: elevation must be in [-90, 90] degrees, got -90.5", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.firetimes("f.csv",
                List.of("Channel,fire time(us)", "1,1.5", "2,x"), 2));
        assertEquals("f.csv line 3: 'x' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.firetimes("f.csv",
                List.of("Operational State,2,2", "Azimuth State,0,1", "1,-,2.0", "2,1.0,y"), 2));
        assertEquals("f.csv line 4: 'y' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.firetimes("f.csv",
                List.of("Operational State,2,2", "Azimuth State,0,1", "1,-,2.0", "2,1.0"), 2));
        assertEquals("f.csv: no column in which every channel fires", e.getMessage(), "a short row has no cell to fire");
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.firetimes("f.csv",
                List.of("threshold,1", "mode,2,2", "state,0,1", "1,0,2000", "2,1500,z"), 2));
        assertEquals("f.csv line 5: 'z' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.firetimes("f.csv",
                List.of("Operational State,2,2", "Azimuth State,0,1", "1,-,2.0", "q,1.0,3.0"), 2));
        assertEquals("f.csv line 4: 'q' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.firetimes("f.csv",
                List.of("threshold,1", "mode,2,2", "state,0,1", "1,0,2000", "w,1500,3500"), 2));
        assertEquals("f.csv line 5: 'w' is not a number", e.getMessage());
    }

    @Test
    void everyFiretimeFormIsReadAtItsFirstColumnInWhichEveryChannelFires() {
        assertArrayEquals(new double[] {1.5, 2.25}, HesaiCatalog.firetimes("f.csv",
                List.of("Channel,fire time(us)", "1,1.5", "", "2,2.25"), 2));
        assertArrayEquals(new double[] {2, 3, 4}, HesaiCatalog.firetimes("f.csv",
                List.of("Operational State,2,2,2", "Azimuth State,0,1,2", "1,-,2.0,9", "2,1.0,3.0,9", "", "3,1.5,4.0,9"), 3));
        assertArrayEquals(new double[] {2, 3.5}, HesaiCatalog.firetimes("f.csv", // ns in the E3X form
                List.of("threshold,1", "mode,2,2", "state,0,1", "1,0,2000", "2,1500,3500"), 2));
    }

    /** [L-DET] the PandarXT-16 manual's channel table: 50 m at 10 % on channels 1–4 and 13–16, 80 m on 5–12. */
    @Test
    void thePandarXt16CarriesItsPerChannelRanges() {
        for (CatalogModel m : HesaiCatalog.models()) {
            if (!m.id().equals("PandarXT-16")) {
                assertEquals(List.of(), m.detection(), m.id());
                continue;
            }
            for (int c = 1; c <= 16; c++) {
                int channel = c;
                var lines = m.detection().stream().filter(l -> l.channels().contains(channel)).toList();
                assertEquals(1, lines.size(), "channel " + c);
                assertEquals(c <= 4 || c >= 13 ? 50 : 80, lines.get(0).range(), "channel " + c);
                assertEquals(0.1, lines.get(0).reflectivity());
            }
        }
    }

    @Test
    void unitCalibrationsNameTheirRepositoryAndLicence() {
        for (CatalogModel m : HesaiCatalog.models()) {
            boolean nebula = m.source().file().startsWith("nebula/");
            assertEquals(nebula ? HesaiCatalog.NEBULA : HesaiCatalog.SDK, m.source().origin(), m.id());
            assertEquals(nebula ? HesaiCatalog.NEBULA_LICENCE : HesaiCatalog.SDK_LICENCE, m.source().licence(), m.id());
            assertTrue(m.source().note().startsWith(m.source().provenance() == LidarModelType.Provenance.NOMINAL
                    ? "nominal angles" : "one unit's calibration"), m.id());
        }
        assertEquals("one unit's calibration, firing times from PandarXT-32_Firetime Correction File.csv",
                HesaiCatalog.models().stream().filter(m -> m.id().equals("PandarXT-32-unit")).findFirst().orElseThrow()
                        .source().note());
        assertEquals("tier4/nebula", HesaiCatalog.models().stream().filter(m -> m.id().equals("PandarXT-32-unit"))
                .findFirst().orElseThrow().source().origin().substring(0, 12));
    }
}
