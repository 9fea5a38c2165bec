package sensor.lidar.livox;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Citation;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Replay;
import sensor.api.lidar.LidarModelType.Source;

/**
 * The Livox Mid-40 and Mid-70: their non-repetitive scan patterns replayed from the published 400,000-ray tables
 * (Livox-SDK/livox_laser_simulation, MIT, as NumPy arrays of MuJoCo-LiDAR, MIT): azimuth θ and elevation φ in rad per
 * ray, in firing order, the ray along {@code (cos φ cos θ, cos φ sin θ, sin φ)}. Ray i fires at {@code i / 100,000} s,
 * and each frame goes on where the last stopped, as the Livox simulation plugin does. The point rate is inferred:
 * at 100,000 rays per second the tables' two dominant rotation frequencies are −77.7 Hz and 121.6 Hz, the published
 * prism speeds of the Mid-40 (−4,664 and 7,294 rpm); see the {@code risley} pattern type of the lidar bundle. The
 * Avia has no published table here: it is that pattern type's closed form with HELIOS++'s prism figures ({@link #avia}).
 * <p>
 * The HAP and the Mid-360 are {@link Provenance#APPROXIMATE}: their published scan-mode tables are not reachable here
 * (see the bundle's README), so each is one frame of rays filling its datasheet field of view uniformly in solid angle
 * at its point rate ({@link #uniform}), not counted among the catalog's exact models; the real units' non-repetitive
 * rosettes are not reproduced. Each carries its datasheet detection line [L-DET].
 */
@Component(immediate = true)
public class LivoxCatalog {
    static final String ORIGIN = "TATP-233/MuJoCo-LiDAR mujoco_lidar/scan_mode @ 22c082640ed0, from "
            + "Livox-SDK/livox_laser_simulation scan_mode";
    static final String LICENCE = "MIT (LICENSE-MuJoCo-LiDAR, LICENSE-livox_laser_simulation)";
    /** Rays per second of the replayed tables (see the class comment). */
    static final double POINT_RATE = 100_000;

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

    /** The models, the approximate HAP and Mid-360 last; their modes name the frame rate, which the lidar's frequency sets. */
    public static List<CatalogModel> models() {
        List<CatalogModel> m = new ArrayList<>();
        m.add(replay("Mid-40", "mujoco_lidar_mid40.npy", "Mid-40, 38.4° circular field of view", 260, 0.0014));
        m.add(replay("Mid-70", "mujoco_lidar_mid70.npy", "Mid-70, 70.4° circular field of view", 260, 0.0014));
        m.add(avia());
        m.add(hap());
        m.add(mid360());
        return m;
    }

    /** The Avia's three prisms as HELIOS++ publishes them (its {@code scanners_tls.xml}): rotor frequencies, Hz. */
    static final double[] AVIA_ROTOR_HZ = {-131.5463, 40.8032, 213.1611};
    /** Their wedge angles, degrees, and refractive index. */
    static final double[] AVIA_WEDGE_DEG = {30.8856, 29.7735, 3.1351};
    static final double AVIA_INDEX = 1.51;
    /** Six channels at 40 kHz each. */
    static final int AVIA_CHANNELS = 6;
    static final double AVIA_CHANNEL_HZ = 40_000;

    /**
     * The Avia as an analytic Risley-prism rosette [L-RIS] (the lidar bundle's {@code risley} pattern's closed form):
     * prism k deflects by the thin-prism angle δ_k = (n − 1)·α_k towards its rotor angle 2π f_k t, and the ray at t has
     * {@code θ + iφ = Σ δ_k exp(2πi f_k t)}; one second of it at 6 × 40 kHz, repeated. The six channels' offsets are not
     * among the published figures, so one beam fires at their combined rate.
     */
    static CatalogModel avia() {
        double rate = AVIA_CHANNELS * AVIA_CHANNEL_HZ;
        int n = (int) rate;
        double[] az = new double[n], el = new double[n];
        for (int i = 0; i < n; i++) {
            double t = i / rate;
            for (int k = 0; k < AVIA_ROTOR_HZ.length; k++) {
                double delta = Math.toRadians((AVIA_INDEX - 1) * AVIA_WEDGE_DEG[k]), a = 2 * Math.PI * AVIA_ROTOR_HZ[k] * t;
                az[i] += delta * Math.cos(a);
                el[i] += delta * Math.sin(a);
            }
        }
        String note = "derived: a first-order Risley rosette from HELIOS++'s published Avia parameters (rotors -131.5463,"
                + " 40.8032, 213.1611 Hz; wedges 30.8856, 29.7735, 3.1351°; n = 1.51: deflections (n - 1)·wedge), one"
                + " beam at 6 × 40 kHz (the channels' offsets are not published), 1 s of rays repeated";
        // range 0.1-200 m: livox_laser_simulation's urdf/livox_avia.xacro; divergence as the Mid-40's, not verified
        return new CatalogModel("Avia", "Livox", "Livox Avia, " + note, new Source("(none: published figures)",
                "HELIOS++ (3dgeo-heidelberg/helios) scanners_tls.xml, the figures as CATALOG-SOURCES.md lists them",
                "facts, no file or code copied", Provenance.DERIVED, note), List.of(), List.of(new Mode("10Hz", 0, 10),
                        new Mode("20Hz", 0, 20), new Mode("5Hz", 0, 5)), 0.1, 200, 0.0014,
                List.of("STRONGEST", "FIRST", "DUAL"), new LidarModelType.Replay(az, el, rate));
    }

