package sensor.lidar.robosense;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.CatalogModel;
import sensor.lidar.api.RayPatterns;

/**
 * Every ray of every RoboSense model against its angle file, read here line by line as ros_rslidar reads it (vertical
 * angle, optional horizontal offset, degrees), put through the driver's formula written out here: laser i of column
 * k fires at k·T + i·Δ (RS-16: T = 55.50 µs, Δ = 2.80 µs, rs_driver {@code decoder_RS16.hpp}; others Δ = 0), the
 * encoder is then at a = 2π·t/(N·T) (clockwise), and a return at distance d lies at
 * (d cos φ cos(a + offset), −d cos φ sin(a + offset), d sin φ).
 */
class RoboSenseCatalogTest {
    @ParameterizedTest(name = "{0} against {1}")
    @CsvSource({
        "RS-LiDAR-16, ros_rslidar_rs_lidar_16_angle.csv, 55.50, 2.80, 0",
        "RS-LiDAR-32, ros_rslidar_rs_lidar_32_angle.csv, 55.52, 0, 0",
        "RS-Bpearl, ros_rslidar_rs_bpearl_angle.csv, 55.52, 0, 0",
        "RS-Helios-5515, nebula_Helios5515.csv, 55.56, 0, 1",
        "RS-LiDAR-16-unit1, ros_rslidar_lidar1_angle.csv, 55.50, 2.80, 0",
        "RS-LiDAR-16-unit2, ros_rslidar_lidar2_angle.csv, 55.50, 2.80, 0",
    })
    void everyRayFollowsTheAngleFileAndTheDriversFormula(String id, String file, double periodMicros,
            double spacingMicros, int idColumn) throws IOException {
        List<double[]> rows;
        try (InputStream in = RoboSenseCatalog.class.getResourceAsStream(file)) {
            rows = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !Character.isLetter(l.charAt(0)))
                    .map(l -> java.util.Arrays.stream(l.split(",")).skip(idColumn).mapToDouble(Double::parseDouble).toArray())
                    .toList();
        }
        CatalogModel model = RoboSenseCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        double period = periodMicros * 1e-6;
        for (Mode mode : model.modes()) {
            int n = (int) Math.ceil(60.0 / Integer.parseInt(mode.name().replace("rpm", "")) / period); // a 10 Hz frame holds a 600 rpm scan
            RayPatternGenerator p = RayPatterns.of(model, mode);
            int channels = rows.size();
            double start = -0.5 * period, end = (n - 0.5) * period;
            RayInterval all = p.interval(start, end);
            assertEquals(n * channels, all.count());
            for (int i = 0; i < all.count(); i++) {
                int k = i / channels, c = i % channels;
                double t = k * period + c * spacingMicros * 1e-6;
                double[] row = rows.get(c);
                double az = 2 * Math.PI * t / (n * period) + Math.toRadians(row.length > 1 ? row[1] : 0);
                double phi = Math.toRadians(row[0]);
                Pose ray = p.rays().get(all.rayIndex(i, p.rays().size()));
                Vec3 d = ray.transformVector(Vec3.Z);
                String where = id + " " + mode.name() + " column " + k + " laser " + c;
                assertEquals(Math.cos(phi) * Math.cos(az), d.x(), 1e-9, where);
                assertEquals(-Math.cos(phi) * Math.sin(az), d.y(), 1e-9, where);
                assertEquals(Math.sin(phi), d.z(), 1e-9, where);
                assertEquals(0, ray.position().norm(), 1e-6, where);
                assertEquals(t, p.firingTime(i, all, start, end), 1e-9, where);
            }
        }
    }

    @Test
    void aMalformedFileIsRefusedWithItsLine() {
        assertEquals(6, RoboSenseCatalog.models().size());
        var e = assertThrows(IllegalArgumentException.class, () -> RoboSenseCatalog.read("README.md"));
        assertTrue(e.getMessage().startsWith("README.md line "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RoboSenseCatalog.parse("angle.csv", "15,0.1\n\n-90.5,0\n"));
        assertEquals("angle.csv line 3: vertical angle must be in [-90, 90] degrees, got -90.5", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RoboSenseCatalog.parse("angle.csv", "15,0.1\n14,x\n"));
        assertEquals("angle.csv line 2: '14,x' is not a number list", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RoboSenseCatalog.parse("angle.csv", "vertical,horizontal\n"));
        assertEquals("angle.csv: no laser angles", e.getMessage());
        // both forms: (elevation, azimuth) and nebula's (id, elevation, azimuth); elevation only; ±90° accepted
        assertArrayEquals(new double[][] {{90, 0.5}, {-90, 0}, {-1.5, 0}},
                RoboSenseCatalog.parse("angle.csv", "Laser id,Elevation,Azimuth\n1,90,0.5\n2,-90,0\n-1.5\n"));
    }

    /** The three RS-LiDAR-16 units of ros_rslidar: the same design, each unit's angles a few hundredths of a degree apart. */
    @Test
    void theThreeRs16UnitsDiffer() {
        List<CatalogModel> all = RoboSenseCatalog.models();
        CatalogModel base = all.stream().filter(m -> m.id().equals("RS-LiDAR-16")).findFirst().orElseThrow();
        for (String id : List.of("RS-LiDAR-16-unit1", "RS-LiDAR-16-unit2")) {
            CatalogModel unit = all.stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
            assertEquals(base.modes(), unit.modes(), id);
            assertEquals(RoboSenseCatalog.DRIVER, unit.source().origin());
            assertTrue(unit.source().note().startsWith("another unit's calibration (ros_rslidar data/lidar"), id);
            double most = 0;
            for (int c = 0; c < 16; c++) {
                most = Math.max(most, Math.abs(base.beams().get(c).elevation() - unit.beams().get(c).elevation()));
                assertEquals(base.beams().get(c).firingTime(), unit.beams().get(c).firingTime(), 0, id);
            }
            assertTrue(most > Math.toRadians(0.01) && most < Math.toRadians(0.2), id + ": " + Math.toDegrees(most));
        }
    }

    /** A unit's angle.csv gives RS-LiDAR-16 its beams, the 2.80 µs laser spacing kept; 15 rows are refused. */
    @Test
    void aUnitsAngleFileGivesTheModelItsBeams() {
        CatalogModel rs16 = RoboSenseCatalog.models().stream().filter(m -> m.id().equals("RS-LiDAR-16")).findFirst()
                .orElseThrow();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            text.append(-15 + 2 * i).append(',').append(0.1 * i).append('\n');
        }
        CatalogModel unit = rs16.calibrated("angle.csv", text.toString());
        for (int i = 0; i < 16; i++) {
            assertEquals(Math.toRadians(-15 + 2 * i), unit.beams().get(i).elevation(), 1e-12);
            assertEquals(-Math.toRadians(0.1 * i), unit.beams().get(i).azimuthOffset(), 1e-12);
            assertEquals(2.80e-6 * i, unit.beams().get(i).firingTime(), 1e-15);
        }
        var e = assertThrows(IllegalArgumentException.class, () -> rs16.calibrated("angle.csv", "1,0\n".repeat(15)));
        assertEquals("angle.csv: 15 channels, but RoboSense RS-LiDAR-16 has 16; expected " + RoboSenseCatalog.CALIBRATION
                + " with 16 channels", e.getMessage());
    }
}
