package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The raytrace figures' warm-up rule (the figures themselves: {@code sensorsim bench}). */
class RaytraceFiguresTest {
    @Test
    void warmUpEndsAfterThreePassesNoFasterThanTwoPercentOverTheBestBefore() {
        assertFalse(RaytraceFigures.warmedUp(List.of()));
        assertFalse(RaytraceFigures.warmedUp(List.of(5.0, 5.0, 5.0)), "at least four passes");
        assertTrue(RaytraceFigures.warmedUp(List.of(5.0, 5.0, 5.0, 5.0)));
        assertTrue(RaytraceFigures.warmedUp(List.of(1.0, 5.0, 5.1, 5.0, 5.2)), "each within 2 % of the best before it");
        assertFalse(RaytraceFigures.warmedUp(List.of(5.0, 5.0, 5.0, 5.2)), "the last pass 4 % faster");
        assertFalse(RaytraceFigures.warmedUp(List.of(5.0, 5.2, 5.0, 5.0)), "a pass 4 % faster two passes ago");
        assertFalse(RaytraceFigures.warmedUp(List.of(1.0, 2.0, 3.0, 4.0, 5.0)), "still getting faster");
        assertTrue(RaytraceFigures.warmedUp(List.of(7.0, 2.0, 3.0, 4.0)), "slower passes after a fast one");
    }

    @Test
    void warmUpEndsAtItsLimitEvenWhilePassesStillGetFaster() {
        List<Double> rates = new ArrayList<>();
        for (int i = 1; i < RaytraceFigures.MAX_WARM_UP; i++) {
            rates.add((double) i);
        }
        assertFalse(RaytraceFigures.warmedUp(rates));
        rates.add((double) RaytraceFigures.MAX_WARM_UP);
        assertTrue(RaytraceFigures.warmedUp(rates));
    }
}
