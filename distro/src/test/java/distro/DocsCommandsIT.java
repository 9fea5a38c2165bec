package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The third-party path runs as written: every command of the plugin guide's {@code sh} blocks, of the README's
 * plugin block and of the generated project's README, executed by bash as printed, in order, outside the
 * repository, with {@code SENSORSIM_HOME} pointing at a copy of this checkout's {@code distro/target}. A hot-deploy
 * block's command that ends in {@code &} runs in the background; each later line runs once the service has logged
 * what the line before it promised.
 */
class DocsCommandsIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path REPO = Path.of(System.getProperty("maven.repo.local",
            Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));

    /** What the service logs after each hot-deploy command, keyed by the command's start. */
    private static final Map<String, String> LOGGED_AFTER = Map.of(
            "cp live.yaml deploy/", "sensor 'probe' waits for its type 'acme-sensors'",
            "cp target/acme-sensors-1.0.0.jar deploy/", "sensor 'probe' attached: type 'acme-sensors' is present",
            "rm deploy/acme-sensors-1.0.0.jar", "sensors [probe] detached until it returns",
            "rm deploy/live.yaml", "simulation 'live' stopped");

    @TempDir
    Path work;

    /** The command lines of a markdown file's blocks: fenced {@code sh} blocks, or (indented) 4-space blocks. */
    static List<List<String>> blocks(String markdown, boolean indented) {
        List<List<String>> blocks = new ArrayList<>();
        List<String> block = null;
        String previous = "";
        for (String line : markdown.split("\n")) {
            if (!indented && block == null && line.equals("```sh")) {
                block = new ArrayList<>();
            } else if (!indented && block != null && line.equals("```")) {
                blocks.add(joined(block));
                block = null;
            } else if (!indented && block != null) {
                block.add(line);
            } else if (indented && line.startsWith("    ") && (block != null || previous.isBlank())) {
                (block == null ? block = new ArrayList<>() : block).add(line.substring(4));
            } else if (indented && block != null) {
                blocks.add(joined(block));
                block = null;
            }
            previous = line;
        }
        if (block != null) {
            blocks.add(joined(block));
        }
        return blocks;
    }

    /** Lines continued with a trailing backslash joined into one command. */
    private static List<String> joined(List<String> lines) {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (String l : lines) {
            b.append(l);
            if (l.endsWith("\\")) {
                b.setLength(b.length() - 1);
            } else {
                out.add(b.toString());
                b.setLength(0);
            }
        }
        return out;
    }

    /** A checkout copy (sources, no build output but the distribution jars) with SENSORSIM_HOME at its jars. */
    private Path checkoutCopy() throws IOException {
        Path copy = work.resolve("sensorsim");
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path f : files.toList()) {
                Path rel = ROOT.relativize(f);
                String r = rel.toString().replace('\\', '/');
                boolean jar = r.startsWith("distro/target/") && r.endsWith(".jar") && rel.getNameCount() == 3;
                List<String> parts = List.of(r.split("/"));
                if (r.startsWith(".git") || parts.contains("node_modules")
                        || parts.contains("target") && !jar && !r.equals("distro/target")) {
                    continue;
                }
                if (Files.isDirectory(f)) {
                    Files.createDirectories(copy.resolve(rel));
                } else if (Files.isRegularFile(f)) {
                    Files.createDirectories(copy.resolve(rel).getParent());
                    Files.copy(f, copy.resolve(rel));
                }
            }
        }
        return copy;
    }

    private ProcessBuilder bash(Path dir, Path home, String command) {
        ProcessBuilder pb = new ProcessBuilder("bash", "-e", "-c", command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Path java = Path.of(ProcessHandle.current().info().command().orElse("java")).getParent();
        String maven = System.getProperty("maven.home");
        pb.environment().put("PATH", (java == null ? "" : java + ":") + (maven == null ? "" : Path.of(maven, "bin") + ":")
                + System.getenv("PATH"));
        pb.environment().put("MAVEN_OPTS", "-Dmaven.repo.local=" + REPO);
        pb.environment().put("SENSORSIM_HOME", home.toString());
        pb.environment().put("TMPDIR", work.toString());
        return pb;
    }

    /** Runs the commands of one block in one bash (so that cd and export carry over); returns the output. */
    private String run(Path dir, Path home, List<String> commands) throws Exception {
        String script = String.join("\n", commands).replace("export SENSORSIM_HOME=/path/to/sensorsim/distro/target",
                "test -n \"$SENSORSIM_HOME\"") + "\npwd > " + work.resolve("cwd");
        Process p = bash(dir, home, script).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(600, TimeUnit.SECONDS), "finished: " + commands);
        assertEquals(0, p.exitValue(), String.join("\n", commands) + "\n" + out);
        return out;
    }

    private Path cwd() throws IOException {
        return Path.of(Files.readString(work.resolve("cwd")).strip());
    }

    /** Runs a hot-deploy block: its first command in the background, each later one after the promised log line. */
    private void hotDeploy(Path dir, Path home, List<String> commands) throws Exception {
        String first = commands.get(0).replaceFirst("\\s+#.*$", "").replaceFirst("\\s*&\\s*$", "");
        Path log = work.resolve("serve.log");
        Process service = bash(dir, home, "exec " + first).redirectOutput(log.toFile()).start();
        try {
            await(log, "serving: drop scenarios", 60);
            for (String c : commands.subList(1, commands.size())) {
                String command = c.replaceFirst("\\s+#.*$", "");
                if (command.startsWith("kill %1")) {
                    continue; // the background job is the test's process
                }
                run(dir, home, List.of(command));
                String expected = LOGGED_AFTER.get(command.strip());
                assertTrue(expected != null, "no expectation for the command " + command);
                await(log, expected, 20);
            }
        } finally {
            service.destroy(); // SIGTERM, as kill %1
            assertTrue(service.waitFor(30, TimeUnit.SECONDS), "the service ends on SIGTERM");
        }
        assertEquals(143, service.exitValue(), Files.readString(log));
    }

    private static void await(Path log, String text, int seconds) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (!(Files.exists(log) && Files.readString(log).contains(text))) {
            assertTrue(System.nanoTime() < end, "'" + text + "' within " + seconds + " s in:\n"
                    + (Files.exists(log) ? Files.readString(log) : ""));
            Thread.sleep(50);
        }
    }

    @Test
    void thePluginGuideRunsAsPrinted() throws Exception {
        Path checkout = checkoutCopy(), home = checkout.resolve("distro/target");
        Path outside = Files.createDirectories(work.resolve("outside"));
        List<List<String>> blocks = blocks(Files.readString(ROOT.resolve("docs/plugin-guide.md")), false);
        assertEquals(5, blocks.size(), "generate, test, run, hot deploy, own distribution: " + blocks);
        long t0 = System.nanoTime();
        run(outside, home, blocks.get(0)); // generate, then cd into the project
        Path project = cwd();
        assertEquals(outside.resolve("acme-sensors"), project);
        run(project, home, blocks.get(1));
        double built = (System.nanoTime() - t0) * 1e-9;
        String out = run(project, home, blocks.get(2));
        System.out.printf("plugin guide: generate + mvn verify %.1f s, first data %.1f s after that%n", built,
                (System.nanoTime() - t0) * 1e-9 - built);
        assertTrue(out.contains("acme-sensors") && Files.isRegularFile(project.resolve("out/probe.csv")), out);
        hotDeploy(project, home, blocks.get(3));
        try (Stream<Path> clouds = Files.list(project.resolve("out/live/os1"))) {
            assertTrue(clouds.anyMatch(f -> f.toString().endsWith(".pcd")), "the live lidar's point clouds");
        }
        assertTrue(Files.readString(project.resolve("out/live/probe.csv")).lines().count() > 1, "the probe's data");

        List<String> noMaven = new java.util.ArrayList<>(List.of("mvn() { echo 'mvn is not to be used here' >&2; return 127; }"));
        noMaven.addAll(blocks.get(4));
        out = run(project, home, noMaven); // a distribution of one's own, assembled with java alone
        assertEquals(project, cwd());
        assertTrue(out.contains("assemble: wrote acme-lidar.jar"), out);
        assertTrue(out.contains("\nUsage: sensorsim [-hV] [COMMAND]\n"), "the assembled jar's help: " + out);
        assertTrue(out.matches("(?s).*\\nsensor types: \\[[^\\]]*acme-sensors[^\\]]*]\\n.*"), out);
        assertTrue(Files.isRegularFile(project.resolve("out/own/probe.csv")), "the assembled jar ran the scenario without --plugins");
    }

    @Test
    void theReadmeAndTheGeneratedReadmeRunAsPrinted() throws Exception {
        Path checkout = checkoutCopy(), home = checkout.resolve("distro/target");
        String readme = Files.readString(ROOT.resolve("README.md"));
        List<List<String>> blocks = blocks(readme, false).stream().filter(b -> b.stream().anyMatch(l -> l.contains("archetype:generate")))
                .toList();
        assertEquals(1, blocks.size(), "the README's plugin block");
        run(checkout, home, blocks.get(0));
        Path project = cwd();
        assertTrue(Files.isRegularFile(project.resolve("out/probe.csv")), "the README's run wrote data");

        String generated = Files.readString(project.resolve("README.md"));
        assertTrue(generated.contains("\n## Build and test\n") && generated.contains("\n## Hot deploy\n"), generated);
        List<List<String>> own = blocks(generated, true);
        deleteTree(project.resolve("out")); // the README's run wrote there; the generated README starts afresh
        assertEquals(3, own.size(), "build, run, hot deploy: " + own);
        run(project, home, own.get(0));
        String out = run(project, home, own.get(1));
        assertTrue(out.contains("acme-sensors-pattern"), out);
        Path fresh = Files.createDirectories(work.resolve("again"));
        for (String f : List.of("live.yaml", "target")) {
            copyTree(project.resolve(f), fresh.resolve(f));
        }
        hotDeploy(fresh, home, own.get(2));
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.createDirectories(t.getParent());
                    Files.copy(f, t);
                }
            }
        }
    }
}
