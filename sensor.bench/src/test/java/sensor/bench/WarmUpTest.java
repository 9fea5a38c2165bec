package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertTrue(done(List.of(1.02, 1.02, 1.0, 1.0, 1.0)), "exactly 2 % faster");
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
    void runTimesEachPassAndTheCompilersWorkDuringIt() {
        // passes of 1 s: the compilers busy 0.5 s in each of the first six, then 0.04 s (quiet): done after nine passes
        long[] clock = {0}, compiler = {0};
        int[] passes = {0};
        Runnable pass = () -> {
            clock[0] += 1_000_000_000L;
            compiler[0] += ++passes[0] <= 6 ? 500 : 40;
        };
        assertEquals(9, WarmUp.run(pass, () -> compiler[0], () -> clock[0]));
        // passes getting 10 % faster each time: never steady, stopped at the limit
        long[] step = {1_000_000_000L};
        clock[0] = 0;
        Runnable faster = () -> {
            clock[0] += step[0];
            step[0] = step[0] * 9 / 10;
        };
        assertEquals(WarmUp.MAX_PASSES, WarmUp.run(faster, () -> 0, () -> clock[0]));
    }

    @Test
    void quietWaitsForASecondWithoutCompilationsOrItsLimit() {
        double short_ = WarmUp.quiet(0.3);
        assertTrue(short_ >= 0.3 && short_ < 0.8, short_ + " s");
        double idle = WarmUp.quiet(5);
        assertTrue(idle >= 1 && idle < 5.5, idle + " s");
    }
}
