package sensor.materials.api;

import java.util.Objects;

import sensor.api.Args;
import sensor.api.material.AmbientMaterial;
import sensor.materials.impl.Atmosphere;
import sensor.materials.impl.Weather;

/**
 * Configuration of the ambient medium (type id {@code "atmosphere"}, AGX {@code RtAmbientMaterial}):
 * refractive index, Beer–Lambert attenuation [L-13] and atmospheric returns [L-14], with the manual's
 * weather helpers. Defaults (manual): {@code n = 1.000273}, {@code α = 0.000402272 /m},
 * {@code A = 1.58899e-5}, {@code k = 9.5}, {@code θ = 0.52 m}.
 *
 * <p>The weather helpers set only the attenuation coefficient {@code α}. They leave the refractive index
 * and the atmospheric-return parameters {@code A, k, θ} as they are: the technical report notes that
 * {@code α} depends on the medium and the wavelength while the return parameters depend mostly on the
 * lidar itself, and no published weather-to-(A, k, θ) relation is given; set those with their setters
 * from measurements of the sensor at hand.
 *
 * <p>Mutable and fluent, not thread-safe; every method validates all its arguments before it assigns, so
 * a rejected call leaves the object unchanged.
 *
 * <pre>{@code
 * // continental fog, 2 km visibility, 905 nm (manual)
 * AmbientMaterial fog = new AtmosphereMaterial().configureAsFog(2.0, 905.0).build();
 * }</pre>
 */
public final class AtmosphereMaterial {
    public static final double DEFAULT_REFRACTIVE_INDEX = 1.000273;
    public static final double DEFAULT_ATTENUATION_COEFFICIENT = 0.000402272;
    public static final double DEFAULT_RETURN_PROBABILITY_SCALING = 1.58899e-5;
    public static final double DEFAULT_RETURN_GAMMA_SHAPE = 9.5;
    public static final double DEFAULT_RETURN_GAMMA_SCALE = 0.52;

    /** Snow kind for {@link #configureAsSnowfall(double, double, Snow)}. */
    public enum Snow {
        /** Dry snow: {@code a = 5.42e-5 λ + 5.4958776, b = 1.38}. */
        DRY,
        /** Wet snow: {@code a = 1.023e-4 λ + 3.7855466, b = 0.72}. */
        WET
    }

    private double refractiveIndex = DEFAULT_REFRACTIVE_INDEX;
    private double attenuationCoefficient = DEFAULT_ATTENUATION_COEFFICIENT;
    private double returnProbabilityScaling = DEFAULT_RETURN_PROBABILITY_SCALING;
    private double returnGammaShape = DEFAULT_RETURN_GAMMA_SHAPE;
    private double returnGammaScale = DEFAULT_RETURN_GAMMA_SCALE;

    /** Refractive index {@code n} of the medium, in [1, 10]. */
    public AtmosphereMaterial setRefractiveIndex(double n) {
        this.refractiveIndex = Args.inRange("refractiveIndex", n, 1, 10);
        return this;
    }

    /** Beer–Lambert attenuation coefficient {@code α} in 1/m, finite and {@code >= 0} [L-13]. */
    public AtmosphereMaterial setAttenuationCoefficient(double alpha) {
        this.attenuationCoefficient = Args.nonNegative("attenuationCoefficient", alpha);
        return this;
    }

    /** Scaling {@code A} of the atmospheric-return distribution, in [0, 1] [L-14]. */
    public AtmosphereMaterial setReturnProbabilityScaling(double a) {
        this.returnProbabilityScaling = Args.inRange("returnProbabilityScaling", a, 0, 1);
        return this;
    }

    /** Gamma shape {@code k > 0} of the atmospheric-return OPL [L-14]. */
    public AtmosphereMaterial setReturnGammaDistributionShapeParameter(double k) {
        this.returnGammaShape = Args.positive("returnGammaDistributionShapeParameter", k);
        return this;
    }

    /** Gamma scale {@code θ > 0} in m of the atmospheric-return OPL [L-14]. */
    public AtmosphereMaterial setReturnGammaDistributionScaleParameter(double theta) {
        this.returnGammaScale = Args.positive("returnGammaDistributionScaleParameter", theta);
        return this;
    }

    /**
     * Clear air of meteorological optical range {@code visibilityKm} (km, {@code > 0}):
     * {@code α = 3.912 / V} (Koschmieder's 2 % contrast threshold; H. Koschmieder, Beitr. Phys. freien
     * Atmos. 12, 1924), converted to 1/m.
     */
    public AtmosphereMaterial configureAsAir(double visibilityKm) {
        Args.positive("visibilityKm", visibilityKm);
        this.attenuationCoefficient = Weather.air(visibilityKm);
        return this;
    }

    /** Continental (radiation) fog, {@code configureAsFog(visibilityKm, wavelengthNm, 0)}, as the manual's example. */
    public AtmosphereMaterial configureAsFog(double visibilityKm, double wavelengthNm) {
        return configureAsFog(visibilityKm, wavelengthNm, 0);
    }

