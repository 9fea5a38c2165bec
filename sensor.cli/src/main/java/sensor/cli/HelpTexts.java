package sensor.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import picocli.CommandLine;

/**
 * Writes the command line's help as text files at build time, so that the exported jars answer {@code --help},
 * {@code help COMMAND} and {@code --version} without booting the OSGi runtime (the distributions' launcher reads
 * them; see {@code distro/src/main/java}). Run as {@code HelpTexts DIR VERSION}: writes {@code DIR/full/} (with the
 * benchmark command and the live service) and {@code DIR/tailored/} (without them), one {@code <command>.txt} per command and
 * {@code sensorsim.txt} for the top level, and {@code DIR/version.txt}.
 */
public final class HelpTexts {
    private HelpTexts() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        for (boolean full : new boolean[] {true, false}) {
            Path variant = Files.createDirectories(dir.resolve(full ? "full" : "tailored"));
            PrintStream nowhere = new PrintStream(java.io.OutputStream.nullOutputStream());
            SensorSimCommand.Server service = full ? (options, live) -> 0 : null;
            CommandLine cl = new SensorSimCommand(null, null, null, () -> null, d -> {}, service, nowhere, nowhere)
                    .bench(() -> full ? a -> 0 : null).commandLine();
            write(variant.resolve("sensorsim.txt"), cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
            for (var sub : cl.getSubcommands().entrySet()) {
                if (!sub.getValue().getCommandSpec().usageMessage().hidden() && !sub.getKey().equals("help")
                        && !sub.getKey().equals("bench") && !sub.getKey().equals("assemble")) { // their options are
                    // their bundles': they answer --help themselves
                    write(variant.resolve(sub.getKey() + ".txt"), sub.getValue().getUsageMessage(CommandLine.Help.Ansi.OFF));
                }
            }
        }
        write(dir.resolve("version.txt"), "sensorsim " + args[1] + System.lineSeparator());
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
