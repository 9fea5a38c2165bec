package sensorsim.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The exported jars' main class: answers {@code --help}, {@code -h}, {@code help [COMMAND]}, {@code COMMAND --help}
 * and {@code --version} from the help texts written at build time (the command line's own usage, by
 * {@code sensor.cli.HelpTexts}), without booting the OSGi runtime; anything else goes to bnd's launcher, which
 * boots the framework and runs the command. A command without a help text here (an unknown one, or {@code bench},
 * whose options are the suite's) also goes to the runtime, which answers it. The runtime runs with the Vector API
 * ({@link VectorRelaunch}).
 */
public final class HelpFirst {
    private static final Set<String> HELP = Set.of("-h", "--help");
    private static final String LAUNCHER = "aQute.launcher.pre.EmbeddedLauncher";

    private HelpFirst() {}

    public static void main(String[] args) throws Exception {
        String text = answer(args);
        if (text != null) {
            System.out.print(text);
            System.out.flush();
            return;
        }
        VectorRelaunch.watchParent();
        var child = VectorRelaunch.command(args);
        if (child.isPresent()) {
            System.exit(VectorRelaunch.run(child.get()));
        }
        Class.forName(LAUNCHER).getMethod("main", String[].class).invoke(null, (Object) args);
    }

    /** The text that answers {@code args} without the runtime, or null when the runtime must answer. */
    static String answer(String[] args) throws IOException {
        if (args.length == 0) {
            return null;
        }
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return text("help/version.txt");
        }
        if (args.length == 1 && HELP.contains(args[0]) || args.length == 1 && args[0].equals("help")) {
            return text("help/sensorsim.txt");
        }
        if (args[0].equals("help")) {
            return args.length == 2 ? text("help/" + safe(args[1]) + ".txt") : null;
        }
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--")) {
                break;
            }
            if (HELP.contains(args[i])) {
                return text("help/" + safe(args[0]) + ".txt");
            }
        }
        return null;
    }

    /** A command name as a resource name: letters, digits and '-' only (anything else finds no text). */
    private static String safe(String name) {
        return name.matches("[A-Za-z0-9-]{1,40}") ? name : "-";
    }

    private static String text(String resource) throws IOException {
        try (InputStream in = HelpFirst.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
