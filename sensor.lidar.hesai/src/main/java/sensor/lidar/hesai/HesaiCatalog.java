package sensor.lidar.hesai;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Beam;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Source;

/**
 * The Hesai models, read from the angle- and firetime-correction files of Hesai's SDK (HesaiLidar_SDK_2.0, Modified
 * BSD) and tier4/nebula (Apache-2.0), laid out as the SDK's parsers do: channel c fires {@code firetime_c} µs after
 * its block's time, at encoder azimuth a (clockwise seen from above, from the front); its azimuth is
 * {@code a + azimuth_c} (the file's offset; the SDK adds {@code firetime·speed·6e-6} degrees for the rotation during
 * the firing delay), its elevation {@code elevation_c}, and a return at distance d lies at
 * {@code (d cos φ sin α, d cos φ cos α, d sin φ)} in Hesai's frame (y ahead, x right), that is
 * {@code (d cos φ cos α, −d cos φ sin α, d sin φ)} with x ahead and y left. The SDK's optical-centre distance
 * corrections are not applied (no file here holds them). Channels keep the file's order (channel 1 on top), which the
 * drivers report as the ring.
 * <p>
 * Firetime files with a column per operation mode and angle state are read at their first column in which
 * every channel fires: operation mode 2, angle state 0, distance ≥ A1 in the E3X form (Pandar90, Pandar128E3X);
 * operational state 2, azimuth state 0 in the OT128 form (OT128, OT128-40). The other columns interleave channels
 * between blocks. Modes name the spin rate; their columns are the blocks per rotation at the horizontal resolution of
 * the maker's manual for that rate. The JT128 has no manual here: its one mode is the SDK's, 10 Hz (the SDK's
 * {@code default_frame_frequency}) with a block every 111 µs ({@code PandarN::OTHER_BLOCK_NS_OFFSET2},
 * {@code udp_protocol_v1_4.h}), 900 blocks; its file's azimuths are absolute (116° to 269°), added to the encoder
 * angle as the SDK adds any offset. An angle file may end with the SDK's SHA-256 line, which is skipped as the SDK
 * skips it. The JT16 has no firing times in the SDK, which stamps a packet's 16 channels with the packet's time and
 * azimuth: they fire at the block's time, 600 blocks (the SDK's 0.6° grid) at the SDK's 10 Hz. The beams make the
 * ray pattern of [L-P] step 1. The QT128C2X fires two loops of channels in alternate blocks and is replayed instead
 * ({@link #qt128}). The {@code -unit} models are other units' calibrations (tier4/nebula) with the firing times of the
 * model of the same name.
 */
@Component(immediate = true)
public class HesaiCatalog {
    static final String SDK = "HesaiTechnology/HesaiLidar_SDK_2.0 correction/ @ ea7f86fad62f";
    static final String SDK_LICENCE = "BSD (LICENSE-HesaiLidar_SDK_2.0)";
    static final String NEBULA = "tier4/nebula src/nebula_hesai/nebula_hesai_decoders/calibration @ 606ac41f1f13";
    static final String NEBULA_LICENCE = "Apache-2.0 (LICENSE-tier4-nebula)";

    private final List<ServiceRegistration<LidarModelType>> registrations = new ArrayList<>();

    /** Registers every model as a {@link LidarModelType} service with its id. */
    @Activate
    void activate(BundleContext context) {
        for (CatalogModel m : models()) {
            registrations.add(context.registerService(LidarModelType.class, m,
                    FrameworkUtil.asDictionary(java.util.Map.of(LidarModelType.ID_PROPERTY, m.id()))));
        }
    }

    @Deactivate
    void deactivate() {
        registrations.forEach(ServiceRegistration::unregister);
    }

    /** Modes of 10, 20 and 5 Hz at 0.2°, 0.4° and 0.1° (1800, 900, 3600 blocks per rotation). */
    static final List<Mode> MECHANICAL = List.of(new Mode("10Hz", 1800, 10), new Mode("20Hz", 900, 20),
            new Mode("5Hz", 3600, 5));
    /** PandarXT: 0.18° at 10 Hz, 0.36° at 20 Hz, 0.09° at 5 Hz (XT32M2X manual: "every 0.09° at 5 Hz, ..."). */
    static final List<Mode> XT = List.of(new Mode("10Hz", 2000, 10), new Mode("20Hz", 1000, 20), new Mode("5Hz", 4000, 5));
    /** JT128: the SDK's 10 Hz frame, a block every 111 µs, so 900 blocks (0.4°, the SDK's default re-gridding step). */
    static final List<Mode> JT128 = List.of(new Mode("10Hz", 900, 10));

