package distro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code sensorsim assemble} on the exported jars, with java alone: each shipped distribution assembles to a jar that
 * lists the same types as the shipped one; a bundle added is completed by the resolver, each addition printed with its
 * reason; a {@code --complete} request that needs more is refused naming the requirement and the bundle, writing
 * nothing; the same inputs give the same bytes, with the lock inside; the result answers --help without booting.
 */
class AssembleIT {
    private static final Path DYNAMICS = Path.of("..", "sensor.dynamics", "target", "sensor.dynamics-0.2.0-SNAPSHOT.jar")
            .toAbsolutePath().normalize();

    @TempDir
    Path work;

    @ParameterizedTest(name = "{0} from {1}")
    @CsvSource({"sensorsim-lidar, sensorsim.jar", "sensorsim-lidar, sensorsim-proprio.jar"}) // features: FeaturesIT
    void eachShippedDistributionAssemblesToTheSameTypes(String from, String jar) throws Exception {
        Path out = work.resolve(from + "-again.jar");
        Sensorsim.Run r = Sensorsim.run(work, jar, "assemble", "--from", from, "--out", out.toString());
        if (jar.equals("sensorsim-proprio.jar")) { // proprio carries no lidar bundle: refused in one line, nothing written
            assertEquals(2, r.code(), r.output());
            assertTrue(r.output().contains("--from sensorsim-lidar: its bundle sensor.lidar"), r.output());
            assertFalse(Files.exists(out));
            return;
        }
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("assemble: wrote " + out), r.output());
        assertFalse(r.output().contains("+ "), "nothing added to a shipped distribution: " + r.output());
        Sensorsim.Run shipped = Sensorsim.run(work, from + ".jar", "types");
        Sensorsim.Run again = Sensorsim.run(work, fromTarget(out), "types");
        assertEquals(0, again.code(), again.output());
        assertEquals(shipped.output(), again.output(), "types of " + from + " and of its assembled copy");
        assertTrue(again.output().startsWith("distribution: " + from + "\n"), again.output());
    }

    @Test
    void anAddedBundleIsCompletedWithReasonsAndTheResultIsAFirstClassJar() throws Exception {
        Path a = Files.createDirectories(work.resolve("1")).resolve("mine.jar"),
                b = Files.createDirectories(work.resolve("2")).resolve("mine.jar");
        for (Path out : List.of(a, b)) {
            Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "assemble", "--from", "sensorsim-lidar", "--add",
                    DYNAMICS.toString(), "--out", out.toString());
            assertEquals(0, r.code(), r.output());
            assertTrue(r.output().contains("+ org.ode4j.core 0.5.3 provides package org.ode4j."), r.output());
            assertTrue(r.output().contains(" to sensor.dynamics 0.2.0.SNAPSHOT"), r.output());
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), "two assemblies of the same inputs");
        try (JarFile j = new JarFile(a.toFile())) {
            String lock = new String(j.getInputStream(j.getEntry("distribution-lock.json")).readAllBytes());
            assertTrue(lock.contains("\"from\": \"sensorsim-lidar\""), lock);
            assertTrue(lock.matches("(?s).*\"sensorsim.symbolic-name\": \"org.ode4j.core\", \"sensorsim.version\": \"0.5.3\", "
                    + "\"sensorsim.sha256\": \"[0-9a-f]{64}\".*"), lock);
        }
        String jar = fromTarget(a);
        Sensorsim.Run types = Sensorsim.run(work, jar, "types");
        assertTrue(types.output().startsWith("distribution: mine\n"), "the assembled jar's id: " + types.output());
        assertTrue(types.output().contains("dynamics engine types: [ode4j]"), types.output());
        Files.writeString(work.resolve("wall.yaml"), """
                version: 1
                duration: 0.2
                objects:
                  - {id: wall, shape: {type: box, size: [1, 20, 10]}, pose: {position: [8, 0, 0]}}
                sensors:
                  - {id: os1, type: lidar, config: {model: OS1-32, mode: 512x10}}
                """);
        Sensorsim.Run run = Sensorsim.run(work, jar, "run", "wall.yaml", "--out", "o");
        assertEquals(0, run.code(), run.output());
        String manifest = Files.readString(work.resolve("o/run-manifest.json"));
        try (JarFile j = new JarFile(a.toFile())) {
            String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(j.getInputStream(j.getEntry("distribution-lock.json")).readAllBytes()));
            assertTrue(manifest.matches("(?s).*\"distribution\" ?: ?\"mine\".*"), manifest);
            assertTrue(manifest.matches("(?s).*\"distributionLockSha256\" ?: ?\"" + sha + "\".*"), "the lock's hash: " + manifest);
        }
        assertTrue(types.output().contains("lidar model types: ["), types.output());
        long t0 = System.nanoTime();
        Sensorsim.Run help = Sensorsim.run(work, jar, "--help");
        assertEquals(0, help.code(), help.output());
        assertEquals(Sensorsim.run(work, "sensorsim-lidar.jar", "--help").output(), help.output(),
                "the help of a distribution without the live service, answered from the jar");
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "help without booting");
    }

    @Test
    void aCompleteRequestThatNeedsMoreIsRefusedNamingWhatAndWhoWritingNothing() throws Exception {
        Path out = work.resolve("never.jar");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "assemble", "--from", "sensorsim-lidar", "--complete", "--add",
                DYNAMICS.toString(), "--out", out.toString());
        assertEquals(3, r.code(), r.output());
        assertTrue(r.output().contains("sensor.dynamics 0.2.0.SNAPSHOT needs package org.ode4j.ode; the feature is complete, "
                + "so nothing is added (org.ode4j.core 0.5.3 in the repository provides it)"), r.output());
        assertFalse(Files.exists(out), "nothing written");
        try (var s = Files.list(work)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
    }

    @Test
    void badRequestsGetOneLineAndExitCode2() throws Exception {
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "assemble", "--from", "sensorsim-radar", "--out", "x.jar");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().startsWith("sensorsim assemble: --from: no shipped distribution 'sensorsim-radar' in this jar; "
                + "it has [sensorsim, sensorsim-lidar, sensorsim-proprio, sensorsim-shell]"), r.output());
        r = Sensorsim.run(work, "sensorsim.jar", "assemble", "--from", "sensorsim", "--add", "README.md", "--out", "x.jar");
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("--add: README.md is not a file"), r.output());
        assertFalse(Files.exists(work.resolve("x.jar")));
    }

    /** A jar's path as {@link Sensorsim#run} takes it: relative to {@code target}. */
    private static String fromTarget(Path jar) {
        return Path.of("target").toAbsolutePath().relativize(jar.toAbsolutePath()).toString();
    }
}
