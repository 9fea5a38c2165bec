package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The two-layer BRDF [L-12] off the normal, against a second implementation written here from the published
 * formulas alone — complex Fresnel [L-5] [L-6] at the half vector, GGX [L-D], Smith height-correlated masking [L-9]
 * [L-10], the specular lobe [L-7] and Oren–Nayar–Fujii [L-11] — over random incidence and view directions (grazing
 * included) for a dielectric, a rough conductor and a rough diffuse coat. The production code shares nothing with
 * this class.
 */
class TwoLayerOffNormalTest {
    /** Complex numbers as {re, im}, only what the formulas need. */
    private static double[] c(double re, double im) { return new double[] {re, im}; }

    private static double[] mul(double[] a, double[] b) { return c(a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]); }

    private static double[] div(double[] a, double[] b) {
        double d = b[0] * b[0] + b[1] * b[1];
        return c((a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d);
    }

    private static double[] add(double[] a, double[] b) { return c(a[0] + b[0], a[1] + b[1]); }

    private static double[] sub(double[] a, double[] b) { return c(a[0] - b[0], a[1] - b[1]); }

    private static double abs2(double[] a) { return a[0] * a[0] + a[1] * a[1]; }

    /** The principal square root (non-negative real part). */
    private static double[] sqrt(double[] a) {
        double r = Math.hypot(a[0], a[1]), re = Math.sqrt((r + a[0]) / 2), im = Math.copySign(Math.sqrt((r - a[0]) / 2), a[1]);
        return c(re, im);
    }

    /** {R, T} of [L-5] [L-6] from vacuum into n + ik at incidence cosine cos1. */
    static double[] fresnel(double n, double k, double cos1) {
        double[] n1 = c(1, 0), n2 = c(n, k), ci = c(cos1, 0);
        double sin2 = 1 - cos1 * cos1;
        double[] ratio = div(n1, n2);
        double[] cos2 = sqrt(sub(c(1, 0), mul(mul(ratio, ratio), c(sin2, 0)))); // Snell: n̂₁ sin θ₁ = n̂₂ sin θ₂
        double[] a = mul(n1, ci), b = mul(n2, cos2), p = mul(n2, ci), q = mul(n1, cos2);
        double[] rs = div(sub(a, b), add(a, b)), rp = div(sub(p, q), add(p, q));
        double[] ts = div(mul(c(2, 0), a), add(a, b)), tp = div(mul(c(2, 0), a), add(p, q));
        double r = (abs2(rs) + abs2(rp)) / 2;
        double t = mul(n2, cos2)[0] / a[0] * (abs2(ts) + abs2(tp)) / 2;
        return new double[] {r, t};
    }

    /** [L-12] written out. */
    static double twoLayer(double n, double k, double sigmaB, double sigmaOn, double cd, double[] l, double[] v) {
        double lz = l[2], vz = v[2];
        double[] h = {l[0] + v[0], l[1] + v[1], l[2] + v[2]};
        double len = Math.sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
        for (int i = 0; i < 3; i++) {
            h[i] /= len;
        }
        double lh = l[0] * h[0] + l[1] * h[1] + l[2] * h[2], vh = v[0] * h[0] + v[1] * h[1] + v[2] * h[2];
        double[] rt = fresnel(n, k, lh);
        double alpha2 = 2 * sigmaB * sigmaB, alpha = Math.sqrt(alpha2);
        double d = alpha2 / (Math.PI * Math.pow((alpha2 - 1) * h[2] * h[2] + 1, 2));
        double aL = lh / (alpha * Math.sqrt(1 - lh * lh)), aV = vh / (alpha * Math.sqrt(1 - vh * vh));
        double lamL = (-1 + Math.sqrt(1 + 1 / (aL * aL))) / 2, lamV = (-1 + Math.sqrt(1 + 1 / (aV * aV))) / 2;
        double g = 1 / (1 + lamL + lamV);
        double spec = rt[0] * g * d / (4 * lz * vz);
        double s2 = sigmaOn * sigmaOn;
        double a = 1 - 0.5 * s2 / (s2 + 0.33) + 0.17 * cd * s2 / (s2 + 0.13), b = 0.45 * s2 / (s2 + 0.09);
        double s = l[0] * v[0] + l[1] * v[1] + l[2] * v[2] - lz * vz, t = s <= 0 ? 1 : Math.max(lz, vz);
        double diffuse = cd / Math.PI * lz * (a + b * s / t);
        return spec + rt[1] * diffuse;
    }

    @Test
    void L12_twoLayerOffNormalMatchesTheFormulasWrittenOutIndependently() {
        double[][] materials = {{1.4517, 0, 0.3, 0.3, 0.8}, {0.18, 3.4, 0.15, 0.2, 0.3}, {2.5, 0.4, 0.8, 1.0, 0.5},
            {1.33, 0, 0.05, 0, 0.6}};
        SplittableRandom rnd = new SplittableRandom(12);
        int offNormal = 0;
        for (int i = 0; i < 20_000; i++) {
            double[] l = Numerics.dir(rnd.nextDouble(0.02, Math.PI / 2 - 0.02), rnd.nextDouble(0, 2 * Math.PI));
            double[] v = Numerics.dir(rnd.nextDouble(0.02, Math.PI / 2 - 0.02), rnd.nextDouble(0, 2 * Math.PI));
            offNormal += l[2] < 0.7 && v[2] < 0.7 ? 1 : 0;
            for (double[] m : materials) {
                GgxOrenNayarBrdf brdf = new GgxOrenNayarBrdf(m[0], m[1], m[2], m[3], m[4]);
                double expected = twoLayer(m[0], m[1], m[2], m[3], m[4], l, v);
                double got = brdf.brdf(l[0], l[1], l[2], v[0], v[1], v[2]);
                double spec = twoLayer(m[0], m[1], m[2], m[3], 0, l, v); // C_D = 0: the coat's lobe alone
                assertEquals(spec, brdf.specularBrdf(l[0], l[1], l[2], v[0], v[1], v[2]), 1e-9 * Math.max(1, spec));
                assertEquals(expected, got, 1e-9 * Math.max(1, Math.abs(expected)),
                        () -> "material " + java.util.Arrays.toString(m) + " l " + java.util.Arrays.toString(l) + " v "
                                + java.util.Arrays.toString(v));
            }
        }
        assertTrue(offNormal > 4_000, offNormal + " pairs with both directions beyond 45° off the normal");
    }

    @Test
    void L6_theIndependentFresnelConservesEnergyWithoutAbsorption() {
        for (double cos = 0.01; cos <= 1; cos += 0.01) {
            double[] rt = fresnel(1.4517, 0, cos);
            assertEquals(1, rt[0] + rt[1], 1e-12, "cos " + cos);
            assertEquals(Fresnel.reflectance(1.0, 1.4517, 0, cos), rt[0], 1e-12);
        }
    }
}