    /**
     * The PandarXT-16 user manual's channel table [L-DET] (appendix I, p. 66): 50 m at 10 % on channels 1–4 and 13–16,
     * 80 m on 5–12. The page states no sunlight, detection probability or false-alarm rate: 100 klx, 0.9 and 1e-4 are
     * taken as the other vendors state them.
     */
    static final List<DetectionLine> XT16_DETECTION = List.of(
            new DetectionLine(50, 0.1, 100, 0.9, 1e-4, List.of(1, 2, 3, 4, 13, 14, 15, 16),
                    "PandarXT-16 user manual, appendix I, p. 66: 50 m @ 10 % (channels 1-4, 13-16)"),
            new DetectionLine(80, 0.1, 100, 0.9, 1e-4, List.of(5, 6, 7, 8, 9, 10, 11, 12),
                    "PandarXT-16 user manual, appendix I, p. 66: 80 m @ 10 % (channels 5-12)"));

    /**
     * The PandarXT-32 user manual's channel table [L-DET] (X01-en-220410, p. 13, quoted in Isaac Sim's
     * {@code HESAI/Hesai_XT32_SD10.json}): 80 m at 10 % on channels 9–24, 50 m on 1–8 and 25–32; sunlight, detection
     * probability and false-alarm rate taken as for the XT-16.
     */
    static final List<DetectionLine> XT32_DETECTION = List.of(
            new DetectionLine(50, 0.1, 100, 0.9, 1e-4, List.of(1, 2, 3, 4, 5, 6, 7, 8, 25, 26, 27, 28, 29, 30, 31, 32),
                    "PandarXT-32 user manual X01-en-220410, p. 13: 50 m @ 10 % (channels 1-8, 25-32)"),
            new DetectionLine(80, 0.1, 100, 0.9, 1e-4, java.util.stream.IntStream.rangeClosed(9, 24).boxed().toList(),
                    "PandarXT-32 user manual X01-en-220410, p. 13: 80 m @ 10 % (channels 9-24)"));

