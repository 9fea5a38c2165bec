package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * [L-14] the sampled return OPL against the gamma law integrated here by quadrature (not through
 * {@link IncompleteGamma}): for segments below the mode, across it, above it and unbounded, the truncated CDF of the
 * drawn OPL equals the uniform it was drawn with; the probability of a return on a segment is A times the law's mass
 * on it; the moments the gamma law has in closed form (mean kθ).
 */
class AtmosphereInversionTest {
    static final double A = 0.7, K = 9.5, THETA = 2.5;
    static final Atmosphere FOG = new Atmosphere(1.0, 0.0123, A, K, THETA);

    /** Γ(9.5) in closed form: √π · ∏(j + 1/2), j = 0..8. */
    static double gamma95() {
        double g = Math.sqrt(Math.PI);
        for (int j = 0; j <= 8; j++) {
            g *= j + 0.5;
        }
        return g;
    }

    static final double NORM = gamma95() * Math.pow(THETA, K);

    /** ∫ from a to b of the gamma pdf x^(k−1) e^(−x/θ) / (Γ(k) θ^k), by adaptive quadrature. */
    static double mass(double a, double b) {
        return Numerics.integrate(x -> Math.pow(x, K - 1) * Math.exp(-x / THETA) / NORM, a, b, 1e-15);
    }

    @Test
    void L14_drawnOplInvertsTheTruncatedGammaCdf() {
        double mode = (K - 1) * THETA; // 21.25 m; the upper tail starts at kθ = 23.75 m
        double[][] segments = {{1, 8}, {5, 30}, {18, 26}, {24, 40}, {40, 90}, {60, 200}};
        for (double[] s : segments) {
            double total = mass(s[0], s[1]);
            assertEquals(A * total, FOG.returnProbability(s[0], s[1]), 1e-12 + 1e-9 * total, "probability on " + s[0] + ".." + s[1]);
            for (double u : new double[] {0, 0.001, 0.1, 0.37, 0.5, 0.81, 0.999}) {
                double x = FOG.sampleReturn(s[0], s[1], u);
                assertTrue(x >= s[0] && x < s[1], "inside the segment: " + x);
                assertEquals(u, mass(s[0], x) / total, 1e-9, "segment " + s[0] + ".." + s[1] + ", u = " + u + " (mode " + mode + ")");
            }
        }
    }

    @Test
    void L14_anUnboundedSegmentHasTheGammaTail() {
        for (double x0 : new double[] {0, 10, 30}) {
            double tail = 1 - mass(0, x0);
            assertEquals(A * tail, FOG.returnProbability(x0, Double.POSITIVE_INFINITY), 1e-10);
            for (double u : new double[] {0.05, 0.5, 0.95}) {
                double x = FOG.sampleReturn(x0, Double.POSITIVE_INFINITY, u);
                assertEquals(u, mass(x0, x) / tail, 1e-9, "from " + x0 + ", u = " + u);
            }
        }
        // over the whole ray the drawn OPL has the gamma law's median: its mean kθ = 23.75 m lies above the median
        double median = FOG.sampleReturn(0, Double.POSITIVE_INFINITY, 0.5);
        assertEquals(0.5, mass(0, median), 1e-10);
        assertTrue(median < K * THETA && median > (K - 1) * THETA, "mode < median < mean: " + median);
    }

    @Test
    void L14_farTailsFallBackToALogLinearDensityInsideTheSegment() {
        // at 5,000 θ the gamma mass of the segment underflows: the draw is still inside, ordered with u, and near x0
        // for small u (the density decays as e^(−(1/θ − (k−1)/x)(x − x0)))
        double x0 = 5000 * THETA, x1 = x0 + 100;
        assertEquals(0, FOG.returnProbability(x0, x1));
        double last = x0;
        for (double u : new double[] {0, 0.2, 0.5, 0.8, 0.99}) {
            double x = FOG.sampleReturn(x0, x1, u);
            assertTrue(x >= last && x < x1, u + " → " + x);
            last = x;
        }
        double lambda = 1 / THETA - (K - 1) / (x0 + 50);
        assertEquals(x0 - Math.log(1 - 0.5 * (1 - Math.exp(-lambda * 100))) / lambda, FOG.sampleReturn(x0, x1, 0.5), 1e-9);
        assertEquals(x0 - Math.log(0.5) / (1 / THETA - (K - 1) / x0), FOG.sampleReturn(x0, Double.POSITIVE_INFINITY, 0.5), 1e-6);
    }
}
