package sensor.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import sensor.batch.BatchJob;
import sensor.batch.BatchManifest;
import sensor.scenario.ScenarioException;

/** The batch manifest, its variations and the {@code batch} command (in process, with the real plugin types). */
class BatchTest {
    @TempDir
    Path dir;

    static final String BASE = """
            version: 1
            duration: 0.2
            seed: 3
            output: {formats: [csv, pcd]}
            bodies:
              - {id: car, motion: {type: constant-velocity, velocity: [5, 0, 0]}}
            materials:
              paint: {type: ggx-oren-nayar, diffuseReflectivity: 0.3}
            objects:
              - {id: ground, shape: {type: plane}, pose: {position: [0, 0, -1.5]}}
              - {id: wall, shape: {type: box, size: [1, 20, 5]}, pose: {position: [15, 0, 0]}, material: paint}
            sensors:
              - {id: lidar, type: lidar, body: car, frequency: 10, config: {model: OS1-32, mode: 512x10}}
              - {id: imu, type: imu, body: car, frequency: 100}
            """;

    private Path manifest(String text) throws Exception {
        Files.writeString(dir.resolve("base.yaml"), BASE);
        Path m = dir.resolve("batch.yaml");
        Files.writeString(m, text);
        return m;
    }

    private ScenarioException invalid(String text) throws Exception {
        return assertThrows(ScenarioException.class, () -> BatchManifest.read(manifest(text)));
    }

    @Test
    void seedsAndSweepMakeTheProductSeedsFastest() throws Exception {
        BatchManifest m = BatchManifest.read(manifest("""
                version: 1
                scenario: base.yaml
                seeds: [1, 2, 3]
                sweep:
                  materials.paint.diffuseReflectivity: [0.1, 0.5]
                """));
        assertEquals(6, m.variations().size());
        assertEquals(List.of(1L, 2L, 3L, 1L, 2L, 3L), m.variations().stream().map(BatchManifest.Variation::seed).toList());
        assertEquals(0.5, m.variations().get(4).scenario().at("/materials/paint/diffuseReflectivity").asDouble());
        assertEquals(2, m.variations().get(4).scenario().get("seed").asLong());
        assertEquals(6, m.variations().stream().map(BatchManifest.Variation::id).distinct().count());
        // the reader saw the override: the built scenario carries it
        assertEquals(0.5, m.variations().get(4).loaded().scenario().materials().get("paint").get("diffuseReflectivity")
                .asDouble());
    }

    @Test
    void idsDependOnTheEffectiveScenarioOnly() throws Exception {
        String a = BatchManifest.read(manifest("""
                version: 1
                scenario: base.yaml
                seeds: [7]
                sweep: {duration: [0.1], 'sensors[id=imu].frequency': [50]}
                """)).variations().get(0).id();
        String b = BatchManifest.read(manifest("""
                version: 1
                scenario: base.yaml
                variations:
                  - {'sensors[1].frequency': 50, duration: 0.1}
                seeds: {from: 7, to: 7}
                """)).variations().get(0).id();
        assertEquals(a, b, "the same effective scenario, written two ways, has one id");
        String c = BatchManifest.read(manifest("""
                version: 1
                scenario: base.yaml
                seeds: [8]
                sweep: {duration: [0.1], 'sensors[id=imu].frequency': [50]}
                """)).variations().get(0).id();
        assertNotEquals(a, c, "another seed, another id");
    }

    @Test
    void rangesAreExactDecimalsAndExplicitVariationsMultiply() throws Exception {
        BatchManifest m = BatchManifest.read(manifest("""
                version: 1
                scenario: base.yaml
                sweep:
                  materials.paint.diffuseReflectivity: {from: 0.1, to: 0.3, step: 0.1}
                variations:
                  - {'sensors[id=lidar].config.model': OS1-32}
                  - {'sensors[id=lidar].config.model': OS1-64, duration: 0.1}
                """));
        assertEquals(6, m.variations().size());
        assertEquals(List.of(0.1, 0.2, 0.3), m.variations().subList(0, 3).stream()
                .map(v -> v.overrides().get("materials.paint.diffuseReflectivity").asDouble()).toList());
        assertEquals("OS1-64", m.variations().get(5).scenario().at("/sensors/0/config/model").asText());
        assertEquals(0.1, m.variations().get(5).scenario().get("duration").asDouble());
        assertEquals(3, m.variations().get(0).seed(), "without seeds, the scenario's own");
        assertEquals(List.of("materials.paint.diffuseReflectivity", "sensors[id=lidar].config.model", "duration"),
                m.overrideKeys());
    }

