package sensor.lidar.hokuyo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
import sensor.api.lidar.LidarModelType.Replay;
import sensor.api.lidar.LidarModelType.Source;

/**
 * Hokuyo URG-family 2D scanners from their SCIP 2.0 {@code PP} replies ({@code hokuyo-pp.txt}), one model per reply.
 * Each is a {@link Replay} of one scan in the plane, as the urg_c library (ros-drivers/urg_c, BSD) computes it: step
 * s of {@code AMIN..AMAX} at {@code (s − AFRT)·2π/ARES} counter-clockwise from the front (+x, {@code urg_step2rad}),
 * fired {@code (s − AMIN)·T/ARES} into the scan, T = urg_c's {@code scan_usec} = 60,000,000/{@code SCAN} µs (integer
 * division), the mirror turning once a scan; ranges {@code DMIN..DMAX}. One layer, so the lidar publishes it as a
 * LaserScan ({@code PlanarGeometry}, [O]).
 */
@Component(immediate = true)
public class HokuyoCatalog {
    static final String FILE = "hokuyo-pp.txt";
    static final String ORIGIN = "Hokuyo SCIP 2.0 specification (document C-42-03320B), PP reply; values as reported by"
            + " units and reproduced in public driver tests";
    static final String LICENCE = "device facts, no licence (see README.md)";

    private final List<ServiceRegistration<LidarModelType>> registrations = new ArrayList<>();

    /** Registers every model as a {@link LidarModelType} service with its id. */
    @Activate
    void activate(BundleContext context) {
        for (CatalogModel m : models()) {
            registrations.add(context.registerService(LidarModelType.class, m,
                    FrameworkUtil.asDictionary(Map.of(LidarModelType.ID_PROPERTY, m.id()))));
        }
    }

    @Deactivate
    void deactivate() {
        registrations.forEach(ServiceRegistration::unregister);
    }

    /** Every model of this bundle. */
    public static List<CatalogModel> models() {
        return models(text(FILE));
    }

    /** The models of the replies in {@code text} (the content of {@code hokuyo-pp.txt}); a model given twice is refused. */
    static List<CatalogModel> models(String text) {
        List<CatalogModel> models = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (PpReply r : PpReply.read(FILE, text)) {
            CatalogModel m = model(r);
            Integer first = seen.putIfAbsent(m.id(), r.line("MODL"));
            if (first != null) {
                throw PpReply.error(FILE, r.line("MODL"), "model " + m.id() + " is already given on line " + first);
            }
            models.add(m);
        }
        return models;
    }

    /** The model of one reply; values that cannot describe a scan are refused at their line. */
    static CatalogModel model(PpReply r) {
        String id = r.text("MODL");
        require(id.matches("[A-Za-z0-9._-]+"), r.line("MODL"), "MODL must be a model name of letters, digits, '.', '_'"
                + " or '-', got '" + id + "'");
        int dmin = number(r, "DMIN", "mm"), dmax = number(r, "DMAX", "mm"), ares = number(r, "ARES", "steps");
        int amin = number(r, "AMIN", "steps"), amax = number(r, "AMAX", "steps"), afrt = number(r, "AFRT", "steps");
        int scan = number(r, "SCAN", "rpm");
        require(dmax > dmin, r.line("DMAX"), "DMAX must exceed DMIN " + dmin + " mm, got " + dmax);
        require(amax > amin, r.line("AMAX"), "AMAX must exceed AMIN " + amin + ", got " + amax);
        require(amax - amin < ares, r.line("AMAX"), "AMAX - AMIN must be less than ARES " + ares
                + " (each step a direction of its own), got " + (amax - amin));
        require(scan >= 1 && scan <= 60_000_000, r.line("SCAN"), "SCAN must be in [1, 60000000] rpm, got " + scan);

        long scanUsec = 60_000_000L / scan; // urg_c: urg->scan_usec = 1000 * 1000 * 60 / rpm
        double period = scanUsec / 1e6, rate = 1e6 / scanUsec;
        int n = amax - amin + 1;
        double[] az = new double[n], el = new double[n], t = new double[n];
        for (int k = 0; k < n; k++) {
            az[k] = wrap((2.0 * Math.PI) * (amin + k - afrt) / ares); // urg_step2rad(s - AFRT)
            t[k] = k * period / ares;
        }
        Replay replay = new Replay(az, el, n / period, t, new int[n]);

        double step = 360.0 / ares;
        String what = "Hokuyo " + id + " (SCIP 2.0 PP reply): " + n + " rays from " + deg(az[0]) + "° at " + fmt(step)
                + "°, " + fmt(rate) + " Hz";
        String note = what + ". " + FILE + " lines " + r.line() + "-" + (r.line("SCAN") + 1) + ": DMIN " + dmin
                + " mm, DMAX " + dmax + " mm, ARES " + ares + " steps a turn, AMIN " + amin + ", AMAX " + amax + ", AFRT "
                + afrt + ", SCAN " + scan + " rpm. Step s of AMIN..AMAX at (s - AFRT)·360°/ARES counter-clockwise from"
                + " the front (+x), urg_c's urg_step2rad; fired (s - AMIN)·T/ARES into the scan, T = urg_c's scan_usec ="
                + " 60000000/SCAN µs = " + scanUsec + " µs (the mirror turns once a scan; urg_node's time_increment is"
                + " the same to 2e-7). Range limits DMIN..DMAX. The reply gives no beam divergence (0) and no echo"
                + " count (one return).";
        Source source = new Source(FILE, ORIGIN, LICENCE, Provenance.NOMINAL, note);
        return new CatalogModel(id, "Hokuyo", what, source, List.of(), List.of(new Mode(scan + "rpm", 0, rate)),
                dmin / 1000.0, dmax / 1000.0, 0, List.of("STRONGEST"), replay);
    }

    /** The whole number of field {@code name}. */
    private static int number(PpReply r, String name, String unit) {
        String v = r.text(name);
        require(v.matches("\\d{1,9}"), r.line(name), name + " must be a whole number of " + unit + ", got '" + v + "'");
        return Integer.parseInt(v);
    }

    private static void require(boolean ok, int line, String message) {
        if (!ok) {
            throw PpReply.error(FILE, line, message);
        }
    }

    /** {@code a} in [-π, π). */
    static double wrap(double a) {
        return a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
    }

    /** {@code rad} in degrees to 0.0001°. */
    static String deg(double rad) {
        return BigDecimal.valueOf(Math.toDegrees(rad)).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros()
                .toPlainString();
    }

    static String fmt(double v) {
        return BigDecimal.valueOf(v).round(new MathContext(10)).stripTrailingZeros().toPlainString();
    }

    /** The bundled file {@code name}. */
    static String text(String name) {
        try (InputStream in = HokuyoCatalog.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("missing Hokuyo file " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