    /** The frame rate of the approximate models' one mode, Hz (both datasheets' 10 Hz). */
    static final double FRAME_HZ = 10;
    /** HAP: Livox HAP User Manual, Table 1.2.1 "Point cloud specifications" (DATASHEETS.md). */
    static final String HAP_PAGE = "Livox HAP User Manual, Table 1.2.1 \"Point cloud specifications\", "
            + "https://www.easymanua.ls/livox/hap/manual?p=6";
    static final double HAP_RATE = 452_000;
    /** Its field of view, degrees: 120° × 25°, taken as centred on +x (the page gives only its size). */
    static final double HAP_AZ = 60, HAP_EL = 12.5;
    /** Its beam divergence, degrees, (H) and (V). */
    static final double HAP_DIVERGENCE_H = 0.03, HAP_DIVERGENCE_V = 0.28;
    /**
     * The manual's detection line [L-DET]: 150 m at 10 % reflectivity, 100 klx, false alarm ratio 0.01 %; the page prints
     * no detection probability, 0.9 is taken as the other vendors state it.
     */
    static final DetectionLine HAP_DETECTION = new DetectionLine(150, 0.1, 100, 0.9, 1e-4, List.of(), List.of(),
            HAP_PAGE + ": detection range 150 m @ 10 % (@ 100 klx), false alarm ratio 0.01 % (@ 100 klx)",
            Citation.CITED);

    /** Mid-360: the published specifications (livoxtech.com/mid-360/specs), 200,000 points/s, 360° × −7°…52°. */
    static final double MID360_RATE = 200_000, MID360_EL_MIN = -7, MID360_EL_MAX = 52;
    /**
     * Its detection line [L-DET], secondary: 40 m at 10 %, 100 klx, false alarms &lt; 0.01 %, from third-party READMEs
     * quoting the specification page; detection probability 0.9 as for the HAP.
     */
    static final DetectionLine MID360_DETECTION = new DetectionLine(40, 0.1, 100, 0.9, 1e-4, List.of(), List.of(),
            "third-party READMEs quoting the Livox Mid-360 specifications (livoxtech.com/mid-360/specs): 40 m @ 10 %, "
                    + "70 m @ 80 % (100 klx), false alarm ratio < 0.01 %, range precision <= 2 cm @ 10 m",
            Citation.SECONDARY);

    /** The Halton radical inverse of {@code k} in base {@code b}: k's base-b digits mirrored about the point, in [0, 1). */
    static double radicalInverse(int k, int b) {
        double r = 0, f = 1.0 / b;
        for (int m = k; m > 0; m /= b) {
            r += f * (m % b);
            f /= b;
        }
        return r;
    }

    /**
     * One frame of {@code pointRate / FRAME_HZ} rays filling azimuth {@code [azMin, azMax]} × elevation
     * {@code [elMin, elMax]} (degrees) uniformly in solid angle, fired at even intervals: ray i (from 0) takes the Halton
     * point of index i + 1 in bases 2 and 3, (u, v), azimuth {@code azMin + (azMax − azMin)·u} and elevation
     * {@code asin(sin elMin + (sin elMax − sin elMin)·v)} (solid angle is uniform in azimuth and in sin elevation). A
     * low-discrepancy sequence rather than a grid, so that the rays of any stretch of the frame spread over the field.
     */
    static Replay uniform(double azMin, double azMax, double elMin, double elMax, double pointRate) {
        int n = (int) Math.round(pointRate / FRAME_HZ);
        double a0 = Math.toRadians(azMin), a1 = Math.toRadians(azMax);
        double s0 = Math.sin(Math.toRadians(elMin)), s1 = Math.sin(Math.toRadians(elMax));
        double[] az = new double[n], el = new double[n];
        for (int i = 0; i < n; i++) {
            az[i] = a0 + (a1 - a0) * radicalInverse(i + 1, 2);
            el[i] = Math.asin(s0 + (s1 - s0) * radicalInverse(i + 1, 3));
        }
        return new Replay(az, el, pointRate);
    }

