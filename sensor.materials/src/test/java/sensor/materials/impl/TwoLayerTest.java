package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** [L-11] Oren–Nayar layer and [L-12] the two-layer total. */
class TwoLayerTest {

    /**
     * [L-SPEC] Up to the mirror roughness (0.01 included) the coat is a delta lobe: no specular BRDF, its reflectance
     * carried by a mirror child; just above it, a GGX lobe and no child.
     */
    @Test
    void mirrorRoughnessLSPEC_endsTheDeltaLobeAtOneHundredth() {
        GgxOrenNayarBrdf mirror = new GgxOrenNayarBrdf(0.037, 5.57, GgxOrenNayarBrdf.MIRROR_ROUGHNESS, 0, 0);
        GgxOrenNayarBrdf rough = new GgxOrenNayarBrdf(0.037, 5.57, 0.011, 0, 0);
        assertEquals(0, mirror.brdf(0, 0, 1, 0, 0, 1));
        assertEquals(0, mirror.specularBrdf(0, 0, 1, 0, 0, 1));
        assertTrue(mirror.specularReflectance(1) > 0.9, "silver reflects most of the beam");
        assertTrue(rough.specularBrdf(0, 0, 1, 0, 0, 1) > 100, "a narrow GGX lobe at its peak");
        assertEquals(0, rough.specularReflectance(1));
    }

