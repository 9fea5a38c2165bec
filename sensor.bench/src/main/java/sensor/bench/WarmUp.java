package sensor.bench;

import java.util.List;

/** When a benchmark's warm-up passes may stop: the JIT compilers done with what the passes run. */
public final class WarmUp {
    private WarmUp() {}

    /** The most warm-up passes of a figure. */
    public static final int MAX_PASSES = 30;

    /**
     * Whether the warm-up passes' {@code rates} show the JIT done: the last three each no more than 2 % above the
     * best before them (at least four passes, at most {@link #MAX_PASSES}). A figure's first passes run before the
     * compilers have finished the kernels, and on a 2-core machine they finish at different times from run to run,
     * so a fixed number of warm-ups let the first figure vary by half.
     */
    public static boolean done(List<Double> rates) {
        int n = rates.size();
        if (n >= MAX_PASSES) {
            return true;
        }
        if (n < 4) {
            return false;
        }
        double before = 0;
        for (int i = 0; i < n - 3; i++) {
            before = Math.max(before, rates.get(i));
        }
        for (int i = n - 3; i < n; i++) {
            if (rates.get(i) > 1.02 * before) {
                return false;
            }
            before = Math.max(before, rates.get(i));
        }
        return true;
    }
}
