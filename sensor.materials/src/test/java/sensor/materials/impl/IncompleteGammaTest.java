package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** [L-14] the regularized incomplete gamma function and ln Γ behind the atmospheric-return law. */
class IncompleteGammaTest {
    private static final double[] XS = {1e-3, 0.01, 0.1, 0.5, 1, 2, 3.5, 5, 8, 10, 15, 20, 30, 50};

    @Test
    void incompleteGammaL14_shapeOneIsExponentialCdf() {
        for (double x : XS) {
            assertEquals(-Math.expm1(-x), IncompleteGamma.p(1, x), 1e-14, "x=" + x);
            assertEquals(Math.exp(-x), IncompleteGamma.q(1, x), 1e-14 * Math.max(1e-300, Math.exp(-x)) + 1e-300);
        }
    }

    @Test
    void incompleteGammaL14_integerShapeMatchesPoissonSum() {
        // P(k, x) = 1 − e^{−x} Σ_{j<k} x^j/j!, Q(k, x) = e^{−x} Σ_{j<k} x^j/j!
        for (int k : new int[] {2, 3, 5, 10, 20}) {
            for (double x : XS) {
                double term = 1, sum = 0;
                for (int j = 0; j < k; j++) {
                    sum += term;
                    term *= x / (j + 1);
                }
                double q = Math.exp(-x) * sum;
                assertEquals(1 - q, IncompleteGamma.p(k, x), 1e-13, "k=" + k + " x=" + x);
                assertEquals(q, IncompleteGamma.q(k, x), 1e-13 * Math.max(q, 1e-300) + 1e-15, "k=" + k + " x=" + x);
            }
        }
    }

    @Test
    void incompleteGammaL14_halfShapeIsErfOfRoot() {
        // P(1/2, x) = erf(√x), erf by quadrature of 2/√π e^{−t²}
        for (double x : new double[] {0.01, 0.3, 1, 2, 4, 9}) {
            double z = Math.sqrt(x);
            double erf = 2 / Math.sqrt(Math.PI) * Numerics.integrate(t -> Math.exp(-t * t), 0, z, 1e-15);
            assertEquals(erf, IncompleteGamma.p(0.5, x), 1e-12, "x=" + x);
        }
    }

    @Test
    void incompleteGammaL14_lnGammaKnownValues() {
        // Γ(n) = (n − 1)!, Γ(1/2) = √π, Γ(9.5) = √π · Π_{j=0}^{8} (j + 1/2)
        double fact = 1;
        for (int n = 1; n <= 30; n++) {
            assertEquals(Math.log(fact), IncompleteGamma.lnGamma(n), 1e-13 * Math.max(1, Math.log(fact)), "n=" + n);
            fact *= n;
        }
        assertEquals(0.5 * Math.log(Math.PI), IncompleteGamma.lnGamma(0.5), 1e-14);
        double g95 = Math.sqrt(Math.PI);
        for (int j = 0; j <= 8; j++) {
            g95 *= j + 0.5;
        }
        assertEquals(Math.log(g95), IncompleteGamma.lnGamma(9.5), 1e-13);
        assertEquals(119292.46199, g95, 1e-4); // Γ(9.5) = 119292.461995… (tables)
        assertEquals(Math.log(Math.PI / Math.sin(Math.PI * 0.25)) - IncompleteGamma.lnGamma(0.75), IncompleteGamma.lnGamma(0.25), 1e-13);
    }

    @Test
    void incompleteGammaL14_pdfIntegratesToCdf() {
        // for the manual's shape k = 9.5, θ = 1: P(k, x) = ∫_0^x f, f normalised with Γ(9.5) closed form
        double g95 = Math.sqrt(Math.PI);
        for (int j = 0; j <= 8; j++) {
            g95 *= j + 0.5;
        }
        double norm = g95;
        for (double x : new double[] {1, 5, 9.5, 10.5, 14, 25}) {
            double integral = Numerics.integrate(t -> Math.pow(t, 8.5) * Math.exp(-t) / norm, 0, x, 1e-14);
            assertEquals(integral, IncompleteGamma.p(9.5, x), 1e-11, "x=" + x);
            assertEquals(1 - integral, IncompleteGamma.q(9.5, x), 1e-11, "x=" + x);
        }
    }

    @Test
    void incompleteGammaL14_pdfMatchesTheClosedFormForAnyScale() {
        // f(x; k, θ) = x^(k−1) e^(−x/θ) / (Γ(k) θ^k), with Γ(3) = 2, Γ(1) = 1, Γ(1/2) = √π
        double[][] cases = {{3, 2.0, Math.log(2)}, {1, 0.5, 0}, {0.5, 3.0, Math.log(Math.sqrt(Math.PI))}};
        for (double[] c : cases) {
            double k = c[0], theta = c[1];
            double gamma = Math.exp(c[2]);
            for (double x : new double[] {0.01, 0.3, 1, 2.5, 7, 20}) {
                double expected = Math.pow(x, k - 1) * Math.exp(-x / theta) / (gamma * Math.pow(theta, k));
                assertEquals(expected, IncompleteGamma.gammaPdf(x, k, theta, c[2]), 1e-13 * Math.max(1, expected),
                        "k=" + k + " θ=" + theta + " x=" + x);
            }
            assertEquals(0, IncompleteGamma.gammaPdf(-1e-9, k, theta, c[2]));
            assertEquals(0, IncompleteGamma.gammaPdf(Double.POSITIVE_INFINITY, k, theta, c[2]));
        }
        assertEquals(0, IncompleteGamma.gammaPdf(0, 3, 2, Math.log(2)), "k > 1: 0 at the origin");
        assertEquals(2, IncompleteGamma.gammaPdf(0, 1, 0.5, 0), "k = 1: 1/θ at the origin");
        assertEquals(Double.POSITIVE_INFINITY, IncompleteGamma.gammaPdf(0, 0.5, 3, Math.log(Math.sqrt(Math.PI))));
        // Q(2, x) = (1 + x) e^(−x), with ln Γ(2) = 0 given
        for (double x : new double[] {0.1, 1, 3, 12}) {
            assertEquals((1 + x) * Math.exp(-x), IncompleteGamma.q(2, x, 0), 1e-13, "x=" + x);
        }
    }
}
