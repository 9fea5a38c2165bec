package sensor.lidar.rtx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Beam;
import sensor.api.lidar.LidarModelType.Citation;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Replay;
import sensor.api.lidar.LidarModelType.Source;

/**
 * Lidar models published as NVIDIA Isaac Sim RTX-lidar configuration files (isaac-sim/IsaacSim, Apache-2.0): Ouster
 * OS0/OS1/OS2 rev 6 and rev 7, SICK multiScan136/165, picoScan150, TiM781, microScan3, Slamtec RPLIDAR S2E, ZVISION
 * ML-30s+/ML-Xs, Hesai PandarXT-32 and Velodyne VLS-128, each file one configuration (one mode). A <b>rotary</b> file's emitters turn with the head, clockwise
 * seen from above, {@code reportRateBaseHz / scanRateBaseHz} columns per rotation; emitter i has the vendor's azimuth
 * offset a_i (clockwise, as Ouster's {@code beam_azimuth_angles}), elevation φ_i and firing time τ_i into its column,
 * so it is the spinning {@link Beam} (φ_i, −a_i, τ_i) laid out as ouster-sdk's {@code make_xyz_lut} does. A
 * <b>solidState</b> file lists every ray of one frame, azimuth counter-clockwise from +x, elevation and firing time
 * into the frame: a {@link Replay} at {@code scanRateBaseHz}, channel = the ray's layer (rank of its elevation from the
 * top). Beams start at the sensor origin, raised by the emitter's {@code vertOffsetM} where a file gives one.
 * <p>
 * Detection lines [L-DET]: the Ouster datasheets' figures quoted in the files' comments ({@link Citation#CITED};
 * rev 6 gives two detection probabilities per target, both kept), the RPLIDAR S2E datasheet's, the PandarXT-32 manual's
 * per-channel table (quoted in the file's comments; as the Hesai bundle's PandarXT-32), and otherwise the file's
 * {@code minReflectance}/{@code minReflectanceRange} where it lies inside the file's range ({@link Citation#UNCITED}:
 * the file names no source), read as 90 % detection at 10<sup>-4</sup> false alarms under 100 klx.
 */
