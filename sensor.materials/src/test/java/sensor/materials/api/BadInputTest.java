package sensor.materials.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

import sensor.api.material.AmbientMaterial;
import sensor.materials.impl.AtmosphereType;
import sensor.materials.impl.ExplicitBrdfType;
import sensor.materials.impl.GgxOrenNayarType;
import sensor.materials.impl.LambertianType;

/** Every class of bad input is rejected with a message naming the parameter and its range; nothing is half-applied. */
class BadInputTest {
    private static final double[] NON_FINITE = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    /** Applies {@code change} to a copy of {@code original}; expects a rejection naming {@code param} and the object unchanged. */
    private static <T> void rejects(T original, java.util.function.UnaryOperator<T> copier, Consumer<T> change,
            String param, String range) {
        T target = copier.apply(original);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> change.accept(target));
        assertTrue(e.getMessage().contains(param), "message names " + param + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(range), "message gives the range " + range + ": " + e.getMessage());
        assertEquals(original, target, "object unchanged after: " + e.getMessage());
    }

    @Test
    void badInputL4_lambertianReflectivityOutsideUnitRange() {
        LambertianOpaqueMaterial m = new LambertianOpaqueMaterial().setReflectivity(0.3);
        for (double bad : new double[] {-0.01, 1.01, 7, Double.NaN, Double.POSITIVE_INFINITY}) {
            rejects(m, LambertianOpaqueMaterial::copy, c -> c.setReflectivity(bad), "reflectivity", "[0.0, 1.0]");
        }
    }

    @Test
    void badInputL5_ggxRefractiveIndexAndRoughnessAndReflectivity() {
        GgxAndOrenNayarMaterial m = GgxAndOrenNayarMaterial.silverMirror();
        for (double bad : new double[] {0, -1.2}) {
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setRefractiveIndexReal(bad), "refractiveIndexReal", "> 0");
        }
        for (double bad : new double[] {-1e-9, -5.57}) {
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setRefractiveIndexImaginary(bad), "refractiveIndexImaginary", ">= 0");
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setBeckmanRoughness(bad), "beckmanRoughness", ">= 0");
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setOrenNayarRoughness(bad), "orenNayarRoughness", ">= 0");
        }
        for (double bad : new double[] {-0.1, 1.5}) {
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setDiffuseReflectivity(bad), "diffuseReflectivity", "[0.0, 1.0]");
        }
        for (double bad : NON_FINITE) {
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setRefractiveIndexReal(bad), "refractiveIndexReal", "finite");
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setRefractiveIndexImaginary(bad), "refractiveIndexImaginary", "finite");
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setBeckmanRoughness(bad), "beckmanRoughness", "finite");
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setOrenNayarRoughness(bad), "orenNayarRoughness", "finite");
            rejects(m, GgxAndOrenNayarMaterial::copy, c -> c.setDiffuseReflectivity(bad), "diffuseReflectivity", "[0.0, 1.0]");
        }
        // C_D above 0.97 is accepted (documented as not energy conserving)
        assertEquals(0.99, new GgxAndOrenNayarMaterial().setDiffuseReflectivity(0.99).getDiffuseReflectivity());
    }

    @Test
    void badInputLBRDF_explicitGridShapesAndSamples() {
        BrdfExplicitMaterial m = new BrdfExplicitMaterial().setSamples(2, 2, 2, 2, new double[16]);
        rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(1, 2, 2, 2, new double[8]), "thetaInCount", "[2, ");
        rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(2, 2, 1, 2, new double[8]), "thetaViewCount", "[2, ");
        rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(2, 0, 2, 2, new double[0]), "phiInCount", "[1, ");
        rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(2, 2, 2, -1, new double[0]), "phiViewCount", "[1, ");
        rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(2, 2, 2, 2, new double[15]), "samples", "= 16");
        rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(3, 2, 2, 2, new double[16]), "samples", "= 24");
        rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(2, 2, 2, 2, null), "samples", "null");
        double[] negative = new double[16];
        negative[5] = -1e-6;
        rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(2, 2, 2, 2, negative), "samples[5]", ">= 0");
        for (double bad : NON_FINITE) {
            double[] s = new double[16];
            s[15] = bad;
            rejects(m, BrdfExplicitMaterial::copy, c -> c.setSamples(2, 2, 2, 2, s), "samples[15]", "finite");
        }
        // the stored samples are a copy: changing the caller's array changes nothing
        double[] mine = new double[16];
        BrdfExplicitMaterial c = new BrdfExplicitMaterial().setSamples(2, 2, 2, 2, mine);
        mine[0] = 5;
        assertEquals(0, c.getSamples()[0]);
    }

    @Test
    void badInputL13_ambientIndexAttenuationVisibilityWavelength() {
        AtmosphereMaterial m = new AtmosphereMaterial().setAttenuationCoefficient(0.002);
        rejects(m, AtmosphereMaterial::copy, c -> c.setRefractiveIndex(0.99), "refractiveIndex", "[1.0, 10.0]");
        rejects(m, AtmosphereMaterial::copy, c -> c.setAttenuationCoefficient(-1e-4), "attenuationCoefficient", ">= 0");
        rejects(m, AtmosphereMaterial::copy, c -> c.setReturnProbabilityScaling(1.5), "returnProbabilityScaling", "[0.0, 1.0]");
        rejects(m, AtmosphereMaterial::copy, c -> c.setReturnGammaDistributionShapeParameter(0), "returnGammaDistributionShapeParameter", "> 0");
        rejects(m, AtmosphereMaterial::copy, c -> c.setReturnGammaDistributionScaleParameter(-0.5), "returnGammaDistributionScaleParameter", "> 0");
        for (double bad : NON_FINITE) {
            rejects(m, AtmosphereMaterial::copy, c -> c.setAttenuationCoefficient(bad), "attenuationCoefficient", "finite");
            rejects(m, AtmosphereMaterial::copy, c -> c.setRefractiveIndex(bad), "refractiveIndex", "[1.0, 10.0]");
            rejects(m, AtmosphereMaterial::copy, c -> c.configureAsAir(bad), "visibilityKm", "finite");
            rejects(m, AtmosphereMaterial::copy, c -> c.configureAsFog(1, bad), "wavelengthNm", "finite");
        }
        for (double bad : new double[] {0, -3}) {
            rejects(m, AtmosphereMaterial::copy, c -> c.configureAsAir(bad), "visibilityKm", "> 0");
            rejects(m, AtmosphereMaterial::copy, c -> c.configureAsFog(bad, 905), "visibilityKm", "> 0");
            rejects(m, AtmosphereMaterial::copy, c -> c.configureAsFog(1, bad, 0.5), "wavelengthNm", "> 0");
            rejects(m, AtmosphereMaterial::copy, c -> c.configureAsSnowfall(1, bad), "wavelengthNm", "> 0");
        }
        rejects(m, AtmosphereMaterial::copy, c -> c.configureAsFog(1, 905, 1.2), "maritimeness", "[0.0, 1.0]");
        rejects(m, AtmosphereMaterial::copy, c -> c.configureAsRainfall(-1), "rateMmPerH", ">= 0");
        rejects(m, AtmosphereMaterial::copy, c -> c.configureAsRainfall(10, -0.1), "tropicalness", "[0.0, 1.0]");
        rejects(m, AtmosphereMaterial::copy, c -> c.configureAsSnowfall(-2, 905), "rateMmPerH", ">= 0");
        rejects(m, AtmosphereMaterial::copy, c -> c.configureAsSnowfall(2, 905, null), "snow", "null");
    }

    @Test
    void badInputL14_returnSegmentAndUniform() {
        AmbientMaterial a = new AtmosphereMaterial().build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.returnProbability(-1, 2));
        assertTrue(e.getMessage().contains("x0"));
        e = assertThrows(IllegalArgumentException.class, () -> a.returnProbability(3, 2));
        assertTrue(e.getMessage().contains("x1"));
        e = assertThrows(IllegalArgumentException.class, () -> a.returnProbability(0, Double.NaN));
        assertTrue(e.getMessage().contains("x1"));
        e = assertThrows(IllegalArgumentException.class, () -> a.sampleReturn(1, 2, 1.0));
        assertTrue(e.getMessage().contains("u must be in [0, 1)"));
        e = assertThrows(IllegalArgumentException.class, () -> a.sampleReturn(1, 2, Double.NaN));
        assertTrue(e.getMessage().contains("u"));
    }

    @Test
    void badInputTypes_nullConfigurationRejected() {
        assertThrows(IllegalArgumentException.class, () -> new LambertianType().create(null));
        assertThrows(IllegalArgumentException.class, () -> new GgxOrenNayarType().create(null));
        assertThrows(IllegalArgumentException.class, () -> new ExplicitBrdfType().create(null));
        assertThrows(IllegalArgumentException.class, () -> new AtmosphereType().create(null));
    }
}
