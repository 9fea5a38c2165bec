package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmarks' warm-up rule (the figures themselves: {@code sensorsim bench}). */
class WarmUpTest {
    @Test
    void warmUpEndsAfterThreePassesNoFasterThanTwoPercentOverTheBestBefore() {
        assertFalse(WarmUp.done(List.of()));
        assertFalse(WarmUp.done(List.of(5.0, 5.0, 5.0)), "at least four passes");
        assertTrue(WarmUp.done(List.of(5.0, 5.0, 5.0, 5.0)));
        assertTrue(WarmUp.done(List.of(1.0, 5.0, 5.1, 5.0, 5.2)), "each within 2 % of the best before it");
        assertFalse(WarmUp.done(List.of(5.0, 5.0, 5.0, 5.2)), "the last pass 4 % faster");
        assertFalse(WarmUp.done(List.of(5.0, 5.2, 5.0, 5.0)), "a pass 4 % faster two passes ago");
        assertFalse(WarmUp.done(List.of(1.0, 2.0, 3.0, 4.0, 5.0)), "still getting faster");
        assertTrue(WarmUp.done(List.of(7.0, 2.0, 3.0, 4.0)), "slower passes after a fast one");
    }

    @Test
    void warmUpEndsAtItsLimitEvenWhilePassesStillGetFaster() {
        List<Double> rates = new ArrayList<>();
        for (int i = 1; i < WarmUp.MAX_PASSES; i++) {
            rates.add((double) i);
        }
        assertFalse(WarmUp.done(rates));
        rates.add((double) WarmUp.MAX_PASSES);
        assertTrue(WarmUp.done(rates));
    }
}
