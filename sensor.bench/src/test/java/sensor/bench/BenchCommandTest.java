package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        assertEquals("cpu", o.lidarBackend());
        assertEquals(1, BenchCommand.parse(new String[] {"--threads", "1"}).threads()); // both ends of [1, 1024]
        assertEquals(1024, BenchCommand.parse(new String[] {"--threads", "1024"}).threads());
        o = BenchCommand.parse(new String[] {"--quick", "--threads", "3", "--only", "raytrace,imu", "--json", "f.json",
            "--backend", "gpu", "--demo", "d.yaml", "--peer", "p.json", "--lidar-backend", "auto"});
        assertEquals(new BenchCommand.Options(true, 3, Path.of("f.json"), Path.of("p.json"), Set.of("raytrace", "imu"), "gpu",
                Path.of("d.yaml"), "auto"), o);
    }

    @Test
    void badOptionsAreNamedWithWhatTheyAllow() {
        assertEquals("--threads must be an integer in [1, 1024], got '1025'", message("--threads", "1025"));
        assertEquals("--threads must be an integer in [1, 1024], got 'two'", message("--threads", "two"));
        assertEquals("--json needs a value", message("--json"));
        assertEquals("unknown option '--fast'", message("--fast"));
        assertEquals("--only takes raytrace, lidar, camera, imu, demo (comma-separated), got 'gpu'", message("--only", "lidar,gpu"));
        assertEquals("--lidar-backend takes cpu, gpu or auto, got 'cuda'", message("--lidar-backend", "cuda"));
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
    void figuresArePrintedWithDigitsForTheirSize() {
        assertEquals("827,574", Report.format(827_574));
        assertEquals("14,900,440.8", Report.format(14_900_440.8));
        assertEquals("100.5", Report.format(100.5));
        assertEquals("-100.5", Report.format(-100.5));
        assertEquals("5.432", Report.format(5.4321));
        assertEquals("1.0000", Report.format(0.99999)); // below 1: four decimals, chosen before rounding
        assertEquals("0.2437", Report.format(0.24367));
        assertEquals("-0.2437", Report.format(-0.24367));
        assertEquals("3", Report.format(3));
    }

    @Test
    void aReportWithoutAPeerHasNoPeerKeyAndABadSecondFigureIsNamedByItsIndex() throws Exception {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Report r = new Report(Map.of("cpu", "test"), out);
        r.add("a", 1, "s");
        Path file = dir.resolve("r.json");
        r.writeJson(file, null);
        assertTrue(!Files.readString(file).contains("peer"), Files.readString(file));
        Files.writeString(file, "{\"machine\": {}, \"figures\": [{\"name\": \"a\", \"value\": 1, \"unit\": \"s\"}, {\"name\": 2}]}");
        assertEquals("--peer " + file + ": figures[1] must have a text name, a number value and a text unit",
                assertThrows(IllegalArgumentException.class, () -> Report.read(file, out)).getMessage());
    }

    @Test
    void theMachineNamesItsSimdWidthAndCores() {
        Map<String, Object> m = Report.machine("test");
        assertEquals(Runtime.getRuntime().availableProcessors(), m.get("cores"));
        assertTrue(Set.of("AVX-512", "AVX2", "SSE4.2", "unknown").contains(m.get("simd")), m.toString());
        assertTrue(String.valueOf(m.get("jdk")).startsWith(System.getProperty("java.version")), m.toString());
        assertEquals(Runtime.getRuntime().maxMemory() >> 20, m.get("maxHeapMiB"));
        Path info = Path.of("/proc/cpuinfo");
        if (Files.isReadable(info)) { // the first model name and the flags, read here on their own
            List<String> lines;
            try {
                lines = Files.readAllLines(info);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            String model = lines.stream().filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.split(":", 2)[1].trim()).orElse("unknown");
            List<String> flags = lines.stream().filter(l -> l.startsWith("flags")).findFirst()
                    .map(l -> List.of(l.split(":", 2)[1].trim().split("\\s+"))).orElse(List.of());
            assertEquals(model, m.get("cpu"));
            assertEquals(flags.contains("avx512f") ? "AVX-512" : flags.contains("avx2") ? "AVX2"
                    : flags.contains("sse4_2") ? "SSE4.2" : "unknown", m.get("simd"));
        }
    }

    @Test
    void theTraversalIsTheOneTheBenchmarkedBackendDescribes() {
        assertEquals("scalar Java, 4-wide BVH (forced)", Report.machine("scalar Java, 4-wide BVH (forced)").get("traversal"));
    }

}
