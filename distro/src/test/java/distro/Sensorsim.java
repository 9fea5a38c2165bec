package distro;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an exported distribution jar as a process, with no input, and collects its exit code and output. */
final class Sensorsim {
    private Sensorsim() {}

    /** Exit code and the output (stdout and stderr together). */
    record Run(int code, String output) {}

    /** {@code java -jar target/<jar> args...} in {@code work}. */
    static Run run(Path work, String jar, String... args) throws Exception {
        return run(work, List.of(), jar, args);
    }

    /** {@code java <jvmOptions> -jar target/<jar> args...} in {@code work}. */
    static Run run(Path work, List<String> jvmOptions, String jar, String... args) throws Exception {
        Path p = Path.of("target", jar).toAbsolutePath();
        assertTrue(Files.isRegularFile(p), "exported distribution " + p);
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-jar", p.toString()));
        cmd.addAll(List.of(args));
        Process process = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(300, TimeUnit.SECONDS), "sensorsim finished");
        return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
