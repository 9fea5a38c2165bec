package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.materials.api.AtmosphereMaterial;
import sensor.materials.api.BrdfExplicitMaterial;
import sensor.materials.api.GgxAndOrenNayarMaterial;
import sensor.materials.api.LambertianOpaqueMaterial;

/**
 * What configuration round trips and messages rely on: each configuration's value semantics (equal copies, unequal
 * when a field differs, stable hashes, a description naming its values), the built materials' accessors, and each
 * type's id, configuration class and description.
 */
class AccessorsTest {
    /** {@code a} equals its copy {@code same} (same hash) and differs from {@code other}; toString names {@code value}. */
    static void valueSemantics(Object a, Object same, Object other, String value) {
        assertEquals(a, same);
        assertEquals(a.hashCode(), same.hashCode());
        assertNotEquals(a, other);
        assertNotEquals(a.hashCode(), other.hashCode(), "a changed field changes the hash here");
        assertNotEquals(a, "text");
        assertTrue(a.toString().contains(value), a + " names " + value);
    }

    @Test
    void configurationsHaveValueSemantics() {
        var l = new LambertianOpaqueMaterial().setReflectivity(0.31);
        valueSemantics(l, l.copy(), l.copy().setReflectivity(0.32), "0.31");
        var g = new GgxAndOrenNayarMaterial().setRefractiveIndexImaginary(2.75);
        valueSemantics(g, g.copy(), g.copy().setRefractiveIndexImaginary(2.5), "2.75");
        assertEquals(2.75, g.getRefractiveIndexImaginary());
        var a = new AtmosphereMaterial().setAttenuationCoefficient(0.0123);
        valueSemantics(a, a.copy(), a.copy().setAttenuationCoefficient(0.02), "0.0123");
        double[] samples = new double[2 * 3 * 2 * 4];
        java.util.Arrays.fill(samples, 0.1);
        var e = new BrdfExplicitMaterial().setSamples(2, 3, 2, 4, samples);
        double[] other = samples.clone();
        other[5] = 0.2;
        valueSemantics(e, e.copy(), e.copy().setSamples(2, 3, 2, 4, other), "2");
        assertEquals(List.of(2, 3, 2, 4), List.of(e.getThetaInCount(), e.getPhiInCount(), e.getThetaViewCount(), e.getPhiViewCount()));
    }

    @Test
    void builtMaterialsReportTheirParameters() {
        GgxOrenNayarBrdf b = new GgxOrenNayarBrdf(1.7, 0.3, 0.25, 0.4, 0.6);
        assertEquals(List.of(1.7, 0.3, 0.25, 0.4, 0.6), List.of(b.refractiveIndexReal(), b.refractiveIndexImaginary(),
                b.beckmanRoughness(), b.orenNayarRoughness(), b.diffuseReflectivity()));
        assertEquals("ggx-oren-nayar(n=1.7, k=0.3, sigmaB=0.25, sigmaON=0.4, C_D=0.6)", b.toString());
        Atmosphere fog = new Atmosphere(1.0, 0.0123, 0.7, 9.5, 2.5);
        assertEquals(List.of(0.7, 9.5, 2.5), List.of(fog.returnProbabilityScaling(), fog.returnGammaShape(), fog.returnGammaScale()));
        assertEquals("atmosphere(n=1.0, alpha=0.0123/m, A=0.7, k=9.5, theta=2.5 m)", fog.toString());
        // the return law's CDF and pdf in OPL units: F(x) = P(k, x/θ), f = the gamma pdf with scale θ
        assertEquals(IncompleteGamma.p(9.5, 20 / 2.5), fog.returnCdf(20), 1e-15);
        assertEquals(Math.pow(20, 8.5) * Math.exp(-20 / 2.5) / (AtmosphereInversionTest.gamma95() * Math.pow(2.5, 9.5)),
                fog.returnPdf(20), 1e-15);
        assertEquals(7.0, fog.sampleReturn(7, 7, 0.4), "an empty segment returns its start");
        ExplicitBrdf x = new ExplicitBrdf(2, 3, 2, 4, new double[48]);
        assertEquals(List.of(2, 3, 2, 4), List.of(x.thetaInCount(), x.phiInCount(), x.thetaViewCount(), x.phiViewCount()));
        assertEquals("explicit-brdf(2x3x2x4)", x.toString());
    }

    @Test
    void typesNameTheirIdsAndConfigurationClasses() {
        assertEquals(AtmosphereMaterial.class, new AtmosphereType().configType());
        assertEquals(GgxAndOrenNayarMaterial.class, new GgxOrenNayarType().configType());
        assertEquals(BrdfExplicitMaterial.class, new ExplicitBrdfType().configType());
        for (var t : List.of(new AtmosphereType(), new GgxOrenNayarType(), new ExplicitBrdfType(), new LambertianType())) {
            assertFalse(t.description().isBlank(), t.id());
        }
        assertTrue(new AtmosphereType().description().contains("[L-14]"));
    }
}
