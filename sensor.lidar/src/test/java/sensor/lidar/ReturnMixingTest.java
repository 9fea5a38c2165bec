package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

import sensor.api.ComputePool;
import sensor.lidar.api.ReturnMode;

/**
 * Mixed pixels [L-DET] in return selection, on candidates set by hand: one beam of four sub-rays (one heap node), each
 * sub-ray on its own object, listed out of range order. With c·τ/2 = 0.15 m the returns at 10.2 and 10.3 m merge
 * (0.1 m apart), 10.0 m stays alone (0.2 m from 10.2) and so does 12 m. Each sub-ray carries a quarter of the power.
 */
class ReturnMixingTest {
    /** Sub-ray, object, range (m), intensity: the groups by index are 10.0, 12.0, 10.3, 10.2 m. */
    static final double[][] CANDIDATES = {{0, 7, 10.0, 2.0}, {1, 11, 12.0, 3.0}, {2, 5, 10.3, 1.0}, {3, 9, 10.2, 2.5}};

    static ReturnPipeline.Selection select(ReturnMode mode, double mixingRange, int[] count) {
        ReturnPipeline p = new ReturnPipeline(1, 4, 0.3, 100, 0, mixingRange, mode,
                new BeamDivergence(0.001, 0.005, 0.005, 0), sensor.api.ComputePool.serial(), 1);
        p.reset(4, false, false);
        for (double[] c : CANDIDATES) {
            int slot = 2 * (int) c[0]; // (ray · nodes + node) · 2 + kind 0 (surface)
            p.candEntity[slot] = (int) c[1];
            p.candOpl[slot] = c[2];
            p.candIntensity[slot] = c[3];
        }
        ReturnPipeline.Selection s = p.newSelection();
        count[0] = p.select(0, s);
        return s;
    }

    @Test
    void returnsCloserThanTheRangeResolutionMergeAtTheEnergyWeightedRangeLDET() {
        int[] n = new int[1];
        ReturnPipeline.Selection s = select(ReturnMode.DUAL, 0.15, n);
        assertEquals(2, n[0], "the strongest and the last");
        // 10.2 m (power 2.5/4) and 10.3 m (1/4): 0.875, at (0.625·10.2 + 0.25·10.3)/0.875; named by the stronger part
        assertEquals(0.875, s.intensity[0], 1e-7);
        assertEquals((0.625 * 10.2 + 0.25 * 10.3) / 0.875, s.opl[0], 1e-6);
        assertEquals(9, s.entity[0]);
        assertEquals(6, s.slot[0], "the candidate slot of sub-ray 3");
        assertEquals(12.0, s.opl[1], 1e-6);
        assertEquals(0.75, s.intensity[1], 1e-7);
        assertEquals(11, s.entity[1]);
        s = select(ReturnMode.FIRST, 0.15, n);
        assertEquals(1, n[0]);
        assertEquals(10.0, s.opl[0], 1e-6, "0.2 m from the next: alone");
        assertEquals(0.5, s.intensity[0], 1e-7);
        assertEquals(7, s.entity[0]);
    }

    @Test
    void withoutAPulseWidthOrFartherApartEveryObjectKeepsItsReturnLDET() {
        int[] n = new int[1];
        for (double resolution : new double[] {0, 0.05}) {
            ReturnPipeline.Selection s = select(ReturnMode.DUAL, resolution, n);
            assertEquals(1, n[0], "the strongest is the last");
            assertEquals(12.0, s.opl[0], 1e-6, "the strongest alone: 12 m");
            assertEquals(0.75, s.intensity[0], 1e-7);
            s = select(ReturnMode.FIRST, resolution, n);
            assertEquals(10.0, s.opl[0], 1e-6);
        }
        // a wider resolution chains all four: one return at the weighted range of all
        ReturnPipeline.Selection s = select(ReturnMode.STRONGEST, 2.5, n);
        assertEquals(1, n[0]);
        assertEquals((0.25 * 10.3 + 0.5 * 10.0 + 0.625 * 10.2 + 0.75 * 12.0) / 2.125, s.opl[0], 1e-6);
        assertEquals(2.125, s.intensity[0], 1e-7);
        assertEquals(11, s.entity[0], "the strongest part");
    }
}
