package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The third-party path as a plugin author walks it: generate a project from the installed archetype in a folder
 * outside the repository, build it with its unit and in-framework tests ({@code mvn verify}), and run its scenario
 * with the distribution and {@code --plugins}. Needs the project installed in the local Maven repository
 * ({@code mvn install}, the README's test command). Also: broken plugin folders get one clear line and exit 1.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PluginKitIT {
    private static final String VERSION = System.getProperty("sensorsim.version");
    private static final Path REPO = Path.of(System.getProperty("maven.repo.local",
            Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));

    @TempDir
    static Path outside;

    private static Path project() {
        return outside.resolve("acme-sensors");
    }

    @Test
    @Order(1)
    void generatedProjectBuildsAndPassesItsTestsInFelix() throws Exception {
        Path installed = REPO.resolve(Path.of("sensorsim", "sensorsim-plugin-archetype", VERSION));
        assertTrue(Files.isDirectory(installed), "the archetype is not installed in " + installed + ": run mvn install");
        long t0 = System.nanoTime();
        String out = mvn(outside, "archetype:generate", "-DarchetypeGroupId=sensorsim",
                "-DarchetypeArtifactId=sensorsim-plugin-archetype", "-DarchetypeVersion=" + VERSION, "-DgroupId=org.example",
                "-DartifactId=acme-sensors", "-Dversion=1.0.0", "-Dpackage=org.example.acme", "-DinteractiveMode=false");
        assertTrue(Files.isRegularFile(project().resolve("src/main/java/org/example/acme/RangeFinderType.java")), out);
        out = mvn(project(), "verify");
        assertTrue(out.contains("Tests run: 5, Failures: 0, Errors: 0, Skipped: 0, Time elapsed")
                && out.contains("in org.example.acme.RangeFinderIT"), out);
        assertTrue(out.contains("in org.example.acme.MinnaertMaterialTest"), out);
        assertTrue(Files.isRegularFile(project().resolve("target/acme-sensors-1.0.0.jar")), out);
        System.out.printf("plugin kit: generate + mvn verify took %.1f s%n", (System.nanoTime() - t0) * 1e-9);
    }

    @Test
    @Order(2)
    void distributionRunsTheGeneratedPluginsScenario() throws Exception {
        Path plugins = Files.createDirectories(outside.resolve("plugins"));
        Files.copy(project().resolve("target/acme-sensors-1.0.0.jar"), plugins.resolve("acme-sensors-1.0.0.jar"));
        Sensorsim.Run r = Sensorsim.run(project(), "sensorsim.jar", "types", "--plugins", plugins.toString());
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("sensor types: [accelerometer, acme-sensors, encoder,"), r.output());
        assertTrue(r.output().contains("surface material types: [acme-sensors-material, explicit-brdf"), r.output());
        assertTrue(r.output().contains("ray pattern types: [acme-sensors-pattern, file, ouster, sweep]"), r.output());
        assertTrue(r.output().contains("output noise types: [acme-sensors-noise, "), r.output());

        r = Sensorsim.run(project(), "sensorsim.jar", "run", "scenario.yaml", "--plugins", plugins.toString(), "--out", "out");
        assertEquals(0, r.code(), r.output());
        List<String> csv = Files.readAllLines(project().resolve("out/probe.csv"));
        assertEquals("time [s],range [m]", csv.get(0));
        assertEquals(11, csv.size(), String.join("\n", csv));
        for (String line : csv.subList(1, csv.size())) {
            assertEquals(5.0, Double.parseDouble(line.split(",")[1]), 1e-9, line); // the wall's near face is 5 m away
        }
        assertTrue(Files.isRegularFile(project().resolve("out/fan/fan-000010.pcd")), r.output());
        assertFalse(r.output().contains("WARNING"), r.output());

        // the proprioceptive distribution has no raytrace backend, which the range finder needs: refused before reading
        r = Sensorsim.run(project(), "sensorsim-proprio.jar", "run", "scenario.yaml", "--plugins", plugins.toString(), "--out", "o2");
        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains("--plugins: acme-sensors-1.0.0.jar component org.example.acme.RangeFinderType cannot start: "
                + "no service for its reference backend"), r.output());
        assertFalse(Files.exists(project().resolve("o2")));
    }

    @Test
    @Order(3)
    void brokenPluginFoldersAreRefusedWithOneLine() throws Exception {
        Path dir = Files.createDirectories(outside.resolve("broken"));
        Files.writeString(dir.resolve("s.yaml"), "version: 1\nsensors:\n  - {id: g, type: ground-truth}\n");
        Files.writeString(dir.resolve("notes.jar"), "not a zip");
        expectRefused(dir, "--plugins: notes.jar is not a readable jar");
        Files.delete(dir.resolve("notes.jar"));

        jar(dir.resolve("plain.jar"), null);
        expectRefused(dir, "--plugins: plain.jar is not an OSGi bundle (its manifest has no Bundle-SymbolicName)");
        Files.delete(dir.resolve("plain.jar"));

        jar(dir.resolve("needs.jar"), m -> m.putValue("Import-Package", "com.nowhere.lasers;version=\"[2,3)\""));
        expectRefused(dir, "--plugins: needs.jar does not resolve: it imports package com.nowhere.lasers (version 2.0.0 or "
                + "later), which no installed bundle exports");
        Files.delete(dir.resolve("needs.jar"));

        jar(dir.resolve("throws.jar"), m -> m.putValue("Bundle-Activator", "com.nowhere.Activator"));
        expectRefused(dir, "--plugins: throws.jar failed to start: a class its manifest names is not in the bundle "
                + "(com.nowhere.Activator)");
    }

    private static void expectRefused(Path dir, String line) throws Exception {
        Sensorsim.Run r = Sensorsim.run(dir, "sensorsim.jar", "run", "s.yaml", "--plugins", dir.toString(), "--out", "o");
        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains(line), r.output());
        assertFalse(r.output().contains("\tat ") || r.output().contains("Exception:"), r.output());
        assertFalse(Files.exists(dir.resolve("o")), "nothing is written");
    }

    /** A jar with a manifest (a bundle unless {@code headers} is null, then a plain jar). */
    private static void jar(Path file, java.util.function.Consumer<Attributes> headers) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (headers != null) {
            m.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
            m.getMainAttributes().putValue("Bundle-SymbolicName", "broken." + file.getFileName().toString().replace(".jar", ""));
            headers.accept(m.getMainAttributes());
        }
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream j = new JarOutputStream(out, m)) {
            // manifest only
        }
    }

    /** Runs Maven (the one running this build, else mvn on the PATH) in {@code dir}; fails with its output. */
    private static String mvn(Path dir, String... args) throws Exception {
        String home = System.getProperty("maven.home");
        String exe = home != null && Files.isExecutable(Path.of(home, "bin", "mvn")) ? Path.of(home, "bin", "mvn").toString() : "mvn";
        List<String> cmd = new ArrayList<>(List.of(exe, "-B", "-ntp", "-Dmaven.repo.local=" + REPO));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(600, TimeUnit.SECONDS), "mvn finished");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
        return out;
    }
}
