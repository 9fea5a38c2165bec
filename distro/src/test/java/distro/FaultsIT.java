package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ordinary mistakes and faults against the exported jar: a corpus of bad scenarios (one file per mistake, its
 * expected exit code and message in its first line) for {@code validate}; an out-of-memory run; SIGTERM during a
 * run; a non-empty output folder; {@code kill -9} of a running service.
 */
class FaultsIT {
    private static final Path CORPUS = Path.of("src", "test", "resources", "bad").toAbsolutePath();

    @TempDir
    Path work;

    @TestFactory
    List<DynamicTest> everyBadScenarioIsRejectedByValidateNamingFieldAndLine() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(CORPUS)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                String[] expect = Files.readAllLines(f).get(0).replaceFirst("^# expect: ", "").split(" \\| ", 2);
                tests.add(DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
                    Sensorsim.Run r = Sensorsim.run(CORPUS, "sensorsim.jar", "validate", f.getFileName().toString());
                    assertEquals(Integer.parseInt(expect[0]), r.code(), r.output());
                    assertTrue(r.output().contains(expect[1]), "expected '" + expect[1] + "' in:\n" + r.output());
                    assertFalse(r.output().contains("Exception") || r.output().contains("\tat ")
                            || r.output().contains("INFO:"), "no Java internals and no log noise:\n" + r.output());
                }));
            }
        }
        assertTrue(tests.size() >= 30, "corpus size " + tests.size());
        return tests;
    }

    @Test
    void outOfMemoryEndsTheRunWithinSecondsAndLeavesNothing() throws Exception {
        Files.writeString(work.resolve("big.yaml"), """
                version: 1
                duration: 1
                objects:
                  - {id: t, shape: {type: heightfield, columns: 20000, rows: 20000, dx: 0.1, dy: 0.1, amplitude: 1, wavelength: 10}}
                sensors:
                  - {id: truth, type: ground-truth, frequency: 10}
                output: {formats: [csv]}
                """);
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xmx256m", "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "run", "big.yaml", "--out", "o", "--force")
                .directory(work.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ends within 60 s");
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.contains("sensorsim: out of memory (Java heap limit"), out);
        assertFalse(Files.exists(work.resolve("o")), "no output folder");
        System.out.printf("out of memory: exit 1 after %.1f s%n", (System.nanoTime() - t0) * 1e-9);
    }

    @Test
    void aSceneTooBigForTheHeapIsRefusedBeforeItIsBuilt() throws Exception {
        Files.writeString(work.resolve("big.yaml"), """
                version: 1
                objects:
                  - {id: t, shape: {type: heightfield, columns: 20000, rows: 20000, dx: 0.1, dy: 0.1, amplitude: 1, wavelength: 10}}
                """);
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xmx256m", "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "run", "big.yaml", "--out", "o")
                .directory(work.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ends within 60 s");
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("refused: the run would need about 74.5 GB of heap, more than the "),
                out);
        assertFalse(Files.exists(work.resolve("o")), "no output folder");
    }

    /**
     * A full disk: a 3 MiB file system (tmpfs, where the test may mount one) is refused before the run from the
     * estimate; forced, the run ends at once with exit 1 naming the file and the cause, and leaves no temporary file.
     */
    @Test
    void aFullDiskIsRefusedBeforehandAndAForcedRunEndsNamingTheFile() throws Exception {
        Path small = Files.createDirectories(work.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", small.toString())
                .redirectErrorStream(true).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mount.waitFor() == 0, "a tmpfs can be mounted (root on Linux)");
        try {
            String demo = Path.of("scenarios", "demo.yaml").toAbsolutePath().toString();
            Sensorsim.Run refused = Sensorsim.run(work, "sensorsim.jar", "run", demo, "--out", small.resolve("o").toString());
            assertEquals(2, refused.code(), refused.output());
            assertTrue(refused.output().contains("sensorsim: refused: the run would write about ")
                    && refused.output().contains("whose file system has "), refused.output());
            assertFalse(Files.exists(small.resolve("o")), "nothing written");
            // a batch: its shard's variations together (6 of about 2 MB each) must fit
            Sensorsim.Run batch = Sensorsim.run(work, "sensorsim.jar", "batch", Path.of("batches", "fog-seeds.yaml")
                    .toAbsolutePath().toString(), "--out", small.resolve("b").toString());
            assertEquals(2, batch.code(), batch.output());
            assertTrue(batch.output().contains("sensorsim: refused: the run would write about ") && batch.output()
                    .contains(small.resolve("b") + ", whose file system has "), batch.output());
            assertFalse(Files.exists(small.resolve("b")), "nothing written");

            long start = System.nanoTime();
            Sensorsim.Run forced = Sensorsim.run(work, "sensorsim.jar", "run", demo, "--out", small.resolve("o").toString(),
                    "--force");
            double seconds = (System.nanoTime() - start) * 1e-9;
            assertEquals(1, forced.code(), forced.output());
            String line = forced.output().lines().filter(l -> l.startsWith("sensorsim: ")).findFirst().orElse("");
            assertTrue(line.startsWith("sensorsim: cannot write ") && line.contains(": " + small.resolve("o") + "/")
                    && line.endsWith(": No space left on device"), line);
            assertTrue(seconds < 60, "ends promptly: " + seconds + " s");
            try (Stream<Path> s = Files.walk(small)) {
                assertEquals(List.of(), s.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(), "no temporary files");
            }
        } finally {
            new ProcessBuilder("umount", "-l", small.toString()).start().waitFor();
        }
    }

    @Test
    void sigtermCompletesTheFilesRemovesTemporariesAndExitsNonZero() throws Exception {
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "run",
                Path.of("scenarios", "demo.yaml").toAbsolutePath().toString(), "--out", "o")
                .directory(work.toFile()).redirectErrorStream(true).redirectOutput(work.resolve("log.txt").toFile()).start();
        long end = System.nanoTime() + 60_000_000_000L;
        while (count(work.resolve("o/os1")) < 5) {
            assertTrue(System.nanoTime() < end, "the run started");
            Thread.sleep(50);
        }
        p.destroy(); // SIGTERM
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "ends within 10 s of SIGTERM");
        String out = Files.readString(work.resolve("log.txt"));
        assertEquals(143, p.exitValue(), out);
        try (Stream<Path> s = Files.walk(work.resolve("o"))) {
            assertEquals(List.of(), s.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(), "no temporary files");
        }
        assertTrue(Files.isRegularFile(work.resolve("o/run.mcap")) && Files.isRegularFile(work.resolve("o/imu.csv"))
                && Files.isRegularFile(work.resolve("o/run-manifest.json")), out);
        var mcap = ScenarioRunIT.read("mcap-read.mjs", work.resolve("o/run.mcap"));
        assertEquals("true", mcap.get("stream.done"), "the MCAP file is complete: " + mcap);
    }

    /**
     * A {@code serve} simulation's files grow while it runs; after {@code kill -9} its CSV ends with a complete line and
     * its MCAP is read by a streaming reader up to the last chunk; the next {@code serve} reports it cut short.
     */
    @Test
    void aKilledServiceLeavesReadableFilesAndTheNextStartReportsTheSimulationCutShort() throws Exception {
        Files.createDirectories(work.resolve("deploy"));
        Files.writeString(work.resolve("street.yaml"), """
                version: 1
                duration: 600
                realtime: true
                objects:
                  - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5, 0, 0]}}
                sensors:
                  - {id: scan, type: lidar, frequency: 10, config: {model: OS1-32, mode: 512x10}}
                  - {id: imu, type: imu, frequency: 100}
                output: {formats: [csv, mcap]}
                """);
        Process serve = serve("serve-1.log");
        Path csv = work.resolve("out/street/imu.csv");
        try {
            Files.move(work.resolve("street.yaml"), work.resolve("deploy/street.yaml"));
            long end = System.nanoTime() + 60_000_000_000L;
            while (lines(csv) < 50) {
                assertTrue(System.nanoTime() < end, "imu.csv has rows while the simulation runs");
                Thread.sleep(50);
            }
            long before = lines(csv);
            Thread.sleep(1500);
            assertTrue(lines(csv) >= before + 50, "imu.csv grows at 100 rows per second: " + before + " then " + lines(csv));
            Thread.sleep(1200); // at least two MCAP chunks of 1 s
        } finally {
            serve.destroyForcibly(); // SIGKILL: nothing of the service runs after this
            assertTrue(serve.waitFor(10, TimeUnit.SECONDS));
        }
        String text = Files.readString(csv);
        assertTrue(text.endsWith("\n"), "the CSV ends with a complete line");
        List<String> rows = text.lines().toList();
        long columns = rows.get(0).chars().filter(c -> c == ',').count();
        assertTrue(rows.stream().allMatch(r -> r.chars().filter(c -> c == ',').count() == columns), "every row complete");
        var mcap = ScenarioRunIT.read("mcap-stream.mjs", work.resolve("out/street/run.mcap"));
        assertEquals("false", mcap.get("footer"), "cut off before its summary: " + mcap);
        assertTrue(Integer.parseInt(mcap.getOrDefault("count./imu/imu", "0")) >= 100, "a second of IMU messages: " + mcap);
        assertTrue(Integer.parseInt(mcap.getOrDefault("count./scan/points", "0")) >= 10, "a second of scans: " + mcap);
        assertTrue(Files.readString(work.resolve("out/street/run-state.json")).contains("\"state\" : \"running\""));

        Process again = serve("serve-2.log", "--after-crash", "stop");
        try {
            long end = System.nanoTime() + 60_000_000_000L;
            while (!Files.readString(work.resolve("serve-2.log")).contains("serving: drop scenarios")) {
                assertTrue(System.nanoTime() < end && again.isAlive(), Files.readString(work.resolve("serve-2.log")));
                Thread.sleep(50);
            }
            String seen = Files.readString(work.resolve("serve-2.log"));
            assertTrue(seen.contains("simulation 'street' (" + work.resolve("deploy/street.yaml").toAbsolutePath()
                    .normalize() + ") was cut short at t = "), seen);
            assertTrue(seen.contains("simulation 'street' stays stopped (--after-crash stop): change or drop street.yaml "
                    + "again to start it"), seen);
            Thread.sleep(1000);
            assertTrue(Files.readString(work.resolve("out/street/run-state.json")).contains("\"state\" : \"cut short\""),
                    "left stopped:\n" + Files.readString(work.resolve("serve-2.log")));
            String cutCsv = Files.readString(csv);

            // the scenario touched: it starts again into a new out/street/, the cut-short files moved aside, unchanged
            Files.setLastModifiedTime(work.resolve("deploy/street.yaml"), java.nio.file.attribute.FileTime.fromMillis(
                    System.currentTimeMillis() + 5000));
            while (!Files.readString(work.resolve("serve-2.log")).contains("simulation 'street' started")) {
                assertTrue(System.nanoTime() < end && again.isAlive(), Files.readString(work.resolve("serve-2.log")));
                Thread.sleep(50);
            }
            Path aside = work.resolve("out/street.cut-short-1");
            assertTrue(Files.readString(work.resolve("serve-2.log")).contains("simulation 'street': the files it left when "
                    + "it was cut short moved to " + aside.toAbsolutePath().normalize()), Files.readString(work.resolve("serve-2.log")));
            assertEquals(cutCsv, Files.readString(aside.resolve("imu.csv")));
            assertTrue(Files.readString(aside.resolve("run-state.json")).contains("\"state\" : \"cut short\""));
            assertTrue(Files.readString(work.resolve("out/street/run-state.json")).contains("\"state\" : \"running\""));

            // a plugin built for the 1.x kernel contracts, dropped into the running service: one line says what to do
            var manifest = new java.util.jar.Manifest();
            manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
            manifest.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
            manifest.getMainAttributes().putValue("Bundle-SymbolicName", "old.plugin");
            manifest.getMainAttributes().putValue("Import-Package", "sensor.api;version=\"[1.2,2)\"");
            try (var jar = new java.util.jar.JarOutputStream(Files.newOutputStream(work.resolve("old.jar")), manifest)) {
                jar.closeEntry();
            }
            Files.move(work.resolve("old.jar"), work.resolve("deploy/old.jar"));
            String expected = "bundle old.plugin was built for another kernel: it imports package sensor.api 1.2.0 up to (not "
                    + "including) 2.0.0 and this kernel exports 2.0.0; rebuild it";
            while (!Files.readString(work.resolve("serve-2.log")).contains(expected)) {
                assertTrue(System.nanoTime() < end && again.isAlive(), Files.readString(work.resolve("serve-2.log")));
                Thread.sleep(50);
            }
            again.destroy();
            assertTrue(again.waitFor(10, TimeUnit.SECONDS));
        } finally {
            again.destroyForcibly();
        }
    }

    private Process serve(String log, String... options) throws java.io.IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "serve", "--deploy", "deploy", "--out", "out"));
        cmd.addAll(List.of(options));
        return new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).redirectOutput(work.resolve(log).toFile()).start();
    }

    private static long lines(Path file) throws java.io.IOException {
        return Files.isRegularFile(file) ? Files.readString(file).lines().count() : 0;
    }

    private static long count(Path dir) throws java.io.IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void aNonEmptyOutputFolderIsRefusedUnlessOverwritingAnEarlierRun() throws Exception {
        Files.writeString(work.resolve("s.yaml"), "version: 1\nduration: 0.2\nsensors:\n  - {id: g, type: ground-truth}\n"
                + "output: {formats: [csv]}\n");
        Files.createDirectories(work.resolve("mine"));
        Files.writeString(work.resolve("mine/notes.txt"), "keep");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "run", "s.yaml", "--out", "mine");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("--out mine is not empty"), r.output());
        r = Sensorsim.run(work, "sensorsim.jar", "run", "s.yaml", "--out", "mine", "--overwrite");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("holds no run-manifest.json"), r.output());
        assertEquals("keep", Files.readString(work.resolve("mine/notes.txt")));

        assertEquals(0, Sensorsim.run(work, "sensorsim.jar", "run", "s.yaml", "--out", "o").code());
        assertEquals(2, Sensorsim.run(work, "sensorsim.jar", "run", "s.yaml", "--out", "o").code());
        r = Sensorsim.run(work, "sensorsim.jar", "run", "s.yaml", "--out", "o", "--overwrite", "--seed", "3");
        assertEquals(0, r.code(), r.output());
        assertTrue(Files.readString(work.resolve("o/run-manifest.json")).contains("\"seed\" : 3"));
    }
}
