package sensor.spark;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped manifest {@code distro/batches/fog-seeds.yaml} (3 seeds × 2 fog densities over the demo town, 1 s each,
 * CSV and PCD) run the three ways — serial
 * {@code sensorsim batch}, three shards, and the Spark job in {@code local[2]} — as processes on the exported jars:
 * the same files byte for byte; a batch killed midway resumes without redoing finished variations; a bad manifest is
 * refused before anything runs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BatchIT {
    static final Path DISTRO = Path.of("../distro/target").toAbsolutePath().normalize();

    @TempDir
    static Path dir;
    static Path manifest;
    static Map<String, String> serial;

    @BeforeAll
    static void manifest() {
        manifest = Path.of("../distro/batches/fog-seeds.yaml").toAbsolutePath().normalize();
    }

    record Run(int code, String output) {}

    static Process start(String jar, String... args) throws Exception {
        return start(dir, jar, args);
    }

    /** {@code java -jar DISTRO/jar args} in folder {@code cwd}. */
    static Process start(Path cwd, String jar, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                DISTRO.resolve(jar).toString()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    }

    static Run run(String jar, String... args) throws Exception {
        return run(dir, jar, args);
    }

    /** Runs {@code java -jar DISTRO/jar args} in folder {@code cwd} to its end. */
    static Run run(Path cwd, String jar, String... args) throws Exception {
        Process p = start(cwd, jar, args);
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "finished");
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    /** Relative path → SHA-256 of every file under {@code root} (temporary names excluded). */
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

    @Test
    @Order(0)
    void theSparkJarAnswersHelpAndAUsageErrorInOneLine() throws Exception {
        Run help = run("sensorsim-spark.jar", "--help");
        assertEquals(0, help.code(), help.output());
        assertTrue(help.output().startsWith("Usage: java -jar sensorsim-spark.jar MANIFEST --out DIR")
                && help.output().contains("Exit codes:"), help.output());
        Run bad = run("sensorsim-spark.jar", "m.yaml");
        assertEquals(2, bad.code(), bad.output());
        assertEquals(List.of("sensorsim-spark: MANIFEST and --out DIR are required", "Try 'java -jar sensorsim-spark.jar --help' for usage."),
                bad.output().lines().toList());
    }

    @Test
    @Order(1)
    void serialAndShardedBatchesWriteTheSameFiles() throws Exception {
        Run r = run("sensorsim.jar", "batch", manifest.toString(), "--out", "serial");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("6 variations: 6 run, 0 complete already, 0 failed"), r.output());
        serial = checksums(dir.resolve("serial"));
        assertEquals(6, serial.keySet().stream().filter(k -> k.endsWith("run-manifest.json")).count());
        assertEquals(6 * 2, serial.keySet().stream().filter(k -> k.endsWith(".pcd")).count(), serial.keySet().toString());
        for (int i = 1; i <= 3; i++) {
            r = run("sensorsim.jar", "batch", manifest.toString(), "--out", "shards", "--shard", i + "/3");
            assertEquals(0, r.code(), r.output());
            assertTrue(r.output().contains("2 variations: 2 run"), r.output());
        }
        assertEquals(serial, checksums(dir.resolve("shards")));
    }

    @Test
    @Order(2)
    void theSparkJobWritesTheSameFilesAndSkipsThemWhenRunAgain() throws Exception {
        assertNotNull(serial, "the serial batch ran first");
        Run r = run("sensorsim-spark.jar", manifest.toString(), "--out", "spark", "--master", "local[2]");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("spark batch: 6 variations: 6 run, 0 complete already, 0 failed"), r.output());
        assertTrue(r.output().matches("(?s).*framework boot: driver \\d+\\.\\d\\d s; per executor JVM: \\[driver@.*"), r.output());
        assertEquals(serial, checksums(dir.resolve("spark")));
        r = run("sensorsim-spark.jar", manifest.toString(), "--out", "spark", "--master", "local[2]");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("6 variations: 0 run, 6 complete already"), r.output());
    }

    @Test
    @Order(3)
    void aKilledBatchResumesWithoutRedoingFinishedVariations() throws Exception {
        assertNotNull(serial, "the serial batch ran first");
        Path out = dir.resolve("killed");
        Process p = start("sensorsim.jar", "batch", manifest.toString(), "--out", "killed");
        long end = System.nanoTime() + 120_000_000_000L;
        while (completeFolders(out) < 2 && p.isAlive() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        p.destroyForcibly(); // SIGKILL: no shutdown hook, no cleanup
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        int finished = completeFolders(out);
        assertTrue(finished >= 2 && finished < 6, finished + " variations were complete when the batch was killed");
        Run r = run("sensorsim.jar", "batch", manifest.toString(), "--out", "killed");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("6 variations: " + (6 - finished) + " run, " + finished + " complete already"), r.output());
        assertEquals(serial, checksums(out));
    }

    private static int completeFolders(Path out) throws Exception {
        if (!Files.isDirectory(out)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(out)) {
            return (int) s.filter(d -> Files.isRegularFile(d.resolve("run-manifest.json"))).count();
        }
    }

    @Test
    @Order(4)
    void aBadManifestIsRefusedBeforeAnythingRuns() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, Files.readString(manifest).replace("[0.05, 0.5]", "[0.05, -2]").replace("../scenarios/demo.yaml",
                manifest.resolveSibling("../scenarios/demo.yaml").normalize().toString()));
        for (String jar : List.of("sensorsim.jar", "sensorsim-spark.jar")) {
            Run r = jar.equals("sensorsim.jar") ? run(jar, "batch", bad.toString(), "--out", "bad-" + jar)
                    : run(jar, bad.toString(), "--out", "bad-" + jar, "--master", "local[2]");
            assertEquals(3, r.code(), r.output());
            assertTrue(r.output().contains("bad.yaml:10:3: variation 4 (seed 1, materials.fog.fog.visibility=-2, duration=1, "
                    + "output.formats=[\"csv\",\"pcd\"]) makes an invalid scenario"), r.output());
            assertFalse(Files.exists(dir.resolve("bad-" + jar)), "nothing written");
        }
    }
}
