package sensor.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one of the third-party reader scripts of {@code src/test/node} (installed by the build into
 * {@code target/node} with {@code npm ci}) on a file and returns the {@code key=value} lines it prints.
 */
public final class NodeReader {
    private NodeReader() {}

    public static Path nodeDir() {
        return Path.of(System.getProperty("sensor.io.nodeDir", "target/node"));
    }

    public static Map<String, String> read(String script, Path file) throws IOException, InterruptedException {
        Path dir = nodeDir();
        assertTrue(Files.isDirectory(dir.resolve("node_modules")),
                "npm readers not installed in " + dir.toAbsolutePath() + " (the Maven build runs npm ci)");
        ProcessBuilder pb = new ProcessBuilder("node", dir.resolve(script).toString(), file.toString())
                .directory(dir.toFile()).redirectErrorStream(true);
        Process p = pb.start();
        byte[] output = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), script + " timed out");
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), () -> script + " failed on " + file + ":\n" + text);
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                m.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return m;
    }

    /** The space-separated numbers of a value. */
    public static double[] numbers(String v) {
        String[] s = v.trim().split(" ");
        double[] d = new double[s.length];
        for (int i = 0; i < s.length; i++) {
            d[i] = Double.parseDouble(s[i]);
        }
        return d;
    }
}
