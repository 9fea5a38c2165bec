package sensor.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/** A benchmark's warm-up: passes until the JIT compilers are done with what the passes run. */
public final class WarmUp {
    /** The most warm-up passes of a figure. */
    public static final int MAX_PASSES = 30;

    private WarmUp() {}

    /**
     * Runs {@code pass} until {@link #done} says the JIT is done with it. The compilers' time comes from the JVM's
     * {@link CompilationMXBean} where it reports one (else only the passes' times decide).
     */
    public static void run(Runnable pass) {
        LongSupplier compilerMillis = compilerMillis();
        run(pass, compilerMillis != null ? compilerMillis : () -> 0, System::nanoTime);
    }

    /** The JIT compilers' total milliseconds from the JVM's {@link CompilationMXBean}; null where it reports none. */
    private static LongSupplier compilerMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit::getTotalCompilationTime : null;
    }

    /** {@link #run(Runnable)} with the compilers' total milliseconds and the clock's nanoseconds given. */
    static int run(Runnable pass, LongSupplier compilerMillis, LongSupplier nanos) {
        List<Double> seconds = new ArrayList<>(), compiling = new ArrayList<>();
        while (!done(seconds, compiling)) {
            long c0 = compilerMillis.getAsLong(), t0 = nanos.getAsLong();
            pass.run();
            seconds.add((nanos.getAsLong() - t0) * 1e-9);
            compiling.add((compilerMillis.getAsLong() - c0) * 1e-3);
        }
        return seconds.size();
    }

    /**
     * Waits until the JIT compilers have been idle for a second (their total time, which grows as each compilation
     * ends, unchanged), at most {@code maxSeconds}: what ran before a section (the runtime's boot, the section before)
     * leaves compilations queued, and on a 2-core machine they take a core, or its other hyperthread, from the passes.
     * Returns the seconds waited.
     */
    public static double quiet(double maxSeconds) {
        LongSupplier compilerMillis = compilerMillis();
        long start = System.nanoTime();
        if (compilerMillis == null) {
            return 0;
        }
        long last = compilerMillis.getAsLong(), since = start;
        while (System.nanoTime() - since < 1_000_000_000L && System.nanoTime() - start < maxSeconds * 1e9) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = compilerMillis.getAsLong();
            if (now != last) {
                last = now;
                since = System.nanoTime();
            }
        }
        return (System.nanoTime() - start) * 1e-9;
    }

    /**
     * Whether warm-up passes that took {@code seconds}, while the compilers worked {@code compiling} seconds, show the
     * JIT done: each of the last three no more than 2 % faster than the fastest before it, with the compilers busy for
     * at most a twentieth of it (at least four passes, at most {@link #MAX_PASSES}). A figure's first passes run before
     * the compilers have finished its kernels, and on a 2-core machine the compilers, still at work on what ran
     * before, take a core from the passes: with a fixed two warm-ups the first figure varied by half from run to run.
     */
    static boolean done(List<Double> seconds, List<Double> compiling) {
        int n = seconds.size();
        if (n >= MAX_PASSES) {
            return true;
        }
        if (n < 4) {
            return false;
        }
        double fastest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n - 3; i++) {
            fastest = Math.min(fastest, seconds.get(i));
        }
        for (int i = n - 3; i < n; i++) {
            if (seconds.get(i) * 1.02 < fastest || compiling.get(i) > seconds.get(i) / 20) {
                return false;
            }
            fastest = Math.min(fastest, seconds.get(i));
        }
        return true;
    }
}
