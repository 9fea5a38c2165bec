package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command a shipped scenario or batch manifest prints in its comments runs as printed, from the repository's
 * root, with three changes that keep the check short and on this machine: its {@code --out} is a temporary folder, a
 * {@code run} simulates 0.2 s ({@code --duration}) and takes a free port for {@code --live}, and a {@code batch} only
 * lists its variations ({@code --list}: the manifest checked, nothing run). Optional parts in brackets are left out; the
 * Spark jar's commands are the Spark test's.
 */
class ScenarioCommentsIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern COMMAND = Pattern.compile("java -jar distro/target/(sensorsim[a-z-]*\\.jar) (.+)$");

    @TempDir
    Path work;

    @Test
    void everyCommandInAShippedScenarioCommentRunsAsPrinted() throws Exception {
        List<Path> files = new ArrayList<>();
        for (String dir : new String[] {"distro/scenarios", "distro/batches"}) {
            try (Stream<Path> s = Files.list(ROOT.resolve(dir))) {
                s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
            }
        }
        int ran = 0;
        for (Path file : files) {
            for (String line : Files.readAllLines(file)) {
                Matcher m = COMMAND.matcher(line);
                if (!line.startsWith("#") || !m.find() || m.group(1).equals("sensorsim-spark.jar")) {
                    continue;
                }
                List<String> args = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                        ROOT.resolve("distro/target").resolve(m.group(1)).toString()));
                List<String> printed = new ArrayList<>(Arrays.asList(m.group(2).replaceAll("\\[[^\\]]*\\]", "").trim()
                        .split("\\s+")));
                for (int i = 0; i < printed.size(); i++) {
                    String a = printed.get(i);
                    if (a.equals("--out") && i + 1 < printed.size()) {
                        printed.set(++i, work.resolve(file.getFileName() + "-" + ran).toString());
                    } else if (a.equals("--live") && (i + 1 == printed.size() || printed.get(i + 1).startsWith("--"))) {
                        printed.add(++i, "0");
                    }
                }
                args.addAll(printed);
                args.addAll(printed.get(0).equals("batch") ? List.of("--list") : List.of("--duration", "0.2"));
                Process p = new ProcessBuilder(args).directory(ROOT.toFile()).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", args));
                assertEquals(0, p.exitValue(), file.getFileName() + ": " + line + "\nran as " + args + "\n" + out);
                ran++;
            }
        }
        assertTrue(ran >= 9, ran + " commands");
    }

    /**
     * The noon-and-night batch as its header prints it, then its counting command: the warehouse's points in frame 56,
     * sunlit (the first variation of index.csv) and dark, are the README's figures.
     */
    @Test
    void theNoonAndNightBatchGivesTheReadmesFigures() throws Exception {
        Path manifest = ROOT.resolve("distro/batches/noon-and-night.yaml");
        List<String> printed = Files.readAllLines(manifest).stream().filter(l -> l.startsWith("#   "))
                .map(l -> l.substring(4)).toList();
        assertEquals(2, printed.size(), "the batch and the counting command");
        Files.createSymbolicLink(work.resolve("distro"), ROOT.resolve("distro"));
        String counts = "";
        for (String command : printed) {
            Process p = new ProcessBuilder("bash", "-c", command.replaceFirst("^java ", ProcessHandle.current().info()
                    .command().orElse("java") + " ")).directory(work.toFile()).redirectErrorStream(true).start();
            counts = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(300, TimeUnit.SECONDS), command);
            assertEquals(0, p.exitValue(), command + "\n" + counts);
        }
        List<String> index = Files.readAllLines(work.resolve("out/noon-and-night/index.csv"));
        String sunlit = index.get(1).split(",")[1], dark = index.get(2).split(",")[1];
        Matcher readme = Pattern.compile("returns ([0-9,]+) points, in the dark ([0-9,]+)")
                .matcher(Files.readString(ROOT.resolve("README.md")));
        assertTrue(readme.find(), "the README's figures");
        assertTrue(counts.contains(sunlit + "/os1/os1-000056-ascii.pcd: " + readme.group(1).replace(",", "") + "\n"), counts);
        assertTrue(counts.contains(dark + "/os1/os1-000056-ascii.pcd: " + readme.group(2).replace(",", "") + "\n"), counts);
    }
}
