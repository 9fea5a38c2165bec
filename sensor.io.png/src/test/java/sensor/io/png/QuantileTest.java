package sensor.io.png;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The previews' quantiles by selection against a full sort, the second method: for every rank, the element the sort
 * puts there, bit for bit ({@code -0.0} before {@code 0.0}), over arrays with many ties, runs and one value only.
 */
class QuantileTest {
    @Test
    void selectionFindsTheElementASortPutsAtEveryRank() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 60; trial++) {
            int n = 1 + random.nextInt(trial < 30 ? 40 : 3000);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = switch (trial % 5) {
                    case 0 -> random.nextGaussian();
                    case 1 -> random.nextInt(4) - 2 + (random.nextBoolean() ? -0.0 : 0.0); // ties and both zeros
                    case 2 -> i; // sorted: a run
                    case 3 -> n - i; // reversed
                    default -> 7.5; // one value
                };
            }
            double[] sorted = a.clone();
            Arrays.sort(sorted);
            for (int k : new int[] {0, n / 2, n - 1, random.nextInt(n)}) {
                double[] copy = a.clone();
                assertEquals(Double.doubleToRawLongBits(sorted[k]), Double.doubleToRawLongBits(Previews.select(copy, n, k)),
                        "trial " + trial + ", n = " + n + ", rank " + k);
                double[] reordered = copy.clone();
                Arrays.sort(reordered);
                assertEquals(Arrays.toString(sorted), Arrays.toString(reordered), "the same values, reordered");
            }
        }
    }

    @Test
    void quantilesAreNearestRanks() {
        double[] a = {5, 1, 4, 2, 3, 9, 8, 7, 6, 10};
        assertEquals(1, Previews.quantile(a.clone(), 0.0));
        assertEquals(6, Previews.quantile(a.clone(), 0.5));
        assertEquals(10, Previews.quantile(a.clone(), 0.999));
        assertEquals(10, Previews.quantile(a.clone(), 1.0));
        assertEquals(0, Previews.quantile(new double[0], 0.5));
    }
}