@Component(immediate = true)
public class RtxCatalog {
    static final String ORIGIN = "isaac-sim/IsaacSim source/deprecated/isaacsim.sensors.rtx/data/lidar_configs/ @ 045ca8b59622";
    static final String LICENCE = "Apache-2.0 (LICENSE-IsaacSim)";
    /**
     * Rotary files whose report rate is no whole multiple of the scan rate, taken at the fewest whole columns that cover a
     * rotation ({@link RtxFile#coveringColumns}): the column period stays the file's, the turn a little slower.
     */
    static final List<String> COVERED = List.of("Velodyne/Velodyne_VLS128.json");
    /** The Isaac Sim TiM781 file faces −y (its 270° field is centred on −90°); SICK's driver centres it on +x. */
    static final double TIM781_YAW_DEG = 90;

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
        List<CatalogModel> m = new ArrayList<>();
        Pattern ouster = Pattern.compile("(OS\\d)_REV(\\d)_(\\d+)ch(\\d+)hz(\\d+)res\\.json");
        for (String sensor : List.of("OS0", "OS1", "OS2")) {
            for (String rev : List.of("6", "7")) {
                for (String ch : List.of("32", "128")) {
                    for (String mode : List.of("10hz512", "10hz1024", "10hz2048", "20hz512", "20hz1024")) {
                        String file = "Ouster/" + sensor + "/" + sensor + "_REV" + rev + "_" + ch + "ch" + mode + "res.json";
                        if (RtxCatalog.class.getResource(file) == null) {
                            continue; // Isaac Sim publishes 32 channels for the OS1 rev 6 only
                        }
                        Matcher f = ouster.matcher(file.substring(file.lastIndexOf('/') + 1));
                        f.matches();
                        String id = sensor + "-" + ch + "-rev" + rev + "-" + f.group(5) + "x" + f.group(4);
                        m.add(model(id, "Ouster", file, Provenance.UNIT_CALIBRATION,
                                "Ouster " + sensor + "-" + ch + " rev " + rev + ", one unit's beam angles", 0));
                    }
                }
            }
        }
        m.add(model("multiScan136", "SICK", "SICK/SICK_multiScan136.json", Provenance.PATTERN, "SICK multiScan136, 16 layers", 0));
        m.add(model("multiScan165", "SICK", "SICK/SICK_multiScan165.json", Provenance.PATTERN, "SICK multiScan165, 16 layers", 0));
        m.add(model("picoScan150", "SICK", "SICK/SICK_picoScan150.json", Provenance.PATTERN, "SICK picoScan150, 2D", 0));
        m.add(model("TiM781", "SICK", "SICK/SICK_tim781.json", Provenance.PATTERN,
                "SICK TiM781, 2D; turned 90° to face +x as SICK's driver reports it (the file faces -y)", TIM781_YAW_DEG));
        m.add(model("microScan3", "SICK", "SICK/SICK_microscan3_ABAZ90ZA1P01.json", Provenance.PATTERN,
                "SICK microScan3 (ABAZ90ZA1P01), 2D", 0));
        m.add(model("RPLIDAR-S2E", "Slamtec", "SLAMTEC/RPLIDAR_S2E.json", Provenance.NOMINAL, "Slamtec RPLIDAR S2E, 2D", 0));
        m.add(model("ML-30S", "ZVISION", "ZVISION/ZVISION_ML30S.json", Provenance.PATTERN, "ZVISION ML-30s+", 0));
        m.add(model("ML-XS", "ZVISION", "ZVISION/ZVISION_MLXS.json", Provenance.PATTERN, "ZVISION ML-Xs", 0));
        m.add(model("PandarXT-32-2000x10", "Hesai", "HESAI/Hesai_XT32_SD10.json", Provenance.NOMINAL,
                "Hesai PandarXT-32 at 10 Hz, nominal angles and the manual's firing times", 0));
        m.add(model("VLS-128-1877x10", "Velodyne", "Velodyne/Velodyne_VLS128.json", Provenance.NOMINAL, "Velodyne "
                + "VLS-128, nominal angles; 18,761 columns a second are 1876.1 a 10 Hz turn: 1877 whole columns at "
                + "9.995 Hz, each emitter 66.11 mm above the sensor origin (vertOffsetM)", 0));
        return m;
    }

    private static CatalogModel model(String id, String vendor, String file, Provenance provenance, String what,
            double yawDeg) {
        RtxFile f = RtxFile.parse(file, text(file));
        String note = what + ", Isaac Sim file " + file.substring(file.lastIndexOf('/') + 1);
        Source source = new Source(file, ORIGIN, LICENCE, provenance, note);
        List<String> returns = f.maxReturns() > 1 ? List.of("STRONGEST", "DUAL") : List.of("STRONGEST");
        double divergence = CatalogModel.halfAngleOfFwhm(divergenceFwhmDeg(id));
        CatalogModel model;
        if (f.rotary()) {
            int columns = COVERED.contains(file) ? f.coveringColumns() : f.columns(file);
            List<Beam> beams = new ArrayList<>();
            for (int i = 0; i < f.azimuths().length; i++) {
                beams.add(new Beam(Math.toRadians(f.elevations()[i]), -Math.toRadians(f.azimuths()[i]), 0, 0,
                        f.vertOffsets()[i], f.fireTimes()[i] * 1e-9));
            }
            Mode mode = new Mode(columns + "x" + (int) Math.round(f.scanRate()), columns, f.reportRate() / columns);
            model = CatalogModel.spinning(id, vendor, note, source, beams, List.of(mode), f.nearRange(), f.farRange(),
                    divergence, returns);
        } else {
            model = new CatalogModel(id, vendor, note, source, List.of(), List.of(new Mode(
                    (int) Math.round(f.scanRate()) + "Hz", 0, f.scanRate())), f.nearRange(), f.farRange(), divergence,
                    returns, replay(f, yawDeg));
        }
        return model.withDetection(detection(id, f));
    }

    /** A solid-state file's frame: its rays in the file's order, at {@code n · scanRate} rays per second. */
    static Replay replay(RtxFile f, double yawDeg) {
        int n = f.azimuths().length;
        double[] az = new double[n], el = new double[n], t = new double[n];
        int[] channel = new int[n];
        List<Double> layers = new ArrayList<>(new TreeSet<>(java.util.Arrays.stream(f.elevations()).boxed().toList())
                .descendingSet());
        for (int i = 0; i < n; i++) {
            az[i] = Math.toRadians(f.azimuths()[i] + yawDeg);
            el[i] = Math.toRadians(f.elevations()[i]);
            t[i] = f.fireTimes()[i] * 1e-9;
            channel[i] = layers.indexOf(f.elevations()[i]);
        }
        return new Replay(az, el, n * f.scanRate(), t, channel);
    }

    /** Beam divergence FWHM, degrees: Ouster's datasheet figures as in the Ouster bundle; 0.17° (3 mrad) otherwise. */
    static double divergenceFwhmDeg(String id) {
        return id.startsWith("OS0") ? 0.35 : id.startsWith("OS2") ? 0.09 : id.startsWith("OS1") ? 0.18 : 0.17;
    }

    /**
     * The datasheet lines of model {@code id} [L-DET]: Ouster rev 6 and rev 7 and the RPLIDAR S2E as their datasheets
     * print them (quoted in the files), or the file's own minimum-reflectance line, uncited.
     */
    static List<DetectionLine> detection(String id, RtxFile f) {
        String rev6 = "Ouster datasheet-rev06-v2p5-%s.pdf (quoted in the Isaac Sim file): 10 %% target, 100 klx";
        String rev7 = "Ouster datasheet-rev7-%s.pdf (quoted in the Isaac Sim file): 10 %% target, > 90 %% detection, 100 klx";
        if (id.matches("OS\\d-\\d+-rev6-.*")) {
            String sensor = id.substring(0, 3), page = String.format(rev6, sensor.toLowerCase(java.util.Locale.ROOT));
            double near = sensor.equals("OS0") ? 15 : sensor.equals("OS1") ? 45 : 80;
            double far = sensor.equals("OS0") ? 20 : sensor.equals("OS1") ? 55 : 100;
            return List.of(new DetectionLine(near, 0.1, 100, 0.9, 1e-4, List.of(), page + ", " + near + " m @ > 90 %"),
                    new DetectionLine(far, 0.1, 100, 0.5, 1e-4, List.of(), page + ", " + far + " m @ > 50 %"));
        }
        if (id.matches("OS\\d-\\d+-rev7-.*")) {
            String sensor = id.substring(0, 3);
            String page = String.format(rev7, sensor.equals("OS2") ? "v2p5-os2" : "v3p0-" + sensor.toLowerCase(java.util.Locale.ROOT));
            double range = sensor.equals("OS0") ? 35 : sensor.equals("OS1") ? 90 : 200;
            return List.of(new DetectionLine(range, 0.1, 100, 0.9, 1e-4, List.of(), page + ": " + range + " m"));
        }
        if (id.startsWith("PandarXT-32")) {
            String page = "PandarXT-32 user manual X01-en-220410, p. 13 (quoted in the Isaac Sim file): ";
            return List.of(new DetectionLine(50, 0.1, 100, 0.9, 1e-4, List.of(1, 2, 3, 4, 5, 6, 7, 8, 25, 26, 27, 28, 29, 30,
                    31, 32), page + "50 m @ 10 % (channels 1-8, 25-32)"), new DetectionLine(80, 0.1, 100, 0.9, 1e-4,
                    java.util.stream.IntStream.rangeClosed(9, 24).boxed().toList(), page + "80 m @ 10 % (channels 9-24)"));
        }
        if (id.equals("RPLIDAR-S2E")) {
            return List.of(new DetectionLine(10, 0.1, 100, 0.9, 1e-4, List.of(),
                    "SLAMTEC_rplidar_datasheet_S2E_v1.3_en.pdf (cited in the Isaac Sim file): 10 m @ 10 %"));
        }
        if (f.minReflectance() > 0 && f.minReflectanceRange() > 0 && f.minReflectanceRange() < f.farRange()) {
            return List.of(new DetectionLine(f.minReflectanceRange(), f.minReflectance(), 100, 0.9, 1e-4, List.of(),
                    List.of(), "Isaac Sim file, minReflectance " + f.minReflectance() + " at " + f.minReflectanceRange()
                            + " m (no source given)", Citation.UNCITED));
        }
        return List.of();
    }

    static String text(String file) {
        try (InputStream in = RtxCatalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing RTX lidar resource " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
