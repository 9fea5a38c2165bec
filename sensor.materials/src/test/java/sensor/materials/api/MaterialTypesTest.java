package sensor.materials.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import org.junit.jupiter.api.Test;

import sensor.api.material.AmbientMaterial;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.materials.impl.AtmosphereType;
import sensor.materials.impl.ExplicitBrdfType;
import sensor.materials.impl.GgxOrenNayarType;
import sensor.materials.impl.LambertianType;

/** The DS material types: ids, configuration classes, the manual's defaults, creation. */
class MaterialTypesTest {

    @Test
    void lambertianL4_typeDefaultsToManualReflectivity() {
        LambertianType t = new LambertianType();
        assertEquals("lambertian", t.id());
        assertEquals(LambertianOpaqueMaterial.class, t.configType());
        assertEquals(0.8, t.defaultConfig().getReflectivity());
        assertEquals(Lambertian.DEFAULT, t.create(t.defaultConfig()));
        assertEquals(new Lambertian(0.2), t.create(new LambertianOpaqueMaterial().setReflectivity(0.2)));
    }

    @Test
    void lambertianL4_hemisphericalAlbedoEqualsReflectivity() {
        // ∫ (C_D/π) cos θ dω = C_D over the hemisphere (midpoint quadrature)
        SurfaceMaterial m = new LambertianOpaqueMaterial().setReflectivity(0.37).build();
        int nt = 2000;
        double dt = Math.PI / 2 / nt, sum = 0;
        for (int i = 0; i < nt; i++) {
            double th = (i + 0.5) * dt;
            sum += m.brdf(0, 0, 1, Math.sin(th), 0, Math.cos(th)) * Math.cos(th) * Math.sin(th) * dt * 2 * Math.PI;
        }
        assertEquals(0.37, sum, 1e-6);
    }

    @Test
    void ggxL12_typeDefaultsToManualParameters() {
        GgxOrenNayarType t = new GgxOrenNayarType();
        assertEquals("ggx-oren-nayar", t.id());
        GgxAndOrenNayarMaterial d = t.defaultConfig();
        assertEquals(1.4517, d.getRefractiveIndexReal());
        assertEquals(0.0, d.getRefractiveIndexImaginary());
        assertEquals(0.3, d.getBeckmanRoughness());
        assertEquals(0.3, d.getOrenNayarRoughness());
        assertEquals(0.8, d.getDiffuseReflectivity());
        SurfaceMaterial m = t.create(GgxAndOrenNayarMaterial.silverMirror());
        // silver mirror reflects > 99 % at normal incidence as a mirror child
        assertEquals(1.0, m.specularReflectance(1.0), 0.01);
        assertNotSame(t.defaultConfig(), t.defaultConfig());
    }

    @Test
    void explicitBrdfLBRDF_typeDefaultIsTabulatedLambertian() {
        ExplicitBrdfType t = new ExplicitBrdfType();
        assertEquals("explicit-brdf", t.id());
        SurfaceMaterial m = t.create(t.defaultConfig());
        assertEquals(0.8 / Math.PI, m.brdf(0.6, 0, 0.8, 0, 0.28, 0.96), 1e-15);
    }

    @Test
    void atmosphereL14_typeDefaultsToManualParameters() {
        AtmosphereType t = new AtmosphereType();
        assertEquals("atmosphere", t.id());
        AtmosphereMaterial d = t.defaultConfig();
        assertEquals(1.000273, d.getRefractiveIndex());
        assertEquals(0.000402272, d.getAttenuationCoefficient());
        assertEquals(1.58899e-5, d.getReturnProbabilityScaling());
        assertEquals(9.5, d.getReturnGammaDistributionShapeParameter());
        assertEquals(0.52, d.getReturnGammaDistributionScaleParameter());
        AmbientMaterial a = t.create(d);
        assertEquals(1.000273, a.refractiveIndex());
        assertEquals(0.000402272, a.attenuation());
        assertEquals(1.58899e-5, a.returnProbability(0, Double.POSITIVE_INFINITY), 1e-18);
        assertInstanceOf(AmbientMaterial.class, new AtmosphereMaterial().configureAsFog(2.0, 905.0).build());
    }

    @Test
    void configL12_buildSnapshotsTheConfiguration() {
        GgxAndOrenNayarMaterial c = new GgxAndOrenNayarMaterial();
        SurfaceMaterial before = c.build();
        double f = before.brdf(0, 0, 1, 0, 0, 1);
        c.setBeckmanRoughness(0.05);
        assertEquals(f, before.brdf(0, 0, 1, 0, 0, 1));
    }
}
