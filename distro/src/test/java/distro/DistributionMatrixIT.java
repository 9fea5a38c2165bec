package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.osgi.framework.Bundle;

import sensor.testkit.Frames;
import sensor.testkit.SensorsimFramework;

/**
 * For each plugin bundle, the full distribution's bundles without it (taken from the exported sensorsim.jar)
 * resolve and start in Felix, and run every scenario that does not use it: no bundle depends on a plugin
 * bundle it could lose.
 */
class DistributionMatrixIT {
    /** A scenario, the plugin bundles it needs and its sensors. */
    private record Case(String yaml, Set<String> needs, List<String> sensors) {}

    private static final List<Case> SCENARIOS = List.of(new Case("""
            version: 1
            duration: 0.5
            bodies:
              - {id: cart, motion: {type: constant-velocity, velocity: [1, 0, 0]}}
            joints:
              - {id: wheel, type: constant-rate, rate: 3}
            sensors:
              - {id: imu, type: imu, body: cart, frequency: 100}
              - {id: enc, type: encoder, body: cart, frequency: 50, config: {jointId: wheel}}
              - {id: odo, type: odometer, body: cart, frequency: 20, config: {jointId: wheel, wheelRadius: 0.3}}
              - {id: truth, type: ground-truth, body: cart, frequency: 10}
            """, Set.of("sensor.imu", "sensor.encoder", "sensor.odometer", "sensor.groundtruth"),
            List.of("imu", "enc", "odo", "truth")), new Case("""
            version: 1
            duration: 0.3
            objects:
              - {id: wall, shape: {type: box, size: [1, 20, 10]}, pose: {position: [8, 0, 0]}}
            sensors:
              - {id: os1, type: lidar, config: {model: OS1-32, mode: 512x10}}
            """, Set.of("sensor.lidar", "sensor.lidar.ouster", "sensor.raytrace"), List.of("os1")), new Case("""
            version: 1
            duration: 0.3
            objects:
              - {id: wall, shape: {type: box, size: [1, 20, 10]}, pose: {position: [8, 0, 0]}}
            sensors:
              - {id: cone, type: cone, pose: {rpy: [90, 0, 90]}, config: {range: 20}}
              - {id: gps, type: gnss}
            """, Set.of("sensor.cone", "sensor.gnss"), List.of("cone", "gps")), new Case("""
            version: 1
            duration: 0.3
            objects:
              - {id: wall, shape: {type: box, size: [1, 20, 10]}, pose: {position: [8, 0, 0]}}
            sensors:
              - {id: radar, type: radar}
            """, Set.of("sensor.radar", "sensor.raytrace"), List.of("radar")), new Case("""
            version: 1
            duration: 0.3
            objects:
              - {id: wall, shape: {type: box, size: [1, 20, 10]}, pose: {position: [8, 0, 0]}}
            sensors:
              - {id: cam, type: camera, config: {width: 64, height: 48}}
            """, Set.of("sensor.camera", "sensor.raytrace"), List.of("cam")), new Case("""
            version: 1
            duration: 0.3
            dynamics: {type: ode4j}
            bodies:
              - {id: box, mass: 1, pose: {position: [0, 0, 1]}}
            objects:
              - {id: floor, shape: {type: plane}}
              - {id: cube, body: box, shape: {type: box, size: [0.2, 0.2, 0.2]}}
            sensors:
              - {id: truth, type: ground-truth, body: box, frequency: 10}
            """, Set.of("sensor.dynamics", "sensor.groundtruth"), List.of("truth")));

    private static Path bundles;

    @BeforeAll
    static void extract(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        bundles = dir;
        try (JarFile jar = new JarFile(Path.of("target", "sensorsim.jar").toFile())) {
            for (var e : java.util.Collections.list(jar.entries())) {
                String name = e.getName();
                if (name.startsWith("jar/") && name.endsWith(".jar") && !name.contains("biz.aQute.launcher")
                        && !name.contains("org.apache.felix.framework")) {
                    try (InputStream in = jar.getInputStream(e)) {
                        Files.copy(in, dir.resolve(name.substring(4)));
                    }
                }
            }
        }
    }

    /** Bundles that import a plugin's exported package, left out with it: the DDS bridge uses the ROS 2 messages. */
    static final Map<String, List<String>> BUILDS_ON = Map.of("sensor.io.ros", List.of("sensor.io.dds"));

    @ParameterizedTest(name = "without {0}")
    @ValueSource(strings = {"sensor.groundtruth", "sensor.materials", "sensor.raytrace", "sensor.lidar", "sensor.lidar.ouster", "sensor.lidar.gpu",
            "sensor.imu", "sensor.encoder", "sensor.odometer", "sensor.gnss", "sensor.cone", "sensor.radar", "sensor.camera", "sensor.dynamics", "sensor.io.cloud", "sensor.io.png",
            "sensor.io.kitti", "sensor.io.ros"})
    void distributionWithoutAPluginResolvesAndRunsWhatDoesNotNeedIt(String without) throws Exception {
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> s = Files.list(bundles)) {
            s.filter(p -> !p.getFileName().toString().startsWith(without + "-"))
                    .filter(p -> !BUILDS_ON.getOrDefault(without, List.of()).stream().anyMatch(d -> p.getFileName().toString().startsWith(d + "-")))
                    .sorted().forEach(jars::add);
        }
        assertEquals(countJars() - 1 - BUILDS_ON.getOrDefault(without, List.of()).size(), jars.size(),
                "exactly that bundle and those built on it left out");
        try (SensorsimFramework fw = SensorsimFramework.start(jars)) {
            Map<String, Integer> notActive = new LinkedHashMap<>();
            for (Bundle b : fw.bundles()) {
                if (b.getState() != Bundle.ACTIVE) {
                    notActive.put(b.getSymbolicName(), b.getState());
                }
            }
            assertTrue(notActive.isEmpty(), "bundles not active without " + without + ": " + notActive);
            int ran = 0;
            for (Case c : SCENARIOS) {
                if (c.needs().contains(without)) {
                    continue;
                }
                Frames frames = fw.run(c.yaml());
                for (String id : c.sensors()) {
                    assertTrue(frames.count(id) > 0, "sensor " + id + " delivered nothing without " + without);
                }
                ran++;
            }
            assertFalse(ran == 0, "no scenario ran without " + without);
        }
    }

    private static long countJars() throws IOException {
        try (Stream<Path> s = Files.list(bundles)) {
            return s.count();
        }
    }
}
