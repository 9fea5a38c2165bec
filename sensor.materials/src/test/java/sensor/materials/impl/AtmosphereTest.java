package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import sensor.api.random.CounterRandom;

/** [L-13] Beer–Lambert and [L-14] atmospheric returns of the ambient material. */
class AtmosphereTest {
    private static final double A = 1.58899e-5, K = 9.5, THETA = 0.52;
    /**
     * Asymptotic Kolmogorov critical value √n·D at significance 0.001 (the tests are deterministic: with
     * five segments at 0.01 one stream of the generator sat at p ≈ 0.006, an ordinary fluctuation; the
     * generator's uniforms themselves pass KS at the expected rate).
     */
    private static final double CRITICAL = 1.949;

    private final Atmosphere air = new Atmosphere(1.000273, 0.000402272, A, K, THETA);

    @Test
    void beerLambertL13_transmittanceIsExponentialInOpl() {
        Atmosphere fog = new Atmosphere(1.0, 0.0123, A, K, THETA);
        for (double x : new double[] {0, 1, 10, 81.3, 500}) {
            assertEquals(Math.exp(-0.0123 * x), fog.transmittance(x), 1e-15);
        }
        // 1/e at x = 1/α; multiplicative over consecutive segments
        assertEquals(1 / Math.E, fog.transmittance(1 / 0.0123), 1e-15);
        assertEquals(fog.transmittance(30) * fog.transmittance(70), fog.transmittance(100), 1e-15);
        assertEquals(0.0123, fog.attenuation());
        assertEquals(1.0, fog.refractiveIndex());
    }

    private static double gamma95() {
        double g = Math.sqrt(Math.PI);
        for (int j = 0; j <= 8; j++) {
            g *= j + 0.5;
        }
        return g;
    }

    private static double pdf(double x) { // independent: Γ(9.5) by its half-integer closed form
        return Math.pow(x, K - 1) * Math.exp(-x / THETA) / (gamma95() * Math.pow(THETA, K));
    }

    @Test
    void atmosphericReturnL14_probabilityIsScaledGammaMass() {
        double[][] segments = {{0, 1}, {1, 3}, {2.5, 5}, {4.9, 5.0}, {6, 12}, {0, 30}};
        for (double[] s : segments) {
            double expected = A * Numerics.integrate(AtmosphereTest::pdf, s[0], s[1], 1e-15);
            assertEquals(expected, air.returnProbability(s[0], s[1]), 1e-9 * expected + 1e-20, Arrays.toString(s));
        }
        assertEquals(A, air.returnProbability(0, Double.POSITIVE_INFINITY), 1e-18);
        assertEquals(0, air.returnProbability(3, 3));
        // additive over adjacent segments
        assertEquals(air.returnProbability(0, 7), air.returnProbability(0, 2) + air.returnProbability(2, 7), 1e-18);
        assertEquals(0, new Atmosphere(1, 0, 0, K, THETA).returnProbability(0, 10));
    }

    @Test
    void atmosphericReturnL14_sampledDistancesFollowTruncatedGammaKolmogorovSmirnov() {
        // lower part (P branch), upper tail (Q branch), a segment across the mode, and the whole half-line
        ks(2.0, 9.0, "ks-a");
        ks(0.0, 3.0, "ks-b");
        ks(7.0, 14.0, "ks-c");
        ks(0.0, 40.0, "ks-d");
        ksHalfLine();
    }

    /** KS test of 1e5 draws on [x0, x1] against the truncated CDF by Simpson quadrature of the pdf. */
    private void ks(double x0, double x1, String stream) {
        int n = 100_000;
        double[] xs = draw(x0, x1, n, stream);
        int grid = 40_000;
        double h = (x1 - x0) / grid;
        double[] cdf = new double[grid + 1];
        for (int i = 0; i < grid; i++) { // Simpson on each interval
            double a = x0 + i * h;
            cdf[i + 1] = cdf[i] + h / 6 * (pdf(a) + 4 * pdf(a + h / 2) + pdf(a + h));
        }
        double total = cdf[grid];
        double d = 0;
        for (int i = 0; i < n; i++) {
            double t = (xs[i] - x0) / h;
            int j = Math.min(grid - 1, (int) t);
            double f = (cdf[j] + (t - j) * (cdf[j + 1] - cdf[j])) / total;
            d = Math.max(d, Math.max((i + 1.0) / n - f, f - (double) i / n));
        }
        double critical = CRITICAL / Math.sqrt(n);
        assertTrue(d < critical, "[" + x0 + ", " + x1 + "] KS D = " + d + " >= " + critical);
    }