    /** How {@link #uniform} made a model's rays, for its note. */
    static String construction(double azMin, double azMax, double elMin, double elMax, double pointRate) {
        return "ray i (from 0) of a frame takes the Halton point of index i + 1 in bases 2 and 3, (u, v) (the digits of i + 1"
                + " mirrored about the point), azimuth " + fmt(azMin) + "° + " + fmt(azMax - azMin) + "°·u and elevation"
                + " asin(sin(" + fmt(elMin) + "°) + (sin(" + fmt(elMax) + "°) - sin(" + fmt(elMin) + "°))·v), so the rays"
                + " fill the field of view uniformly in solid angle, and any stretch of the frame spreads over all of it;"
                + " fired at i / " + fmt(pointRate) + " s, one frame of " + fmt(pointRate) + " / " + fmt(FRAME_HZ) + " Hz = "
                + fmt(Math.round(pointRate / FRAME_HZ)) + " rays, replayed frame after frame. The real unit's"
                + " non-repetitive scan pattern (its rosette) is not reproduced: its rays, their order and density over"
                + " the field differ, and its successive frames differ where these repeat";
    }

    /**
     * The Livox HAP (TX), approximate: the manual's 120° × 25° at 452,000 points/s and 10 Hz ({@link #uniform}),
     * blind zone 0.5 m as the nearest range, the detection range 150 m at 10 % as the farthest (the page gives no other),
     * the divergence 0.03° × 0.28° as one circular beam of the same cross-section (half their geometric mean, read as
     * 1/e² full angles: the page does not say FWHM), and its detection line [L-DET], cited.
     */
    static CatalogModel hap() {
        double divergence = Math.toRadians(Math.sqrt(HAP_DIVERGENCE_H * HAP_DIVERGENCE_V)) / 2;
        String what = "Livox HAP (TX), approximate: " + fmt(HAP_RATE / FRAME_HZ) + " rays a frame filling 120° × 25°"
                + " uniformly in solid angle, " + fmt(HAP_RATE) + " rays/s, 10 Hz";
        String note = what + ". Approximate, not counted among the catalog's exact models: Livox's scan-mode table of the"
                + " HAP (Livox-SDK/livox_laser_simulation scan_mode/HAP.csv) is not reachable here, so the rays are made"
                + " from the manual's field of view and point rate: " + construction(-HAP_AZ, HAP_AZ,
                        -HAP_EL, HAP_EL, HAP_RATE) + ". The field is taken as centred on +x (-60° to 60°, -12.5° to 12.5°:"
                + " the page gives its size only). Read on " + HAP_PAGE + ": FOV 120° × 25°, 452,000 points/s, frame rate"
                + " 10 Hz, blind zone 0.5 m (range_min), detection range 150 m @ 10 % at 100 klx (range_max: the page"
                + " gives no other range), beam divergence 0.03° (H) × 0.28° (V) (one circular beam of the same"
                + " cross-section: half their geometric mean, " + fmt(Math.toDegrees(divergence)) + "°, read as 1/e² full"
                + " angles, the page does not say FWHM), false alarm ratio 0.01 %. Not used: the distance random error"
                + " (1σ) < 2 cm @ 20 m (80 %) and the angular random error (1σ) < 0.1° (a detection line takes range"
                + " precision at signal-to-noise ratios; add a noise stage). One return (STRONGEST).";
        Source source = new Source("(none: datasheet figures)", HAP_PAGE + ", the figures as DATASHEETS.md lists them",
                "facts, no file or code copied", Provenance.APPROXIMATE, note);
        return new CatalogModel("HAP", "Livox", what, source, List.of(), List.of(new Mode("10Hz", 0, FRAME_HZ)), 0.5, 150,
                divergence, List.of("STRONGEST"), uniform(-HAP_AZ, HAP_AZ, -HAP_EL, HAP_EL, HAP_RATE),
                List.of(HAP_DETECTION));
    }

