package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The fast path by default: plain {@code java -jar sensorsim.jar} relaunches itself with
 * {@code --add-modules jdk.incubator.vector}, so the raytrace backend traverses packets with the Vector API, and says
 * so (the bench's machine line, the run summary) with the same hits as the scalar path ({@code -Dsensorsim.traversal=scalar});
 * the script {@code target/sensorsim} beside the jars does the same without a relaunch; a relaunched child ends when
 * its parent is killed.
 */
class LauncherIT {
    private static final Path LAUNCHER = Path.of("target", "sensorsim").toAbsolutePath();
    private static final Path DEMO = Path.of("scenarios", "demo.yaml").toAbsolutePath();

    @TempDir
    Path work;

    /** {@code sh target/sensorsim args...} in {@code work} with this JVM's JDK as JAVA_HOME. */
    private Sensorsim.Run launch(String javaOpts, String... args) throws Exception {
        return launchWith(Path.of(System.getProperty("java.home")), javaOpts, args);
    }

    /** The same with the JDK at {@code javaHome}. */
    private Sensorsim.Run launchWith(Path javaHome, String javaOpts, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("sh", LAUNCHER.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().remove("JDK_JAVA_OPTIONS");
        if (javaOpts != null) {
            pb.environment().put("JAVA_OPTS", javaOpts);
        } else {
            pb.environment().remove("JAVA_OPTS");
        }
        Process process = pb.start();
        byte[] out = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(300, TimeUnit.SECONDS), "sensorsim finished");
        return new Sensorsim.Run(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private JsonNode json(String file) throws Exception {
        return new ObjectMapper().readTree(work.resolve(file).toFile());
    }

    private static double figure(JsonNode root, String name) {
        for (JsonNode f : root.path("figures")) {
            if (f.path("name").asText().equals(name)) {
                return f.path("value").asDouble();
            }
        }
        throw new AssertionError(name + " not in " + root);
    }

    @Test
    void plainJarRunsTheVectorPathTheScalarOneWhenForcedWithTheSameHits() throws Exception {
        Sensorsim.Run vector = Sensorsim.run(work, "sensorsim.jar", "bench", "--quick", "--only", "raytrace", "--json",
                "vector.json");
        assertEquals(0, vector.code(), vector.output());
        assertTrue(vector.output().contains("machine.traversal: vector (jdk.incubator.vector, "), vector.output());
        assertTrue(!vector.output().contains("WARNING: Using incubator modules"), "the JVM's notice is left out");
        Sensorsim.Run scalar = Sensorsim.run(work, List.of("-Dsensorsim.traversal=scalar"), "sensorsim.jar", "bench",
                "--quick", "--only", "raytrace", "--json", "scalar.json");
        assertEquals(0, scalar.code(), scalar.output());
        assertTrue(scalar.output().contains("machine.traversal: scalar Java")
                && scalar.output().contains("forced by -Dsensorsim.traversal=scalar"), scalar.output());
        JsonNode v = json("vector.json"), s = json("scalar.json");
        assertTrue(v.path("machine").path("traversal").asText().startsWith("vector ("), v.toString());
        for (String name : List.of("raytrace.check.hits", "raytrace.check.distance_sum")) {
            assertEquals(figure(s, name), figure(v, name), name + ": the same hits on either path");
        }
        Sensorsim.Run stay = Sensorsim.run(work, List.of("-Dsensorsim.relaunch=false"), "sensorsim.jar", "bench", "--quick",
                "--only", "raytrace");
        assertEquals(0, stay.code(), stay.output());
        assertTrue(stay.output().contains("jdk.incubator.vector not in the JVM"), stay.output());
        Sensorsim.Run script = launch(null, "bench", "--quick", "--only", "raytrace");
        assertEquals(0, script.code(), script.output());
        assertTrue(script.output().contains("machine.traversal: vector (jdk.incubator.vector, "), script.output());
    }

    @Test
    void aRelaunchedRunEndsWhenItsParentIsKilled() throws Exception {
        Process parent = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "run", DEMO.toString(), "--out", "out",
                "--duration", "30").directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve("log.txt").toFile()).start();
        try {
            long end = System.nanoTime() + 60_000_000_000L;
            while (parent.children().findAny().isEmpty() || !Files.isDirectory(work.resolve("out"))) {
                assertTrue(System.nanoTime() < end && parent.isAlive(), Files.readString(work.resolve("log.txt")));
                Thread.sleep(50);
            }
            ProcessHandle child = parent.children().findAny().orElseThrow();
            assertTrue(child.info().arguments().map(a -> String.join(" ", a)).orElse("").contains("jdk.incubator.vector"));
            parent.destroyForcibly(); // SIGKILL
            assertTrue(child.onExit().get(5, TimeUnit.SECONDS) != null, "the child halts when its parent is gone");
            assertTrue(!child.isAlive());
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly();
        }
    }

    @Test
    void aRunThroughTheLauncherSaysWhichPathRanInItsSummary() throws Exception {
        Sensorsim.Run r = launch(null, "run", DEMO.toString(), "--out", "out", "--duration", "0.3");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("raytrace: cpu-bvh: vector (jdk.incubator.vector, "), r.output());
        assertEquals(1, r.output().lines().filter(l -> l.startsWith("raytrace: ")).count(), r.output());
    }

    /**
     * JDK 17 is the floor, not the ceiling: where a JDK 24 or later is installed beside it (a Temurin 25 on the build
     * machines), the distribution boots and runs the demo on it, vector path included (bnd's launcher from 7.2.3, which
     * no longer sets a security Policy, and an ASM that reads Java 25 classes for SPI Fly's weaving).
     */
    @Test
    void aNewerJdkRunsTheDemoToo() throws Exception {
        Path jdk = newerJdk();
        org.junit.jupiter.api.Assumptions.assumeTrue(jdk != null, "no JDK 24 or later under /usr/lib/jvm");
        Sensorsim.Run r = launchWith(jdk, null, "run", DEMO.toString(), "--out", "out", "--duration", "0.3");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("raytrace: cpu-bvh: vector (jdk.incubator.vector, "), r.output());
        assertTrue(!r.output().contains("SEVERE") && !r.output().contains("Exception"), r.output());
        assertTrue(Files.isRegularFile(work.resolve("out/run-manifest.json")), r.output());
    }

    /** The newest JDK of feature version 24 or later under /usr/lib/jvm (its {@code release} file), or null. */
    private static Path newerJdk() throws Exception {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        Path best = null;
        int bestVersion = 23;
        try (var dirs = Files.list(jvms)) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                Path release = d.resolve("release");
                if (!Files.isRegularFile(release) || !Files.isExecutable(d.resolve("bin/java"))) {
                    continue;
                }
                var m = java.util.regex.Pattern.compile("JAVA_VERSION=\"(\\d+)").matcher(Files.readString(release));
                if (m.find() && Integer.parseInt(m.group(1)) > bestVersion) {
                    bestVersion = Integer.parseInt(m.group(1));
                    best = d;
                }
            }
        }
        return best;
    }
}