    private void ksHalfLine() {
        int n = 100_000;
        double[] xs = draw(0, Double.POSITIVE_INFINITY, n, "ks-inf");
        double d = 0;
        double last = 0, acc = 0;
        for (int i = 0; i < n; i++) {
            acc += Numerics.integrate(AtmosphereTest::pdf, last, xs[i], 1e-13);
            last = xs[i];
            d = Math.max(d, Math.max((i + 1.0) / n - acc, acc - (double) i / n));
        }
        assertTrue(d < CRITICAL / Math.sqrt(n), "[0, inf) KS D = " + d);
    }

    private double[] draw(double x0, double x1, int n, String stream) {
        CounterRandom rnd = CounterRandom.of(2024, stream);
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = air.sampleReturn(x0, x1, rnd.uniform(0, i, 0));
            assertTrue(xs[i] >= x0 && xs[i] < x1, "sample " + xs[i] + " outside [" + x0 + ", " + x1 + ")");
        }
        Arrays.sort(xs);
        return xs;
    }

    @Test
    void atmosphericReturnL14_sampleInvertsCdfAtQuantiles() {
        // u = (F(x) − F(x0))/(F(x1) − F(x0)) by quadrature must map back to x
        double x0 = 3, x1 = 8;
        double mass = Numerics.integrate(AtmosphereTest::pdf, x0, x1, 1e-16);
        for (double x : new double[] {3.2, 4.0, 4.94, 6.5, 7.9}) {
            double u = Numerics.integrate(AtmosphereTest::pdf, x0, x, 1e-16) / mass;
            assertEquals(x, air.sampleReturn(x0, x1, u), 1e-8);
        }
        assertEquals(x0, air.sampleReturn(x0, x1, 0), 1e-12);
    }

    @Test
    void atmosphericReturnL14_farTailSegmentFollowsLogDensity() {
        // x/θ ≈ 1150: the gamma mass underflows in double; the draws must still follow f ∝ x^(k−1) e^(−x/θ)
        double x0 = 600, x1 = 603;
        int n = 50_000;
        double[] xs = draw(x0, x1, n, "tail");
        double mean = Arrays.stream(xs).average().orElseThrow();
        // reference mean with the density relative to x0 (no underflow): g(x) = exp((k−1) ln(x/x0) − (x − x0)/θ)
        java.util.function.DoubleUnaryOperator g = x -> Math.exp((K - 1) * Math.log(x / x0) - (x - x0) / THETA);
        double z = Numerics.integrate(g, x0, x1, 1e-14);
        double m1 = Numerics.integrate(x -> x * g.applyAsDouble(x), x0, x1, 1e-12) / z;
        double var = Numerics.integrate(x -> (x - m1) * (x - m1) * g.applyAsDouble(x), x0, x1, 1e-14) / z;
        double se = Math.sqrt(var / n);
        assertEquals(m1, mean, 4 * se);
    }

    @Test
    void atmosphericReturnL14_probabilityNeverExceedsTheBoundAndTheBoundIsTight() {
        for (double a : new double[] {A, 0.3, 0.5, 1}) {
            Atmosphere m = new Atmosphere(1.0, 0.0123, a, K, THETA);
            double bound = m.maxReturnProbability(), largest = 0;
            for (int i = 0; i <= 200; i++) { // segments from every start, short to unbounded
                double x0 = 0.05 * i;
                for (double len : new double[] {0.01, 0.5, 3, 50, Double.POSITIVE_INFINITY}) {
                    double p = m.returnProbability(x0, x0 + len);
                    assertTrue(p <= bound, "A " + a + ": P[" + x0 + ", +" + len + ") = " + p + " above the bound " + bound);
                    largest = Math.max(largest, p);
                }
            }
            // [0, ∞) holds the whole gamma mass: P = A, so the bound is within a factor 2 of what occurs
            assertEquals(a, largest, 1e-12 * a);
            assertTrue(bound <= Math.min(1, 2 * a), "bound " + bound);
        }
        assertEquals(0, sensor.api.material.AmbientMaterial.clear(1, 0.1).maxReturnProbability());
    }

    @Test
    void returnsL14_probabilityKeepsItsPrecisionInBothTails() {
        // far above the mean, through Q: P rounds to 1 there (k = 2: Q(z) = e^−z (1 + z))
        Atmosphere upper = new Atmosphere(1, 0, 1, 2, 0.1);
        double z0 = 60, z1 = 61, expected = Math.exp(-z0) * (1 + z0) - Math.exp(-z1) * (1 + z1);
        assertEquals(expected, upper.returnProbability(6, 6.1), 1e-12 * expected);
        // close to 0, through P: Q rounds to 1 there (P(z) = z²/2 − z³/3 + O(z⁴))
        Atmosphere lower = new Atmosphere(1, 0, 1, 2, 1);
        double a = 1e-9, b = 2e-9;
        expected = (b * b - a * a) / 2 - (b * b * b - a * a * a) / 3;
        assertEquals(expected, lower.returnProbability(a, b), 1e-9 * expected);
    }

    @Test
    void returnsL14_sampleReturnChecksItsSegment() {
        Atmosphere fog = new Atmosphere(1, 0.01, 0.5, 2, 3);
        assertThrows(IllegalArgumentException.class, () -> fog.sampleReturn(-1, 2, 0.5));
        assertThrows(IllegalArgumentException.class, () -> fog.sampleReturn(3, 2, 0.5));
        assertThrows(IllegalArgumentException.class, () -> fog.sampleReturn(Double.NaN, 2, 0.5));
    }

    @Test
    void returnsL14_farTailSegmentIsTheTruncatedLaw() {
        // k = 2, θ = 1 at 800 m: the gamma mass underflows, the log-linear law stands in; the exact truncated law
        // x e^−x on [800, 801] has the CDF (801 − (x + 1) e^−(x − 800)) / (801 − 802 e^−1)
        Atmosphere fog = new Atmosphere(1, 0, 1, 2, 1);
        for (double u : new double[] {0.05, 0.3, 0.5, 0.8, 0.99}) {
            double lo = 800, hi = 801;
            for (int it = 0; it < 200; it++) {
                double mid = 0.5 * (lo + hi);
                double cdf = (801 - (mid + 1) * Math.exp(-(mid - 800))) / (801 - 802 * Math.exp(-1));
                if (cdf < u) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            assertEquals(lo, fog.sampleReturn(800, 801, u), 1e-6, "u = " + u);
        }
    }

    @Test
    void returnsL14_tinySegmentIsUniformAndStaysBelowItsEnd() {
        // k = 200 close to 0: P underflows; over a few ulps the density is flat, the draw is x0 + u (x1 − x0)
        Atmosphere fog = new Atmosphere(1, 0, 1, 200, 1);
        double x0 = 1e-3, x1 = x0 + 1e-18, length = x1 - x0;
        assertTrue(length > 3 * Math.ulp(x0), "a few ulps");
        for (double u : new double[] {0, 0.3, 0.5, 0.7}) {
            assertEquals(x0 + u * length, fog.sampleReturn(x0, x1, u), 0, "u = " + u);
        }
        for (double u : new double[] {0.99, 0.99999, Math.nextDown(1.0)}) {
            double x = fog.sampleReturn(x0, x1, u);
            assertTrue(x >= x0 && x < x1, u + ": " + x);
            assertEquals(Math.nextDown(x1), x, Math.ulp(x0), "u = " + u);
        }
    }
}
