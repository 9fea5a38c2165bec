package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import sensor.api.material.Lambertian;

/** [L-BRDF] explicit BRDF on a 4-D grid, quadrilinear, periodic in φ. */
class ExplicitBrdfTest {
    private static final int NTL = 5, NPL = 6, NTV = 4, NPV = 8;

    private static double thetaL(int i) { return i * (Math.PI / 2) / (NTL - 1); }
    private static double phiL(int j) { return j * 2 * Math.PI / NPL; }
    private static double thetaV(int p) { return p * (Math.PI / 2) / (NTV - 1); }
    private static double phiV(int q) { return q * 2 * Math.PI / NPV; }

    private static int index(int i, int j, int p, int q) {
        return ((i * NPL + j) * NTV + p) * NPV + q;
    }

    private static double[] randomGrid(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] s = new double[NTL * NPL * NTV * NPV];
        for (int k = 0; k < s.length; k++) {
            s[k] = rnd.nextDouble(0, 2);
        }
        return s;
    }

    @Test
    void explicitBrdfLBRDF_exactAtSamplePoints() {
        double[] s = randomGrid(1);
        ExplicitBrdf m = new ExplicitBrdf(NTL, NPL, NTV, NPV, s);
        // every sample whose directions are strictly above the horizon (θ = π/2 rows give l_z ≈ 6e-17 > 0 too)
        for (int i = 0; i < NTL; i++) {
            for (int j = 0; j < NPL; j++) {
                for (int p = 0; p < NTV; p++) {
                    for (int q = 0; q < NPV; q++) {
                        if (i == 0 && j != 0 || p == 0 && q != 0) {
                            continue; // at the pole every φ is the same direction; atan2 reads φ = 0
                        }
                        double[] l = Numerics.dir(thetaL(i), phiL(j)), v = Numerics.dir(thetaV(p), phiV(q));
                        assertEquals(s[index(i, j, p, q)], m.brdf(l[0], l[1], l[2], v[0], v[1], v[2]), 1e-9,
                                "sample " + i + "," + j + "," + p + "," + q);
                    }
                }
            }
        }
    }

    @Test
    void explicitBrdfLBRDF_tabulatedLambertianReproducesLambertianBetweenSamples() {
        Lambertian lambert = new Lambertian(0.63);
        double[] s = new double[NTL * NPL * NTV * NPV];
        Arrays.fill(s, 0.63 / Math.PI);
        ExplicitBrdf m = new ExplicitBrdf(NTL, NPL, NTV, NPV, s);
        SplittableRandom rnd = new SplittableRandom(2);
        for (int k = 0; k < 100_000; k++) {
            double[] l = Numerics.dir(rnd.nextDouble(0, Math.PI / 2), rnd.nextDouble(0, 2 * Math.PI));
            double[] v = Numerics.dir(rnd.nextDouble(0, Math.PI / 2), rnd.nextDouble(0, 2 * Math.PI));
            assertEquals(lambert.brdf(l[0], l[1], l[2], v[0], v[1], v[2]), m.brdf(l[0], l[1], l[2], v[0], v[1], v[2]), 1e-15);
        }
    }

    @Test
    void explicitBrdfLBRDF_multilinearFunctionReproducedExactly() {
        // g = c0 + c1 θl + c2 θv + c3 θl θv (multilinear in the grid coordinates) is reproduced everywhere
        double[] s = new double[NTL * NPL * NTV * NPV];
        for (int i = 0; i < NTL; i++) {
            for (int j = 0; j < NPL; j++) {
                for (int p = 0; p < NTV; p++) {
                    for (int q = 0; q < NPV; q++) {
                        s[index(i, j, p, q)] = g(thetaL(i), thetaV(p));
                    }
                }
            }
        }
        ExplicitBrdf m = new ExplicitBrdf(NTL, NPL, NTV, NPV, s);
        SplittableRandom rnd = new SplittableRandom(3);
        for (int k = 0; k < 10_000; k++) {
            double tl = rnd.nextDouble(0, Math.PI / 2), tv = rnd.nextDouble(0, Math.PI / 2);
            double[] l = Numerics.dir(tl, rnd.nextDouble(0, 2 * Math.PI)), v = Numerics.dir(tv, rnd.nextDouble(0, 2 * Math.PI));
            assertEquals(g(tl, tv), m.brdf(l[0], l[1], l[2], v[0], v[1], v[2]), 1e-12);
        }
    }

    private static double g(double tl, double tv) {
        return 0.5 + 0.3 * tl + 0.2 * tv + 0.1 * tl * tv;
    }

    @Test
    void explicitBrdfLBRDF_periodicInPhi() {
        double[] s = randomGrid(4);
        ExplicitBrdf m = new ExplicitBrdf(NTL, NPL, NTV, NPV, s);
        // halfway between the last φ_v sample (7·2π/8) and 2π: the average of samples q = 7 and q = 0
        double[] l = Numerics.dir(thetaL(2), phiL(1));
        double[] v = Numerics.dir(thetaV(1), 2 * Math.PI - Math.PI / NPV);
        double expected = 0.5 * (s[index(2, 1, 1, NPV - 1)] + s[index(2, 1, 1, 0)]);
        assertEquals(expected, m.brdf(l[0], l[1], l[2], v[0], v[1], v[2]), 1e-12);
        // same for the incidence azimuth
        double[] l2 = Numerics.dir(thetaL(3), 2 * Math.PI - Math.PI / NPL);
        double[] v2 = Numerics.dir(thetaV(2), phiV(3));
        double expected2 = 0.5 * (s[index(3, NPL - 1, 2, 3)] + s[index(3, 0, 2, 3)]);
        assertEquals(expected2, m.brdf(l2[0], l2[1], l2[2], v2[0], v2[1], v2[2]), 1e-12);
        // continuity across φ = 0 and invariance under φ → φ + 2πk
        SplittableRandom rnd = new SplittableRandom(5);
        for (int k = 0; k < 1000; k++) {
            double tl = rnd.nextDouble(0.01, 1.5), tv = rnd.nextDouble(0.01, 1.5), pl = rnd.nextDouble(0, 2 * Math.PI);
            double[] a = Numerics.dir(tl, pl), b = Numerics.dir(tl, pl + 2 * Math.PI), c = Numerics.dir(tl, pl - 4 * Math.PI);
            double[] vm = Numerics.dir(tv, -1e-9), vp = Numerics.dir(tv, 1e-9);
            double fa = m.brdf(a[0], a[1], a[2], vp[0], vp[1], vp[2]);
            assertEquals(fa, m.brdf(b[0], b[1], b[2], vp[0], vp[1], vp[2]), 1e-9);
            assertEquals(fa, m.brdf(c[0], c[1], c[2], vp[0], vp[1], vp[2]), 1e-9);
            assertEquals(fa, m.brdf(a[0], a[1], a[2], vm[0], vm[1], vm[2]), 1e-7);
        }
    }

    @Test
    void explicitBrdfLBRDF_singlePhiSampleIsIsotropic() {
        // nφ = 1: value depends on θ only; linear in θ between 2 θ samples
        double[] s = {1, 2, 3, 5}; // [θl][θv] with θ ∈ {0, π/2}
        ExplicitBrdf m = new ExplicitBrdf(2, 1, 2, 1, s);
        double tl = 0.4, tv = 1.1, u = tl / (Math.PI / 2), w = tv / (Math.PI / 2);
        double expected = (1 - u) * ((1 - w) * 1 + w * 2) + u * ((1 - w) * 3 + w * 5);
        for (double phi = 0; phi < 7; phi += 0.37) {
            double[] l = Numerics.dir(tl, phi), v = Numerics.dir(tv, 2 * phi);
            assertEquals(expected, m.brdf(l[0], l[1], l[2], v[0], v[1], v[2]), 1e-12);
        }
    }

    @Test
    void explicitBrdfLBRDF_belowHorizonIsZero() {
        ExplicitBrdf m = new ExplicitBrdf(NTL, NPL, NTV, NPV, randomGrid(6));
        assertEquals(0, m.brdf(0, 0.6, -0.8, 0, 0, 1));
        assertEquals(0, m.brdf(0, 0, 1, 0.6, 0, -0.8));
    }

    @Test
    void explicitBrdfLBRDF_grazingLightOrViewIsZero() {
        // l·n = 0 or v·n = 0 exactly gives 0, although the θ = π/2 samples are not
        ExplicitBrdf m = new ExplicitBrdf(2, 1, 2, 1, new double[] {0.2, 0.3, 0.4, 0.5});
        assertEquals(0, m.brdf(1, 0, 0, 0, 0, 1), 0);
        assertEquals(0, m.brdf(0, 0, 1, 0, 1, 0), 0);
        assertEquals(0.2, m.brdf(0, 0, 1, 0, 0, 1), 0);
        assertEquals(0.5, m.brdf(1, 0, 1e-300, 0, 1, 1e-300), 1e-15);
    }

    @Test
    void explicitBrdfLBRDF_azimuthZeroIsTheFirstSampleExactly() {
        // φ = 0 is sample 0, not sample n after a turn (2π·(n/2π) is not n in floating point for n = 7, 13, ...)
        for (int n : new int[] {7, 13, 14}) {
            double[] s = new double[2 * n * 2 * n];
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < n; j++) {
                    for (int p = 0; p < 2; p++) {
                        for (int q = 0; q < n; q++) {
                            s[((i * n + j) * 2 + p) * n + q] = 1 + j + 0.01 * q + 0.5 * i + 0.25 * p;
                        }
                    }
                }
            }
            ExplicitBrdf m = new ExplicitBrdf(2, n, 2, n, s);
            assertEquals(1, m.brdf(0, 0, 1, 0, 0, 1), 0, "n = " + n);
            assertEquals(1.5 + 0.25, m.brdf(1, 0, 1e-300, 1, 0, 1e-300), 1e-12, "n = " + n);
        }
    }
}
