package sensor.materials.impl;

/**
 * Attenuation coefficients of weather, each from its published empirical model. All return the
 * Beer–Lambert coefficient {@code α} in 1/m ([L-13]).
 */
public final class Weather {
    private Weather() {}

    /**
     * Koschmieder's constant {@code −ln(0.02) ≈ 3.912}: the meteorological optical range is the distance at
     * which the contrast of a black target falls to the 2 % threshold, {@code α = 3.912 / V}.
     * Source: H. Koschmieder, "Theorie der horizontalen Sichtweite", Beiträge zur Physik der freien
     * Atmosphäre 12 (1924) 33–53, 171–181. (The WMO defines the MOR with a 5 % threshold, WMO-No. 8,
     * which would give 3.0; the 2 % threshold is the one docs/MODELS.md specifies.)
     */
    public static final double KOSCHMIEDER = 3.912;

    /** Al-Naboulsi advection (maritime) fog: {@code α = (0.11478 λ + 3.8367)/V}, λ in µm, V in km, α in 1/km. */
    public static final double ADVECTION_A = 0.11478, ADVECTION_B = 3.8367;
    /** Al-Naboulsi radiation (continental) fog: {@code α = (0.18126 λ² + 0.13709 λ + 3.7502)/V}. */
    public static final double RADIATION_A = 0.18126, RADIATION_B = 0.13709, RADIATION_C = 3.7502;

    /**
     * Carbonneau rain, common (small drops): {@code γ = 1.076 R^0.67} dB/km, R in mm/h. Source: T. H.
     * Carbonneau, D. R. Wisely, "Opportunities and challenges for optical wireless: the competitive
     * advantage of free space telecommunications links in today's crowded marketplace", Proc. SPIE 3232
     * (1998) 119–128.
     */
    public static final double RAIN_COMMON_K = 1.076, RAIN_COMMON_EXP = 0.67;

    /**
     * Tropical / large-drop rain: {@code γ = 1.58 R^0.63} dB/km, the coefficient set fitted to Japanese
     * FSO rain measurements, tabulated alongside Carbonneau's in the FSO rain-attenuation comparisons for
     * tropical climates, e.g. A. Z. Suriza, Md. Rafiqul Islam, A. K. Wajdi, A. W. Naji, "Proposed parameters
     * of specific rain attenuation prediction for Free Space Optics link operating in tropical region",
     * J. Atmos. Sol.-Terr. Phys. 94 (2013) 93–99, and A. Basahel, Md. R. Islam, S. A. Zabidi, M. Habaebi,
     * "Availability prediction methods for terrestrial free-space-optical link under tropical climate",
     * Indonesian J. Electr. Eng. Comput. Sci. 10(1) (2018) 224–229.
     */
    public static final double RAIN_TROPICAL_K = 1.58, RAIN_TROPICAL_EXP = 0.63;

    /**
     * Snow, {@code γ = a S^b} dB/km, S in mm/h (liquid-water equivalent), λ in nm. Dry snow
     * {@code a = 5.42e-5 λ + 5.4958776}, {@code b = 1.38}; wet snow {@code a = 1.023e-4 λ + 3.7855466},
     * {@code b = 0.72}. Source: the Carbonneau snow model as given by S. Sheikh Muhammad, P. Kohldorfer,
     * E. Leitgeb, "Channel modeling for terrestrial free space optical links", Proc. ICTON 2005, vol. 1,
     * 407–410 (after Carbonneau &amp; Wisely, Proc. SPIE 3232, 1998).
     */
    public static final double SNOW_DRY_A0 = 5.42e-5, SNOW_DRY_A1 = 5.4958776, SNOW_DRY_B = 1.38;
    /** Wet snow coefficients, see {@link #SNOW_DRY_A0}. */
    public static final double SNOW_WET_A0 = 1.023e-4, SNOW_WET_A1 = 3.7855466, SNOW_WET_B = 0.72;

    /** dB/km to 1/m: {@code α = γ · ln(10)/10 / 1000} (power in dB is {@code 10·log10}). */
    public static double dbPerKmToPerMetre(double gammaDbPerKm) {
        return gammaDbPerKm * Math.log(10) / 10 / 1000;
    }

    /** Clear air at meteorological optical range {@code V} km: {@code α = 3.912/V} (Koschmieder), 1/m. */
    public static double air(double visibilityKm) {
        return KOSCHMIEDER / visibilityKm / 1000;
    }

    /**
     * Fog by the Al-Naboulsi model: M. Al Naboulsi, H. Sizun, F. de Fornel, "Fog attenuation prediction for
     * optical and infrared waves", Optical Engineering 43(2) (2004) 319–329. Advection (maritime, large
     * droplets) {@code (0.11478 λ + 3.8367)/V}, radiation (continental, fine droplets)
     * {@code (0.18126 λ² + 0.13709 λ + 3.7502)/V}, λ in µm, V in km, result in 1/km; interpolated linearly
     * by {@code maritimeness} (0 = radiation, 1 = advection). The fit covers 0.69–1.55 µm and V of about
     * 0.05–1 km; outside it the formula is extrapolated. Returns 1/m.
     */
    public static double fog(double visibilityKm, double wavelengthNm, double maritimeness) {
        double l = wavelengthNm * 1e-3;
        double advection = (ADVECTION_A * l + ADVECTION_B) / visibilityKm;
        double radiation = (RADIATION_A * l * l + RADIATION_B * l + RADIATION_C) / visibilityKm;
        return ((1 - maritimeness) * radiation + maritimeness * advection) / 1000;
    }

    /** Rain: {@code γ} interpolated linearly by {@code tropicalness} between the two sets above; 1/m. */
    public static double rain(double rateMmPerH, double tropicalness) {
        double common = RAIN_COMMON_K * Math.pow(rateMmPerH, RAIN_COMMON_EXP);
        double tropical = RAIN_TROPICAL_K * Math.pow(rateMmPerH, RAIN_TROPICAL_EXP);
        return dbPerKmToPerMetre((1 - tropicalness) * common + tropicalness * tropical);
    }

    /** Snow (see {@link #SNOW_DRY_A0}); 1/m. */
    public static double snow(double rateMmPerH, double wavelengthNm, boolean wet) {
        double a = wet ? SNOW_WET_A0 * wavelengthNm + SNOW_WET_A1 : SNOW_DRY_A0 * wavelengthNm + SNOW_DRY_A1;
        double b = wet ? SNOW_WET_B : SNOW_DRY_B;
        return dbPerKmToPerMetre(a * Math.pow(rateMmPerH, b));
    }
}
