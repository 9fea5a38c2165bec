package sensor.lidar.sick;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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
import sensor.lidar.sick.DriverSource.Layer;
import sensor.lidar.sick.DriverSource.LayerTable;
import sensor.lidar.sick.DriverSource.Params;
import sensor.lidar.sick.DriverSource.Value;

/**
 * SICK laser scanners as the SICK ROS driver sick_scan_xd (SICKAG/sick_scan_xd, Apache-2.0) sets them up: one model
 * per scanner family, read from the driver's {@code ScannerBasicParam} constants ({@code sick_generic_parser.cpp}) and
 * the family's launch file. Each is a {@link Replay} of one scan, rays in the driver's point cloud directions:
 * ray i of a layer at {@code min_ang + i·Δ} counter-clockwise from +x (turned by 180° where the family is
 * {@code ScanMirroredAndShifted}: the driver negates x, y and z; z is 0 in these one-layer families), every i with
 * {@code i·Δ ≤ max_ang − min_ang} (to Δ/100) and {@code i·Δ < 360°} (a direction once); Δ is the launch file's
 * {@code ang_res} where it sets
 * {@code ang_res} and {@code scan_freq} (the driver then sends them with {@code mLMPsetscancfg}), else that of the
 * scanner mode it selects ({@code scan_cfg_list_entry}, sent with {@code mCLsetscancfglist}) in its table of the modes,
 * else the constant {@code setAngularDegreeResolution} as the driver sends it ({@code LMPoutputRange}, 1/10000°). Ray i fires
 * {@code i·dt} into its layer's scan, dt = the launch file's {@code time_increment} where set, else scan period × Δ /
 * 360° (the driver's {@code checkScanTiming}). The layers of the MRS1104 and MRS6124 are the rows of the driver's point
 * cloud ({@code sick_scan_common.cpp}), timed as the driver's README describes; channel = row.
 */
@Component(immediate = true)
public class SickCatalog {
    static final String COMMIT = "2d4796699158762cfee78ece05bf8d7c2ceb68d0";
    static final String LICENCE = "Apache-2.0 (LICENSE-sick_scan_xd)";
    static final String PARSER = "driver/src/sick_generic_parser.cpp";
    static final String HEADER = "include/sick_scan/sick_generic_parser.h";
    static final String COMMON = "driver/src/sick_scan_common.cpp";
    static final String LMD = "driver/src/sick_lmd_scandata_parser.cpp";
    /** README.md section "MRS6124" (lines 4037-4039): 24 layers at 10 Hz, in 4 packs of 6 layers 25 ms apart. */
    static final double MRS6124_FRAME_HZ = 10;
    static final int MRS6124_PACK = 6;

    /** Model id → the driver's name constant of the family. */
    static final Map<String, String> FAMILIES = new LinkedHashMap<>();

    static {
        for (String[] f : new String[][] {{"TiM240", "TIM_240"}, {"TiM4xx", "TIM_4XX"}, {"TiM5xx", "TIM_5XX"},
                {"TiM7xx", "TIM_7XX"}, {"TiM7xxS", "TIM_7XXS"}, {"LMS1xx", "LMS_1XX"}, {"LMS5xx", "LMS_5XX"},
                {"LMS4xxx", "LMS_4XXX"}, {"NAV2xx", "NAV_2XX"}, {"NAV350", "NAV_350"}, {"MRS1104", "MRS_1XXX"},
                {"MRS6124", "MRS_6XXX"}, {"LRS4xxx", "LRS_4XXX"}, {"LRS36x1", "LRS_36x1"},
                {"MRS6124-narrow", "MRS_6XXX"}}) {
            FAMILIES.put(f[0], "SICK_SCANNER_" + f[1] + "_NAME");
        }
    }

    /** Models read from another launch file of their family than {@code <scanner type>.launch}. */
    static final Map<String, String> LAUNCHES = Map.of("MRS6124-narrow", "sick_mrs_6xxx_narrow");

