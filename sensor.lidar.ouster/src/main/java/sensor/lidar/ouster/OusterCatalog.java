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
 */
@Component(immediate = true)
public class OusterCatalog {
    static final String REPO = "ouster-lidar/ouster-sdk ", BSD = "BSD-3-Clause (LICENSE-ouster-sdk)";
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
        Source source = new Source(file, REPO + "(see README.md here)", file.contains("ouster_clib")
                ? "MIT (LICENSE-ouster_clib)" : BSD, Provenance.UNIT_CALIBRATION, what);
        return of(id, source, load(file, missingOriginMm), "Ouster " + what);
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