    @Test
    void badManifestsNameTheFieldAndLine() throws Exception {
        ScenarioException e = invalid("""
                version: 1
                scenario: base.yaml
                seeds: [1]
                sweep:
                  timeStep: [0.01, 7]
                """);
        assertEquals(5, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("variation 2 (seed 1, timeStep=7) makes an invalid scenario: timeStep must be in "
                + "[0.000001, 1] s"), e.getMessage());
        e = invalid("version: 1\nscenario: base.yaml\nsweep:\n  sensors[id=radar].frequency: [5]\n");
        assertEquals(4, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("no element of sensors has id = radar; the list has id [lidar, imu]"), e.getMessage());
        e = invalid("version: 1\nscenario: base.yaml\nseeds: [1, 2, 1]\n");
        assertTrue(e.getMessage().contains("variations 1 and 3"), e.getMessage());
        e = invalid("version: 1\nscenario: base.yaml\nseed: [1]\n");
        assertEquals(3, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("unknown field 'seed'"), e.getMessage());
        e = invalid("version: 1\nscenario: base.yaml\nsweep:\n  duration: {from: 2, to: 1, step: 1}\n");
        assertTrue(e.getMessage().contains("step > 0 and from <= to"), e.getMessage());
        e = invalid("version: 1\nscenario: base.yaml\nsweep:\n  'objects..pose': [1]\n");
        assertTrue(e.getMessage().contains("is not a field path"), e.getMessage());
        e = invalid("version: 1\nscenario: missing.yaml\n");
        assertTrue(e.getMessage().contains("missing.yaml") && e.getMessage().contains("not found"), e.getMessage());
        e = invalid("version: 2\nscenario: base.yaml\n");
        assertEquals(1, e.line(), e.getMessage());
        e = invalid("version: 1\nscenario: base.yaml\nseeds: [1.5]\n");
        assertTrue(e.getMessage().contains("seeds[0] must be a whole number"), e.getMessage());
    }

