package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The edges of the numerical helpers: branch cuts, infinities, φ rounding up to 2π. */
class EdgeCasesTest {
    @Test
    void complexSquareRootBelowTheRealAxisAndItsText() {
        Complex r = new Complex(3, -4).sqrt(); // (2 − i)² = 3 − 4i, real part ≥ 0
        assertEquals(2, r.re(), 1e-15);
        assertEquals(-1, r.im(), 1e-15);
        assertEquals("1.5 - 2.0i", new Complex(1.5, -2).toString());
        assertEquals("1.5 + 0.0i", new Complex(1.5, 0).toString());
    }

    @Test
    void limitsOfTheIncompleteGammaAndSmithsLambda() {
        assertEquals(0, IncompleteGamma.q(2, Double.POSITIVE_INFINITY, 0));
        assertEquals(Double.POSITIVE_INFINITY, Ggx.lambda(0, 0.18), "a direction in the microfacet's plane is masked");
        assertEquals(Double.POSITIVE_INFINITY, Ggx.lambda(-0.2, 0.18));
    }

    @Test
    void anAzimuthRoundingUpToTwoPiIsTheFirstCell() {
        // φ = atan2(−1e−300, 1) + 2π rounds to exactly 2π: the periodic grid's cell 0, like φ = 0
        double[] samples = new double[2 * 4 * 2 * 4];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = 0.01 * i;
        }
        ExplicitBrdf b = new ExplicitBrdf(2, 4, 2, 4, samples);
        double s = Math.sqrt(0.5);
        assertEquals(b.brdf(s, 0, s, s, 0, s), b.brdf(s, -1e-300, s, s, 0, s), 1e-12);
        assertEquals(b.brdf(s, 0, s, s, 0, s), b.brdf(s, 0, s, s, -1e-300, s), 1e-12);
    }

    @Test
    void theTableRefusesAGridThatDoesNotMatchItsCounts() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new ExplicitBrdf(2, 4, 2, 4, new double[31]));
        assertEquals("samples must hold thetaInCount*phiInCount*thetaViewCount*phiViewCount = 2*4*2*4 = 64 values, got 31",
                e.getMessage());
    }
}
