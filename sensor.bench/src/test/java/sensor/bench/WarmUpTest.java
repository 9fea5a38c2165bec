package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmarks' warm-up rule (the figures themselves: {@code sensorsim bench}). */
class WarmUpTest {
    private static boolean done(List<Double> seconds) {
        return WarmUp.done(seconds, Collections.nCopies(seconds.size(), 0.0));
    }

    @Test
    void warmUpEndsAfterThreePassesNoMoreThanTwoPercentFasterThanTheFastestBefore() {
        assertFalse(done(List.of()));
        assertFalse(done(List.of(1.0, 1.0, 1.0)), "at least four passes");
        assertTrue(done(List.of(1.0, 1.0, 1.0, 1.0)));
        assertTrue(done(List.of(5.0, 1.0, 0.99, 1.0, 0.985)), "each within 2 % of the fastest before it");
        assertFalse(done(List.of(1.0, 1.0, 1.0, 0.96)), "the last pass 4 % faster");
        assertFalse(done(List.of(1.0, 0.96, 1.0, 1.0)), "a pass 4 % faster two passes ago");
        assertFalse(done(List.of(5.0, 4.0, 3.0, 2.0, 1.0)), "still getting faster");
        assertTrue(done(List.of(0.5, 2.0, 3.0, 4.0)), "slower passes after a fast one");
    }

    @Test
    void warmUpWaitsForTheCompilersToFallQuiet() {
        List<Double> seconds = List.of(1.0, 1.0, 1.0, 1.0);
        assertTrue(WarmUp.done(seconds, List.of(0.9, 0.05, 0.05, 0.05)), "a twentieth of a pass");
        assertFalse(WarmUp.done(seconds, List.of(0.0, 0.0, 0.06, 0.0)), "the compilers busy in one of the last three");
    }

    @Test
    void warmUpEndsAtItsLimitEvenWhilePassesStillGetFaster() {
        List<Double> seconds = new ArrayList<>();
        for (int i = 1; i < WarmUp.MAX_PASSES; i++) {
            seconds.add(1.0 / i);
        }
        assertFalse(done(seconds));
        seconds.add(1.0 / WarmUp.MAX_PASSES);
        assertTrue(done(seconds));
    }

    @Test
    void runStopsOnceThePassesAreSteady() {
        int[] passes = {0};
        WarmUp.run(() -> passes[0]++);
        assertTrue(passes[0] >= 4 && passes[0] <= WarmUp.MAX_PASSES, passes[0] + " passes");
    }
}
