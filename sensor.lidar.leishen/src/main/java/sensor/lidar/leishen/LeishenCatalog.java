package sensor.lidar.leishen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Beam;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Source;

/**
 * The Leishen (LSLiDAR) C-series models, read from the vertical-angle tables and constants of the header
 * {@code lslidar_driver.h} of Leishen's ROS 2 driver (Lslidar/Lslidar_ROS2_driver, Apache-2.0) and laid out as its
 * {@code lslidar_driver.cpp} does. {@code determineLidarType} picks per model a table, the radius R of the beam
 * origin and a conversion angle c; each block of a packet carries an azimuth and 32 slots, slot s at the azimuth
 * {@code a = a_block + s·Δ/32} (Δ the step to the next block), fired by channel {@code s mod n} of an n-channel model.
 * With {@code coordinate_opt} (0° along x) a return at distance d is
 * {@code x = d cos φ cos a + R cos(c − a)}, {@code y = −d cos φ sin a + R sin(c − a)}, {@code z = d sin φ}, a
 * clockwise; the default frame (0° along y) is the same point turned by 90°. So a beam has elevation φ, no azimuth
 * offset and its origin at {@code (R cos c, R sin c, 0)} in the head frame; the C32W's channels 6, 7, 14, 15, 22, 23,
 * 29 and 30 turn by 3.89° more ({@code angle_change}), their azimuth offset and origin with them.
 * <p>
 * Timing: a firing of all channels every 50 µs, the driver's horizontal resolution of 0.18° at 10 Hz (0.36° at 20 Hz,
 * 0.09° at 5 Hz, {@code lslidar_cx.yaml}), and the driver's equal slots put channel s at {@code s·50 µs/n} in it. Modes
 * of 10, 20 and 5 Hz, the motor speeds of {@code set_motor_speed}, hold 2000, 1000 and 4000 firings. Angles are the
 * file's decimals in exact degrees (the driver keeps them as floats and converts with 0.017453293 rad per degree,
 * within 1.1e-7 rad of these). Channels are in the driver's ring order ({@code remapped_scan_idx}), which counts up from
 * the lowest beam. Device-packet corrections (the V3.0 units' own angles and azimuth adjustments) are not in the file
 * and not applied. The beams make the ray pattern of [L-P] step 1.
 */
@Component(immediate = true)
public class LeishenCatalog {
    static final String FILE = "lslidar_driver.h";
    static final String ORIGIN = "Lslidar/Lslidar_ROS2_driver lslidar_driver/include/lslidar_driver/lslidar_driver.h "
            + "@ 08d692c2adf6 (branch C32_V4.0; the same file on the other C-series branches)";
    static final String LICENCE = "Apache-2.0 (LICENSE-Lslidar_ROS2_driver, LICENSE-Apache-2.0)";
    /** One firing of all channels, s: 0.18° at 10 Hz. */
    static final double FIRING_PERIOD = 50e-6;
    /** The motor speeds of {@code set_motor_speed} at 0.18°, 0.36° and 0.09°. */
    static final List<Mode> MODES = List.of(new Mode("10Hz", 2000, 10), new Mode("20Hz", 1000, 20),
            new Mode("5Hz", 4000, 5));
    /** The C32W's channels that {@code angle_change} turns by {@code C32W_TURN} ({@code lslidar_driver.cpp}). */
    static final Set<Integer> C32W_TURNED = Set.of(6, 7, 14, 15, 22, 23, 29, 30);
    /** The C32W's extra turn, degrees (389 hundredths). */
    static final double C32W_TURN = 3.89;

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

    /**
     * A model as {@code determineLidarType} sets it up.
     *
     * @param id       the driver's {@code lidar_type} where it has one
     * @param table    the vertical-angle array
     * @param channels {@code lidar_number_}, the table's first entries used
     * @param radius   the constant holding R, m
     * @param angle    the constant holding c, hundredths of a degree
     * @param what     the model's version and packet id, for the description
     */
    record Spec(String id, String table, int channels, String radius, String angle, String what) {}

