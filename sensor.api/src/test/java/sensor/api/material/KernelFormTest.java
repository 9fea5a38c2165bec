package sensor.api.material;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The closed forms of the built-in materials and media, and KernelForm as a value. */
class KernelFormTest {
    @Test
    void lambertianIsItsReflectivity() {
        assertEquals(Optional.of(new KernelForm("lambertian", new double[] {0.37})), new Lambertian(0.37).kernelForm());
        KernelForm f = Lambertian.DEFAULT.kernelForm().orElseThrow();
        assertEquals("lambertian", f.kind());
        assertArrayEquals(new double[] {0.8}, f.parameters());
        assertEquals(new KernelForm("lambertian", new double[] {0.25}),
                SurfaceMaterial.lambertian(0.25).kernelForm().orElseThrow());
    }

    @Test
    void clearIsItsIndexAndAttenuation() {
        KernelForm f = AmbientMaterial.clear(1.33, 0.05).kernelForm().orElseThrow();
        assertEquals("clear", f.kind());
        assertArrayEquals(new double[] {1.33, 0.05}, f.parameters());
        KernelForm air = AmbientMaterial.defaultAir().kernelForm().orElseThrow();
        assertEquals(new KernelForm("clear", new double[] {1.000273, 0.000402272}), air);
    }

    @Test
    void parametersAreCopiedInAndOut() {
        double[] in = {1, 2, 3};
        KernelForm f = new KernelForm("k", in);
        in[0] = 99;
        assertArrayEquals(new double[] {1, 2, 3}, f.parameters(), "the caller's array does not leak in");
        double[] out = f.parameters();
        out[1] = 99;
        assertArrayEquals(new double[] {1, 2, 3}, f.parameters(), "the returned array is a copy");
        assertNotSame(f.parameters(), f.parameters());
    }

    @Test
    void equalsAndHashCodeAreByValue() {
        KernelForm a = new KernelForm("ggx-oren-nayar", new double[] {1.5, 0, 0.1, 0.2, 0.3});
        KernelForm b = new KernelForm("ggx-oren-nayar", new double[] {1.5, 0, 0.1, 0.2, 0.3});
        assertEquals(a, b);
        assertEquals(b, a);
        assertEquals(a, a);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, new KernelForm("explicit-brdf", new double[] {1.5, 0, 0.1, 0.2, 0.3}));
        assertNotEquals(a, new KernelForm("ggx-oren-nayar", new double[] {1.5, 0, 0.1, 0.2, 0.31}));
        assertNotEquals(a, new KernelForm("ggx-oren-nayar", new double[] {1.5, 0, 0.1, 0.2}));
        assertFalse(a.equals(null));
        assertFalse(a.equals("ggx-oren-nayar[1.5, 0.0, 0.1, 0.2, 0.3]"));
        // the hash mixes both fields: same parameters with another kind, same kind with other parameters
        assertNotEquals(a.hashCode(), new KernelForm("other", new double[] {1.5, 0, 0.1, 0.2, 0.3}).hashCode());
        assertNotEquals(a.hashCode(), new KernelForm("ggx-oren-nayar", new double[] {1.5}).hashCode());
        KernelForm empty = new KernelForm("x", new double[0]);
        assertEquals(31 * "x".hashCode() + java.util.Arrays.hashCode(new double[0]), empty.hashCode());
        assertEquals(31 * "k".hashCode() + java.util.Arrays.hashCode(new double[] {2, 3}),
                new KernelForm("k", new double[] {2, 3}).hashCode());
    }

    @Test
    void toStringIsKindAndParameters() {
        assertEquals("clear[1.0, 0.5]", new KernelForm("clear", new double[] {1, 0.5}).toString());
    }

    @Test
    void nullKindOrParametersIsRefusedByName() {
        var e = assertThrows(IllegalArgumentException.class, () -> new KernelForm(null, new double[] {1}));
        assertTrue(e.getMessage().startsWith("kind"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new KernelForm("lambertian", null));
        assertTrue(e.getMessage().startsWith("parameters"), e.getMessage());
    }

    @Test
    void thirdPartyMaterialsHaveNoKernelForm() {
        SurfaceMaterial surface = (lx, ly, lz, vx, vy, vz) -> 0.1;
        assertEquals(Optional.empty(), surface.kernelForm());
        AmbientMaterial medium = new AmbientMaterial() {
            @Override
            public double refractiveIndex() { return 1.2; }

            @Override
            public double attenuation() { return 0.01; }
        };
        assertEquals(Optional.empty(), medium.kernelForm());
    }

    // ---- what else the package's built-ins and defaults answer (the values their kernel forms stand for)

    @Test
    void lambertianIsItsReflectivityOverPiAboveTheSurfaceOnly() {
        Lambertian m = new Lambertian(0.6);
        double s = Math.sqrt(0.5);
        assertEquals(0.6 / Math.PI, m.brdf(s, 0, s, 0, s, s), 0);
        assertEquals(0.6 / Math.PI, m.brdf(0, 0, 1e-300, 0, 0, 1e-300), 0);
        assertEquals(0, m.brdf(1, 0, 0, 0, 0, 1), 0); // grazing light
        assertEquals(0, m.brdf(0, 0, 1, 1, 0, 0), 0); // grazing view
        assertEquals(0, m.brdf(0, 0, -1, 0, 0, 1), 0);
        assertEquals(0, m.brdf(0, 0, 1, 0, 0, -1), 0);
        assertEquals(0, m.specularReflectance(1), 0);
        assertEquals(0, m.transmittance(1), 0);
    }

    @Test
    void aMediumsDefaultsAreNoReturnsAndUniformSampling() {
        AmbientMaterial medium = new AmbientMaterial() {
            @Override
            public double refractiveIndex() { return 1.2; }

            @Override
            public double attenuation() { return 0.01; }
        };
        assertEquals(0, medium.returnProbability(0, 100), 0);
        assertEquals(1, medium.maxReturnProbability(), 0);
        assertEquals(3, medium.sampleReturn(2, 6, 0.25), 0);
        assertEquals(2, medium.sampleReturn(2, 6, 0), 0);
    }

    @Test
    void clearIsWhatItWasGiven() {
        AmbientMaterial c = AmbientMaterial.clear(1.33, 0.05);
        assertEquals(1.33, c.refractiveIndex(), 0);
        assertEquals(0.05, c.attenuation(), 0);
        assertEquals(0, c.maxReturnProbability(), 0);
        assertEquals(0, c.returnProbability(0, 1e3), 0);
        assertEquals("clear(n=1.33, alpha=0.05)", c.toString());
        assertThrows(IllegalArgumentException.class, () -> AmbientMaterial.clear(0.9, 0));
        assertThrows(IllegalArgumentException.class, () -> AmbientMaterial.clear(1, -1));
    }
}
