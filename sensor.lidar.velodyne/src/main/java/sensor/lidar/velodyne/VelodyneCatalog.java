package sensor.lidar.velodyne;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

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
 * The Velodyne models, read from the calibration files of the ROS driver (ros-drivers/velodyne, {@code ros2} branch,
 * BSD-3-Clause) and of valgur/velodyne_decoder (BSD-3-Clause, the same YAML form, files under
 * {@code velodyne_decoder/}), laid out as the ROS driver's {@code rawdata.cpp} does: for encoder azimuth a (clockwise, the file's angles in
 * rad) the corrected azimuth is β = a − rot_correction, and a return at distance d is
 * {@code x = (d cos φ − v sin φ) cos β + h sin β}, {@code y = −(d cos φ − v sin φ) sin β + h cos β},
 * {@code z = d sin φ + v cos φ} (φ = vert_correction, v = vert_offset_correction, h = horiz_offset_correction, ROS
 * axes). So the beam points along {@code (cos φ cos β, −cos φ sin β, sin φ)} from the point at d = 0.
 * {@code dist_correction} corrects a unit's measured range and has no place in a simulated geometry.
 * <p>
 * Firing times are the driver's ({@code rawdata.hpp} constants, {@code RawData::buildTimings}): VLP-16 lasers fire
 * 2.304 µs apart in 55.296 µs sequences, VLP-32C pairs 2.304 µs apart in 55.296 µs, HDL-32E pairs 1.152 µs apart in
 * 46.080 µs, VLS-128 groups of 8 lasers 2.665 µs apart in 53.3 µs sequences with a spare slot after group 8; the
 * VLP-32A as the VLP-32C (velodyne_decoder's {@code buildTimings} assumes so: no VLP-32A manual is public). The
 * driver has no HDL-64E timing: its 64 lasers fire at the column time, and its column rate is the driver's packet
 * rate times 6 columns per packet. A mode of r rpm holds the whole number of sequences nearest to one rotation, so
 * the rotation rate is within 0.03 % of r. Channels are in ring order, 0 the lowest beam, as the driver numbers rings.
 * The beams make the ray pattern of [L-P] step 1.
 */
@Component(immediate = true)
public class VelodyneCatalog {
    static final String ORIGIN = "ros-drivers/velodyne velodyne_pointcloud/params @ 04a7ca722eae (ros2)";
    static final String LICENCE = "BSD-3-Clause (LICENSE-ros-drivers-velodyne)";
    static final String DECODER = "valgur/velodyne_decoder src/velodyne_decoder/calibrations @ 08ddf97f6b7a";
    static final String DECODER_LICENCE = "BSD-3-Clause (LICENSE-velodyne_decoder)";

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

    /** One laser as the file gives it. */
    record Laser(int id, double rot, double vert, double vertOffset, double horizOffset) {}

    /** Every Velodyne model of this bundle. */
    public static List<CatalogModel> models() {
        double vlp = 55.296e-6, hdl32 = 46.080e-6, vls = 53.3e-6;
        List<CatalogModel> m = new ArrayList<>();
        m.add(model("VLP-16", "VLP16db.yaml", Provenance.NOMINAL, "VLP-16 (Puck), nominal angles and the manual's "
                + "vertical offsets", vlp, l -> 2.304e-6 * l, 100, all()));
        m.add(model("VLP-16-HiRes", "VLP16_hires_db.yaml", Provenance.NOMINAL, "VLP-16 Hi-Res, nominal angles", vlp,
                l -> 2.304e-6 * l, 100, all()));
        m.add(model("VLP-32C", "VeloView-VLP-32C.yaml", Provenance.NOMINAL, "VLP-32C (Ultra Puck), nominal angles as "
                + "VeloView ships them", vlp, l -> 2.304e-6 * (l / 2), 200, all()));
        m.add(model("HDL-32E", "32db.yaml", Provenance.NOMINAL, "HDL-32E, the driver's standard calibration", hdl32,
                l -> 1.152e-6 * (l / 2), 100, all()));
        m.add(model("VLS-128", "VLS128.yaml", Provenance.NOMINAL, "VLS-128 (Alpha Prime), the driver's table", vls,
                l -> 2.665e-6 * (l / 8 + l / 64), 245, all()));
        // HDL-64E: no firing times in the driver; column period = 1 / (packet rate × 6 columns per packet)
        m.add(model("HDL-64E", "64e_utexas.yaml", Provenance.UNIT_CALIBRATION, "HDL-64E, one unit's calibration "
                + "(University of Texas); no firing times published: all lasers at the column time", 1 / (2600.0 * 6),
                l -> 0, 120, List.of("STRONGEST")));
        m.add(model("HDL-64E-S2", "64e_s2.1-sztaki.yaml", Provenance.UNIT_CALIBRATION, "HDL-64E S2.1, one unit's "
                + "calibration (SZTAKI); no firing times published: all lasers at the column time", 1 / (3472.17 * 6),
                l -> 0, 120, all()));
        m.add(model("HDL-64E-S3", "64e_s3-xiesc.yaml", Provenance.UNIT_CALIBRATION, "HDL-64E S3, one unit's "
                + "calibration; no firing times published: all lasers at the column time", 1 / (5787.03 * 6), l -> 0, 120,
                all()));
        m.add(model("VLP-32A", "velodyne_decoder/VLP-32A.yml", Provenance.NOMINAL, "VLP-32A, nominal angles as "
                + "VeloView ships them; firing times taken as the VLP-32C's", vlp, l -> 2.304e-6 * (l / 2), 200, all()));
        m.add(model("HDL-64E-S3-VeloView", "velodyne_decoder/HDL-64E_S3-VeloView.yml", Provenance.UNIT_CALIBRATION,
                "HDL-64E S3, the unit calibration VeloView ships; no firing times published: all lasers at the column "
                        + "time", 1 / (5787.03 * 6), l -> 0, 120, all()));
        m.add(model("HDL-64E-S2-issue84", "issue_84_float_intensities.yaml", Provenance.UNIT_CALIBRATION, "HDL-64E S2,"
                + " one unit's calibration (the driver's test data for issue 84); no firing times published: all lasers"
                + " at the column time", 1 / (3472.17 * 6), l -> 0, 120, all()));
        return m;
    }

    private static List<String> all() {
        return List.of("STRONGEST", "LAST", "DUAL");
    }

    /**
     * Modes of 300, 600, 900 and 1200 rpm (600 first): the fewest whole columns that cover one rotation, so a frame at
     * the nominal rate (10 Hz at 600 rpm) holds the whole scan.
     */
    static List<Mode> modes(double columnPeriod) {
        List<Mode> modes = new ArrayList<>();
        for (int rpm : new int[] {600, 300, 900, 1200}) {
            int columns = (int) Math.ceil(60.0 / rpm / columnPeriod);
            modes.add(new Mode(rpm + "rpm", columns, 1 / (columns * columnPeriod)));
        }
        return modes;
    }

    private static CatalogModel model(String id, String file, Provenance provenance, String what, double columnPeriod,
            IntToDoubleFunction firingTime, double rangeMax, List<String> returns) {
        List<Beam> beams = beams(read(file), firingTime);
        boolean decoder = file.startsWith("velodyne_decoder/");
        Source source = new Source(file, decoder ? DECODER : ORIGIN, decoder ? DECODER_LICENCE : LICENCE, provenance, what);
        // range and divergence: nominal figures (1.5 mrad half-angle for all), not re-verified against a datasheet here
        return CatalogModel.spinning(id, "Velodyne", "Velodyne " + what, source, beams, modes(columnPeriod), 0.3,
                rangeMax, 0.0015, returns).withCalibration(CALIBRATION, (name, text) -> beams(parse(name, text), firingTime));
    }

    /** The unit file a Velodyne model reads ({@link CatalogModel#calibrated}); its firing times stay the model's. */
    static final String CALIBRATION = "velodyne_pointcloud calibration YAML (lasers: laser_id, vert_correction, "
            + "rot_correction, vert_offset_correction, horiz_offset_correction)";

    /** Beams of the lasers in channel order (bottom to top, as the driver numbers rings), each firing at its time. */
    private static List<Beam> beams(List<Laser> lasers, IntToDoubleFunction firingTime) {
        List<Beam> beams = new ArrayList<>();
        lasers.stream().sorted(Comparator.comparingDouble(Laser::vert)).forEach(l -> beams.add(beam(l,
                firingTime.applyAsDouble(l.id()))));
        return beams;
    }

    /**
     * The driver's geometry as a beam: head angle θ = −a, so β = −θ − rot and the direction's angle is θ + rot; the
     * origin (d = 0) is {@code R_z(−β)·(−v sin φ, h, v cos φ)} = {@code R_z(θ)·R_z(rot)·(−v sin φ, h, v cos φ)}.
     */
    static Beam beam(Laser l, double firingTime) {
        double ox = -l.vertOffset() * Math.sin(l.vert()), oy = l.horizOffset(), c = Math.cos(l.rot()), s = Math.sin(l.rot());
        return new Beam(l.vert(), l.rot(), c * ox - s * oy, s * ox + c * oy, l.vertOffset() * Math.cos(l.vert()),
                firingTime);
    }

    /** Reads the {@code lasers:} list of flow mappings ({@code - {laser_id: 0, rot_correction: ..., ...}}). */
    static List<Laser> read(String file) {
        String text;
        try (InputStream in = VelodyneCatalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing Velodyne calibration resource " + file);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(file, text);
    }

    /** The fields a laser needs; the others ({@code dist_correction}, {@code focal_slope}...) are not read. */
    static final List<String> FIELDS = List.of("laser_id", "rot_correction", "vert_correction", "vert_offset_correction",
            "horiz_offset_correction");

    /**
     * Parses the list, in flow form ({@code - {k: v, ...}}) or block form ({@code - k: v} then lines indented deeper
     * than the dash); the dash may itself be indented.
     */
    static List<Laser> parse(String file, String text) {
        List<Laser> lasers = new ArrayList<>();
        String[] lines = text.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            int dash = indent(lines[i]);
            if (!lines[i].startsWith("- ", dash)) {
                continue;
            }
            int first = i;
            StringBuilder item = new StringBuilder(lines[i].substring(dash + 2).strip());
            if (item.toString().startsWith("{")) {
                while (item.indexOf("}") < 0 && i + 1 < lines.length) {
                    item.append(' ').append(lines[++i].strip());
                }
                if (item.indexOf("}") < 0) {
                    throw new IllegalArgumentException(file + " line " + (first + 1) + ": laser entry without a closing '}'");
                }
                item = new StringBuilder(item.substring(1, item.indexOf("}")));
            } else {
                while (i + 1 < lines.length && (lines[i + 1].isBlank() || indent(lines[i + 1]) > dash)) {
                    String next = lines[++i].strip();
                    if (!next.isEmpty()) {
                        item.append(',').append(next);
                    }
                }
            }
            Map<String, Double> f = new HashMap<>();
            for (String pair : item.toString().split(",")) {
                String[] kv = pair.split(":", 2);
                if (kv.length != 2) {
                    throw new IllegalArgumentException(file + " line " + (first + 1) + ": '" + pair.strip()
                            + "' is not 'key: value'");
                }
                String key = kv[0].strip();
                if (!FIELDS.contains(key)) {
                    continue;
                }
                try {
                    f.put(key, Double.parseDouble(kv[1].strip()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + " line " + (first + 1) + ": " + key + " '"
                            + kv[1].strip() + "' is not a number");
                }
            }
            for (String required : List.of("laser_id", "rot_correction", "vert_correction")) {
                if (!f.containsKey(required)) {
                    throw new IllegalArgumentException(file + " line " + (first + 1) + ": laser entry without " + required);
                }
            }
            double vert = f.get("vert_correction");
            if (!(Math.abs(vert) <= Math.PI / 2)) {
                throw new IllegalArgumentException(file + " line " + (first + 1) + ": vert_correction must be in "
                        + "[-π/2, π/2] rad, got " + vert);
            }
            lasers.add(new Laser(f.get("laser_id").intValue(), f.get("rot_correction"), vert,
                    f.getOrDefault("vert_offset_correction", 0.0), f.getOrDefault("horiz_offset_correction", 0.0)));
        }
        if (lasers.isEmpty()) {
            throw new IllegalArgumentException(file + ": no lasers (a 'lasers:' list of '- {laser_id: ...}' entries)");
        }
        return lasers;
    }

    /** The spaces a line starts with. */
    private static int indent(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return n;
    }
}