    /**
     * The Livox Mid-360, approximate: 360° × (−7° … 52°) at 200,000 points/s and 10 Hz ({@link #uniform}); range
     * 0.1–70 m (the blind zone as published, the 80 % line as the farthest), divergence as the Mid-40's (none found),
     * and the secondary detection line [L-DET].
     */
    static CatalogModel mid360() {
        String what = "Livox Mid-360, approximate: " + fmt(MID360_RATE / FRAME_HZ) + " rays a frame filling 360° × (-7° to"
                + " 52°) uniformly in solid angle, " + fmt(MID360_RATE) + " rays/s, 10 Hz";
        String note = what + ". Approximate, not counted among the catalog's exact models: Livox's scan-mode table of the"
                + " Mid-360 (Livox-SDK/livox_laser_simulation scan_mode/mid360.csv) is not reachable here, so the rays are"
                + " made from the published field of view and point rate: " + construction(-180, 180,
                        MID360_EL_MIN, MID360_EL_MAX, MID360_RATE) + ". Figures: FOV 360° × -7° to 52°, 200,000 points/s,"
                + " 10 Hz, as Livox publishes them (livoxtech.com/mid-360/specs; the manual's specification table, p. 20,"
                + " was not reachable, so these were not read on a cited page here); range 0.1 m (the published blind"
                + " zone, not verified) to 70 m (70 m @ 80 %, secondary); beam divergence as the Mid-40's, 0.0014 rad"
                + " (none found; not verified); detection line 40 m @ 10 % at 100 klx, false alarms < 0.01 %, secondary"
                + " (third-party READMEs quoting the specification page). Not used: the range precision <= 2 cm @ 10 m"
                + " and the angular error < 0.15°. One return (STRONGEST).";
        Source source = new Source("(none: published figures)", "Livox Mid-360 specifications (livoxtech.com/mid-360/specs),"
                + " as third-party READMEs quote them; the figures as DATASHEETS.md lists them", "facts, no file or code"
                + " copied", Provenance.APPROXIMATE, note);
        return new CatalogModel("Mid-360", "Livox", what, source, List.of(), List.of(new Mode("10Hz", 0, FRAME_HZ)), 0.1,
                70, 0.0014, List.of("STRONGEST"), uniform(-180, 180, MID360_EL_MIN, MID360_EL_MAX, MID360_RATE),
                List.of(MID360_DETECTION));
    }

    /** {@code v} to at most 6 significant digits, without trailing zeros, in plain notation. */
    static String fmt(double v) {
        return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    private static CatalogModel replay(String id, String file, String what, double rangeMax, double divergence) {
        float[][] table = npy(file);
        double[] az = new double[table.length], el = new double[table.length];
        for (int i = 0; i < table.length; i++) {
            az[i] = table[i][0];
            el[i] = table[i][1];
        }
        String note = "the published scan pattern, " + table.length + " rays replayed at 100,000 rays/s (inferred)";
        // range and divergence: nominal figures, not verified against a datasheet here
        return new CatalogModel(id, "Livox", "Livox " + what + ", " + note, new Source(file, ORIGIN, LICENCE,
                Provenance.PATTERN, note), List.of(), List.of(new Mode("10Hz", 0, 10), new Mode("20Hz", 0, 20),
                        new Mode("5Hz", 0, 5)), 0.3, rangeMax, divergence, List.of("STRONGEST", "FIRST", "DUAL"),
                new LidarModelType.Replay(az, el, POINT_RATE));
    }

    /** A NumPy v1 file of little-endian float32 rows of two columns ({@code '<f4'}, C order). */
    static float[][] npy(String file) {
        try (InputStream raw = LivoxCatalog.class.getResourceAsStream(file)) {
            if (raw == null) {
                throw new IllegalStateException("missing Livox pattern resource " + file);
            }
            DataInputStream in = new DataInputStream(raw);
            byte[] magic = in.readNBytes(8);
            if (magic.length < 8 || magic[0] != (byte) 0x93 || magic[1] != 'N' || magic[6] != 1) {
                throw new IllegalArgumentException(file + ": not a NumPy version-1 file");
            }
            int headerLength = Short.toUnsignedInt(ByteBuffer.wrap(in.readNBytes(2)).order(ByteOrder.LITTLE_ENDIAN).getShort());
            String header = new String(in.readNBytes(headerLength), StandardCharsets.ISO_8859_1);
            java.util.regex.Matcher shape = java.util.regex.Pattern.compile("'shape': \\((\\d+), 2\\)").matcher(header);
            if (!header.contains("'descr': '<f4'") || !header.contains("'fortran_order': False") || !shape.find()) {
                throw new IllegalArgumentException(file + ": expected a C-order '<f4' array of shape (n, 2), header "
                        + header.strip());
            }
            int n = Integer.parseInt(shape.group(1));
            ByteBuffer data = ByteBuffer.wrap(in.readNBytes(8 * n)).order(ByteOrder.LITTLE_ENDIAN);
            if (data.capacity() != 8 * n) {
                throw new IllegalArgumentException(file + ": " + n + " rows announced, " + data.capacity() / 8 + " present");
            }
            float[][] rows = new float[n][2];
            for (int i = 0; i < n; i++) {
                rows[i][0] = data.getFloat();
                rows[i][1] = data.getFloat();
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
