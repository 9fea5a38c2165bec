package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code sensorsim.jar bench}: a quick run writes every figure the speed issue names, with the machine, into a JSON
 * file that a peer's figures can be laid beside; bad options are refused before anything runs; a tailored
 * distribution without the bench bundle says so.
 */
class BenchIT {
    private static final Path DEMO = Path.of("scenarios", "demo.yaml").toAbsolutePath();

    @TempDir
    Path work;

    @Test
    void quickBenchWritesTheNamedFiguresWithTheMachineAndComparesWithAPeer() throws Exception {
        // a peer in the documented format (as sensor.bench/peer/run-embree.sh writes it)
        Files.writeString(work.resolve("peer.json"), """
                {"machine": {"cpu": "test CPU", "engine": "peer"},
                 "figures": [{"name": "raytrace.closest_hit.mrays_s.1t", "value": 2.0, "unit": "Mrays/s"}]}
                """);
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "bench", "--quick", "--threads", "2", "--json", "bench.json",
                "--peer", "peer.json", "--demo", DEMO.toString());
        assertEquals(0, r.code(), r.output());
        JsonNode root = new ObjectMapper().readTree(work.resolve("bench.json").toFile());
        for (String key : List.of("cpu", "cores", "simd", "jdk", "traversal")) {
            assertFalse(root.path("machine").path(key).asText().isEmpty(), "machine." + key + " in " + root);
        }
        Map<String, Double> figures = new HashMap<>();
        root.path("figures").forEach(f -> figures.put(f.get("name").asText(), f.get("value").asDouble()));
        for (String name : List.of("raytrace.closest_hit.mrays_s.1t", "raytrace.closest_hit.mrays_s.2t", "raytrace.build.s",
                "raytrace.moving_over_static", "lidar.full.rtf.2t", "demo.rtf", "demo.rtf.warm", "bvh.bytes_per_triangle",
                "lidar.closest_hit.mrays_s.1t", "lidar.full.mrays_s.2t", "imu.samples_per_s")) {
            assertTrue(figures.containsKey(name) && figures.get(name) > 0, name + " in " + figures);
        }
        // the scene really is scene v1: the peers' hit count within the ±20 edge hits engines differ by
        assertEquals(827_560, figures.get("raytrace.check.hits"), 20, r.output());
        // a BVH holds at least its 326,000 leaf triangles (36 bytes each) and their ids
        assertTrue(figures.get("bvh.bytes_per_triangle") >= 40, r.output());
        assertEquals("peer", root.path("peer").path("machine").path("engine").asText());
        double ours = figures.get("raytrace.closest_hit.mrays_s.1t");
        assertTrue(r.output().contains(String.format(java.util.Locale.ROOT, "%8.2f", ours / 2.0)), r.output());
        assertTrue(r.output().contains("machine.simd: ") && r.output().contains("machine.cpu: "), r.output());
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingRuns() throws Exception {
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "bench", "--threads", "0", "--json", "b.json");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("--threads must be an integer in [1, 1024], got '0'"), r.output());
        r = Sensorsim.run(work, "sensorsim.jar", "bench", "--only", "raytrace,gpu");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("--only takes raytrace, lidar, camera, imu, demo"), r.output());
        Files.writeString(work.resolve("bad.json"), "{\"figures\": 3}");
        r = Sensorsim.run(work, "sensorsim.jar", "bench", "--peer", "bad.json");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("--peer bad.json: expected {\"machine\""), r.output());
        r = Sensorsim.run(work, "sensorsim.jar", "bench", "--only", "demo", "--demo", "missing.yaml");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("--demo missing.yaml: no such scenario file"), r.output());
        assertFalse(r.output().contains("Exception"), r.output());
        assertFalse(Files.exists(work.resolve("b.json")));
    }

    @Test
    void aTailoredDistributionWithoutTheBenchBundleSaysSo() throws Exception {
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim-lidar.jar", "bench", "--quick");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("this distribution has no benchmark suite (the sensor.bench bundle)"), r.output());
    }
}