    static final List<Spec> SPECS = List.of(
            new Spec("C16", "c16_vertical_angle", 16, "R1_", "conversionAngle_", "version 4.0, packet id 0x10"),
            new Spec("C16-V3", "c16_30_vertical_angle", 16, "R2_", "conversionAngle_C16_3", "C16 version 3.0"),
            new Spec("C32", "c32_vertical_angle", 32, "R1_", "conversionAngle_", "version 4.0, packet id 0x20"),
            new Spec("C32-V3", "c32_30_vertical_angle", 32, "R3_", "conversionAngle_C32_3", "C32 version 3.0"),
            new Spec("C32W", "c32_70_vertical_angle", 32, "R1_C32W", "conversionAngle_",
                    "70° vertical field, packet id 0x46"),
            new Spec("C32WP", "c32wp_vertical_angle", 32, "R1_C32W", "conversionAngle_",
                    "70° vertical field, packet id 0x45"),
            new Spec("C32WN", "c32wn_vertical_angle2", 32, "R1_C32W", "conversionAngle_",
                    "70° vertical field, packet id 0x47"),
            new Spec("C32WB", "c32wb_vertical_angle2", 32, "R1_C32W", "conversionAngle_",
                    "70° vertical field, packet id 0x48"),
            new Spec("CH32R", "c32_90_vertical_angle", 32, "R1_90", "conversionAngle_90",
                    "90° vertical field, packet id 0x5a"),
            new Spec("CH32RN", "c32rn_vertical_angle", 32, "R1_90", "conversionAngle_90",
                    "90° vertical field, packet id 0x5d"),
            new Spec("C8", "c8_vertical_angle", 8, "R1_", "conversionAngle_", "packet id 0x08"),
            new Spec("C8F", "c8f_vertical_angle", 8, "R1_", "conversionAngle_", "packet id 0x07"),
            new Spec("CKM8", "ckm8_vertical_angle", 8, "R1_", "conversionAngle_",
                    "packet id 0x09, which the driver also "
                    + "reports for the C4"),
            new Spec("C1", "c1_vertical_angle", 1, "R1_", "conversionAngle_",
                    "packet id 0x01; the C1P and N301 read alike"));

    /** Every Leishen model of this bundle. */
    public static List<CatalogModel> models() {
        List<String> lines = lines(FILE);
        List<CatalogModel> m = new ArrayList<>();
        for (Spec s : SPECS) {
            m.add(model(s, elevations(FILE, lines, s.table()), scalar(FILE, lines, s.radius(), 0, 1, "m"),
                    scalar(FILE, lines, s.angle(), 0, 36000, "hundredths of a degree") / 100));
        }
        return m;
    }

    private static CatalogModel model(Spec s, double[] table, double radius, double angle) {
        List<Beam> beams = new ArrayList<>();
        for (int c = 0; c < s.channels(); c++) {
            double turn = s.id().equals("C32W") && C32W_TURNED.contains(c) ? C32W_TURN : 0;
            double at = Math.toRadians(angle - turn);
            beams.add(new Beam(Math.toRadians(table[c]), -Math.toRadians(turn), radius * Math.cos(at),
                    radius * Math.sin(at), 0, c * FIRING_PERIOD / s.channels()));
        }
        beams.sort(Comparator.comparingDouble(Beam::elevation)); // the driver's rings count up from the lowest beam
        String what = "nominal angles (" + s.table() + "), origin " + s.radius() + " at " + s.angle() + "; a firing "
                + "every 50 µs (the driver's 0.18° at 10 Hz), channel s at s·50 µs/" + s.channels();
        Source source = new Source(FILE, ORIGIN, LICENCE, Provenance.NOMINAL, what);
        // range: the driver's default filter (lslidar_cx.yaml: 0.15 to 200 m), not a datasheet figure; divergence 1.5 mrad
        // half-angle, not verified; returns: the driver decodes single and dual returns (0x39), the single one taken as
        // the strongest
        return CatalogModel.spinning(s.id(), "Leishen", "Leishen " + s.id() + " (" + s.what() + "), " + what, source, beams, MODES,
                0.15, 200, 0.0015, List.of("STRONGEST", "DUAL"));
    }

