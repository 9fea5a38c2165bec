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
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Source;

/**
 * The Livox Mid-40 and Mid-70: their non-repetitive scan patterns replayed from the published 400,000-ray tables
 * (Livox-SDK/livox_laser_simulation, MIT, as NumPy arrays of MuJoCo-LiDAR, MIT): azimuth θ and elevation φ in rad per
 * ray, in firing order, the ray along {@code (cos φ cos θ, cos φ sin θ, sin φ)}. Ray i fires at {@code i / 100,000} s,
 * and each frame goes on where the last stopped, as the Livox simulation plugin does. The point rate is inferred:
 * at 100,000 rays per second the tables' two dominant rotation frequencies are −77.7 Hz and 121.6 Hz, the published
 * prism speeds of the Mid-40 (−4,664 and 7,294 rpm); see the {@code risley} pattern type of the lidar bundle. The
 * Avia has no published table here: it is that pattern type's closed form with HELIOS++'s prism figures ({@link #avia}).
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

    /** The replayed models; their modes name the frame rate, which the lidar's frequency sets. */
    public static List<CatalogModel> models() {
        List<CatalogModel> m = new ArrayList<>();
        m.add(replay("Mid-40", "mujoco_lidar_mid40.npy", "Mid-40, 38.4° circular field of view", 260, 0.0014));
        m.add(replay("Mid-70", "mujoco_lidar_mid70.npy", "Mid-70, 70.4° circular field of view", 260, 0.0014));
        m.add(avia());
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