    /** Every Hesai model of this bundle. */
    public static List<CatalogModel> models() {
        List<CatalogModel> m = new ArrayList<>();
        String a = "angle_correction/", f = "firetime_correction/";
        m.add(model("Pandar40P", a + "Pandar40P_Angle Correction File.csv", f + "Pandar40P_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 200));
        m.add(model("Pandar40M", a + "Pandar40M_Angle Correction File.csv", f + "Pandar40P_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 120));
        m.add(model("Pandar64", a + "Pandar64_Angle Correction File.csv", f + "Pandar64_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 200));
        m.add(model("Pandar90", a + "Pandar90E3X_Angle Correction File.csv", f + "Pandar90_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 200));
        m.add(model("Pandar128E3X", a + "Pandar128E3X_Angle Correction File.csv",
                f + "Pandar128E3X_Firetime Correction File.csv", Provenance.UNIT_CALIBRATION, MECHANICAL, 200));
        m.add(model("OT128", a + "OT128_Angle Correction File.csv", f + "OT128_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 200));
        m.add(model("OT128-40", a + "OT128_40_Angle Correction File.csv", f + "OT128_40_Frietime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 200, "; the OT128's 40-channel mode (40 of the same unit's 128 "
                        + "lasers), its modes the OT128's"));
        m.add(model("PandarQT64", a + "PandarQT_Angle Correction File.csv", f + "PandarQT_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, List.of(new Mode("10Hz", 600, 10)), 60));
        m.add(model("PandarXT-16", a + "PandarXT-16_Angle Correction File.csv",
                f + "PandarXT-16_Firetime Correction File.csv", Provenance.NOMINAL, XT, 120).withDetection(XT16_DETECTION));
        m.add(model("PandarXT-32", a + "PandarXT_Angle Correction File.csv", f + "PandarXT-32_Firetime Correction File.csv",
                Provenance.NOMINAL, XT, 120).withDetection(XT32_DETECTION));
        m.add(model("PandarXT-32-unit", "nebula/PandarXT32.csv", f + "PandarXT-32_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, XT, 120).withDetection(XT32_DETECTION));
        m.add(model("XT32M2X", a + "XT32M2X_Angle Correction File.csv", f + "PandarXT-32M2X_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, XT, 300));
        m.add(model("JT128", a + "JT128_Angle Correction File.csv", f + "JT128_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, JT128, 60, "; one mode from the SDK: 10 Hz (its default frame rate), 900 "
                        + "blocks of 111 µs (OTHER_BLOCK_NS_OFFSET2)"));
        m.add(model("JT16", a + "JT16_Angle Correction File.csv", null, Provenance.UNIT_CALIBRATION, JT16, 60,
                "; one mode from the SDK: 10 Hz (its default frame rate), 600 blocks (its 0.6° grid for this lidar)"));
        // other units of models above (tier4/nebula): each its own calibration, the firing times of the model's file
        m.add(model("Pandar40P-unit", "nebula/Pandar40P.csv", f + "Pandar40P_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 200));
        m.add(model("Pandar64-unit", "nebula/Pandar64.csv", f + "Pandar64_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 200));
        m.add(model("OT128-unit", "nebula/Pandar128E4X.csv", f + "OT128_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, MECHANICAL, 200));
        m.add(model("XT32M2X-unit", "nebula/PandarXT32M.csv", f + "PandarXT-32M2X_Firetime Correction File.csv",
                Provenance.UNIT_CALIBRATION, XT, 300));
        m.add(qt128("QT128C2X", null, null));
        m.add(qt128("QT128C2X-80ch", a + "QT128C2X_Channel_Cofig.csv", lines(a + "QT128C2X_Channel_Cofig.csv")));
        return m;
    }

    /** JT16: the SDK's 10 Hz frame and its 0.6° grid ({@code Udp1_8Parser}: 600 columns of 0.6°). */
    static final List<Mode> JT16 = List.of(new Mode("10Hz", 600, 10));
    /** QT128C2X: blocks per rotation at 10 Hz, a block every 111.11 µs ({@code PandarQT_BLOCK_NS_OFFSET2}). */
    static final int QT128_BLOCKS = 900;
    static final double QT128_RATE = 10;
    static final String QT128_FIRE = "firetime_correction/QT128C2X_Firetime Correction File.csv";

    /**
     * The QT128C2X as {@code udp3_2_parser.cc} decodes it: blocks alternate between the firetime file's loops (block k
     * fires loop k mod n), each loop firing its channels at its own times, so a channel may fire in one loop only or in
     * both. Without a channel config a loop fires every channel it has a time for; with one ({@code config}, the
     * sensor's self-defined channel mode, {@code configLines} its lines) it fires the config's channels of that loop. One rotation is replayed: ray at
     * {@code t = k/(900·10 Hz) + firetime}, azimuth {@code 360°·10 Hz·t + azimuth_c} clockwise, elevation
     * {@code elevation_c}, channel c − 1 (the SDK's ring).
     */
    static CatalogModel qt128(String id, String config, List<String> configLines) {
        String angles = "angle_correction/QT128C2X_Angle Correction File.csv";
        double[][] table = angles(angles);
        double[][] fire = loopFiretimes(QT128_FIRE, lines(QT128_FIRE), table.length);
        int[][] sequence = config == null ? firing(fire) : channelConfig(config, configLines, table.length);
        if (sequence.length != fire.length) {
            throw new IllegalArgumentException(config + ": " + sequence.length + " loops, but " + QT128_FIRE + " has "
                    + fire.length);
        }
        List<Double> az = new ArrayList<>(), el = new ArrayList<>(), t = new ArrayList<>();
        List<Integer> ch = new ArrayList<>();
        double block = 1 / (QT128_BLOCKS * QT128_RATE);
        for (int k = 0; k < QT128_BLOCKS; k++) {
            int loop = k % sequence.length;
            for (int c : sequence[loop]) {
                double f = fire[loop][c - 1];
                if (Double.isNaN(f)) {
                    throw new IllegalArgumentException(config + ": channel " + c + " fires in loop " + (loop + 1)
                            + " but " + QT128_FIRE + " gives it no firing time there");
                }
                double time = k * block + f * 1e-6;
                az.add(wrap(-Math.toRadians(360 * QT128_RATE * time + table[c - 1][1])));
                el.add(Math.toRadians(table[c - 1][0]));
                t.add(time);
                ch.add(c - 1);
            }
        }
        int n = t.size();
        String what = "one unit's calibration, firing times from " + QT128_FIRE.substring(QT128_FIRE.indexOf('/') + 1)
                + (config == null ? ", loops alternating by block, every channel a loop has a time for"
                        : ", the channels of " + config.substring(config.indexOf('/') + 1) + " (the self-defined "
                                + "channel mode)")
                + "; one mode from the SDK: 10 Hz, 900 blocks of 111.11 µs (PandarQT_BLOCK_NS_OFFSET2)";
        Source source = new Source(angles, SDK, SDK_LICENCE, Provenance.UNIT_CALIBRATION, what);
        // range: as the PandarQT64 (60 m), not verified against a datasheet; divergence as the other models
        return new CatalogModel(id, "Hesai", "Hesai " + id + ", " + what, source, List.of(),
                List.of(new Mode("10Hz", 0, QT128_RATE)), 0.3, 60, 0.0015, List.of("STRONGEST", "LAST", "DUAL"),
                new LidarModelType.Replay(az.stream().mapToDouble(Double::doubleValue).toArray(),
                        el.stream().mapToDouble(Double::doubleValue).toArray(), n * QT128_RATE,
                        t.stream().mapToDouble(Double::doubleValue).toArray(),
                        ch.stream().mapToInt(Integer::intValue).toArray()));
    }

    /** {@code a} in [-π, π). */
    static double wrap(double a) {
        return a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
    }

    /** The channels (1-based) each loop has a firing time for, in channel order. */
    static int[][] firing(double[][] fire) {
        int[][] sequence = new int[fire.length][];
        for (int loop = 0; loop < fire.length; loop++) {
            List<Integer> c = new ArrayList<>();
            for (int i = 0; i < fire[loop].length; i++) {
                if (!Double.isNaN(fire[loop][i])) {
                    c.add(i + 1);
                }
            }
            sequence[loop] = c.stream().mapToInt(Integer::intValue).toArray();
        }
        return sequence;
    }

    /**
     * The QT128's firetime file ({@code LoadFiretimesString} of {@code udp3_2_parser.cc}): {@code EEFF,…}, then
     * {@code Horizontal Resolution Mode,m,LoopNum,n}, a header, then rows of n pairs (channel, µs); a pair with channel 0
     * is an empty slot. Returns µs by loop and channel, NaN where the loop does not fire the channel.
     */
    static double[][] loopFiretimes(String file, List<String> lines, int channels) {
        if (lines.size() < 3 || !lines.get(0).split(",")[0].strip().equalsIgnoreCase("EEFF")) {
            throw new IllegalArgumentException(file + " line 1: expected the loop form's EEFF line");
        }
        String[] head = lines.get(1).split(",");
        if (head.length < 4 || !head[2].strip().equals("LoopNum")) {
            throw new IllegalArgumentException(file + " line 2: expected 'Horizontal Resolution Mode,m,LoopNum,n'");
        }
        int loops = (int) numbers(file, 2, head[3], 1)[0];
        if (loops < 1 || loops > 4) {
            throw new IllegalArgumentException(file + " line 2: LoopNum must be 1 to 4, got " + loops);
        }
        double[][] fire = new double[loops][channels];
        for (double[] f : fire) {
            java.util.Arrays.fill(f, Double.NaN);
        }
        for (int i = 3; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            double[] v = numbers(file, i + 1, lines.get(i), 2 * loops);
            for (int loop = 0; loop < loops; loop++) {
                int c = (int) v[2 * loop];
                if (c == 0 && v[2 * loop + 1] == 0) {
                    continue;
                }
                if (c < 1 || c > channels || !Double.isNaN(fire[loop][c - 1])) {
                    throw new IllegalArgumentException(file + " line " + (i + 1) + ": channel " + c + " of loop "
                            + (loop + 1) + " must be one of 1 to " + channels + ", once");
                }
                fire[loop][c - 1] = v[2 * loop + 1];
            }
        }
        return fire;
    }

    /**
     * The QT128's channel config ({@code LoadChannelConfigString}): {@code EEFF,major,minor},
     * {@code LaserNum,n,BlockNum,b}, a header naming the loops, n rows of one channel per loop, then the SDK's hash line.
     * Returns the channels (1-based) of each loop in slot order.
     */
    static int[][] channelConfig(String file, List<String> lines, int channels) {
        if (lines.size() < 3 || !lines.get(0).split(",")[0].strip().equalsIgnoreCase("EEFF")) {
            throw new IllegalArgumentException(file + " line 1: expected the channel config's EEFF line");
        }
        String[] head = lines.get(1).split(",");
        if (head.length < 4 || !head[0].strip().equals("LaserNum")) {
            throw new IllegalArgumentException(file + " line 2: expected 'LaserNum,n,BlockNum,b'");
        }
        int n = (int) numbers(file, 2, head[1], 1)[0], loops = lines.get(2).split(",").length;
        if (n < 1 || n > channels || lines.size() < 3 + n) {
            throw new IllegalArgumentException(file + " line 2: LaserNum must be 1 to " + channels + " with a row each, got "
                    + n);
        }
        int[][] sequence = new int[loops][n];
        for (int i = 0; i < n; i++) {
            double[] v = numbers(file, i + 4, lines.get(i + 3), loops);
            for (int loop = 0; loop < loops; loop++) {
                sequence[loop][i] = (int) v[loop];
                if (v[loop] < 1 || v[loop] > channels) {
                    throw new IllegalArgumentException(file + " line " + (i + 4) + ": channel " + (int) v[loop]
                            + " must be one of 1 to " + channels);
                }
            }
        }
        return sequence;
    }

    private static CatalogModel model(String id, String angles, String firetimes, Provenance provenance, List<Mode> modes,
            double rangeMax) {
        return model(id, angles, firetimes, provenance, modes, rangeMax, "");
    }

    /** The model of these files, its source note ending with {@code more}. */
    private static CatalogModel model(String id, String angles, String firetimes, Provenance provenance, List<Mode> modes,
            double rangeMax, String more) {
        double[][] table = angles(angles);
        double[] fire = firetimes == null ? new double[table.length] : firetimes(firetimes, table.length);
        List<Beam> beams = beams(table, fire);
        boolean nebula = angles.startsWith("nebula/");
        String what = (provenance == Provenance.NOMINAL ? "nominal angles" : "one unit's calibration")
                + (firetimes == null ? ", every channel at its block's time (the SDK has no firing times for it)"
                        : ", firing times from " + firetimes.substring(firetimes.indexOf('/') + 1)) + more;
        Source source = new Source(angles, nebula ? NEBULA : SDK, nebula ? NEBULA_LICENCE : SDK_LICENCE, provenance, what);
        // range: nominal figures (PandarXT-16: 120 m, user manual appendix I; JT128: 60 m, not verified against a
        // datasheet); divergence 1.5 mrad half-angle, not verified
        return CatalogModel.spinning(id, "Hesai", "Hesai " + id + ", " + what, source, beams, modes, 0.3, rangeMax, 0.0015,
                List.of("STRONGEST", "LAST", "DUAL")).withCalibration(CALIBRATION, (name, text) -> beams(angles(name,
                        List.of(text.replace("\uFEFF", "").split("\r?\n"))), fire));
    }

    /** The unit file a Hesai model reads ({@link CatalogModel#calibrated}); its firing times stay the model's. */
    static final String CALIBRATION = "Hesai angle-correction CSV (a header, then channel, elevation, azimuth in degrees)";

    /** Beams of an angle table, channel c firing {@code fire[c]} µs after its block. */
    private static List<Beam> beams(double[][] table, double[] fire) {
        List<Beam> beams = new ArrayList<>();
        for (int c = 0; c < table.length; c++) {
            beams.add(new Beam(Math.toRadians(table[c][0]), -Math.toRadians(table[c][1]), 0, 0, 0, fire[c] * 1e-6));
        }
        return beams;
    }

    static List<String> lines(String file) {
        try (InputStream in = HesaiCatalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing Hesai correction resource " + file);
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return List.of(text.replace("\uFEFF", "").split("\r?\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Angle CSV: a header, then {@code channel, elevation, azimuth} (degrees), channels numbered from 1 in order; a line
     * whose first cell is 64 hexadecimal digits is the SDK's SHA-256 of the file and is skipped.
     */
    static double[][] angles(String file) {
        return angles(file, lines(file));
    }

    /** The angle CSV {@code file} of these lines. */
    static double[][] angles(String file, List<String> lines) {
        List<double[]> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank() || lines.get(i).split(",")[0].strip().matches("[0-9a-fA-F]{64}")) {
                continue;
            }
            double[] v = numbers(file, i + 1, lines.get(i), 3);
            if ((int) v[0] != rows.size() + 1) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": channel " + (int) v[0] + " where channel "
                        + (rows.size() + 1) + " is due");
            }
            if (!(Math.abs(v[1]) <= 90)) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": elevation must be in [-90, 90] degrees, got "
                        + v[1]);
            }
            rows.add(new double[] {v[1], v[2]});
        }
        return rows.toArray(double[][]::new);
    }

    /** Firing time of each channel, µs, from any of the three firetime forms (see the class comment). */
    static double[] firetimes(String file, int channels) {
        return firetimes(file, lines(file), channels);
    }

    /** The firetime file {@code file} of these lines. */
    static double[] firetimes(String file, List<String> lines, int channels) {
        TreeMap<Integer, Double> times = new TreeMap<>();
        String head = lines.get(0);
        if (head.startsWith("Operational State")) { // OT128 form: µs, "-" where a channel does not fire
            int column = firstColumn(file, lines, 2, "-");
            for (int i = 2; i < lines.size(); i++) {
                if (!lines.get(i).isBlank()) {
                    String[] cells = lines.get(i).split(",");
                    times.put((int) numbers(file, i + 1, cells[0], 1)[0], numbers(file, i + 1, cells[column], 1)[0]);
                }
            }
        } else if (head.startsWith("Channel") || head.startsWith("channel")) {
            for (int i = 1; i < lines.size(); i++) {
                if (!lines.get(i).isBlank()) {
                    double[] v = numbers(file, i + 1, lines.get(i), 2);
                    times.put((int) v[0], v[1]);
                }
            }
        } else { // E3X form: threshold, two header rows, then channel and values in ns, 0 where a channel does not fire
            int column = firstColumn(file, lines, 3, "0");
            for (int i = 3; i < lines.size(); i++) {
                if (!lines.get(i).isBlank()) {
                    String[] cells = lines.get(i).split(",");
                    times.put((int) numbers(file, i + 1, cells[0], 1)[0],
                            numbers(file, i + 1, cells[column], 1)[0] / 1000);
                }
            }
        }
        double[] fire = new double[channels];
        for (int c = 1; c <= channels; c++) {
            Double t = times.get(c);
            if (t == null) {
                throw new IllegalArgumentException(file + ": no firing time for channel " + c + " of " + channels);
            }
            fire[c - 1] = t;
        }
        return fire;
    }

    /** The first value column in which every channel fires (no cell equal to {@code idle}). */
    private static int firstColumn(String file, List<String> lines, int firstRow, String idle) {
        int columns = lines.get(firstRow).split(",").length;
        for (int col = 1; col < columns; col++) {
            int c = col;
            if (lines.stream().skip(firstRow).filter(l -> !l.isBlank())
                    .noneMatch(l -> c >= l.split(",").length || l.split(",")[c].strip().equals(idle))) {
                return col;
            }
        }
        throw new IllegalArgumentException(file + ": no column in which every channel fires");
    }

    private static double[] numbers(String file, int line, String text, int count) {
        String[] cells = text.split(",");
        if (cells.length < count) {
            throw new IllegalArgumentException(file + " line " + line + ": expected " + count + " values, got " + cells.length);
        }
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
            try {
                v[i] = Double.parseDouble(cells[i].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + " line " + line + ": '" + cells[i].strip() + "' is not a number");
            }
        }
        return v;
    }
}
