package sensor.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * Every {@code sensorsim} command printed in the README, the reference pages of {@code docs/} and the shipped scenarios'
 * and batches' comments parses against the command line as it is: no command, option or value that the command line
 * no longer has. The distribution tests run the commands themselves (the plugin path by {@code DocsCommandsIT}); this
 * catches a page left behind by a change to the options.
 */
class PrintedCommandsTest {
    private static final Path ROOT = Path.of("..");

    /** A command as printed, its file and line, and the arguments after the jar. */
    private record Printed(String where, List<String> args) {}

    @Test
    void everyPrintedCommandParses() throws IOException {
        List<Printed> printed = new ArrayList<>();
        List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        for (String dir : List.of("distro/scenarios", "distro/batches")) {
            try (Stream<Path> s = Files.list(ROOT.resolve(dir))) {
                s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
            }
        }
        for (Path f : files) {
            printed.addAll(commands(f));
        }
        assertTrue(printed.size() >= 15, "the printed commands were found: " + printed.size());
        List<String> wrong = new ArrayList<>();
        PrintStream nowhere = new PrintStream(java.io.OutputStream.nullOutputStream());
        for (Printed p : printed) {
            CommandLine cl = new SensorSimCommand(null, null, null, () -> null, d -> { }, (o, l) -> 0, nowhere, nowhere)
                    .bench(() -> a -> 0).commandLine();
            try {
                cl.parseArgs(p.args().toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                wrong.add(p.where() + ": sensorsim " + String.join(" ", p.args()) + ": " + e.getMessage());
            }
        }
        assertTrue(wrong.isEmpty(), "printed commands the command line refuses:\n" + String.join("\n", wrong));
    }

    /**
     * The arguments of each {@code java ... -jar .../sensorsim.jar ARGS} (or {@code sensorsim-shell.jar}, {@code -lidar},
     * {@code -proprio}) in a file's code blocks and comment lines; lines continued with a backslash are joined, a
     * synopsis ({@code [--quick]}, {@code <id>}, {@code ...}) and placeholders in capitals are left out.
     */
    private static List<Printed> commands(Path file) throws IOException {
        List<Printed> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        boolean markdown = file.toString().endsWith(".md"), block = false;
        StringBuilder joined = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (markdown && line.startsWith("```")) {
                block = !block;
                continue;
            }
            if (markdown && !block || !markdown && !line.stripLeading().startsWith("#")) {
                continue;
            }
            String text = markdown ? line : line.stripLeading().substring(1);
            if (text.endsWith("\\")) {
                joined.append(text, 0, text.length() - 1).append(' ');
                continue;
            }
            String command = joined.append(text).toString();
            joined.setLength(0);
            java.util.regex.Matcher m = java.util.regex.Pattern
                    .compile("-jar \\S*sensorsim(?:-shell|-lidar|-proprio)?\\.jar((?: [^|&;#>]*)?)").matcher(command);
            if (!m.find()) {
                continue;
            }
            String args = m.group(1).strip();
            if (args.contains("[") || args.contains("<") || args.contains("...") || args.matches(".*\\b[A-Z]{3,}\\b.*")) {
                continue; // a synopsis or placeholders, not a command to run
            }
            out.add(new Printed(ROOT.relativize(file) + ":" + (i + 1), args.isEmpty() ? List.of() : List.of(args.split("\\s+"))));
        }
        return out;
    }
}
