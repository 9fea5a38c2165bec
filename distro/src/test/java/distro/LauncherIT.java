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
 * {@code target/sensorsim}, the launcher beside the jars: it starts sensorsim.jar with
 * {@code --add-modules jdk.incubator.vector}, so the raytrace backend traverses packets with the Vector API, and says
 * so (the bench's machine line, the run summary); plain {@code java -jar sensorsim.jar} runs the scalar path with the
 * same figures' checksums; {@code JAVA_OPTS=-Dsensorsim.traversal=scalar} forces the scalar path through the launcher.
 */
class LauncherIT {
    private static final Path LAUNCHER = Path.of("target", "sensorsim").toAbsolutePath();
    private static final Path DEMO = Path.of("scenarios", "demo.yaml").toAbsolutePath();

    @TempDir
    Path work;

    /** {@code sh target/sensorsim args...} in {@code work} with this JVM's JDK as JAVA_HOME. */
    private Sensorsim.Run launch(String javaOpts, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("sh", LAUNCHER.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
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
    void launcherRunsTheVectorPathPlainJarTheScalarOneWithTheSameHits() throws Exception {
        assertTrue(Files.isExecutable(LAUNCHER), "the launcher beside the jars: " + LAUNCHER);
        Sensorsim.Run vector = launch(null, "bench", "--quick", "--only", "raytrace", "--json", "vector.json");
        assertEquals(0, vector.code(), vector.output());
        assertTrue(vector.output().contains("machine.traversal: vector (jdk.incubator.vector, "), vector.output());
        Sensorsim.Run scalar = Sensorsim.run(work, "sensorsim.jar", "bench", "--quick", "--only", "raytrace", "--json",
                "scalar.json");
        assertEquals(0, scalar.code(), scalar.output());
        assertTrue(scalar.output().contains("machine.traversal: scalar Java") && scalar.output().contains(
                "jdk.incubator.vector not in the JVM"), scalar.output());
        JsonNode v = json("vector.json"), s = json("scalar.json");
        assertTrue(v.path("machine").path("traversal").asText().startsWith("vector ("), v.toString());
        for (String name : List.of("raytrace.check.hits", "raytrace.check.distance_sum")) {
            assertEquals(figure(s, name), figure(v, name), name + ": the same hits on either path");
        }
        Sensorsim.Run forced = launch("-Dsensorsim.traversal=scalar", "bench", "--quick", "--only", "raytrace");
        assertEquals(0, forced.code(), forced.output());
        assertTrue(forced.output().contains("machine.traversal: scalar Java")
                && forced.output().contains("forced by -Dsensorsim.traversal=scalar"), forced.output());
    }

    @Test
    void aRunThroughTheLauncherSaysWhichPathRanInItsSummary() throws Exception {
        Sensorsim.Run r = launch(null, "run", DEMO.toString(), "--out", "out", "--duration", "0.3");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("raytrace: cpu-bvh: vector (jdk.incubator.vector, "), r.output());
        assertEquals(1, r.output().lines().filter(l -> l.startsWith("raytrace: ")).count(), r.output());
    }
}
