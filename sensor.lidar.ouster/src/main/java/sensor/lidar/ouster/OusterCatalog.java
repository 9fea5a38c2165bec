package sensor.lidar.ouster;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.RangePrecision;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Beam;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Source;

/**
 * The Ouster OS0/OS1/OS2 models, each read from a sensor-metadata JSON file Ouster publishes (ouster-sdk test data,
 * BSD 3-Clause; two gen-1 files from ouster_clib, MIT) and laid out as ouster-sdk's {@code make_xyz_lut} does
 * ({@code xyzlut.cpp}): column m of W has encoder angle θ_e = 2π(1 − m/W), beam i points along
 * {@code (cos(θ_e − a_i) cos φ_i, sin(θ_e − a_i) cos φ_i, sin φ_i)} with a_i = {@code beam_azimuth_angles[i]} and
 * φ_i = {@code beam_altitude_angles[i]}, from the point {@code R_z(θ_e)·(t03, 0, t23)} of
 * {@code beam_to_lidar_transform}, or {@code (lidar_origin_to_beam_origin_mm, 0, 0)} in files without the
 * transform. All beams of a column fire at the column's time. Every file is the calibration of one unit.
 * <p>
 * Four models have no published table and are {@link Provenance#DERIVED}: OS2-64 takes every second beam of
 * OS2-128; OS1-32 above horizon takes every second beam of OS1-64 above horizon; the below-horizon models mirror the
 * above-horizon ones (altitude negated, order reversed so channel 0 stays the top beam).
 * <p>
 * Detection lines [L-DET]: the gen-1 OS1 datasheet's on the gen-1 OS1 models; the rev-6 or rev-7 datasheet's on the
 * further units ({@code -sn<serial>}) whose part number marks the revision (840-10357x-06 rev 6; 840-10468x-C and
 * 860-105000-07 rev 7, as the rev-6 and rev-7 models here).
 */
@Component(immediate = true)
public class OusterCatalog {
    static final String REPO = "ouster-lidar/ouster-sdk ", BSD = "BSD-3-Clause (LICENSE-ouster-sdk)";
    /** Files named {@code ros2_ouster_*}: ros-drivers/ros2_ouster_drivers (README-additional.md gives path and commit). */
    static final String ROS2 = "ros-drivers/ros2_ouster_drivers ros2_ouster/params (see README-additional.md here)",
            APACHE = "Apache-2.0 (LICENSE-ros2_ouster_drivers)";
    /** The modes of every OS sensor (firmware 2.x user manual, "lidar_mode"), 1024x10 first as the default. */
    static final List<Mode> MODES = List.of(new Mode("1024x10", 1024, 10), new Mode("512x10", 512, 10),
            new Mode("512x20", 512, 20), new Mode("1024x20", 1024, 20), new Mode("2048x10", 2048, 10));
    /** Beam-origin offsets for files that state none: gen-1 OS1 and rev-6 OS0 values read from later files. */
    static final double GEN1_OS1_MM = 12.163, REV6_OS0_MM = 27.67;

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

    /** What a metadata file holds: altitudes and azimuths (degrees, top to bottom) and the beam origin (mm). */
    record Table(double[] altitudesDeg, double[] azimuthsDeg, double originXMm, double originZMm) {
        Table everySecond() {
            double[] a = new double[altitudesDeg.length / 2], z = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                a[i] = altitudesDeg[2 * i];
                z[i] = azimuthsDeg[2 * i];
            }
            return new Table(a, z, originXMm, originZMm);
        }

