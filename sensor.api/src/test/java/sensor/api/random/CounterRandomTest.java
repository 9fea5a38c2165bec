package sensor.api.random;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class CounterRandomTest {

    /** Known-answer vectors of Philox4x32-10 published with Random123 (kat_vectors). */
    @Test
    void philoxMatchesRandom123KnownAnswers() {
        int[] out = new int[4];
        CounterRandom.ofKey(0L).block(0, 0, 0, 0, out);
        assertArrayEquals(new int[] {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}, out);
        CounterRandom.ofKey(0xffffffffffffffffL).block(-1, -1, -1, -1, out);
        assertArrayEquals(new int[] {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}, out);
        CounterRandom.ofKey((0x299f31d0L << 32) | 0xa4093822L).block(0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, out);
        assertArrayEquals(new int[] {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}, out);
    }

    @Test
    void sameCountersGiveSameNumbersInAnyOrder() {
        CounterRandom a = CounterRandom.of(7, "lidar");
        double[] forward = new double[1000], backward = new double[1000];
        for (int i = 0; i < 1000; i++) {
            forward[i] = a.gaussian(3, i, 0);
        }
        CounterRandom b = CounterRandom.of(7, "lidar");
        for (int i = 999; i >= 0; i--) {
            backward[i] = b.gaussian(3, i, 0);
        }
        assertArrayEquals(forward, backward);
        assertNotEquals(a.uniform(3, 0, 0), CounterRandom.of(8, "lidar").uniform(3, 0, 0));
        assertNotEquals(a.uniform(3, 0, 0), CounterRandom.of(7, "imu").uniform(3, 0, 0));
        assertNotEquals(a.uniform(3, 0, 0), a.uniform(3, 0, 1));
        assertNotEquals(a.uniform(3, 0, 0), a.uniform(3L << 32 | 3, 0, 0));
    }

    @Test
    void uniformPassesKolmogorovSmirnov() {
        int n = 100_000;
        double[] u = new double[n];
        CounterRandom r = CounterRandom.of(42, "ks");
        for (int i = 0; i < n; i++) {
            u[i] = r.uniform(1, i, 0);
            assertTrue(u[i] >= 0 && u[i] < 1);
        }
        Arrays.sort(u);
        double d = 0;
        for (int i = 0; i < n; i++) {
            d = Math.max(d, Math.max((i + 1.0) / n - u[i], u[i] - (double) i / n));
        }
        // critical value at alpha = 0.001: 1.95 / sqrt(n)
        assertTrue(d < 1.95 / Math.sqrt(n), "KS statistic " + d);
    }

    @Test
    void gaussianHasUnitMomentsAndNormalTails() {
        int n = 200_000;
        CounterRandom r = CounterRandom.of(1, "g");
        double sum = 0, sum2 = 0, sum4 = 0;
        int beyond2 = 0;
        for (int i = 0; i < n; i++) {
            double g = r.gaussian(0, i, 0);
            sum += g;
            sum2 += g * g;
            sum4 += g * g * g * g;
            if (Math.abs(g) > 2) {
                beyond2++;
            }
        }
        double mean = sum / n, var = sum2 / n - mean * mean;
        assertEquals(0, mean, 4 / Math.sqrt(n));
        assertEquals(1, var, 0.01);
        assertEquals(3, sum4 / n, 0.05); // kurtosis of the normal law
        // P(|Z| > 2) = erfc(2 / sqrt 2) = 0.0455003
        assertEquals(0.0455003, (double) beyond2 / n, 0.0015);
    }
}
