package sensor.materials.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The weather helpers of the ambient material: each α computed by hand from the cited formula ([L-13]). */
class WeatherTest {
    private static final double DB_PER_KM = Math.log(10) / 10 / 1000; // dB/km → 1/m

    @Test
    void airL13_koschmiederGivesTwoPercentContrastAtVisibility() {
        AtmosphereMaterial m = new AtmosphereMaterial().configureAsAir(10);
        assertEquals(3.912 / 10_000, m.getAttenuationCoefficient(), 1e-18);
        // published definition: transmittance over the visibility is the 2 % contrast threshold
        assertEquals(0.02, Math.exp(-m.getAttenuationCoefficient() * 10_000), 1e-5);
    }

    @Test
    void fogL13_alNaboulsiContinentalRadiationFog() {
        // V = 2 km, λ = 905 nm = 0.905 µm (the manual's example)
        double expected = (0.18126 * 0.905 * 0.905 + 0.13709 * 0.905 + 3.7502) / 2 / 1000;
        assertEquals(expected, new AtmosphereMaterial().configureAsFog(2.0, 905.0).getAttenuationCoefficient(), 1e-18);
        assertEquals(expected, new AtmosphereMaterial().configureAsFog(2.0, 905.0, 0).getAttenuationCoefficient(), 1e-18);
    }

    @Test
    void fogL13_alNaboulsiMaritimeAdvectionFogAndInterpolation() {
        double adv = (0.11478 * 1.55 + 3.8367) / 0.5 / 1000; // V = 500 m, λ = 1550 nm
        double rad = (0.18126 * 1.55 * 1.55 + 0.13709 * 1.55 + 3.7502) / 0.5 / 1000;
        assertEquals(adv, new AtmosphereMaterial().configureAsFog(0.5, 1550, 1).getAttenuationCoefficient(), 1e-17);
        assertEquals(0.75 * rad + 0.25 * adv, new AtmosphereMaterial().configureAsFog(0.5, 1550, 0.25).getAttenuationCoefficient(), 1e-17);
    }

    @Test
    void fogL13_alNaboulsiAt550nmAgreesWithKoschmiederPublishedConstant() {
        // both fog fits reduce to ≈ 3.912/V at the 550 nm wavelength visibility is defined at (within 1 %)
        for (double maritime : new double[] {0, 1}) {
            double a = new AtmosphereMaterial().configureAsFog(1.0, 550, maritime).getAttenuationCoefficient();
            assertEquals(3.912e-3, a, 0.01 * 3.912e-3);
        }
    }

    @Test
    void rainL13_carbonneauCommonRain() {
        double r = 25; // mm/h
        double gamma = 1.076 * Math.pow(r, 0.67); // dB/km
        assertEquals(gamma * DB_PER_KM, new AtmosphereMaterial().configureAsRainfall(r).getAttenuationCoefficient(), 1e-18);
    }

    @Test
    void rainL13_tropicalJapanCoefficientsAndInterpolation() {
        double r = 100;
        double common = 1.076 * Math.pow(r, 0.67), tropical = 1.58 * Math.pow(r, 0.63);
        assertEquals(tropical * DB_PER_KM, new AtmosphereMaterial().configureAsRainfall(r, 1).getAttenuationCoefficient(), 1e-18);
        assertEquals((0.4 * common + 0.6 * tropical) * DB_PER_KM,
                new AtmosphereMaterial().configureAsRainfall(r, 0.6).getAttenuationCoefficient(), 1e-18);
        assertEquals(0, new AtmosphereMaterial().configureAsRainfall(0).getAttenuationCoefficient());
    }

    @Test
    void snowL13_carbonneauDryAndWetSnow() {
        double s = 2, lambda = 905;
        double dry = (5.42e-5 * lambda + 5.4958776) * Math.pow(s, 1.38);
        double wet = (1.023e-4 * lambda + 3.7855466) * Math.pow(s, 0.72);
        assertEquals(dry * DB_PER_KM, new AtmosphereMaterial().configureAsSnowfall(s, lambda).getAttenuationCoefficient(), 1e-18);
        assertEquals(dry * DB_PER_KM,
                new AtmosphereMaterial().configureAsSnowfall(s, lambda, AtmosphereMaterial.Snow.DRY).getAttenuationCoefficient(), 1e-18);
        assertEquals(wet * DB_PER_KM,
                new AtmosphereMaterial().configureAsSnowfall(s, lambda, AtmosphereMaterial.Snow.WET).getAttenuationCoefficient(), 1e-18);
    }

    @Test
    void weatherL14_helpersLeaveIndexAndReturnParametersAlone() {
        AtmosphereMaterial m = new AtmosphereMaterial().setReturnProbabilityScaling(1e-3)
                .setReturnGammaDistributionShapeParameter(4).setReturnGammaDistributionScaleParameter(2).setRefractiveIndex(1.0003);
        m.configureAsFog(1, 905).configureAsRainfall(10).configureAsSnowfall(1, 905).configureAsAir(5);
        assertEquals(1e-3, m.getReturnProbabilityScaling());
        assertEquals(4, m.getReturnGammaDistributionShapeParameter());
        assertEquals(2, m.getReturnGammaDistributionScaleParameter());
        assertEquals(1.0003, m.getRefractiveIndex());
    }
}