    @Test
    void shardsPartitionTheVariations() {
        var variations = java.util.stream.IntStream.rangeClosed(1, 10)
                .mapToObj(i -> new BatchManifest.Variation(i, "v" + i, null, Map.of(), null, null)).toList();
        List<Integer> seen = new java.util.ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            BatchJob.Selection s = BatchJob.Selection.parse(i + "/3", null);
            variations.stream().filter(s::includes).forEach(v -> seen.add(v.index()));
        }
        assertEquals(java.util.stream.IntStream.rangeClosed(1, 10).boxed().sorted().toList(), seen.stream().sorted().toList());
        assertEquals(List.of(2, 5, 8), variations.stream().filter(BatchJob.Selection.parse("2/3", null)::includes)
                .map(BatchManifest.Variation::index).toList());
        for (String bad : List.of("0/3", "4/3", "3", "a/b", "1/0")) {
            assertThrows(IllegalArgumentException.class, () -> BatchJob.Selection.parse(bad, null), bad);
        }
    }

    private record Result(int code, String out, String err) {}

    private Result cli(String... args) {
        Plugins plugins = new Plugins();
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = plugins.command(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).execute(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Relative path → SHA-256 of every file under {@code root}. */
    static Map<String, String> checksums(Path root) throws Exception {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(root.relativize(p).toString(), HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                        .digest(Files.readAllBytes(p))));
            }
        }
        return m;
    }

    static final String FOUR = """
            version: 1
            scenario: base.yaml
            seeds: [1, 2]
            sweep:
              materials.paint.diffuseReflectivity: [0.1, 0.6]
            """;

    @Test
    void serialParallelAndShardedBatchesWriteTheSameFiles() throws Exception {
        Path m = manifest(FOUR);
        Result serial = cli("batch", m.toString(), "--out", dir.resolve("serial").toString(), "--threads", "1");
        assertEquals(0, serial.code(), serial.err());
        assertTrue(serial.out().contains("4 variations: 4 run, 0 complete already, 0 failed"), serial.out());
        assertEquals(0, cli("batch", m.toString(), "--out", dir.resolve("jobs").toString(), "--jobs", "2").code());
        for (String shard : List.of("2/2", "1/2")) {
            Result r = cli("batch", m.toString(), "--out", dir.resolve("shards").toString(), "--shard", shard);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("2 variations: 2 run"), r.out());
        }
        Map<String, String> expected = checksums(dir.resolve("serial"));
        assertEquals(4 * 5 + 1, expected.size(), expected.keySet().toString()); // 4 × (scenario, manifest, imu.csv, 2 pcd) + index
        assertEquals(expected, checksums(dir.resolve("jobs")));
        assertEquals(expected, checksums(dir.resolve("shards")));
        // each variation's folder holds its effective scenario, listed with its checksum in the run manifest
        String id = Files.readAllLines(dir.resolve("serial/index.csv")).get(3).split(",")[1];
        var run = new ObjectMapper().readTree(dir.resolve("serial").resolve(id).resolve("run-manifest.json").toFile());
        assertEquals("scenario.json", run.get("scenario").asText());
        assertEquals(expected.get(id + "/scenario.json"), run.get("scenarioSha256").asText());
        assertEquals(1, run.get("seed").asLong());
        assertEquals("index,id,seed,materials.paint.diffuseReflectivity", Files.readAllLines(dir.resolve("serial/index.csv")).get(0));
    }

    @Test
    void aRerunSkipsCompleteVariationsAndRedoesIncompleteOnes() throws Exception {
        Path m = manifest(FOUR), out = dir.resolve("out");
        assertEquals(0, cli("batch", m.toString(), "--out", out.toString()).code());
        Map<String, String> expected = checksums(out);
        List<String> ids = Files.readAllLines(out.resolve("index.csv")).stream().skip(1).map(l -> l.split(",")[1]).toList();
        // a kill during variation 2 leaves its files without a run manifest; one of variation 3 was truncated after
        Files.delete(out.resolve(ids.get(1)).resolve("run-manifest.json"));
        Path csv = out.resolve(ids.get(2)).resolve("imu.csv");
        Files.write(csv, java.util.Arrays.copyOf(Files.readAllBytes(csv), 10));
        Files.writeString(out.resolve(ids.get(1)).resolve("stray.tmp"), "partial");
        Result r = cli("batch", m.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("4 variations: 2 run, 2 complete already"), r.out());
        assertEquals(expected, checksums(out));
    }

    @Test
    void aBadManifestWritesNothing() throws Exception {
        Path m = manifest("version: 1\nscenario: base.yaml\nsweep:\n  duration: [0.1, -1]\n"), out = dir.resolve("out");
        Result r = cli("batch", m.toString(), "--out", out.toString());
        assertEquals(SensorSimCommand.INVALID_SCENARIO, r.code());
        assertTrue(r.err().contains("batch.yaml:4:3: variation 2 (seed 3, duration=-1) makes an invalid scenario: duration "
                + "must be in (0, 86400] s, got -1.0"), r.err());
        assertFalse(Files.exists(out));
        // a plugin's configuration is checked by building each variation: refused before the first one runs
        m = manifest("version: 1\nscenario: base.yaml\nseeds: [1, 2]\nsweep:\n  materials.paint.diffuseReflectivity: [0.2, 7]\n");
        r = cli("batch", m.toString(), "--out", out.toString());
        assertEquals(SensorSimCommand.INVALID_SCENARIO, r.code());
        assertTrue(r.err().contains("batch.yaml:5:3: variation 3 (seed 1, materials.paint.diffuseReflectivity=7) makes an "
                + "invalid scenario: "), r.err());
        assertTrue(r.err().contains("diffuseReflectivity"), r.err());
        assertFalse(Files.exists(out));
        assertEquals(2, cli("batch", m.toString(), "--out", out.toString(), "--shard", "3/2").code());
        assertEquals(2, cli("batch", m.toString(), "--out", out.toString(), "--jobs", "0").code());
    }

    @Test
    void listWritesTheIndexAndOnlyRunsOneVariation() throws Exception {
        Path m = manifest(FOUR), out = dir.resolve("out");
        Result r = cli("batch", m.toString(), "--out", out.toString(), "--list");
        assertEquals(0, r.code(), r.err());
        assertEquals(5, Files.readAllLines(out.resolve("index.csv")).size());
        assertEquals(4, r.out().lines().filter(l -> l.matches("\\d \\p{XDigit}{16} seed .*")).count(), r.out());
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(1, s.count(), "nothing but the index");
        }
        r = cli("batch", m.toString(), "--out", out.toString(), "--only", "3");
        assertEquals(0, r.code(), r.err());
        String third = Files.readAllLines(out.resolve("index.csv")).get(3).split(",")[1];
        assertTrue(BatchJob.complete(out.resolve(third)));
        assertEquals(2, cli("batch", m.toString(), "--out", out.toString(), "--only", "5").code());
    }
}
