package distro;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Launches the exported distributions as real processes and checks what they print. */
class DistributionIT {
    @TempDir
    Path workDir;

    private static Path jar(String name) {
        Path p = Path.of("target", name).toAbsolutePath();
        assertTrue(Files.isRegularFile(p), "exported distribution " + p);
        return p;
    }

    private Process start(String jar, String... args) throws IOException {
        return start(List.of(), jar, args);
    }

    private Process start(List<String> prefix, String jar, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar", jar(jar).toString()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true).start();
    }

    /** Collects a process's output on a background thread. */
    private static ByteArrayOutputStream drain(Process p) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread t = new Thread(() -> {
            try (InputStream in = p.getInputStream()) {
                in.transferTo(new OutputStream() {
                    @Override
                    public void write(int b) {
                        synchronized (out) { out.write(b); }
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        synchronized (out) { out.write(b, off, len); }
                    }
                });
            } catch (IOException e) {
                // process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return out;
    }

    private static String text(ByteArrayOutputStream out) {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    private static String finish(Process p, ByteArrayOutputStream out) throws InterruptedException {
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("distribution did not exit within 120 s; output:\n" + text(out));
        }
        Thread.sleep(100);
        return text(out);
    }

    @Test
    void headlessDistributionBootsListsPluginsAndStepsTheDemoWorld() throws Exception {
        Process p = start("sensorsim.jar", "demo", "1");
        String out = finish(p, drain(p));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.matches("(?s).*sensor types: +\\[accelerometer, camera, cone, encoder, gnss, ground-truth, gyroscope, imu, lidar, magnetometer, odometer, radar\\].*"), out);
        assertTrue(out.matches("(?s).*raytrace backends: +\\[(cuda-bvh, )?cpu-bvh\\].*"), out); // cuda-bvh where CUDA works
        assertTrue(out.matches("(?s).*sensor lidar \\(lidar, ACTIVE\\): 10 frames, last at t=1.0: [1-9][0-9]+ points.*"), out);
        assertTrue(out.contains("stepped 1000 steps of 0.0010 s"), out);
        assertTrue(out.contains("car at (-8.33, -23.01, 0.00)"), out); // on the spline path (DemoJobTest, MotionTest)
        assertTrue(out.contains("sensor ground-truth (ground-truth, ACTIVE): 10 frames"), out);
        assertTrue(out.contains("demo done"), out);
        assertTrue(out.contains("sensor encoder (encoder, ACTIVE)") && out.contains("sensor odometer (odometer, ACTIVE)"), out);
        assertFalse(out.contains("skipped") || out.contains("got null") || out.contains("[B@"), out);
    }

    @Test
    void unknownCommandExitsWithUsage() throws Exception {
        Process p = start("sensorsim.jar", "fly");
        String out = finish(p, drain(p));
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("Unmatched argument at index 0: 'fly'") && out.contains("Try 'sensorsim --help' for usage."), out);
        assertFalse(out.contains("Usage: sensorsim"), "one line and a pointer to --help, not the usage:\n" + out);
    }

    /** At end of input (no terminal, stdin closed) the shell distribution stops cleanly, with exit code 0. */
    @Test
    void shellDistributionEndsCleanlyAtEndOfInput() throws Exception {
        Process p = start("sensorsim-shell.jar");
        ByteArrayOutputStream out = drain(p);
        p.getOutputStream().close();
        String text = finish(p, out);
        assertEquals(0, p.exitValue(), text);
        assertFalse(text.contains("Exception") || text.contains("ERROR"), text);
    }

    /**
     * Every jar answers --help, help COMMAND and --version from the texts written at build time, without booting the
     * runtime (no bundle starts: nothing of the runtime's output appears), and the tailored jars do not list bench.
     */
    @Test
    void helpIsAnsweredWithoutBootingTheRuntime() throws Exception {
        for (String jar : List.of("sensorsim.jar", "sensorsim-shell.jar", "sensorsim-lidar.jar", "sensorsim-proprio.jar")) {
            for (List<String> args : List.of(List.of("--help"), List.of("help"), List.of("help", "run"), List.of("run", "--help"),
                    List.of("validate", "-h"), List.of("demo", "--help"), List.of("--version"))) {
                Process p = start(jar, args.toArray(String[]::new));
                String out = finish(p, drain(p));
                assertEquals(0, p.exitValue(), jar + " " + args + ":\n" + out);
                assertFalse(out.contains("sensorsim running") || out.contains("Welcome") || out.contains("INFO"), out);
                assertTrue(args.contains("--version") ? out.startsWith("sensorsim 0.") : out.startsWith("Usage: sensorsim"), out);
                if (args.equals(List.of("--help"))) {
                    assertEquals(!jar.contains("-lidar") && !jar.contains("-proprio"), out.contains("  bench "), jar + "\n" + out);
                    assertTrue(out.contains("Exit codes:"), out);
                }
            }
        }
    }

    @Test
    void shellDistributionAnswersGogoCommands() throws Exception {
        Process p = start("sensorsim-shell.jar");
        ByteArrayOutputStream out = awaitShell(p);
        try (OutputStream in = p.getOutputStream()) {
            in.write("sensor:types\nsensor:advance 0.5\nstop 0\n".getBytes(StandardCharsets.UTF_8));
        }
        String text = finish(p, out);
        assertTrue(text.contains("Welcome to Apache Felix Gogo"), text);
        assertTrue(text.contains("sensor types: [accelerometer, camera, cone, encoder, gnss, ground-truth, gyroscope, imu, lidar"), text);
        assertTrue(text.contains("500 steps, t = 0.5"), text);
    }

    /** The shell distribution's output, collected, once it is up (at most 60 s). */
    private static ByteArrayOutputStream awaitShell(Process p) throws Exception {
        ByteArrayOutputStream out = drain(p);
        long end = System.currentTimeMillis() + 60_000;
        while (!text(out).contains("sensorsim running") && System.currentTimeMillis() < end) {
            Thread.sleep(50);
        }
        return out;
    }

    /** Ctrl-C (SIGINT) in the shell ends the running command after its current step, not the runtime. */
    @Test
    void ctrlCInterruptsTheShellCommandNotTheRuntime() throws Exception {
        // a build run as a background job inherits SIGINT ignored, and a JVM leaves an ignored signal alone: restore
        // the default disposition, as a terminal's foreground process has it (GNU env 8.31+)
        Process p = start(List.of("env", "--default-signal=INT"), "sensorsim-shell.jar");
        ByteArrayOutputStream out = awaitShell(p);
        try (OutputStream in = p.getOutputStream()) {
            in.write("sensor:demo 3000\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            Thread.sleep(1500);
            new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
            long end = System.currentTimeMillis() + 20_000;
            while (!text(out).contains("interrupted (Ctrl-C)") && System.currentTimeMillis() < end) {
                Thread.sleep(50);
            }
            assertTrue(p.isAlive(), "the runtime goes on\n" + text(out));
            in.write("sensor:advance 0.1\nstop 0\n".getBytes(StandardCharsets.UTF_8));
        }
        String text = finish(p, out);
        assertTrue(text.contains("interrupted (Ctrl-C)"), text);
        assertTrue(text.contains("100 steps, t = "), "the next command runs in full\n" + text);
    }
}
