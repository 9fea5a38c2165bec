package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full distribution less each optional part (the live service, the web console, the benchmark suite), as a jar
 * exported without those bundles: it boots cleanly, runs jobs, and the command that needs the missing part says so in
 * one line naming where it is, with exit code 2.
 */
class OptionalBundlesIT {
    private static final Set<String> CONSOLE = Set.of("sensor.console", "org.apache.felix.http.jetty",
            "org.apache.felix.http.servlet-api", "org.apache.felix.webconsole", "org.apache.felix.webconsole.plugins.ds");

    @TempDir
    Path work;

    @Test
    void withoutTheLiveServiceServeSaysWhichDistributionsHaveIt() throws Exception {
        String jar = without("no-service", Set.of("sensor.service", "sensor.console"));
        Sensorsim.Run r = Sensorsim.run(work, jar, "serve", "--deploy", "d", "--out", "o");
        assertEquals(2, r.code(), r.output());
        assertEquals("sensorsim: serve: this distribution has no live service (the sensor.service bundle); sensorsim.jar "
                + "and sensorsim-shell.jar have it", r.output().strip());
        assertFalse(Files.exists(work.resolve("d")), "nothing created");
        r = Sensorsim.run(work, jar); // no command: what would be serve
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().strip().endsWith("sensorsim.jar and sensorsim-shell.jar have it"), r.output());
        assertRunsJobs(jar);
    }

    @Test
    void withoutTheWebConsoleServeRefusesConsoleInOneLine() throws Exception {
        String jar = without("no-console", CONSOLE);
        Sensorsim.Run r = Sensorsim.run(work, jar, "serve", "--console", "0", "--deploy", "d", "--out", "o");
        assertEquals(2, r.code(), r.output());
        assertEquals("sensorsim: --console: this distribution has no web console (it lacks the Felix HTTP Jetty and Web "
                + "Console bundles)", r.output().strip());
        assertRunsJobs(jar);
    }

    @Test
    void withoutTheBenchmarkSuiteBenchSaysSo() throws Exception {
        String jar = without("no-bench", Set.of("sensor.bench"));
        Sensorsim.Run r = Sensorsim.run(work, jar, "bench", "--quick");
        assertEquals(2, r.code(), r.output());
        assertEquals("sensorsim: bench: this distribution has no benchmark suite (the sensor.bench bundle)", r.output().strip());
        assertRunsJobs(jar);
    }

    /** Boots without an error line, lists types and runs the demo. */
    private void assertRunsJobs(String jar) throws Exception {
        Sensorsim.Run r = Sensorsim.run(work, jar, "types");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("sensor types: [accelerometer, camera"), r.output());
        r = Sensorsim.run(work, jar, "demo", "0.5");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().strip().endsWith("demo done"), r.output());
        assertFalse(r.output().contains("Unable to resolve") || r.output().contains("ERROR"), r.output());
    }

    /**
     * {@code target/optional/<name>.jar}: sensorsim.jar without the given bundles (their jars, and their entries in the
     * launcher's bundle list); returns its path relative to {@code target}.
     */
    private static String without(String name, Set<String> bundles) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "optional"));
        Path out = dir.resolve(name + ".jar");
        Pattern jar = Pattern.compile("jar/(" + String.join("|", bundles.stream().map(Pattern::quote).toList()) + ")-\\d[^,\\s]*\\.jar");
        Pattern attrs = Pattern.compile("(" + String.join("|", bundles.stream().map(Pattern::quote).toList())
                + ");version\\\\=\"[^\"]*\";startlevel\\\\=\\d+");
        int removed = 0;
        try (ZipFile in = new ZipFile(Path.of("target", "sensorsim.jar").toFile());
                ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(out))) {
            for (ZipEntry e : java.util.Collections.list(in.entries())) {
                if (jar.matcher(e.getName()).matches()) {
                    removed++;
                    continue;
                }
                byte[] data;
                try (InputStream s = in.getInputStream(e)) {
                    data = s.readAllBytes();
                }
                if (e.getName().equals("launcher.properties")) {
                    String text = new String(data, StandardCharsets.ISO_8859_1);
                    text = attrs.matcher(jar.matcher(text).replaceAll("")).replaceAll("");
                    data = text.replaceAll(",{2,}", ",").replaceAll("=,", "=").replaceAll(",(\r?\n)", "$1")
                            .getBytes(StandardCharsets.ISO_8859_1);
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                zip.putNextEntry(copy);
                zip.write(data);
                zip.closeEntry();
            }
        }
        assertEquals(bundles.size(), removed, "every bundle of " + bundles + " was in sensorsim.jar");
        return "optional/" + name + ".jar";
    }
}