    /**
     * Fog by the Al-Naboulsi model (M. Al Naboulsi, H. Sizun, F. de Fornel, Opt. Eng. 43(2), 2004,
     * 319–329), λ in µm, V in km, α in 1/km: advection (maritime) fog {@code (0.11478 λ + 3.8367)/V},
     * radiation (continental) fog {@code (0.18126 λ² + 0.13709 λ + 3.7502)/V}, interpolated linearly by
     * {@code maritimeness} (0 = continental, 1 = maritime); converted to 1/m.
     *
     * @param visibilityKm visibility {@code V > 0}, km
     * @param wavelengthNm signal wavelength {@code > 0}, nm (the fit covers 690–1550 nm)
     * @param maritimeness in [0, 1]
     */
    public AtmosphereMaterial configureAsFog(double visibilityKm, double wavelengthNm, double maritimeness) {
        Args.positive("visibilityKm", visibilityKm);
        Args.positive("wavelengthNm", wavelengthNm);
        Args.inRange("maritimeness", maritimeness, 0, 1);
        this.attenuationCoefficient = Weather.fog(visibilityKm, wavelengthNm, maritimeness);
        return this;
    }

    /** Common rain, {@code configureAsRainfall(rate, 0)}. */
    public AtmosphereMaterial configureAsRainfall(double rateMmPerH) {
        return configureAsRainfall(rateMmPerH, 0);
    }

    /**
     * Rain: {@code γ = (1 − t)·1.076 R^0.67 + t·1.58 R^0.63} dB/km, {@code t} the tropicalness — common rain
     * by Carbonneau (T. H. Carbonneau, D. R. Wisely, Proc. SPIE 3232, 1998), tropical (large-drop) rain by
     * the Japanese coefficient set 1.58 R^0.63 (as tabulated by Suriza et al., J. Atmos. Sol.-Terr. Phys. 94,
     * 2013); {@code α = γ · ln(10)/10 / 1000} 1/m.
     *
     * @param rateMmPerH rainfall rate {@code R >= 0}, mm/h
     * @param tropicalness in [0, 1] (0 = common rain, 1 = tropical rain)
     */
    public AtmosphereMaterial configureAsRainfall(double rateMmPerH, double tropicalness) {
        Args.nonNegative("rateMmPerH", rateMmPerH);
        Args.inRange("tropicalness", tropicalness, 0, 1);
        this.attenuationCoefficient = Weather.rain(rateMmPerH, tropicalness);
        return this;
    }

    /** Dry snow, {@code configureAsSnowfall(rate, wavelengthNm, Snow.DRY)}. */
    public AtmosphereMaterial configureAsSnowfall(double rateMmPerH, double wavelengthNm) {
        return configureAsSnowfall(rateMmPerH, wavelengthNm, Snow.DRY);
    }

    /**
     * Snow by the Carbonneau model (as given by Sheikh Muhammad, Kohldorfer, Leitgeb, ICTON 2005):
     * {@code γ = a S^b} dB/km, dry snow {@code a = 5.42e-5 λ + 5.4958776, b = 1.38}, wet snow
     * {@code a = 1.023e-4 λ + 3.7855466, b = 0.72}, λ in nm; {@code α = γ · ln(10)/10 / 1000} 1/m.
     *
     * @param rateMmPerH snowfall rate {@code S >= 0}, mm/h of liquid-water equivalent
     * @param wavelengthNm signal wavelength {@code > 0}, nm
     * @param snow {@link Snow#DRY} or {@link Snow#WET}
     */
    public AtmosphereMaterial configureAsSnowfall(double rateMmPerH, double wavelengthNm, Snow snow) {
        Args.nonNegative("rateMmPerH", rateMmPerH);
        Args.positive("wavelengthNm", wavelengthNm);
        Args.notNull("snow", snow);
        this.attenuationCoefficient = Weather.snow(rateMmPerH, wavelengthNm, snow == Snow.WET);
        return this;
    }

    public double getRefractiveIndex() { return refractiveIndex; }
    public double getAttenuationCoefficient() { return attenuationCoefficient; }
    public double getReturnProbabilityScaling() { return returnProbabilityScaling; }
    public double getReturnGammaDistributionShapeParameter() { return returnGammaShape; }
    public double getReturnGammaDistributionScaleParameter() { return returnGammaScale; }

    /** The immutable, allocation-free ambient material. */
    public AmbientMaterial build() {
        return new Atmosphere(refractiveIndex, attenuationCoefficient, returnProbabilityScaling, returnGammaShape,
                returnGammaScale);
    }

    public AtmosphereMaterial copy() {
        AtmosphereMaterial c = new AtmosphereMaterial();
        c.refractiveIndex = refractiveIndex;
        c.attenuationCoefficient = attenuationCoefficient;
        c.returnProbabilityScaling = returnProbabilityScaling;
        c.returnGammaShape = returnGammaShape;
        c.returnGammaScale = returnGammaScale;
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AtmosphereMaterial m && Double.compare(m.refractiveIndex, refractiveIndex) == 0
                && Double.compare(m.attenuationCoefficient, attenuationCoefficient) == 0
                && Double.compare(m.returnProbabilityScaling, returnProbabilityScaling) == 0
                && Double.compare(m.returnGammaShape, returnGammaShape) == 0
                && Double.compare(m.returnGammaScale, returnGammaScale) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(refractiveIndex, attenuationCoefficient, returnProbabilityScaling, returnGammaShape,
                returnGammaScale);
    }

    @Override
    public String toString() {
        return "AtmosphereMaterial[n=" + refractiveIndex + ", alpha=" + attenuationCoefficient + "/m, A="
                + returnProbabilityScaling + ", k=" + returnGammaShape + ", theta=" + returnGammaScale + " m]";
    }
}
