package sensor.lidar.hesai;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

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
    /** The SDK's last line of a signed angle file: the SHA-256 of the bytes before it, then empty cells. */
    static final Pattern SHA256_LINE = Pattern.compile("([0-9a-f]{64}),*\\s*");

    static List<String[]> csv(String file) throws IOException {
        try (InputStream in = HesaiCatalog.class.getResourceAsStream(file)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\uFEFF", "");
            return text.lines().filter(l -> !l.isBlank() && !SHA256_LINE.matcher(l).matches())
                    .map(l -> l.strip().split(",")).toList();
        }
    }

    /** Firing time of each channel (1-based), µs; {@code none}: 0 for every channel. */
    static Map<Integer, Double> firetimes(String file) throws IOException {
        Map<Integer, Double> t = new HashMap<>();
        if (file.equals("none")) {
            for (int c = 1; c <= 128; c++) {
                t.put(c, 0.0);
            }
            return t;
        }
        List<String[]> rows = csv(file);
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
        "OT128-40; angle_correction/OT128_40_Angle Correction File.csv; firetime_correction/OT128_40_Frietime Correction File.csv",
        "JT128; angle_correction/JT128_Angle Correction File.csv; firetime_correction/JT128_Firetime Correction File.csv",
        // the SDK gives the JT16 no firing times: every channel at its block's time
        "JT16; angle_correction/JT16_Angle Correction File.csv; none",
        "Pandar40P-unit; nebula/Pandar40P.csv; firetime_correction/Pandar40P_Firetime Correction File.csv",
        "Pandar64-unit; nebula/Pandar64.csv; firetime_correction/Pandar64_Firetime Correction File.csv",
        "OT128-unit; nebula/Pandar128E4X.csv; firetime_correction/OT128_Firetime Correction File.csv",
        "XT32M2X-unit; nebula/PandarXT32M.csv; firetime_correction/PandarXT-32M2X_Firetime Correction File.csv",
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

    /**
     * The SDK's rates: the JT128 at its 10 Hz default frame with a block every 111 µs ({@code OTHER_BLOCK_NS_OFFSET2}),
     * 900 blocks a rotation; the OT128's 40-channel mode at the OT128's (operation mode 2: 55.556 µs blocks, 1800 at 10 Hz).
     */
    @Test
    void theNewModelsRunAtTheSdksRates() {
        CatalogModel jt = HesaiCatalog.models().stream().filter(m -> m.id().equals("JT128")).findFirst().orElseThrow();
        assertEquals(List.of(new Mode("10Hz", 900, 10)), jt.modes());
        assertEquals(1 / 10.0, 900 * 111e-6, 1.1e-4, "900 blocks of 111 µs fill a 10 Hz rotation to 0.1 %");
        assertEquals(60, jt.rangeMax());
        assertEquals("one unit's calibration, firing times from JT128_Firetime Correction File.csv; one mode from the SDK: "
                + "10 Hz (its default frame rate), 900 blocks of 111 µs (OTHER_BLOCK_NS_OFFSET2)", jt.source().note());
        CatalogModel ot40 = HesaiCatalog.models().stream().filter(m -> m.id().equals("OT128-40")).findFirst().orElseThrow();
        assertEquals(List.of(new Mode("10Hz", 1800, 10), new Mode("20Hz", 900, 20), new Mode("5Hz", 3600, 5)),
                ot40.modes());
        assertEquals(1800 * 55.556e-6, 1 / 10.0, 1e-5);
        assertTrue(ot40.source().note().endsWith("; the OT128's 40-channel mode (40 of the same unit's 128 lasers), its "
                + "modes the OT128's"), ot40.source().note());
    }

    /** The OT128's 40-channel mode fires 40 of the 128 lasers of the same unit: each row is a row of the OT128 file. */
    @Test
    void theOt128FortyChannelTableIsASubsetOfTheOt128Unit() throws IOException {
        List<String[]> all = csv("angle_correction/OT128_Angle Correction File.csv");
        List<String[]> forty = csv("angle_correction/OT128_40_Angle Correction File.csv");
        assertEquals(41, forty.size());
        int last = 0;
        for (String[] row : forty.subList(1, forty.size())) {
            int at = last + 1;
            while (!(all.get(at)[1].equals(row[1]) && all.get(at)[2].equals(row[2]))) {
                at++;
            }
            last = at;
        }
        assertEquals(128, last, "the last of the forty is the OT128's channel 128");
    }

    /** The JT128 file ends with the SHA-256 of its bytes before that line, as the SDK checks it: the copy is intact. */
    @Test
    void theJt128AngleFileMatchesItsOwnSha256() throws Exception {
        byte[] bytes;
        try (InputStream in = HesaiCatalog.class.getResourceAsStream("angle_correction/JT128_Angle Correction File.csv")) {
            bytes = in.readAllBytes();
        }
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        var m = Pattern.compile("(?m)^([0-9a-f]{64}),").matcher(text);
        assertTrue(m.find());
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(java.util.Arrays.copyOf(bytes, m.start()));
        assertEquals(m.group(1), java.util.HexFormat.of().formatHex(digest));
        assertEquals(128, HesaiCatalog.angles("angle_correction/JT128_Angle Correction File.csv").length);
    }

    @Test
    void aMalformedFileIsRefusedWithItsLine() {
        assertEquals(20, HesaiCatalog.models().size());
        var e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.angles("README.md"));
        assertTrue(e.getMessage().startsWith("README.md line 3: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> HesaiCatalog.firetimes("firetime_correction/PandarXT-16_Firetime Correction File.csv", 32));
        assertEquals("firetime_correction/PandarXT-16_Firetime Correction File.csv: no firing time for channel 17 of 32",
                e.getMessage());
        // a 63-digit first cell is no SHA-256 line, and is refused as any other word
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.angles("a.csv",
                List.of("Channel,Elevation,Azimuth", "1,15,0.1", "ab".repeat(31) + "c,1,2")));
        assertEquals("a.csv line 3: '" + "ab".repeat(31) + "c' is not a number", e.getMessage());
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
    void theSha256LineIsSkippedWhereverItStands() {
        String sha = "0123456789abcdef".repeat(3) + "0123456789ABCDEF";
        assertArrayEquals(new double[][] {{15, 0.1}, {-2, 190.5}}, HesaiCatalog.angles("a.csv",
                List.of("Channel,Elevation,Azimuth", "1,15,0.1", sha + ",,", "2,-2,190.5", " " + sha)));
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
                assertEquals(m.id().startsWith("PandarXT-32") ? 2 : 0, m.detection().size(), m.id());
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

    /**
     * The user's own unit: PandarXT-32 given the published unit file of tier4/nebula, then its own nominal table, puts
     * its beams where each file says (read here by splitting the lines) and keeps its firing times; the unit differs
     * from the nominal design by tenths of a degree. A file of another channel count is refused naming the layout.
     */
    @Test
    void aUnitsAngleFileGivesTheModelItsBeams() throws Exception {
        CatalogModel xt32 = HesaiCatalog.models().stream().filter(m -> m.id().equals("PandarXT-32")).findFirst().orElseThrow();
        double largest = 0;
        List<double[]> nominal = null;
        for (String file : List.of("angle_correction/PandarXT_Angle Correction File.csv", "nebula/PandarXT32.csv")) {
            String text;
            try (var in = HesaiCatalog.class.getResourceAsStream(file)) {
                text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            }
            List<double[]> rows = text.replace("\uFEFF", "").lines().skip(1).filter(l -> !l.isBlank())
                    .map(l -> java.util.Arrays.stream(l.split(",")).mapToDouble(c -> Double.parseDouble(c.strip())).toArray())
                    .toList();
            CatalogModel unit = xt32.calibrated("my-unit.csv", text);
            assertEquals("my-unit.csv", unit.source().file());
            for (int c = 0; c < 32; c++) {
                assertEquals(Math.toRadians(rows.get(c)[1]), unit.beams().get(c).elevation(), 1e-12, file + " " + c);
                assertEquals(-Math.toRadians(rows.get(c)[2]), unit.beams().get(c).azimuthOffset(), 1e-12, file + " " + c);
                assertEquals(xt32.beams().get(c).firingTime(), unit.beams().get(c).firingTime(), 0, "firing times stay");
                if (nominal != null) {
                    largest = Math.max(largest, Math.max(Math.abs(rows.get(c)[1] - nominal.get(c)[1]),
                            Math.abs(rows.get(c)[2] - nominal.get(c)[2])));
                }
            }
            nominal = nominal == null ? rows : nominal;
        }
        assertTrue(largest > 0.05 && largest < 1, "the unit differs from the design by tenths of a degree: " + largest);
        var e = assertThrows(IllegalArgumentException.class, () -> xt32.calibrated("my-unit.csv",
                "Channel,Elevation,Azimuth\n1,15,0\n2,14,0\n"));
        assertEquals("my-unit.csv: 2 channels, but Hesai PandarXT-32 has 32; expected " + HesaiCatalog.CALIBRATION
                + " with 32 channels", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> xt32.calibrated("my-unit.csv",
                "Channel,Elevation,Azimuth\n1,15,0\n2,x,0\n"));
        assertEquals("my-unit.csv line 3: 'x' is not a number", e.getMessage());
    }

    /** [L-DET] the XT-32 manual's channel table, cited: 50 m on the outer 16 channels, 80 m on the inner 16. */
    @Test
    void thePandarXt32CarriesItsManualsChannelTable() {
        for (String id : List.of("PandarXT-32", "PandarXT-32-unit")) {
            var lines = HesaiCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow().detection();
            assertEquals(2, lines.size());
            assertEquals(50, lines.get(0).range());
            assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 25, 26, 27, 28, 29, 30, 31, 32), lines.get(0).channels());
            assertEquals(80, lines.get(1).range());
            assertEquals(java.util.stream.IntStream.rangeClosed(9, 24).boxed().toList(), lines.get(1).channels());
            lines.forEach(l -> assertEquals(sensor.api.lidar.LidarModelType.Citation.CITED, l.citation()));
        }
    }

    // ---- QT128C2X: two loops in alternate blocks, replayed -------------------------------------------------------------

    /** The loop firetime file read here: rows after the three header lines, pairs (channel, µs) per loop; channel 0 empty. */
    static List<Map<Integer, Double>> loops() throws IOException {
        List<String[]> rows = csv("firetime_correction/QT128C2X_Firetime Correction File.csv");
        int n = Integer.parseInt(rows.get(1)[3]);
        List<Map<Integer, Double>> loops = new java.util.ArrayList<>();
        for (int loop = 0; loop < n; loop++) {
            Map<Integer, Double> m = new java.util.TreeMap<>();
            for (String[] r : rows.subList(3, rows.size())) {
                if (!r[2 * loop].equals("0")) {
                    m.put(Integer.parseInt(r[2 * loop]), Double.parseDouble(r[2 * loop + 1]));
                }
            }
            loops.add(m);
        }
        return loops;
    }

    /**
     * Every ray of one rotation of the QT128C2X against its files read here, by {@code udp3_2_parser.cc}'s formulas: block
     * k (of 900, 111.11 µs apart at 10 Hz) fires loop k mod 2, each channel of the loop (all it has a time for, or the
     * channel config's column of that loop) at {@code t = k/9000 + firetime}; azimuth 360°·10·t + azimuth_c clockwise,
     * elevation_c; the lidar bundle fires each once in a 0.1 s frame at its time on channel c − 1.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"QT128C2X, none", "QT128C2X-80ch, angle_correction/QT128C2X_Channel_Cofig.csv"})
    void everyQt128RayFollowsItsLoopsAndTheSdkGeometry(String id, String config) throws IOException {
        List<String[]> angles = csv("angle_correction/QT128C2X_Angle Correction File.csv");
        List<Map<Integer, Double>> loops = loops();
        assertEquals(2, loops.size());
        List<List<Integer>> sequence = new java.util.ArrayList<>();
        if (config.equals("none")) {
            loops.forEach(l -> sequence.add(List.copyOf(l.keySet())));
        } else {
            List<String[]> rows = csv(config);
            int n = Integer.parseInt(rows.get(1)[1]);
            for (int loop = 0; loop < 2; loop++) {
                int j = loop;
                sequence.add(rows.subList(3, 3 + n).stream().map(r -> Integer.parseInt(r[j])).toList());
            }
            assertEquals(80, n);
        }
        CatalogModel model = HesaiCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        LidarModelType.Replay r = model.replay();
        assertEquals(List.of(new Mode("10Hz", 0, 10)), model.modes());
        List<double[]> want = new java.util.ArrayList<>();
        int i = 0;
        for (int k = 0; k < 900; k++) {
            int loop = k % 2;
            for (int c : sequence.get(loop)) {
                double t = k / 9000.0 + loops.get(loop).get(c) * 1e-6;
                double alpha = Math.toRadians(3600 * t + Double.parseDouble(angles.get(c)[2].strip()));
                double phi = Math.toRadians(Double.parseDouble(angles.get(c)[1].strip()));
                String where = id + " block " + k + " channel " + c;
                assertEquals(Math.cos(alpha), Math.cos(r.azimuths()[i]), 1e-12, where);
                assertEquals(-Math.sin(alpha), Math.sin(r.azimuths()[i]), 1e-12, where);
                assertTrue(r.azimuths()[i] >= -Math.PI && r.azimuths()[i] < Math.PI, where);
                assertEquals(phi, r.elevations()[i], 1e-12, where);
                assertEquals(t, r.times()[i], 1e-12, where);
                assertEquals(c - 1, r.channels()[i], where);
                want.add(new double[] {t, c - 1, Math.cos(phi) * Math.cos(alpha), -Math.cos(phi) * Math.sin(alpha),
                    Math.sin(phi)});
                i++;
            }
        }
        assertEquals(i, r.azimuths().length);
        assertEquals(i * 10, r.pointRate(), 1e-6);
        assertEquals(config.equals("none") ? 900 * 96 : 900 * 80, i);
        RayPatternGenerator p = RayPatterns.of(model, model.defaultConfig());
        double start = -1e-7, end = 0.1 - 1e-7;
        RayInterval all = p.interval(start, end);
        assertEquals(i, all.count());
        int[] beams = p.beams();
        List<double[]> got = new java.util.ArrayList<>();
        for (int j = 0; j < i; j++) {
            int k = all.rayIndex(j, p.rays().size());
            Vec3 d = p.rays().get(k).transformVector(Vec3.Z);
            got.add(new double[] {p.firingTime(j, all, start, end), beams[k], d.x(), d.y(), d.z()});
        }
        java.util.Comparator<double[]> order = (x, y) -> {
            for (int j = 0; j < 2; j++) {
                int c = Double.compare(Math.rint(x[j] * 1e9), Math.rint(y[j] * 1e9));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
        want.sort(order);
        got.sort(order);
        for (int j = 0; j < i; j++) {
            assertArrayEquals(want.get(j), got.get(j), 1e-9, id + " fired ray " + j);
        }
        assertEquals(HesaiCatalog.SDK, model.source().origin());
        assertEquals("angle_correction/QT128C2X_Angle Correction File.csv", model.source().file());
        assertEquals("one unit's calibration, firing times from QT128C2X_Firetime Correction File.csv" + (config.equals("none")
                ? ", loops alternating by block, every channel a loop has a time for"
                : ", the channels of QT128C2X_Channel_Cofig.csv (the self-defined channel mode)")
                + "; one mode from the SDK: 10 Hz, 900 blocks of 111.11 µs (PandarQT_BLOCK_NS_OFFSET2)", model.source().note());
        assertEquals(List.of(), model.beams());
        assertEquals(60, model.rangeMax());
    }

    /** Channels 1–32 fire in loop 2 only, 33–64 in loop 1 only, 65–128 in both (the firetime file). */
    @Test
    void theQt128LoopsShareTheUpperHalf() throws IOException {
        List<Map<Integer, Double>> loops = loops();
        for (int c = 1; c <= 128; c++) {
            assertEquals(c > 32, loops.get(0).containsKey(c), "loop 1 channel " + c);
            assertEquals(c <= 32 || c > 64, loops.get(1).containsKey(c), "loop 2 channel " + c);
        }
        int[][] sequence = HesaiCatalog.firing(HesaiCatalog.loopFiretimes("f.csv", List.of("EEFF,1,1,",
                "Horizontal Resolution Mode,1,LoopNum,2", "Loop1,Firetime1,Loop2,Firetime2", "2,0.5,1,0.25", "0,0,2,1.5",
                ""), 2));
        assertArrayEquals(new int[][] {{2}, {1, 2}}, sequence);
    }

    @Test
    void aMalformedLoopFileOrChannelConfigIsRefusedWithItsLine() {
        String head = "Horizontal Resolution Mode,1,LoopNum,2";
        Map<List<String>, String> bad = new java.util.LinkedHashMap<>();
        bad.put(List.of("Laser,1", head, "x"), "f.csv line 1: expected the loop form's EEFF line");
        bad.put(List.of("EEFF"), "f.csv line 1: expected the loop form's EEFF line");
        bad.put(List.of("EEFF,1", "Horizontal Resolution Mode,1,Loops,2", "x"),
                "f.csv line 2: expected 'Horizontal Resolution Mode,m,LoopNum,n'");
        bad.put(List.of("EEFF,1", "Horizontal Resolution Mode,1,LoopNum", "x"),
                "f.csv line 2: expected 'Horizontal Resolution Mode,m,LoopNum,n'");
        bad.put(List.of("EEFF,1", "Horizontal Resolution Mode,1,LoopNum,5", "x"), "f.csv line 2: LoopNum must be 1 to 4, got 5");
        bad.put(List.of("EEFF,1", "Horizontal Resolution Mode,1,LoopNum,0", "x"), "f.csv line 2: LoopNum must be 1 to 4, got 0");
        bad.put(List.of("EEFF,1", head, "x", "3,1,1,1"), "f.csv line 4: channel 3 of loop 1 must be one of 1 to 2, once");
        bad.put(List.of("EEFF,1", head, "x", "1,1,1,1", "2,1,1,2"), "f.csv line 5: channel 1 of loop 2 must be one of 1 to 2, once");
        bad.put(List.of("EEFF,1", head, "x", "0,1,1,1"), "f.csv line 4: channel 0 of loop 1 must be one of 1 to 2, once");
        bad.put(List.of("EEFF,1", head, "x", "1,1,-1,1"), "f.csv line 4: channel -1 of loop 2 must be one of 1 to 2, once");
        bad.put(List.of("EEFF,1", head, "x", "1,1,1"), "f.csv line 4: expected 4 values, got 3");
        bad.forEach((lines, message) -> assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> HesaiCatalog.loopFiretimes("f.csv", lines, 2)).getMessage(), lines.toString()));
        double[][] fire = HesaiCatalog.loopFiretimes("f.csv", List.of("eeff", head, "x", "0,0,2,1.5"), 2);
        assertArrayEquals(new double[] {Double.NaN, Double.NaN}, fire[0]);
        assertArrayEquals(new double[] {Double.NaN, 1.5}, fire[1]);
        Map<List<String>, String> config = new java.util.LinkedHashMap<>();
        config.put(List.of("Laser,1", "LaserNum,1,BlockNum,2", "Loop1,Loop2"), "c.csv line 1: expected the channel config's EEFF line");
        config.put(List.of("EEFF,1"), "c.csv line 1: expected the channel config's EEFF line");
        config.put(List.of("EEFF,1", "Lasers,1,BlockNum,2", "Loop1,Loop2"), "c.csv line 2: expected 'LaserNum,n,BlockNum,b'");
        config.put(List.of("EEFF,1", "LaserNum,1,BlockNum", "Loop1,Loop2"), "c.csv line 2: expected 'LaserNum,n,BlockNum,b'");
        config.put(List.of("EEFF,1", "LaserNum,2,BlockNum,2", "Loop1,Loop2", "1,2"),
                "c.csv line 2: LaserNum must be 1 to 2 with a row each, got 2");
        config.put(List.of("EEFF,1", "LaserNum,3,BlockNum,2", "Loop1,Loop2", "1,2", "1,2", "1,2"),
                "c.csv line 2: LaserNum must be 1 to 2 with a row each, got 3");
        config.put(List.of("EEFF,1", "LaserNum,0,BlockNum,2", "Loop1,Loop2"),
                "c.csv line 2: LaserNum must be 1 to 2 with a row each, got 0");
        config.put(List.of("EEFF,1", "LaserNum,1,BlockNum,2", "Loop1,Loop2", "1,3"), "c.csv line 4: channel 3 must be one of 1 to 2");
        config.put(List.of("EEFF,1", "LaserNum,1,BlockNum,2", "Loop1,Loop2", "0,1"), "c.csv line 4: channel 0 must be one of 1 to 2");
        config.put(List.of("EEFF,1", "LaserNum,1,BlockNum,2", "Loop1,Loop2", "1"), "c.csv line 4: expected 2 values, got 1");
        config.forEach((lines, message) -> assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> HesaiCatalog.channelConfig("c.csv", lines, 2)).getMessage(), lines.toString()));
        // a config naming a channel its loop has no time for, or another number of loops, is refused
        var head2 = List.of("EEFF,1,1", "LaserNum,1,BlockNum,2", "Loop1,Loop2");
        var e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.qt128("x", "c.csv",
                java.util.stream.Stream.concat(head2.stream(), java.util.stream.Stream.of("1,1")).toList()));
        assertEquals("c.csv: channel 1 fires in loop 1 but firetime_correction/QT128C2X_Firetime Correction File.csv gives"
                + " it no firing time there", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HesaiCatalog.qt128("x", "c.csv", List.of("EEFF,1,1",
                "LaserNum,1,BlockNum,2", "Loop1,Loop2,Loop3", "33,1,1")));
        assertEquals("c.csv: 3 loops, but firetime_correction/QT128C2X_Firetime Correction File.csv has 2", e.getMessage());
        assertEquals(900 * 2, HesaiCatalog.qt128("x", "c.csv", List.of("EEFF,1,1", "LaserNum,2,BlockNum,2", "Loop1,Loop2",
                "33,1", "65,65")).replay().azimuths().length, "two channels a block");
        // one to four loops
        for (int loops : new int[] {1, 4}) {
            String row = "1,0.5" + ",0,0".repeat(loops - 1);
            assertEquals(loops, HesaiCatalog.loopFiretimes("f.csv", List.of("EEFF", "Horizontal Resolution Mode,1,LoopNum,"
                    + loops, "x", row), 2).length);
        }
        assertArrayEquals(new int[][] {{2, 1}, {1, 2}}, HesaiCatalog.channelConfig("c.csv", List.of("eeff,1,1",
                "LaserNum,2,BlockNum,2", "Loop1,Loop2", "2,1", "1,2", "hash,,,"), 2));
    }

    /** The JT16 fires its 16 channels at the block's time, 600 blocks at 10 Hz (the SDK's figures), and names it. */
    @Test
    void theJt16FiresEveryChannelAtItsBlocksTime() {
        CatalogModel jt = HesaiCatalog.models().stream().filter(m -> m.id().equals("JT16")).findFirst().orElseThrow();
        assertEquals(List.of(new Mode("10Hz", 600, 10)), jt.modes());
        assertEquals(16, jt.beams().size());
        jt.beams().forEach(b -> assertEquals(0, b.firingTime()));
        assertEquals("one unit's calibration, every channel at its block's time (the SDK has no firing times for it); one "
                + "mode from the SDK: 10 Hz (its default frame rate), 600 blocks (its 0.6° grid for this lidar)",
                jt.source().note());
        for (String id : List.of("Pandar40P-unit", "Pandar64-unit", "OT128-unit", "XT32M2X-unit")) {
            CatalogModel unit = HesaiCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
            CatalogModel base = HesaiCatalog.models().stream().filter(m -> m.id().equals(id.replace("-unit", "")))
                    .findFirst().orElseThrow();
            assertEquals(base.modes(), unit.modes(), id);
            assertEquals(base.rangeMax(), unit.rangeMax(), id);
            assertEquals(HesaiCatalog.NEBULA, unit.source().origin(), id);
            double most = 0;
            for (int c = 0; c < base.beams().size(); c++) {
                assertEquals(base.beams().get(c).firingTime(), unit.beams().get(c).firingTime(), 0, id + " " + c);
                most = Math.max(most, Math.abs(base.beams().get(c).elevation() - unit.beams().get(c).elevation()));
            }
            assertTrue(most > 1e-4 && most < Math.toRadians(1.5), id + " is another unit: " + Math.toDegrees(most) + "°");
        }
    }
}
