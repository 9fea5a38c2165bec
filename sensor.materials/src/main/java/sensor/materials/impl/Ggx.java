package sensor.materials.impl;

/**
 * The GGX microfacet distribution [L-D] and Smith's height-correlated masking–shadowing [L-9] [L-10],
 * with {@code α² = 2 σ_B²} ({@code σ_B} the Beckmann roughness, the rms microfacet slope), as the AGX
 * technical report states them. Pure static primitive functions (allocation-free).
 */
public final class Ggx {
    private Ggx() {}

    /** {@code α² = 2 σ_B²} from the Beckmann roughness. */
    public static double alpha2(double beckmannRoughness) {
        return 2 * beckmannRoughness * beckmannRoughness;
    }

    /**
     * [L-D] {@code D(h) = α² / (π ((α² − 1)(h·n)² + 1)²)}, normalised so that {@code ∫ D(h)(h·n) dω = 1}
     * over the hemisphere. {@code α² = 0} (a perfect mirror, a Dirac distribution) gives 0 here: that
     * surface reflects only along the mirror direction, see {@code specularReflectance}.
     */
    public static double distribution(double cosH, double alpha2) {
        if (alpha2 <= 0 || cosH <= 0) {
            return 0;
        }
        double d = (alpha2 - 1) * cosH * cosH + 1;
        return alpha2 / (Math.PI * d * d);
    }

    /**
     * [L-9] {@code Λ(a) = (−1 + sqrt(1 + 1/a²))/2} with {@code a(w) = (w·h)/(α sqrt(1 − (w·h)²))}, written as
     * {@code 1/a² = α²(1 − (w·h)²)/(w·h)²} so that {@code w·h = 1} and {@code α = 0} need no special case.
     */
    public static double lambda(double cosWH, double alpha2) {
        if (cosWH <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        double c2 = cosWH * cosWH;
        if (c2 >= 1) { // what the formula gives there (1/a² = 0), without its square root
            return 0;
        }
        double invA2 = alpha2 * Math.max(0, 1 - c2) / c2;
        return 0.5 * (Math.sqrt(1 + invA2) - 1);
    }

    /** [L-9] Smith's masking for one direction: {@code G₁ = 1/(1 + Λ(a(w)))}. */
    public static double smithG1(double cosWH, double alpha2) {
        return 1 / (1 + lambda(cosWH, alpha2));
    }

    /** [L-10] Height-correlated masking–shadowing {@code G = 1/(1 + Λ(a(l)) + Λ(a(v)))}, in [0, 1]. */
    public static double smithG(double cosLH, double cosVH, double alpha2) {
        return 1 / (1 + lambda(cosLH, alpha2) + lambda(cosVH, alpha2));
    }
}
