package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void optionsParseWithTheirDefaults() {
        BenchCommand.Options o = BenchCommand.parse(new String[0]);
        assertEquals(Runtime.getRuntime().availableProcessors(), o.threads());
        assertEquals(BenchCommand.SECTIONS, o.only());
        assertEquals("cpu-bvh", o.backend());
        o = BenchCommand.parse(new String[] {"--quick", "--threads", "3", "--only", "raytrace,imu", "--json", "f.json",
            "--backend", "gpu", "--demo", "d.yaml", "--peer", "p.json"});
        assertEquals(new BenchCommand.Options(true, 3, Path.of("f.json"), Path.of("p.json"), Set.of("raytrace", "imu"), "gpu",
                Path.of("d.yaml")), o);
    }

    @Test
    void badOptionsAreNamedWithWhatTheyAllow() {
        assertEquals("--threads must be an integer in [1, 1024], got '1025'", message("--threads", "1025"));
        assertEquals("--threads must be an integer in [1, 1024], got 'two'", message("--threads", "two"));
        assertEquals("--json needs a value", message("--json"));
        assertEquals("unknown option '--fast'", message("--fast"));
        assertEquals("--only takes raytrace, lidar, imu, demo (comma-separated), got 'camera'", message("--only", "lidar,camera"));
    }

    private static String message(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> BenchCommand.parse(args)).getMessage();
    }

    @Test
    void aReportRoundTripsThroughItsJsonAndPrintsRatiosToAPeer() throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
        Report ours = new Report(Map.of("cpu", "test", "engine", "sensorsim"), out);
        ours.add("raytrace.closest_hit.mrays_s.1t", 6.0, "Mrays/s");
        ours.add("raytrace.build.s", 0.25, "s");
        Report peer = new Report(Map.of("cpu", "test", "engine", "Embree"), out);
        peer.add("raytrace.closest_hit.mrays_s.1t", 4.0, "Mrays/s");
        peer.add("raytrace.build.s", 0.5, "ms"); // another unit: not compared
        Path file = dir.resolve("bench.json");
        ours.writeJson(file, peer);
        try (var listing = Files.list(dir)) {
            assertEquals(1, listing.count(), "no temporary file left");
        }
        Report back = Report.read(file, out);
        assertEquals(ours.figures, back.figures);
        assertEquals("sensorsim", back.machine.get("engine"));
        text.reset();
        back.printComparison(peer);
        String printed = text.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("beside Embree (test)"), printed);
        assertTrue(printed.contains("    1.50  (Mrays/s)"), printed);
        assertTrue(!printed.contains("raytrace.build.s"), printed);
    }

    @Test
    void aPeerFileThatIsNotAReportIsRefusedNamingWhatIsWrong() throws Exception {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Path f = dir.resolve("p.json");
        Files.writeString(f, "{\"machine\": {}, \"figures\": [{\"name\": \"x\", \"value\": \"fast\", \"unit\": \"s\"}]}");
        assertEquals("--peer " + f + ": figures[0] must have a text name, a number value and a text unit",
                assertThrows(IllegalArgumentException.class, () -> Report.read(f, out)).getMessage());
        Files.writeString(f, "[1, 2]");
        assertEquals("--peer " + f + ": expected {\"machine\": {...}, \"figures\": [...]}",
                assertThrows(IllegalArgumentException.class, () -> Report.read(f, out)).getMessage());
        Files.writeString(f, "{\"machine\": ");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Report.read(f, out)).getMessage()
                .startsWith("--peer " + f + ": not a readable JSON file"));
    }

    @Test
    void theMachineNamesItsSimdWidthAndCores() {
        Map<String, Object> m = Report.machine();
        assertEquals(Runtime.getRuntime().availableProcessors(), m.get("cores"));
        assertTrue(Set.of("AVX-512", "AVX2", "SSE4.2", "unknown").contains(m.get("simd")), m.toString());
        assertTrue(String.valueOf(m.get("jdk")).startsWith(System.getProperty("java.version")), m.toString());
    }
}
