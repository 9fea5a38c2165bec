package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tailored distributions: each boots and runs a scenario that fits it; a scenario needing a type a
 * distribution lacks is refused naming the type and the distributions that have it; the command line's table
 * of which distribution carries which type agrees with what each distribution lists.
 */
class DistributionsIT {
    private static final List<String> HEADLESS = List.of("sensorsim", "sensorsim-lidar", "sensorsim-proprio");
    private static final Path TABLE = Path.of("..", "sensor.scenario", "src", "main", "resources", "sensor", "scenario",
            "distributions.properties");
    private static final Pattern KIND_LINE = Pattern.compile("(?m)^([a-z ]+) types: \\[(.*)]$");

    @TempDir
    Path work;

    @Test
    void typesOfEveryDistributionAgreeWithTheTable() throws Exception {
        Map<String, TreeSet<String>> listed = new TreeMap<>();
        for (String d : HEADLESS) {
            Sensorsim.Run r = Sensorsim.run(work, d + ".jar", "types");
            assertEquals(0, r.code(), r.output());
            assertTrue(r.output().contains("bundles: ") && r.output().contains("sensor.cli "), r.output());
            if (d.equals("sensorsim")) { // each model's datasheet detection line [L-DET], or that it has none
                assertTrue(r.output().matches("(?s).*\\n  OS1-64-gen1 .* datasheet: 40 m @ 10 % \\(cited\\)\\n.*"), r.output());
                assertTrue(r.output().matches("(?s).*\\n  PandarXT-16 .* datasheet: 50 m @ 10 % \\(cited\\), 80 m @ 10 % \\(cited\\)\\n.*"), r.output());
                assertTrue(r.output().matches("(?s).*\\n  VLP-16 .* no datasheet line: every return kept\\n.*"), r.output());
            }
            Matcher m = KIND_LINE.matcher(r.output());
            while (m.find()) {
                for (String id : m.group(2).isEmpty() ? new String[0] : m.group(2).split(", ")) {
                    listed.computeIfAbsent(m.group(1).replace(' ', '-') + "/" + id, k -> new TreeSet<>()).add(d);
                }
            }
        }
        Properties table = new Properties();
        try (Reader in = Files.newBufferedReader(TABLE)) {
            table.load(in);
        }
        Map<String, TreeSet<String>> expected = new TreeMap<>();
        table.forEach((k, v) -> expected.put((String) k, new TreeSet<>(List.of(((String) v).split(",\\s*")))));
        assertEquals(expected, listed);
    }

    @Test
    void lidarDistributionRunsALidarScenario() throws Exception {
        Files.writeString(work.resolve("l.yaml"), """
                version: 1
                duration: 0.3
                objects:
                  - {id: wall, shape: {type: box, size: [1, 20, 10]}, pose: {position: [8, 0, 0]}, material: paint}
                materials:
                  paint: {type: ggx-oren-nayar, diffuseReflectivity: 0.4}
                sensors:
                  - {id: os1, type: lidar, config: {model: OS1-32, mode: 512x10}}
                output: {formats: [pcd]}
                """);
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim-lidar.jar", "run", "l.yaml", "--out", "o");
        assertEquals(0, r.code(), r.output());
        assertTrue(Files.isRegularFile(work.resolve("o/os1/os1-000003.pcd")), r.output());
    }

    @Test
    void proprioceptiveDistributionRunsAnImuScenarioAndRefusesALidar() throws Exception {
        Files.writeString(work.resolve("p.yaml"), """
                version: 1
                duration: 0.5
                bodies:
                  - {id: cart, motion: {type: constant-velocity, velocity: [1, 0, 0]}}
                joints:
                  - {id: wheel, type: constant-rate, rate: 3}
                sensors:
                  - {id: imu, type: imu, body: cart, frequency: 100}
                  - {id: odo, type: odometer, body: cart, frequency: 20, config: {jointId: wheel, wheelRadius: 0.3}}
                output: {formats: [csv]}
                """);
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim-proprio.jar", "run", "p.yaml", "--out", "o");
        assertEquals(0, r.code(), r.output());
        assertEquals(51, Files.readAllLines(work.resolve("o/imu.csv")).size(), r.output());
        assertTrue(Files.isRegularFile(work.resolve("o/odo.csv")), r.output());

        Files.writeString(work.resolve("l.yaml"), "version: 1\nsensors:\n  - {id: os1, type: lidar}\n");
        r = Sensorsim.run(work, "sensorsim-proprio.jar", "run", "l.yaml", "--out", "never");
        assertEquals(3, r.code(), r.output());
        assertTrue(r.output().contains("l.yaml:3:5: sensors 'os1': sensor type 'lidar' is not installed; installed sensor types: "
                + "[accelerometer, encoder, gnss, ground-truth, gyroscope, imu, magnetometer, odometer]; the distribution "
                + "sensorsim-proprio lacks it; it ships in the distributions sensorsim, sensorsim-lidar"), r.output());
        assertTrue(!r.output().contains("Exception") && !Files.exists(work.resolve("never")), r.output());
    }
}
