package sensorsim.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The fast path for {@code java -jar sensorsim.jar}: an executable jar's manifest cannot add a module, so when this JVM
 * lacks {@code jdk.incubator.vector} and its JDK has it, a command that traces for long ({@code run}, {@code batch},
 * {@code serve}, {@code bench}, {@code demo}) runs the jar once more in a child JVM with
 * {@code --add-modules jdk.incubator.vector} and this JVM's own options, and waits for it. The child's exit code is this
 * process's; SIGTERM or Ctrl-C here reaches the child, which completes its files; a child whose parent was killed
 * ({@code kill -9}) halts within a quarter of a second, as the parent did. The JVM's one-line
 * {@code WARNING: Using incubator modules} notice is left out of the child's stderr.
 * <p>
 * Not relaunched: with {@code -Dsensorsim.traversal=scalar} or {@code -Dsensorsim.relaunch=false}, when the JVM already
 * has the module (the {@code sensorsim} script, {@code JDK_JAVA_OPTIONS}), when the JDK has no such module, or when the
 * jar's manifest says {@code Sensorsim-Relaunch: false} (the shell distribution).
 */
final class VectorRelaunch {
    static final String MODULE = "jdk.incubator.vector";
    /** The child's system property holding the parent's process id (a property, so no grandchild inherits it). */
    static final String PARENT = "sensorsim.parent";
    private static final byte[] NOTICE = ("WARNING: Using incubator modules: " + MODULE).getBytes(StandardCharsets.UTF_8);

    /**
     * The child's options for the Vector API kernels ({@code sensor.raytrace.VectorLanes}): compiled by C2 after a
     * twentieth of the usual invocations, since until then they run in the interpreter and C1, which box every vector;
     * on the 10 s demo this saves about 0.35 s (2-core Intel Xeon, JDK 17). {@code quiet}: the JVM prints nothing about it.
     * The {@code sensorsim} script passes the same options.
     */
    static final List<String> KERNEL_OPTIONS = List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=CompileThresholdScaling,sensor/raytrace/VectorLanes.*,0.05");

    private VectorRelaunch() {}

    /**
     * The commands that trace long enough for the packets to repay a second JVM and the Vector API's warm-up (none:
     * {@code serve}); {@code validate}, {@code types} and the like answer sooner in one JVM.
     */
    private static final java.util.Set<String> LONG = java.util.Set.of("run", "batch", "serve", "bench", "demo");

    /** The child's command line when this JVM should relaunch, else empty. */
    static Optional<List<String>> command(String[] args) {
        if (args.length > 0 && !LONG.contains(args[0]) || System.getProperty(PARENT) != null || "false".equals(System.getProperty("sensorsim.relaunch"))
                || "scalar".equals(System.getProperty("sensorsim.traversal"))
                || ModuleLayer.boot().findModule(MODULE).isPresent() || ModuleFinder.ofSystem().find(MODULE).isEmpty()) {
            return Optional.empty();
        }
        Optional<String> javaCommand = ProcessHandle.current().info().command();
        Path jar;
        try {
            jar = Path.of(VectorRelaunch.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
        if (javaCommand.isEmpty() || !jar.toString().endsWith(".jar") || !relaunches(jar)) {
            return Optional.empty();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(javaCommand.get());
        cmd.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-D" + PARENT + "=" + ProcessHandle.current().pid());
        if (Runtime.version().feature() >= 24) { // the framework's sun.misc.Unsafe use, allowed without a warning
            cmd.add("--sun-misc-unsafe-memory-access=allow");
        }
        cmd.addAll(KERNEL_OPTIONS);
        cmd.addAll(List.of("--add-modules", MODULE, "-jar", jar.toString()));
        cmd.addAll(Arrays.asList(args));
        return Optional.of(cmd);
    }

    /**
     * Whether the jar's manifest lets it relaunch ({@code Sensorsim-Relaunch}, false for the shell distribution, where
     * Ctrl-C interrupts a shell command and must not end a parent process).
     */
    private static boolean relaunches(Path jar) {
        try (java.util.jar.JarFile j = new java.util.jar.JarFile(jar.toFile())) {
            java.util.jar.Manifest m = j.getManifest();
            return m != null && !"false".equals(m.getMainAttributes().getValue("Sensorsim-Relaunch"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs {@code command} as the child and returns its exit code. */
    static int run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT);
        // their options are among this JVM's input arguments already
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process child = pb.start();
        Thread stderr = new Thread(() -> copyWithoutNotice(child.getErrorStream(), System.err), "sensorsim child stderr");
        stderr.setDaemon(true);
        stderr.start();
        Thread stop = new Thread(() -> { // SIGTERM, SIGINT: the child ends its run as it would alone
            if (child.isAlive()) {
                child.destroy();
                try {
                    if (!child.waitFor(60, TimeUnit.SECONDS)) {
                        child.destroyForcibly();
                    }
                    stderr.join(1000);
                } catch (InterruptedException e) {
                    child.destroyForcibly();
                }
            }
        }, "sensorsim child stop");
        Runtime.getRuntime().addShutdownHook(stop);
        int code = child.waitFor();
        stderr.join();
        return code;
    }

    /**
     * In the child: halts when the parent that launched it is gone, seen as this process's parent changing (an orphan is
     * handed to another process at once, even while its dead parent waits to be reaped).
     */
    static void watchParent() {
        String pid = System.getProperty(PARENT);
        if (pid == null || !pid.matches("\\d{1,19}")) {
            return;
        }
        long parent = Long.parseLong(pid);
        Thread watch = new Thread(() -> {
            while (ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L) == parent) {
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
            Runtime.getRuntime().halt(137);
        }, "sensorsim parent watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** Copies {@code in} to {@code out}, leaving out a first line that is the JVM's incubator notice. */
    static void copyWithoutNotice(InputStream in, OutputStream out) {
        try {
            byte[] first = new byte[NOTICE.length + 1];
            int n = 0;
            int b;
            while (n < first.length && (b = in.read()) >= 0) {
                first[n++] = (byte) b;
                boolean prefix = n <= NOTICE.length ? Arrays.equals(first, 0, n, NOTICE, 0, n) : b == '\n';
                if (!prefix) {
                    break;
                }
            }
            boolean notice = n == first.length && first[n - 1] == '\n';
            if (!notice) {
                out.write(first, 0, n);
                out.flush();
            }
            byte[] buf = new byte[8192];
            while ((n = in.read(buf)) >= 0) {
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // the child's stderr closed: nothing more to copy
        }
    }
}