    /** What else a family's sources say, where they disagree or leave something open. */
    static final Map<String, String> REMARKS = Map.of(
            "TiM240", "The launch file's time_increment 0.00019290123 s is one 1° step of a 14.4 Hz turn; the frame rate"
                    + " is the constant 15 Hz.",
            "LMS5xx", "setExpectedFrequency 15 Hz is the driver's figure; the launch file sets no ang_res/scan_freq (its"
                    + " commented lines list 25 to 100 Hz), so the scanner keeps its own scan configuration.",
            "NAV350", "sick_nav_scandata_parser.cpp fixes the same scan (0.25°, 8 Hz, 0 to 360°, 1440 points).",
            "MRS1104", "Where the scanner sends an azimuth table (ANGL) the driver uses it per point; not modelled."
                    + " README.md also says the layers are measured at the same time and output one after another.",
            "MRS6124", "Where the scanner sends elevations per point (VANG) the driver uses them; not modelled.",
            "MRS6124-narrow", "The MRS6124 as sick_mrs_6xxx_narrow.launch sets it up: within ±30°. Where the scanner"
                    + " sends elevations per point (VANG) the driver uses them; not modelled.",
            "LRS4xxx", "The constants' 0.05° and setNumberOfShots(7201) are not the scan: the driver selects the"
                    + " scanner's mode (sMN mCLsetscancfglist, sick_generic_parser.cpp line 866: the LRS4000 \"sets scan"
                    + " rate and angular resolution\" by it).",
            "LRS36x1", "The constants' 0.5° at 15 Hz are not the scan: the driver selects the scanner's mode (sMN"
                    + " mCLsetscancfglist); the launch file says mode 1 is the only one supported.");

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
        return models(SickCatalog::text);
    }

    /** The models read from {@code files} (path under {@code sick_scan_xd/} → its text). */
    static List<CatalogModel> models(Function<String, String> files) {
        String parser = files.apply(PARSER);
        Map<String, Params> params = DriverSource.basicParams(PARSER, parser);
        Map<String, String> names = DriverSource.names(files.apply(HEADER));
        Value[] range = DriverSource.rangeDefaults(PARSER, parser);
        List<CatalogModel> models = new ArrayList<>();
        FAMILIES.forEach((id, name) -> {
            Params p = params.get(name);
            String type = names.get(name);
            if (p == null || type == null) {
                throw new IllegalArgumentException(p == null ? PARSER + ": no block for " + name
                        : HEADER + ": no #define " + name);
            }
            String launch = "launch/" + LAUNCHES.getOrDefault(id, type) + ".launch";
            models.add(model(id, LAUNCHES.getOrDefault(id, type), p, LaunchFile.parse(launch, files.apply(launch)), range,
                    files));
        });
        return models;
    }

    static CatalogModel model(String id, String type, Params p, LaunchFile launch, Value[] range,
            Function<String, String> files) {
        String name = p.name();
        int layers = (int) constant(p, "setNumberOfLayers", 1, 24, "layers");
        require(layers == 1 || layers == 4 || layers == 24, at(p, "setNumberOfLayers") + ": setNumberOfLayers of " + name
                + " must be 1, 4 or 24 (the layer counts the driver's point cloud handles), got " + layers);
        Double angRes = launch.number("ang_res"), scanFreq = launch.number("scan_freq");
        boolean cfg = angRes != null && scanFreq != null && angRes != 0 && scanFreq != 0;
        LaunchFile.ScanMode listed = cfg ? null : listed(launch);
        double step = cfg ? inRange(launch, "ang_res", 0, 10, "degrees") : listed != null ? listed.step()
                : Math.round(1e4 * constant(p, "setAngularDegreeResolution", 0, 10, "degrees")) / 1e4;
        double rate = cfg ? inRange(launch, "scan_freq", 0, 1000, "Hz") : listed != null ? listed.rate()
                : constant(p, "setExpectedFrequency", 0, 1000, "Hz");
        double min = angle(launch, "min_ang"), max = angle(launch, "max_ang");
        require(max > min, launch.file() + " line " + launch.line("max_ang") + ": max_ang must exceed min_ang "
                + fmt(min) + ", got " + fmt(max));
        boolean mirrored = p.get("setScanMirroredAndShifted").value() != 0;
        int echoes = (int) constant(p, "setNumberOfMaximumEchos", 1, 5, "echoes");
        double rangeMin = limit(launch, "range_min", range[0]), rangeMax = limit(launch, "range_max", range[1]);
        require(rangeMax > rangeMin, launch.file() + ": range_max " + fmt(rangeMax) + " must exceed range_min "
                + fmt(rangeMin));

        // the layers: rows of the point cloud, in the order the scanner sends them
        double[] elevation = new double[layers], offset = new double[layers];
        int pack = layers == 24 ? MRS6124_PACK : 1;
        double frameRate = layers == 24 ? MRS6124_FRAME_HZ : rate / layers;
        double period = 1 / (frameRate * layers / pack); // one scan (one pack of layers)
        String layerNote = "one layer in the xy plane";
        if (layers > 1) {
            String common = files.apply(COMMON);
            LayerTable table = DriverSource.layers(COMMON, common, layers);
            double scale = 0, sign = 0, res = 0;
            if (layers == 4) {
                res = constant(p, "setElevationDegreeResolution", 0, 10, "degrees");
            } else {
                scale = DriverSource.telegramScale(COMMON, common).value();
                sign = DriverSource.elevationSign(LMD, files.apply(LMD)).value();
            }
            List<Layer> ls = table.layers();
            for (int k = 0; k < layers; k++) {
                Layer l = ls.get(k);
                elevation[l.row()] = layers == 4 ? l.layer() * res : sign * l.telegram() / scale;
                offset[l.row()] = k / pack * period;
            }
            int first = ls.get(0).telegram(), step2 = ls.get(1).telegram() - first;
            layerNote = layers == 4
                    ? "layers: the point cloud rows of " + COMMON + " line " + table.line() + " (row = layer - baseLayer,"
                            + " elevation layer × setElevationDegreeResolution), 4 consecutive scans at " + fmt(rate)
                            + " Hz in the order of the driver's table (README.md 'LMS1000 / MRS1000': \"4 consecutive"
                            + " scans\"; it states no order), " + fmt(frameRate) + " Hz a frame"
                    : "layers: telegram angles " + first + " + " + step2 + "·k by the formula of " + COMMON + " line "
                            + table.line() + ", elevation " + (sign < 0 ? "-" : "") + "elevAngleX200 / " + fmt(scale)
                            + " (" + LMD + "); packs of 6 layers 25 ms apart at 10 Hz (README.md 'MRS6124'), not the"
                            + " constant setExpectedFrequency";
        }

        // the rays of one layer
        double span = Math.toDegrees(max - min);
        int n = 0;
        while (n * step <= span + step / 100 && n * step < 360 - step / 100) {
            n++;
        }
        Double increment = launch.number("time_increment");
        double dt = increment == null ? period * step / 360 : increment;
        require(dt > 0 && (n - 1) * dt < period, increment == null ? "" : launch.file() + " line "
                + launch.line("time_increment") + ": time_increment must be in (0, " + fmt(period / Math.max(1, n - 1))
                + ") s to fit " + n + " rays in a scan of " + fmt(period) + " s, got " + fmt(dt));
        int total = layers * n;
        double[] az = new double[total], el = new double[total], t = new double[total];
        int[] channel = new int[total];
        for (int r = 0; r < layers; r++) {
            for (int i = 0; i < n; i++) {
                int k = r * n + i;
                az[k] = wrap(min + i * Math.toRadians(step) + (mirrored ? Math.PI : 0));
                el[k] = Math.toRadians(elevation[r]);
                t[k] = offset[r] + i * dt;
                channel[k] = r;
            }
        }
        Replay replay = new Replay(az, el, total * frameRate, t, channel);

        String what = "SICK " + id + " (sick_scan_xd " + type + "): " + (layers == 1 ? "" : layers + " layers of ") + n
                + " rays from " + deg(az[0]) + "° at " + fmt(step) + "°, " + fmt(frameRate) + " Hz";
        String note = what + ". Constants of " + name + " (" + PARSER + " line " + p.line() + "): "
                + line(p, "setNumberOfLayers") + ", " + line(p, "setAngularDegreeResolution") + ", "
                + line(p, "setExpectedFrequency") + ", " + line(p, "setScanAngleShift") + ", "
                + line(p, "setScanMirroredAndShifted") + ", " + line(p, "setNumberOfShots") + ", "
                + line(p, "setNumberOfMaximumEchos") + (layers == 4 ? ", " + line(p, "setElevationDegreeResolution") : "")
                + " (the shift only turns the scanner's angles into ROS angles: the driver takes it off min_ang/max_ang"
                + " and adds it to the telegram's start angle; the shots are an upper bound). Step and rate: "
                + (cfg ? "the launch file's ang_res " + fmt(step) + "° and scan_freq " + fmt(rate) + " Hz (lines "
                        + launch.line("ang_res") + ", " + launch.line("scan_freq") + ")"
                        : listed != null ? "the scanner's mode scan_cfg_list_entry " + listed.entry() + " (line "
                                + launch.line("scan_cfg_list_entry") + "), " + fmt(step) + "° at " + fmt(rate) + " Hz in the"
                                + " launch file's table of the modes (line " + listed.line() + ", a comment)"
                        : "the constants, the step as the driver sends it (" + Math.round(step * 1e4) + "/10000°)")
                + ". Range: " + launch.file() + " min_ang " + fmt(min) + " rad (line " + launch.line("min_ang")
                + "), max_ang " + fmt(max) + " rad (line " + launch.line("max_ang") + "); ray i at min_ang + i·step"
                + (mirrored ? " turned by 180° (ScanMirroredAndShifted: the driver negates x, y and z)" : "")
                + ", counter-clockwise, every ray within the range to step/100 and once per direction. Timing: "
                + (increment == null ? "ray i fires i × " + fmt(dt * 1e6) + " µs (scan period × step / 360°)"
                        : "the launch file's time_increment " + fmt(dt) + " s (line " + launch.line("time_increment") + ")")
                + " into its scan. " + layerNote + ". Range limits: the driver's range filter (range_min/range_max of the"
                + " launch file, else " + PARSER + " override_range_min_/max_), no datasheet figure; the driver states no"
                + " beam divergence (0)." + (REMARKS.containsKey(id) ? " " + REMARKS.get(id) : "");
        Source source = new Source("sick_scan_xd/" + PARSER + ", sick_scan_xd/" + launch.file()
                + (layers > 1 ? ", sick_scan_xd/" + COMMON : ""), "SICKAG/sick_scan_xd " + PARSER + ", " + launch.file()
                + " @ " + COMMIT, LICENCE, Provenance.NOMINAL, note);
        return new CatalogModel(id, "SICK", what, source, List.of(), List.of(new Mode(fmt(frameRate) + "Hz", 0, frameRate)),
                rangeMin, rangeMax, 0, echoes > 1 ? List.of("LAST", "FIRST") : List.of("STRONGEST"), replay);
    }

    /**
     * The scanner mode the launch file selects ({@code scan_cfg_list_entry}, which the driver sends with
     * {@code mCLsetscancfglist}) as its table of the modes gives it; null where it selects none. A mode without a row, an
     * interlaced one or one of less than 360° is refused.
     */
    private static LaunchFile.ScanMode listed(LaunchFile launch) {
        Double entry = launch.number("scan_cfg_list_entry");
        if (entry == null) {
            return null;
        }
        String at = launch.file() + " line " + launch.line("scan_cfg_list_entry") + ": scan_cfg_list_entry ";
        LaunchFile.ScanMode m = launch.modes().get(entry.intValue());
        require(m != null && entry == entry.intValue(), at + fmt(entry) + " has no row in the file's table of the modes");
        require(m.interlaced() == 0 && m.fieldOfView() == 360, at + m.entry() + " is interlaced or covers less than 360°"
                + " (line " + m.line() + "); only a plain full turn is modelled");
        return m;
    }

    /** A constant of the family in {@code (lo, hi]} ({@code [1, hi]} for counts). */
    private static double constant(Params p, String setter, double lo, double hi, String unit) {
        double v = p.get(setter).value();
        boolean count = unit.equals("layers") || unit.equals("echoes");
        require(count ? v >= lo && v <= hi && v == Math.rint(v) : v > lo && v <= hi, at(p, setter) + ": " + setter
                + " of " + p.name() + " must be " + (count ? "a whole number in [" + fmt(lo) : "in (" + fmt(lo)) + ", "
                + fmt(hi) + "] " + unit + ", got " + fmt(v));
        return v;
    }

    private static double inRange(LaunchFile launch, String name, double lo, double hi, String unit) {
        double v = launch.number(name);
        require(v > lo && v <= hi, launch.file() + " line " + launch.line(name) + ": " + name + " must be in (" + fmt(lo)
                + ", " + fmt(hi) + "] " + unit + ", got " + fmt(v));
        return v;
    }

    private static double angle(LaunchFile launch, String name) {
        Double v = launch.number(name);
        require(v != null, launch.file() + ": no " + name);
        require(Math.abs(v) <= 2 * Math.PI + 1e-6, launch.file() + " line " + launch.line(name) + ": " + name
                + " must be in [-2π, 2π] rad, got " + fmt(v));
        return v;
    }

    private static double limit(LaunchFile launch, String name, Value fallback) {
        Double v = launch.number(name);
        if (v == null) {
            return fallback.value();
        }
        require(v >= 0, launch.file() + " line " + launch.line(name) + ": " + name + " must be >= 0 m, got " + fmt(v));
        return v;
    }

    private static String at(Params p, String setter) {
        return PARSER + " line " + p.get(setter).line();
    }

    private static String line(Params p, String setter) {
        Value v = p.get(setter);
        String value = setter.equals("setScanAngleShift") ? fmt(Math.toDegrees(v.value())) + "°"
                : setter.equals("setScanMirroredAndShifted") ? String.valueOf(v.value() != 0) : fmt(v.value());
        return setter + "(" + value + ") line " + v.line();
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** {@code a} in [-π, π). */
    static double wrap(double a) {
        return a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
    }

    /** {@code rad} in degrees to 0.0001°. */
    static String deg(double rad) {
        return BigDecimal.valueOf(Math.toDegrees(rad)).setScale(4, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros()
                .toPlainString();
    }

    static String fmt(double v) {
        return BigDecimal.valueOf(v).round(new java.math.MathContext(10)).stripTrailingZeros().toPlainString();
    }

    /** The copied sick_scan_xd file at {@code path}. */
    static String text(String path) {
        try (InputStream in = SickCatalog.class.getResourceAsStream("sick_scan_xd/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("missing sick_scan_xd file " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
