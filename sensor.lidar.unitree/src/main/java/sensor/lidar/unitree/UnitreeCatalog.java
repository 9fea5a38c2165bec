package sensor.lidar.unitree;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
 * Unitree L1 and L2, {@link Provenance#APPROXIMATE}: hemispherical two-axis mirror lidars whose SDKs
 * (unitreerobotics/unilidar_sdk @ {@value #L1_COMMIT}, unilidar_sdk2 @ {@value #L2_COMMIT}, BSD-3-Clause) publish the
 * exact formula from a packet's angles to a point ({@code parseRangeAuxiliaryDataToCloud} in
 * {@code parse_range_auxiliary_data_to_cloud.h}, {@code parseFromPacketToPointCloud} in
 * {@code unitree_lidar_utilities.h}) but not the angles: each packet carries its own start angles, steps, sample
 * period and the unit's calibration. So these models are not counted among the catalog's exact models.
 * <p>
 * What is taken from the files: the points a packet holds (L1 {@code points_num_of_scan = 120}, L2
 * {@code ranges[300]}), the packets an SDK cloud holds ({@code cloud_scan_num = 18}), the SDK's range filter defaults
 * ({@code range_min}, {@code range_max}), L2's standard field of view (README, 180°), the sample period that the
 * README's printed points of a real unit allow ({@link SdkText#period}), and the direction formula, evaluated at
 * nominal calibration (L1 θ = ξ = 0, L2 β = ξ = 0, offsets 0): {@code x = −sin θ cos α, y = cos θ cos α, z = sin α}
 * for the fast mirror's angle α and the head's angle θ. What is assumed: a packet is one half turn of the mirror (α
 * from 0 in steps of 180°/N, as both READMEs' printed points step: 1.5° and 0.6°), the other half is not sampled (so
 * a line takes 2N periods), and the head turns counter-clockwise through 180° in one SDK cloud, evenly; the real head
 * rate is in each packet ({@code com_horizontal_angle_step}) and its pattern does not repeat.
 */
@Component(immediate = true)
public class UnitreeCatalog {
    static final String L1_COMMIT = "1bd7d95d8ab7ce7a22058d2bb07e39fd62612aa6";
    static final String L2_COMMIT = "0e3c51f512e6b8ff60b8c32f160b412cb48445c2";
    static final String L1_FORMULA = "unilidar_sdk/unitree_lidar_sdk/include/parse_range_auxiliary_data_to_cloud.h";
    static final String L1_SDK = "unilidar_sdk/unitree_lidar_sdk/include/unitree_lidar_sdk.h";
    static final String L1_README = "unilidar_sdk/unitree_lidar_sdk/README.md";
    static final String L2_FORMULA = "unilidar_sdk2/unitree_lidar_sdk/include/unitree_lidar_utilities.h";
    static final String L2_PROTOCOL = "unilidar_sdk2/unitree_lidar_sdk/include/unitree_lidar_protocol.h";
    static final String L2_SDK = "unilidar_sdk2/unitree_lidar_sdk/include/unitree_lidar_sdk.h";
    static final String L2_README = "unilidar_sdk2/README.md";

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

    /** Every model of this bundle: Unitree-L1, Unitree-L2. */
    public static List<CatalogModel> models() {
        return List.of(l1(), l2());
    }

    /** What one model is made of, each read in its file (or, for the L1's field of view, assumed). */
    record Scan(int points, int lines, double fovDeg, double period, double rangeMin, double rangeMax) {}

    static CatalogModel l1() {
        String formula = text(L1_FORMULA), sdk = text(L1_SDK);
        SdkText.Found n = SdkText.first(L1_FORMULA, formula, "int points_num_of_scan = (\\d+);",
                "int points_num_of_scan = <points>;");
        Scan s = scan(n, sdk, L1_SDK, 180, SdkText.period(L1_README, SdkText.sample(L1_README, text(L1_README))));
        String note = "the points of a packet: " + L1_FORMULA + " line " + n.line() + " (points_num_of_scan = "
                + n.value() + "); the field of view of a packet: half a turn of the mirror, 180° (no file states it; the"
                + " README's printed points of a real unit step 1.5° = 180°/" + n.value() + "). The SDK adds z_bias ="
                + " 0.0445 m to z and the unit's b_axis_dist to the beam's offset; a replayed ray starts at the sensor's"
                + " origin, so mount the sensor 0.0445 m higher. The nominal calibration is theta = ksi = 0.";
        return model("L1", "unitreerobotics/unilidar_sdk", L1_COMMIT, L1_FORMULA, L1_README, s, note);
    }

    static CatalogModel l2() {
        String protocol = text(L2_PROTOCOL), sdk = text(L2_SDK), readme = text(L2_README);
        SdkText.Found n = SdkText.first(L2_PROTOCOL, protocol, "uint16_t ranges\\[(\\d+)\\];", "uint16_t ranges[<points>];");
        SdkText.Found fov = SdkText.first(L2_README, readme, "Standard FOV \\((\\d+)°\\)", "Standard FOV (<degrees>°)");
        Scan s = scan(n, sdk, L2_SDK, fov.number(), SdkText.period(L2_README, SdkText.sample(L2_README, readme)));
        String note = "the points of a packet: " + L2_PROTOCOL + " line " + n.line() + " (LidarPointData's ranges["
                + n.value() + "]); its field of view: " + L2_README + " line " + fov.line() + " (standard FOV, "
                + fov.value() + "°; the wide mode's 192° is not modelled). The unit's a_axis_dist and b_axis_dist"
                + " (beam offsets, in each packet) are taken as 0 and its angle biases, beta and xi as 0.";
        return model("L2", "unitreerobotics/unilidar_sdk2", L2_COMMIT, L2_FORMULA, L2_README, s, note);
    }

    /** The scan of a model with {@code n} points a packet, the cloud and range defaults of the SDK header. */
    static Scan scan(SdkText.Found n, String sdk, String file, double fovDeg, double period) {
        int lines = Integer.parseInt(SdkText.first(file, sdk, "uint16_t cloud_scan_num = (\\d+),",
                "uint16_t cloud_scan_num = <packets>,").value());
        double min = SdkText.first(file, sdk, "float range_min = (\\d+(?:\\.\\d+)?)", "float range_min = <m>").number();
        double max = SdkText.first(file, sdk, "float range_max = (\\d+(?:\\.\\d+)?)", "float range_max = <m>").number();
        return new Scan(Integer.parseInt(n.value()), lines, fovDeg, period, min, max);
    }

    /**
     * The direction of the SDK's point formula at nominal calibration (L2's β = ξ = 0, L1's θ = ξ = 0, offsets 0), for
     * the mirror angle {@code alpha} and the head angle {@code theta}: A = 0, B = cos α, C = sin α, so
     * {@code (cos θ·A − sin θ·B, sin θ·A + cos θ·B, C)}.
     */
    static double[] direction(double alpha, double theta) {
        double b = Math.cos(alpha);
        return new double[] {-Math.sin(theta) * b, Math.cos(theta) * b, Math.sin(alpha)};
    }

    static CatalogModel model(String name, String repo, String commit, String formula, String readme, Scan s,
            String read) {
        int n = s.points(), lines = s.lines(), slots = 2 * n, rays = n * lines;
        double step = Math.toRadians(s.fovDeg()) / n, frame = lines * slots * s.period();
        double[] az = new double[rays], el = new double[rays], t = new double[rays];
        for (int k = 0; k < lines; k++) {
            for (int j = 0; j < n; j++) {
                int i = k * n + j, slot = k * slots + j;
                double[] d = direction(j * step, Math.PI * slot / (lines * slots));
                az[i] = Math.atan2(d[1], d[0]);
                el[i] = Math.asin(d[2]);
                t[i] = slot * s.period();
            }
        }
        double pointRate = 1 / (2 * s.period()), hz = 1 / frame;
        Replay replay = new Replay(az, el, pointRate, t, null);
        String what = "Unitree " + name + ", approximate: " + lines + " mirror lines of " + n + " rays at " + fmt(
                Math.toDegrees(step)) + "°, the head through 180° in " + fmt(frame * 1000) + " ms";
        String note = what + ". Approximate, not counted among the catalog's exact models: the SDK publishes the exact"
                + " formula from a packet's angles to a point (" + formula + "), but each packet carries its own start"
                + " angles, steps, sample period and the unit's calibration, which no file gives. Read: " + read
                + " Lines per frame: the SDK's default cloud_scan_num, " + lines + " packets. Sample period "
                + fmt(s.period() * 1e6) + " µs: the middle of the periods the printed times of a real unit allow ("
                + readme + ", first 10 points). Assumed: a packet is half a turn of the mirror, the other half not"
                + " sampled, so ray j of line k fires at (2·" + n + "·k + j) periods, " + fmt(pointRate) + " rays/s"
                + " on average; the mirror angle alpha = j·" + fmt(Math.toDegrees(step)) + "° from 0; the head angle"
                + " theta turns evenly and counter-clockwise through 180° a frame (the real rate is in each packet,"
                + " com_horizontal_angle_step, and the real pattern does not repeat). Direction by the SDK's formula at"
                + " nominal calibration: (-sin theta cos alpha, cos theta cos alpha, sin alpha). Range limits: the"
                + " SDK's default filter, " + fmt(s.rangeMin()) + "-" + fmt(s.rangeMax()) + " m. No beam divergence"
                + " (0), one return.";
        Source source = new Source(formula, repo + " unitree_lidar_sdk/include/*.h, README @ " + commit,
                "BSD-3-Clause (" + repo.substring(repo.indexOf('/') + 1) + "/LICENSE)", Provenance.APPROXIMATE, note);
        return new CatalogModel("Unitree-" + name, "Unitree", what, source, List.of(),
                List.of(new Mode(Math.round(hz) + "Hz", 0, hz)), s.rangeMin(), s.rangeMax(), 0, List.of("STRONGEST"),
                replay);
    }

    static String fmt(double v) {
        return BigDecimal.valueOf(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** The copied SDK file at {@code path}. */
    static String text(String path) {
        try (InputStream in = UnitreeCatalog.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("missing Unitree SDK file " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
