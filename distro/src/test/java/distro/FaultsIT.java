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
 * run; a non-empty output folder.
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
