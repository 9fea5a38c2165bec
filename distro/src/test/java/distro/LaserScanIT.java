package distro;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SICK TiM781 (a 2D scanner, 811 rays over 270° at 15 Hz) on the demo street's car: its MCAP carries
 * {@code sensor_msgs/msg/LaserScan} on {@code /tim/scan} beside the points, read back with {@code @mcap/core} and
 * {@code @foxglove/rosmsg2-serialization}; every range equals the distance of that ray's point in the point cloud of
 * the same frame, a ray without a point reports +inf.
 */
class LaserScanIT {
    @TempDir
    Path work;

    @Test
    void aTim781InTheDemoStreetPublishesLaserScansMatchingItsPoints() throws Exception {
        Files.copy(Path.of("scenarios", "house.obj"), work.resolve("house.obj"));
        String demo = Files.readString(Path.of("scenarios", "demo.yaml"));
        Files.writeString(work.resolve("tim.yaml"), demo.replace("formats: [pcd, ply, las, csv, mcap, png]", "formats: [mcap]")
                .replaceFirst("(?m)^sensors:\n", "sensors:\n  - {id: tim, type: lidar, body: car, pose: {position: [2.2, 0, 0.4]},"
                        + " frequency: 15, config: {model: TiM781}}\n"));
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "run", "tim.yaml", "--out", "o", "--duration", "1");
        assertEquals(0, r.code(), r.output());
        Map<String, String> scan = ScenarioRunIT.read("laserscan-check.mjs", work.resolve("o/run.mcap"));
        assertEquals("15", scan.get("scans"), scan.toString());
        assertTrue(Integer.parseInt(scan.get("compared")) > 15 * 100, scan.toString()); // 3,002 on the reference machine
        assertTrue(Double.parseDouble(scan.get("maxRangeDifference")) < 1e-5, scan.toString());
        assertEquals("0", scan.get("finiteWithoutPoint"), scan.toString());
        assertEquals("/tim/scan", scan.get("topic"));
        assertEquals("tim", scan.get("frame_id"));
        // the file's rays: +45° clockwise to −225°, turned 90° to face +x; 1/3° and 82.203 µs apart; 15 Hz
        assertEquals(Math.toRadians(135), Double.parseDouble(scan.get("angle_min")), 1e-6);
        assertEquals(Math.toRadians(-135), Double.parseDouble(scan.get("angle_max")), 1e-5);
        assertEquals(-Math.toRadians(1 / 3.0), Double.parseDouble(scan.get("angle_increment")), 1e-8);
        assertEquals(82203e-9, Double.parseDouble(scan.get("time_increment")), 1e-10);
        assertEquals(1 / 15.0, Double.parseDouble(scan.get("scan_time")), 1e-7);
        assertEquals(0.05, Double.parseDouble(scan.get("range_min")), 1e-7);
        assertEquals(25, Double.parseDouble(scan.get("range_max")), 1e-7);
        assertEquals("811", scan.get("ranges.length"));
        assertEquals("811", scan.get("intensities.length"));
        int infinite = Integer.parseInt(scan.get("ranges.infinite"));
        assertTrue(infinite > 0 && infinite < 811, scan.toString());
        // stamped at the scan's first ray: scan 14 of the run starts at 14/15 s
        assertEquals(14 / 15.0, Double.parseDouble(scan.get("stamp")), 1e-6);
        Map<String, String> mcap = ScenarioRunIT.read("mcap-read.mjs", work.resolve("o/run.mcap"));
        assertEquals("true", mcap.get("indexed.monotonic./tim/scan"), mcap.toString());
        assertEquals("15", mcap.get("indexed.count./tim/points"), mcap.toString());
    }

    @Test
    void aSinglePlaneScannerRefusesAMultiLaserCloudLayout() throws Exception {
        Files.writeString(work.resolve("bad.yaml"), "version: 1\nduration: 0.1\nsensors:\n"
                + "  - {id: tim, type: lidar, frequency: 15, config: {model: TiM781, cloudLayout: ouster}}\n");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "validate", "bad.yaml");
        assertEquals(3, r.code(), r.output());
        assertTrue(r.output().contains("bad.yaml:4:") && r.output().contains("cloudLayout ouster is a layout of several"
                + " lasers' rings, but model TiM781 scans a single plane: use cloudLayout generic"), r.output());
    }
}
