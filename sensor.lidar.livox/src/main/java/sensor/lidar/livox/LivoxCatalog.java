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
 * prism speeds of the Mid-40 (−4,664 and 7,294 rpm); see the {@code risley} pattern type of the lidar bundle.
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

    /** The two replayed models; their modes name the frame rate, which the lidar's frequency sets. */
    public static List<CatalogModel> models() {
        List<CatalogModel> m = new ArrayList<>();
        m.add(replay("Mid-40", "mujoco_lidar_mid40.npy", "Mid-40, 38.4° circular field of view", 260, 0.0014));
        m.add(replay("Mid-70", "mujoco_lidar_mid70.npy", "Mid-70, 70.4° circular field of view", 260, 0.0014));
        return m;
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
