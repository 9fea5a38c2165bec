package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import sensor.api.material.KernelForm;

/** The built-in materials' and media's closed forms for a device pipeline: kind and exact parameters. */
class KernelFormTest {
    @Test
    void ggxOrenNayarIsItsFiveParameters() {
        KernelForm f = new GgxOrenNayarBrdf(1.45, 0.3, 0.12, 0.25, 0.6).kernelForm().orElseThrow();
        assertEquals("ggx-oren-nayar", f.kind());
        assertArrayEquals(new double[] {1.45, 0.3, 0.12, 0.25, 0.6}, f.parameters(), 0);
        // a mirror-like coat keeps its σ_B (the device decides mirror-ness from it as the material does)
        KernelForm mirror = new GgxOrenNayarBrdf(0.2, 3.5, 0.005, 0, 1).kernelForm().orElseThrow();
        assertArrayEquals(new double[] {0.2, 3.5, 0.005, 0, 1}, mirror.parameters(), 0);
    }

    @Test
    void explicitBrdfIsItsCountsThenItsSamples() {
        double[] samples = new double[3 * 2 * 4 * 1];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = 0.01 * i + 0.005;
        }
        ExplicitBrdf m = new ExplicitBrdf(3, 2, 4, 1, samples);
        KernelForm f = m.kernelForm().orElseThrow();
        assertEquals("explicit-brdf", f.kind());
        double[] p = f.parameters();
        assertEquals(4 + samples.length, p.length);
        assertArrayEquals(new double[] {3, 2, 4, 1}, java.util.Arrays.copyOf(p, 4), 0);
        assertArrayEquals(samples, java.util.Arrays.copyOfRange(p, 4, p.length), 0);

        // later changes to the caller's array (or to a form already handed out) do not leak in
        double[] before = samples.clone();
        java.util.Arrays.fill(samples, 7);
        double[] again = m.kernelForm().orElseThrow().parameters();
        assertArrayEquals(before, java.util.Arrays.copyOfRange(again, 4, again.length), 0);
        p[4] = 42;
        assertEquals(f, m.kernelForm().orElseThrow());
        assertEquals(before[0], m.kernelForm().orElseThrow().parameters()[4]);
    }

    @Test
    void explicitBrdfCountsAreInTheirOrder() {
        // distinct counts in every slot: θ_l, φ_l, θ_v, φ_v
        ExplicitBrdf m = new ExplicitBrdf(2, 3, 5, 7, new double[2 * 3 * 5 * 7]);
        double[] p = m.kernelForm().orElseThrow().parameters();
        assertArrayEquals(new double[] {2, 3, 5, 7}, java.util.Arrays.copyOf(p, 4), 0);
        assertEquals(4 + 210, p.length);
    }

    @Test
    void atmosphereIsItsSixParametersWithLnGammaOfTheShape() {
        Atmosphere a = new Atmosphere(1.000273, 0.004, 0.15, 1.5, 12);
        KernelForm f = a.kernelForm().orElseThrow();
        assertEquals("atmosphere", f.kind());
        assertArrayEquals(new double[] {1.000273, 0.004, 0.15, 1.5, 12, IncompleteGamma.lnGamma(1.5)}, f.parameters(),
                0);
        // ln Γ(k) is the material's own value, to the bit, for shapes on both sides of 1 and 2 (Γ's minimum)
        for (double k : new double[] {0.3, 1, 2, 3.7, 40}) {
            double[] p = new Atmosphere(1.2, 0, 1, k, 0.5).kernelForm().orElseThrow().parameters();
            assertEquals(6, p.length);
            assertEquals(k, p[3], 0);
            assertEquals(0.5, p[4], 0);
            assertEquals(Double.doubleToLongBits(IncompleteGamma.lnGamma(k)), Double.doubleToLongBits(p[5]), "k=" + k);
        }
    }
}
