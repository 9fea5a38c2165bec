package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The host test program {@code target/physics-host}: the {@code SIM_HD} functions of {@code src/main/cuda} compiled
 * for the CPU by nvcc (the build's {@code nvcc-host} step), with the cases of {@code src/test/cuda}. A call sends a
 * case's name and arguments, and gets its results back, every double as its 64 bits, so a test compares the CUDA
 * code with the Java pipeline to the last bit.
 */
final class HostProgram {
    static final Path PROGRAM = Path.of("target", "physics-host");

    private HostProgram() {}

    /** Runs case {@code name} once per row of {@code args}; the results, one row per call. */
    static double[][] run(String name, List<double[]> args) {
        assertTrue(Files.isExecutable(PROGRAM), PROGRAM + " is missing: the build compiles it (nvcc-host)");
        try {
            Path in = Files.createTempFile("physics-host", ".in"), out = Files.createTempFile("physics-host", ".out");
            try {
                StringBuilder text = new StringBuilder();
                for (double[] row : args) {
                    text.append(name);
                    for (double a : row) {
                        text.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(a)));
                    }
                    text.append('\n');
                }
                Files.writeString(in, text, StandardCharsets.US_ASCII);
                Process p = new ProcessBuilder(PROGRAM.toAbsolutePath().toString()).redirectInput(in.toFile())
                        .redirectOutput(out.toFile()).redirectErrorStream(false).start();
                assertTrue(p.waitFor(120, TimeUnit.SECONDS), "physics-host did not finish in 120 s");
                assertEquals(0, p.exitValue(), "physics-host exit status");
                List<String> lines = Files.readAllLines(out, StandardCharsets.US_ASCII);
                assertEquals(args.size(), lines.size(), "one result line per call");
                double[][] results = new double[lines.size()][];
                for (int i = 0; i < results.length; i++) {
                    String line = lines.get(i);
                    assertTrue(!line.startsWith("error"), line);
                    String[] words = line.trim().split(" ");
                    results[i] = new double[words.length];
                    for (int k = 0; k < words.length; k++) {
                        results[i][k] = Double.longBitsToDouble(Long.parseUnsignedLong(words[k], 16));
                    }
                }
                return results;
            } finally {
                Files.deleteIfExists(in);
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new AssertionError("physics-host: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** {@link #run} for one call. */
    static double[] call(String name, double... args) {
        return run(name, List.of(args))[0];
    }

    /** Distance in units in the last place between two doubles of one sign (0 when both are the same bits). */
    static long ulps(double a, double b) {
        if (Double.doubleToLongBits(a) == Double.doubleToLongBits(b)) {
            return 0;
        }
        if (Double.isNaN(a) || Double.isNaN(b) || Math.signum(a) * Math.signum(b) < 0) {
            return Long.MAX_VALUE;
        }
        return Math.abs(Double.doubleToLongBits(Math.abs(a)) - Double.doubleToLongBits(Math.abs(b)));
    }

    /** Rows of {@code n} argument vectors made by {@code row}. */
    static List<double[]> rows(int n, java.util.function.IntFunction<double[]> row) {
        List<double[]> r = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            r.add(row.apply(i));
        }
        return r;
    }
}
