package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** [L-D] GGX distribution, [L-9] [L-10] Smith masking–shadowing, [L-7] microfacet specular layer. */
class GgxTest {
    private static final double[] ROUGHNESS = {0.02, 0.1, 0.3, 0.7, 1.0, 2.0};

    @Test
    void ggxLD_distributionIsNormalisedOverHemisphere() {
        // ∫ D(h)(h·n) dω = 2π ∫_0^1 D(μ) μ dμ = 1
        for (double sigma : ROUGHNESS) {
            double a2 = Ggx.alpha2(sigma);
            double integral = 2 * Math.PI * Numerics.integrate(mu -> Ggx.distribution(mu, a2) * mu, 0, 1, 1e-12);
            assertEquals(1.0, integral, 1e-7, "σ_B = " + sigma);
        }
    }

    @Test
    void ggxLD_distributionIsNormalisedByTwoDimensionalQuadrature() {
        for (double sigma : new double[] {0.3, 0.7}) {
            double a2 = Ggx.alpha2(sigma);
            double integral = Numerics.hemisphere((x, y, z) -> Ggx.distribution(z, a2) * z, 2000, 8);
            assertEquals(1.0, integral, 1e-5, "σ_B = " + sigma);
        }
    }

    @Test
    void ggxLD_alphaSquaredIsTwiceBeckmannSquared() {
        // D(n) = α²/(π α⁴) = 1/(π α²) with α² = 2σ²
        double sigma = 0.3;
        assertEquals(1 / (Math.PI * 2 * sigma * sigma), Ggx.distribution(1.0, Ggx.alpha2(sigma)), 1e-12);
    }

    @Test
    void ggxL9_smithG1MatchesTanForm() {
        // with 1/a² = α² tan²θ: G₁ = 2 / (1 + sqrt(1 + α² tan²θ))
        for (double sigma : ROUGHNESS) {
            double a2 = Ggx.alpha2(sigma);
            for (int i = 1; i < 90; i++) {
                double t = Math.toRadians(i);
                double expected = 2 / (1 + Math.sqrt(1 + a2 * Math.tan(t) * Math.tan(t)));
                assertEquals(expected, Ggx.smithG1(Math.cos(t), a2), 1e-12);
            }
            assertEquals(1.0, Ggx.smithG1(1.0, a2), 0);
        }
    }

    @Test
    void ggxL10_maskingShadowingBetweenZeroAndOne() {
        SplittableRandom rnd = new SplittableRandom(10);
        for (int i = 0; i < 100_000; i++) {
            double a2 = Ggx.alpha2(rnd.nextDouble(0, 3));
            double cl = rnd.nextDouble(), cv = rnd.nextDouble();
            double g = Ggx.smithG(cl, cv, a2);
            assertTrue(g >= 0 && g <= 1, "G = " + g);
            // height-correlated G is at most each single-direction G₁
            assertTrue(g <= Ggx.smithG1(cl, a2) + 1e-15 && g <= Ggx.smithG1(cv, a2) + 1e-15);
            // and at least the uncorrelated product
            assertTrue(g >= Ggx.smithG1(cl, a2) * Ggx.smithG1(cv, a2) - 1e-15);
        }
    }

    @Test
    void ggxL7_specularIsReciprocal() {
        SplittableRandom rnd = new SplittableRandom(7);
        GgxOrenNayarBrdf[] ms = {
            new GgxOrenNayarBrdf(1.4517, 0, 0.3, 0.3, 0.8), new GgxOrenNayarBrdf(0.037, 5.57, 0.05, 0, 0.02),
            new GgxOrenNayarBrdf(2.5, 0.4, 0.8, 1, 0.5), new GgxOrenNayarBrdf(1.4517, 0, 0.3, 0.3, 0.0)};
        for (int i = 0; i < 20_000; i++) {
            double[] l = Numerics.dir(rnd.nextDouble(0, Math.PI / 2), rnd.nextDouble(0, 2 * Math.PI));
            double[] v = Numerics.dir(rnd.nextDouble(0, Math.PI / 2), rnd.nextDouble(0, 2 * Math.PI));
            for (GgxOrenNayarBrdf m : ms) {
                double a = m.specularBrdf(l[0], l[1], l[2], v[0], v[1], v[2]);
                double b = m.specularBrdf(v[0], v[1], v[2], l[0], l[1], l[2]);
                assertEquals(a, b, 1e-12 * Math.max(1, a));
            }
            // with no diffuse layer the whole two-layer BRDF is the specular term, so reciprocal too
            double a = ms[3].brdf(l[0], l[1], l[2], v[0], v[1], v[2]);
            double b = ms[3].brdf(v[0], v[1], v[2], l[0], l[1], l[2]);
            assertEquals(a, b, 1e-12 * Math.max(1, a));
        }
    }

    @Test
    void ggxL7_normalIncidencePeakMatchesClosedForm() {
        // l = v = n: h = n, G = 1, D = 1/(π α²), R = ((1 − n)/(1 + n))²  →  f_spec = R / (4 π α²)
        double n = 1.4517, sigma = 0.3, a2 = 2 * sigma * sigma;
        double r = Math.pow((1 - n) / (1 + n), 2);
        GgxOrenNayarBrdf m = new GgxOrenNayarBrdf(n, 0, sigma, 0.3, 0.8);
        assertEquals(r / (4 * Math.PI * a2), m.specularBrdf(0, 0, 1, 0, 0, 1), 1e-14);
    }

    @Test
    void ggxL7_zeroRoughnessCoatHasNoSampledLobe() {
        GgxOrenNayarBrdf m = new GgxOrenNayarBrdf(1.4517, 0, 0, 0, 0);
        assertEquals(0, m.brdf(0, 0, 1, 0, 0, 1));
        assertEquals(Math.pow(0.4517 / 2.4517, 2), m.specularReflectance(1), 1e-15);
        // a rough coat keeps its reflection in the lobe: no mirror child
        assertEquals(0, new GgxOrenNayarBrdf(1.4517, 0, 0.3, 0.3, 0.8).specularReflectance(1));
    }

    @Test
    void ggxL7_grazingLightOrViewGivesNothing() {
        // l·n = 0 or v·n = 0 exactly: the surface neither receives nor sends (no 0 in 4(l·n)(v·n) reached)
        GgxOrenNayarBrdf m = new GgxOrenNayarBrdf(1.5, 0.2, 0.3, 0.25, 0.6);
        double s = Math.sqrt(0.5);
        assertTrue(m.brdf(s, 0, s, 0, s, s) > 0);
        assertEquals(0, m.brdf(1, 0, 0, 0, 0, 1), 0);
        assertEquals(0, m.brdf(0, 0, 1, 1, 0, 0), 0);
        assertEquals(0, m.specularBrdf(1, 0, 0, 0, 0, 1), 0);
        assertEquals(0, m.specularBrdf(0, 0, 1, 1, 0, 0), 0);
        assertTrue(m.specularBrdf(s, 0, s, 0, s, s) > 0);
    }
}