    @Test
    void orenNayarL11_zeroRoughnessIsLambertianTimesCosine() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (double cd : new double[] {0, 0.2, 0.8, 1}) {
            double a = OrenNayar.a(0, cd), b = OrenNayar.b(0);
            assertEquals(1, a, 0);
            assertEquals(0, b, 0);
            for (int i = 0; i < 1000; i++) {
                double[] l = Numerics.dir(rnd.nextDouble(0, Math.PI / 2), rnd.nextDouble(0, 2 * Math.PI));
                double[] v = Numerics.dir(rnd.nextDouble(0, Math.PI / 2), rnd.nextDouble(0, 2 * Math.PI));
                assertEquals(cd / Math.PI * l[2], OrenNayar.brdf(cd, a, b, l[0], l[1], l[2], v[0], v[1], v[2]), 1e-15);
            }
        }
    }

    @Test
    void orenNayarL11_twoLayerWithIndexMatchedCoatIsPureDiffuse() {
        // n̂ = 1: the coat has R = 0, T = 1, so [L-12] is the diffuse layer alone; σ_ON = 0 → (C_D/π)(l·n)
        GgxOrenNayarBrdf m = new GgxOrenNayarBrdf(1.0, 0, 0.3, 0, 0.7);
        SplittableRandom rnd = new SplittableRandom(12);
        for (int i = 0; i < 1000; i++) {
            double[] l = Numerics.dir(rnd.nextDouble(0, Math.PI / 2), rnd.nextDouble(0, 2 * Math.PI));
            double[] v = Numerics.dir(rnd.nextDouble(0, Math.PI / 2), rnd.nextDouble(0, 2 * Math.PI));
            assertEquals(0.7 / Math.PI * l[2], m.brdf(l[0], l[1], l[2], v[0], v[1], v[2]), 1e-14);
        }
    }

    @Test
    void orenNayarL11_valueMatchesHandComputation() {
        // σ = 0.5, C_D = 0.6, l at θ = 30°, v at θ = 60°, same azimuth (φ = 0)
        double sigma = 0.5, cd = 0.6, s2 = 0.25;
        double a = 1 - 0.5 * s2 / (s2 + 0.33) + 0.17 * cd * s2 / (s2 + 0.13);
        double b = 0.45 * s2 / (s2 + 0.09);
        double tl = Math.toRadians(30), tv = Math.toRadians(60);
        // l·v = cos(θl − θv) for equal azimuths; s = l·v − cos θl cos θv = sin θl sin θv > 0; t = max(cos θl, cos θv)
        double s = Math.sin(tl) * Math.sin(tv), t = Math.max(Math.cos(tl), Math.cos(tv));
        double expected = cd / Math.PI * Math.cos(tl) * (a + b * s / t);
        double[] l = Numerics.dir(tl, 0), v = Numerics.dir(tv, 0);
        assertEquals(expected, OrenNayar.brdf(cd, OrenNayar.a(sigma, cd), OrenNayar.b(sigma), l[0], l[1], l[2], v[0], v[1], v[2]), 1e-14);
        // opposite azimuths: s = −sin θl sin θv < 0 → t = 1
        double[] v2 = Numerics.dir(tv, Math.PI);
        double expected2 = cd / Math.PI * Math.cos(tl) * (a - b * Math.sin(tl) * Math.sin(tv));
        assertEquals(expected2, OrenNayar.brdf(cd, OrenNayar.a(sigma, cd), OrenNayar.b(sigma), l[0], l[1], l[2], v2[0], v2[1], v2[2]), 1e-14);
    }

    @Test
    void twoLayerL12_normalIncidenceMatchesHandComputation() {
        // l = v = n: f = R/(4πα²) + T·(C_D/π)·A   (s = 0, so the B term vanishes)
        double n = 1.4517, sb = 0.3, son = 0.3, cd = 0.8;
        double r = Math.pow((1 - n) / (1 + n), 2), t = 1 - r, a2 = 2 * sb * sb;
        double a = 1 - 0.5 * son * son / (son * son + 0.33) + 0.17 * cd * son * son / (son * son + 0.13);
        double expected = r / (4 * Math.PI * a2) + t * cd / Math.PI * a;
        assertEquals(expected, new GgxOrenNayarBrdf(n, 0, sb, son, cd).brdf(0, 0, 1, 0, 0, 1), 1e-14);
    }

    @Test
    void twoLayerL12_directionalAlbedoAtMostOneForDiffuseUpTo097() {
        // ρ(l) = ∫ f(l, v)(v·n) dω_v ≤ 1, and the same with l and v exchanged, by a midpoint quadrature.
        // Incidence up to 75°: nearer grazing the report's Smith argument (w·h rather than w·n) lets the
        // specular lobe grow like 1/(l·n) and the albedo exceeds 1 (documented in GgxOrenNayarBrdf).
        double[][] cfgs = {{1.4517, 0, 0.3, 0.3, 0.97}, {1.4517, 0, 0.05, 0, 0.97}, {1.4517, 0, 1.0, 1.0, 0.97},
            {3.0, 0, 0.3, 0, 0.97}, {2.0, 0.5, 0.2, 0.6, 0.97}, {1.4517, 0, 0.3, 0.3, 0.5}};
        for (double[] c : cfgs) {
            GgxOrenNayarBrdf m = new GgxOrenNayarBrdf(c[0], c[1], c[2], c[3], c[4]);
            for (double thetaDeg : new double[] {0, 30, 60, 75}) {
                double[] l = Numerics.dir(Math.toRadians(thetaDeg), 0.3);
                double albedo = Numerics.hemisphere((x, y, z) -> m.brdf(l[0], l[1], l[2], x, y, z) * z, 500, 400);
                double reverse = Numerics.hemisphere((x, y, z) -> m.brdf(x, y, z, l[0], l[1], l[2]) * z, 500, 400);
                assertTrue(albedo <= 1 && albedo > 0, m + " θ=" + thetaDeg + " albedo " + albedo);
                assertTrue(reverse <= 1 && reverse > 0, m + " θ=" + thetaDeg + " reverse albedo " + reverse);
            }
        }
    }

    @Test
    void twoLayerL12_belowHorizonIsZero() {
        GgxOrenNayarBrdf m = new GgxOrenNayarBrdf(1.4517, 0, 0.3, 0.3, 0.8);
        assertEquals(0, m.brdf(0, 0, -1, 0, 0, 1));
        assertEquals(0, m.brdf(0, 0, 1, 1, 0, 0));
        assertEquals(0, m.transmittance(0.5));
    }
}