    static List<String> lines(String file) {
        try (InputStream in = LeishenCatalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing Leishen driver resource " + file);
            }
            return List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\r?\n", -1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The array {@code name} of the header's lines, each value an elevation in [-90, 90] degrees. */
    static double[] elevations(String file, List<String> lines, String name) {
        List<double[]> values = array(file, lines, name);
        double[] v = new double[values.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i)[0];
            if (!(Math.abs(v[i]) <= 90)) {
                throw new IllegalArgumentException(file + " line " + (int) values.get(i)[1] + ": " + name + " value "
                        + v[i] + " is not an elevation in [-90, 90] degrees");
            }
        }
        return v;
    }

    /**
     * The values of the C array {@code name[N] = {...};} in these lines, each with its 1-based line: as many as N,
     * {@code f}-suffixed or plain numbers, {@code //} comments ignored.
     */
    static List<double[]> array(String file, List<String> lines, String name) {
        for (int i = 0; i < lines.size(); i++) {
            String code = code(lines.get(i));
            int at = declaration(code, name, '[');
            if (at == -1) {
                continue;
            }
            int close = code.indexOf(']', at);
            int open = close == -1 ? -1 : code.indexOf('{', close);
            if (open == -1) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + name + " is not declared as "
                        + name + "[N] = {...}");
            }
            int declared = (int) number(file, i + 1, code.substring(code.indexOf('[', at) + 1, close));
            List<double[]> values = new ArrayList<>();
            String rest = code.substring(open + 1);
            for (int j = i; ; rest = code(lines.get(++j))) {
                int end = rest.indexOf('}');
                for (String cell : (end == -1 ? rest : rest.substring(0, end)).split(",")) {
                    if (!cell.isBlank()) {
                        values.add(new double[] {number(file, j + 1, cell), j + 1});
                    }
                }
                if (end != -1) {
                    if (values.size() != declared) {
                        throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + name + " declares "
                                + declared + " values, got " + values.size());
                    }
                    return values;
                }
                if (j + 1 == lines.size()) {
                    throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + name + " has no closing '}'");
                }
            }
        }
        throw new IllegalArgumentException(file + ": no array " + name);
    }

    /** The constant {@code name = value;} of these lines, which must lie in [{@code min}, {@code max}] {@code unit}. */
    static double scalar(String file, List<String> lines, String name, double min, double max, String unit) {
        for (int i = 0; i < lines.size(); i++) {
            String code = code(lines.get(i));
            int at = declaration(code, name, '=');
            if (at == -1) {
                continue;
            }
            int end = code.indexOf(';', at);
            if (end == -1) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + name + " has no closing ';'");
            }
            double v = number(file, i + 1, code.substring(code.indexOf('=', at) + 1, end));
            if (!(v >= min && v <= max)) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + name + " must be in [" + min + ", "
                        + max + "] " + unit + ", got " + v);
            }
            return v;
        }
        throw new IllegalArgumentException(file + ": no constant " + name);
    }

    /** The line without its {@code //} comment. */
    private static String code(String line) {
        int comment = line.indexOf("//");
        return comment == -1 ? line : line.substring(0, comment);
    }

    /** Where {@code name} stands as a whole word followed (after spaces) by {@code next}, or -1. */
    private static int declaration(String code, String name, char next) {
        for (int at = code.indexOf(name); at != -1; at = code.indexOf(name, at + 1)) {
            int after = at + name.length();
            while (after < code.length() && code.charAt(after) == ' ') {
                after++;
            }
            boolean word = at == 0 || !Character.isJavaIdentifierPart(code.charAt(at - 1));
            if (word && after < code.length() && code.charAt(after) == next) {
                return at;
            }
        }
        return -1;
    }

    /** A C number: decimals with an optional {@code f} suffix (which {@link Double#parseDouble} reads too). */
    private static double number(String file, int line, String text) {
        String t = text.strip();
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + " line " + line + ": '" + t + "' is not a number");
        }
    }
}