        Table mirrored() {
            int n = altitudesDeg.length;
            double[] a = new double[n], z = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = -altitudesDeg[n - 1 - i];
                z[i] = azimuthsDeg[n - 1 - i];
            }
            return new Table(a, z, originXMm, -originZMm);
        }

        List<Beam> beams() {
            List<Beam> beams = new ArrayList<>();
            for (int i = 0; i < altitudesDeg.length; i++) {
                beams.add(new Beam(Math.toRadians(altitudesDeg[i]), -Math.toRadians(azimuthsDeg[i]), originXMm / 1000, 0,
                        originZMm / 1000, 0));
            }
            return beams;
        }
    }

    /** Every Ouster model of this bundle. */
    public static List<CatalogModel> models() {
        List<CatalogModel> m = new ArrayList<>();
        m.add(model("OS0-32", "OS-0-32-U1_v2.2.0_1024x10.json", 0, "OS0-32 uniform (U1), firmware 2.2"));
        m.add(model("OS0-64", "OS-0-64-U13_v2.2.0_512x10.json", 0, "OS0-64 uniform (U13), firmware 2.2"));
        m.add(model("OS0-64-U02", "OS-0-64-U02_v1.14beta_1024x10_legacy.json", REV6_OS0_MM,
                "OS0-64 (U02), firmware 1.14 beta; the file states no beam origin: 27.67 mm of the rev-6 OS0 files"));
        m.add(model("OS0-128", "OS-0-128_v3.0.1_1024x10.json", 0, "OS0-128 rev 7, firmware 3.0.1"));
        m.add(model("OS0-128-rev6", "OS-0-128-U1_v2.3.0_1024x10.json", 0, "OS0-128 rev 6 (U1), firmware 2.3"));
        m.add(model("OS1-16-gen1", "OS-1-16-A2_v2.4.0_1024x10_ouster_clib.json", 0,
                "first-generation OS1-16 (A2), firmware 2.4 (KenthJohan/ouster_clib examples/meta.json, MIT)"));
        m.add(model("OS1-32", "2_0_rc2_os-992011000121-32U0_legacy.json", 0, "OS1-32 uniform (U0), firmware 2.0"));
        m.add(model("OS1-32-gen1", "OS-1-32-A02_v1.14beta_1024x10_legacy.json", GEN1_OS1_MM,
                "first-generation OS1-32 (A02), firmware 1.14 beta; no beam origin in the file: 12.163 mm of gen-1 files"));
        m.add(model("OS1-32-gradient", "OS-1-32-G_v2.1.1_1024x10.json", 0, "OS1-32 gradient beam spacing (G), firmware 2.1"));
        m.add(model("OS1-64", "OS-1-64-U02_v2.0.0_512x10.json", 0, "OS1-64 uniform (U02), firmware 2.0 "
                + "(a third party's unit, ouster-sdk pull request 358, offered under the repository's licence)"));
        m.add(model("OS1-64-gen1", "OS-1-64-gen1_v2.1.2_1024x10.json", 0, "first-generation OS1-64, firmware 2.1.2"));
        m.add(model("OS1-64-ABOVE_HORIZON", "same_ports.2.json", 0, "OS1-64 above horizon (AH), firmware 2.5.2"));
        m.add(model("OS1-128", "OS-1-128_v2.3.0_1024x10.json", 0, "OS1-128 rev 6, firmware 2.3"));
        m.add(model("OS1-128-rev7", "OS-1-128_rev7_v3.0.1_1024x10.json", 0, "OS1-128 rev 7, firmware 3.0.1"));
        m.add(model("OS2-32", "OS-2-32-U0_v2.0.0_1024x10.json", 0, "OS2-32 uniform (U0), firmware 2.0"));
        m.add(model("OS2-128", "OS-2-128-U1_v2.3.0_1024x10.json", 0, "OS2-128 rev 6 (U1), firmware 2.3"));
        m.add(model("OS2-128-rev7", "OS-2-128_v2.5.0_512x10.json", 0, "OS2-128 part 840-104704-B, firmware 2.5"));
        // further units (README-additional.md): other serials of published models, each its own calibration
        m.add(model("OS1-16-A0-gen1", "1_14_beta_os1-991937000062-16A0_legacy.json", GEN1_OS1_MM, "first-generation "
                + "OS1-16 (A0), serial 991937000062, firmware 1.14 beta; no beam origin in the file: 12.163 mm of gen-1 files"));
        m.add(model("OS0-32-U0", "1_14_6cccd_os-882002000138-32U0_legacy.json", REV6_OS0_MM, "OS0-32 uniform (U0), "
                + "serial 882002000138, firmware 1.14 beta; no beam origin in the file: 27.67 mm of the rev-6 OS0 files"));
        m.add(model("OS0-128-sn882002000138", "1_14_6cccd_os-882002000138-128_legacy.json", REV6_OS0_MM, "OS0-128 "
                + "(840-102144-A), serial 882002000138, firmware 1.14 beta; no beam origin in the file: 27.67 mm of the "
                + "rev-6 OS0 files"));
        m.add(model("OS0-128-sn882004000055", "1_14_beta_os-882004000055-128_legacy.json", REV6_OS0_MM, "OS0-128 "
                + "(840-102144-A), serial 882004000055, firmware 1.14 beta; no beam origin in the file: 27.67 mm of the "
                + "rev-6 OS0 files"));
        m.add(model("OS0-128-sn992039000758", "ros2_ouster_example_metadata.json", 0, "OS0-128 (840-102144-C), serial "
                + "992039000758, firmware 2.0.0 (ros-drivers/ros2_ouster_drivers, Apache-2.0)"));
        m.add(model("OS0-128-sn992109000340", "ros2_ouster_ouster_os0128_1024_metadata.json", 0, "OS0-128, serial "
                + "992109000340, firmware 2.0.0 (ros-drivers/ros2_ouster_drivers, Apache-2.0)"));
        m.add(model("OS0-128-sn992108000265", "windowed_frame1_0.json", 0, "OS0-128 (840-102144-D), serial 992108000265, "
                + "firmware 2.3.0; the file's column window [1, 256] of 512 is an output setting, not modelled"));
        m.add(model("OS0-128-sn122247000785", "same_ports_nonlegacy.1.json", 0, "OS0-128 rev 7 (840-104681-C), serial "
                + "122247000785, firmware 3.1.0 (the same table in its 512x10 and 2048x10 files)", 7));
        m.add(model("OS0-128-sn122406002141", "shot_limiting_test.json", 0, "OS0-128 rev 7 (860-105000-07), serial "
                + "122406002141, recorded at 1024x20", 7));
        m.add(model("OS1-64-gen1-sn991937000062", "1_14_beta_os1-991937000062-64_legacy.json", GEN1_OS1_MM,
                "first-generation OS1-64, serial 991937000062, firmware 1.14 beta; no beam origin in the file: 12.163 mm "
                        + "of gen-1 files"));
        m.add(model("OS1-128-sn992008000494", "2_0_0_os1-992008000494-128_col_win_legacy.json", 0, "OS1-128 "
                + "(840-102145-A), serial 992008000494, firmware 2.0.0, recorded at 2048x10; the file's column window "
                + "[2014, 2036] is an output setting, not modelled"));
        m.add(model("OS1-128-sn992119000444", "2_2_os-992119000444-128.json", 0, "OS1-128 (840-102145-05), serial "
                + "992119000444, firmware 2.2"));
        m.add(model("OS1-128-sn992146000760", "2_5_0_os-992146000760-128.json", 0, "OS1-128 rev 6 (840-103575-06), "
                + "serial 992146000760, firmware 2.5.0", 6));
        m.add(model("OS2-128-sn992219000042", "duplicate_id.json", 0, "OS2-128 rev 6 (840-103576-06), serial "
                + "992219000042, firmware 2.4.0", 6));
        Table ah = load("same_ports.2.json", 0);
        Table os2 = load("OS-2-128-U1_v2.3.0_1024x10.json", 0);
        m.add(derived("OS2-64", "OS-2-128-U1_v2.3.0_1024x10.json", os2.everySecond(), "every second beam of OS2-128"));
        m.add(derived("OS1-32-ABOVE_HORIZON", "same_ports.2.json", ah.everySecond(),
                "every second beam of OS1-64 above horizon"));
        m.add(derived("OS1-32-BELOW_HORIZON", "same_ports.2.json", ah.everySecond().mirrored(),
                "OS1-32 above horizon mirrored: altitudes negated, order reversed"));
        m.add(derived("OS1-64-BELOW_HORIZON", "same_ports.2.json", ah.mirrored(),
                "OS1-64 above horizon mirrored: altitudes negated, order reversed"));
        return m;
    }

    private static CatalogModel model(String id, String file, double missingOriginMm, String what) {
        return model(id, file, missingOriginMm, what, 0);
    }

    /** A unit's model; {@code rev} 6 or 7 adds that datasheet revision's detection lines, 0 none. */
    private static CatalogModel model(String id, String file, double missingOriginMm, String what, int rev) {
        boolean ros2 = file.startsWith("ros2_ouster_");
        Source source = new Source(file, ros2 ? ROS2 : REPO + "(see README.md here)",
                file.contains("ouster_clib") ? "MIT (LICENSE-ouster_clib)" : ros2 ? APACHE : BSD,
                Provenance.UNIT_CALIBRATION, what);
        CatalogModel m = of(id, source, load(file, missingOriginMm), "Ouster " + what);
        return rev == 0 ? m : m.withDetection(revision(id.substring(0, 3), rev));
    }

    private static CatalogModel derived(String id, String file, Table table, String how) {
        return of(id, new Source(file, REPO + "(see README.md here)", BSD, Provenance.DERIVED, "derived: " + how),
                table, "Ouster " + id + ", derived: " + how);
    }

    private static CatalogModel of(String id, Source source, Table table, String description) {
        int channels = table.altitudesDeg().length;
        boolean gen1 = id.contains("gen1");
        CatalogModel m = CatalogModel.spinning(id, "Ouster", description, source, table.beams(), MODES, 0.3,
                maxRange(id), CatalogModel.halfAngleOfFwhm(divergenceFwhmDeg(id, channels)),
                gen1 ? List.of("STRONGEST") : List.of("STRONGEST", "DUAL"))
                .withCalibration(CALIBRATION, (name, json) -> parse(name, json, table.originXMm()).beams());
        return gen1 && id.startsWith("OS1") ? m.withDetection(List.of(GEN1_OS1_DETECTION)) : m;
    }

    /** The unit file an Ouster model reads ({@link CatalogModel#calibrated}); a file without a beam origin keeps the model's. */
    static final String CALIBRATION = "Ouster sensor metadata JSON (beam_altitude_angles, beam_azimuth_angles, "
            + "beam_to_lidar_transform or lidar_origin_to_beam_origin_mm)";

    /**
     * The gen-1 OS1 datasheet [L-DET]: 40 m at 10 % reflectivity, 100 klx sunlight, false positive rate 1/10,000; the
     * detection probability is not printed there, 0.9 is the later datasheets' wording. Its range repeatability, ±1.5 cm
     * at SNR &gt; 250, ±3 cm at SNR 100, ±10 cm at SNR 12, is read as 1σ at those signal-to-noise ratios.
     */
    static final DetectionLine GEN1_OS1_DETECTION = new DetectionLine(40, 0.1, 100, 0.9, 1e-4, List.of(),
            List.of(new RangePrecision(250, 0.015), new RangePrecision(100, 0.03), new RangePrecision(12, 0.10)),
            "Ouster OS1 datasheet (gen 1), page 1: 40 m @ 10 %, 100 klx, false positive rate 1/10,000; "
                    + "repeatability ±1.5 cm (SNR > 250), ±3 cm (SNR 100), ±10 cm (SNR 12)");

    /**
     * The rev-6 or rev-7 datasheet's detection lines of {@code family} (OS0, OS1, OS2) [L-DET], as DATASHEETS.md quotes
     * them from Isaac Sim's files: rev 6, 10 % target at &gt; 90 % and &gt; 50 % detection (OS0 15 / 20 m, OS1 45 / 55 m,
     * OS2 80 / 100 m); rev 7, 10 % at &gt; 90 % (OS0 35 m, OS1 90 m, OS2 200 m); 100 klx, false alarms 1e-4 as for gen 1.
     */
    static List<DetectionLine> revision(String family, int rev) {
        int f = Integer.parseInt(family.substring(2));
        String sheet = rev == 6 ? "datasheet-rev06-v2p5-" : f == 2 ? "datasheet-rev7-v2p5-" : "datasheet-rev7-v3p0-";
        String page = "Ouster " + sheet + family.toLowerCase(java.util.Locale.ROOT) + ".pdf (quoted in Isaac Sim "
                + family + "_REV" + rev + "_*.json): 10 % target, 100 klx, ";
        if (rev == 6) {
            double near = new double[] {15, 45, 80}[f], far = new double[] {20, 55, 100}[f];
            return List.of(new DetectionLine(near, 0.1, 100, 0.9, 1e-4, List.of(), page + (int) near + " m @ > 90 %"),
                    new DetectionLine(far, 0.1, 100, 0.5, 1e-4, List.of(), page + (int) far + " m @ > 50 %"));
        }
        double range = new double[] {35, 90, 200}[f];
        return List.of(new DetectionLine(range, 0.1, 100, 0.9, 1e-4, List.of(), page + (int) range + " m @ > 90 %"));
    }

    /**
     * Nominal range at 80 % reflectivity, m: OS0 50, OS1 120 (gen-1 OS1 datasheet: 0.8–120 m), OS2 240 (the OS0 and
     * OS2 figures are the rev-6 datasheets', not re-verified against a primary copy here).
     */
    static double maxRange(String id) {
        return id.startsWith("OS0") ? 50 : id.startsWith("OS1") ? 120 : 240;
    }

    /** Beam divergence FWHM, degrees: OS0 0.35, OS1 0.13 (0.18 for 128 channels, gen-1 OS1 datasheet), OS2 0.09. */
    static double divergenceFwhmDeg(String id, int channels) {
        return id.startsWith("OS0") ? 0.35 : id.startsWith("OS2") ? 0.09 : channels == 128 ? 0.18 : 0.13;
    }

    /** Reads a metadata file (legacy flat or nested); {@code missingOriginMm} when it states no beam origin. */
    static Table load(String file, double missingOriginMm) {
        String json;
        try (InputStream in = OusterCatalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing Ouster metadata resource " + file);
            }
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(file, json, missingOriginMm);
    }

    /** The beam table of metadata text {@code json} read from {@code file}. */
    static Table parse(String file, String json, double missingOriginMm) {
        double[] alt = array(json, "beam_altitude_angles", file), az = array(json, "beam_azimuth_angles", file);
        if (alt.length != az.length) {
            throw new IllegalArgumentException(file + ": " + alt.length + " beam_altitude_angles but " + az.length
                    + " beam_azimuth_angles");
        }
        Matcher off = Pattern.compile("\"lidar_origin_to_beam_origin_mm\"\\s*:\\s*([-+0-9.eE]+)").matcher(json);
        if (json.contains("\"beam_to_lidar_transform\"")) {
            double[] t = array(json, "beam_to_lidar_transform", file);
            return new Table(alt, az, t[3], t[11]);
        }
        return new Table(alt, az, off.find() ? Double.parseDouble(off.group(1)) : missingOriginMm, 0);
    }

    private static double[] array(String json, String key, String file) {
        Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(json);
        if (!m.find()) {
            throw new IllegalArgumentException(file + ": no " + key);
        }
        int line = 1 + (int) json.substring(0, m.start()).chars().filter(c -> c == '\n').count();
        try {
            return Arrays.stream(m.group(1).split(",")).map(String::trim).filter(s -> !s.isEmpty())
                    .mapToDouble(Double::parseDouble).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + " line " + line + ": " + key + " holds a value that is not a number");
        }
    }
}
