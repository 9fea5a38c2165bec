package sensor.lidar.robosense;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
import sensor.api.lidar.LidarModelType.Beam;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Source;

/**
 * The RoboSense models, read from the {@code angle.csv} files of RoboSense's ROS driver (ros_rslidar, BSD-3-Clause)
 * and a tier4/nebula table (Apache-2.0), laid out as ros_rslidar's {@code rawdata.cc} does: one line per laser in
 * laser-id order, the vertical angle in degrees and an optional horizontal offset (0 when missing); at encoder azimuth
 * a (clockwise) the laser's azimuth is {@code a + offset}, and a return at distance d lies at
 * {@code (d cos φ cos(a + offset), −d cos φ sin(a + offset), d sin φ)}. The driver's optical-centre terms (Rx, Rz)
 * are constants of its source, not of these files, and are not applied. Channels keep the file's order.
 * <p>
 * Timing (rs_driver {@code decoder_RS16.hpp}): RS-16 blocks every 55.50 µs, lasers 2.80 µs apart. The other files
 * come without firing times in the files here: their lasers fire at the column time, every 55.52 µs (RS-32, Bpearl)
 * or 55.56 µs (Helios, {@code decoder_RSHELIOS.hpp}). Modes of 600, 300 and 1200 rpm hold the fewest whole
 * columns that cover one rotation, so a frame at the nominal rate (10 Hz at 600 rpm) holds the whole scan.
 */
@Component(immediate = true)
public class RoboSenseCatalog {
    static final String DRIVER = "RoboSense-LiDAR/ros_rslidar rslidar_pointcloud/data @ 726eacca9456";
    static final String DRIVER_LICENCE = "BSD-3-Clause (LICENSE-ros_rslidar)";

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

    /** Every RoboSense model of this bundle. */
    public static List<CatalogModel> models() {
        List<CatalogModel> m = new ArrayList<>();
        m.add(model("RS-LiDAR-16", "ros_rslidar_rs_lidar_16_angle.csv", DRIVER, DRIVER_LICENCE, Provenance.UNIT_CALIBRATION,
                "one unit's calibration", 55.50e-6, 2.80e-6, 150));
        m.add(model("RS-LiDAR-32", "ros_rslidar_rs_lidar_32_angle.csv", DRIVER, DRIVER_LICENCE,
                Provenance.UNIT_CALIBRATION, "one unit's calibration; no firing times: lasers at the column time",
                55.52e-6, 0, 200));
        m.add(model("RS-Bpearl", "ros_rslidar_rs_bpearl_angle.csv", DRIVER, DRIVER_LICENCE, Provenance.NOMINAL,
                "nominal angles read as the driver reads them (vertical angle as written, 2.3° to 89.5°); "
                        + "no firing times: lasers at the column time", 55.52e-6, 0, 100));
        m.add(model("RS-Helios-5515", "nebula_Helios5515.csv", "tier4/nebula nebula_decoders/calibration/robosense "
                + "(pull request 77)", "Apache-2.0 (LICENSE-tier4-nebula)", Provenance.NOMINAL,
                "nominal angles; no firing times: lasers at the column time", 55.56e-6, 0, 150));
        // two more RS-LiDAR-16 units of ros_rslidar (data/lidar1, data/lidar2), timed as the RS-LiDAR-16
        m.add(model("RS-LiDAR-16-unit1", "ros_rslidar_lidar1_angle.csv", DRIVER, DRIVER_LICENCE,
                Provenance.UNIT_CALIBRATION, "another unit's calibration (ros_rslidar data/lidar1)", 55.50e-6, 2.80e-6, 150));
        m.add(model("RS-LiDAR-16-unit2", "ros_rslidar_lidar2_angle.csv", DRIVER, DRIVER_LICENCE,
                Provenance.UNIT_CALIBRATION, "another unit's calibration (ros_rslidar data/lidar2)", 55.50e-6, 2.80e-6, 150));
        return m;
    }

    private static CatalogModel model(String id, String file, String origin, String licence, Provenance provenance,
            String what, double columnPeriod, double laserSpacing, double rangeMax) {
        List<Beam> beams = beams(read(file), laserSpacing);
        List<Mode> modes = new ArrayList<>();
        for (int rpm : new int[] {600, 300, 1200}) {
            int columns = (int) Math.ceil(60.0 / rpm / columnPeriod);
            modes.add(new Mode(rpm + "rpm", columns, 1 / (columns * columnPeriod)));
        }
        // range: nominal figures; divergence 1.5 mrad half-angle for all: not verified against a datasheet here
        return CatalogModel.spinning(id, "RoboSense", "RoboSense " + id + ", " + what, new Source(file, origin, licence,
                provenance, what), beams, modes, 0.3, rangeMax, 0.0015, List.of("STRONGEST", "LAST", "DUAL"))
                .withCalibration(CALIBRATION, (name, text) -> beams(parse(name, text), laserSpacing));
    }

    /** The unit file a RoboSense model reads ({@link CatalogModel#calibrated}). */
    static final String CALIBRATION = "RoboSense angle.csv (vertical[, horizontal] degrees per laser, or laser id, "
            + "elevation, azimuth)";

    /** Beams of an angle table, laser i firing {@code i·laserSpacing} after its column. */
    private static List<Beam> beams(double[][] table, double laserSpacing) {
        List<Beam> beams = new ArrayList<>();
        for (int i = 0; i < table.length; i++) {
            beams.add(new Beam(Math.toRadians(table[i][0]), -Math.toRadians(table[i][1]), 0, 0, 0, laserSpacing * i));
        }
        return beams;
    }

    /** {@code vertical[,horizontal]} per line (degrees), an optional header line of words skipped. */
    static double[][] read(String file) {
        String text;
        try (InputStream in = RoboSenseCatalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing RoboSense angle resource " + file);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\uFEFF", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(file, text);
    }

    /** The angle table of CSV text {@code text} read from {@code file}. */
    static double[][] parse(String file, String text) {
        String[] lines = text.split("\r?\n");
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || (i == 0 && Character.isLetter(line.charAt(0)))) {
                continue;
            }
            String[] cells = line.split(",");
            boolean idFirst = cells.length == 3; // nebula: laser id, elevation, azimuth
            try {
                double vertical = Double.parseDouble(cells[idFirst ? 1 : 0].strip());
                double horizontal = cells.length > 1 ? Double.parseDouble(cells[idFirst ? 2 : 1].strip()) : 0;
                if (!(Math.abs(vertical) <= 90)) {
                    throw new IllegalArgumentException(file + " line " + (i + 1) + ": vertical angle must be in [-90, 90] "
                            + "degrees, got " + vertical);
                }
                rows.add(new double[] {vertical, horizontal});
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": '" + line + "' is not a number list");
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file + ": no laser angles");
        }
        return rows.toArray(double[][]::new);
    }
}
