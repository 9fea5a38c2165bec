package sensor.materials.impl;

import sensor.api.Args;
import sensor.api.material.SurfaceMaterial;

/**
 * The two-layer surface [L-12]: a GGX microfacet specular top coat [L-7] [L-D] [L-9] [L-10] with the
 * complex Fresnel equations [L-5] [L-6] evaluated at the half vector, over an Oren–Nayar rough diffuse
 * layer [L-11] lit by what the coat transmits:
 *
 * <pre>
 *   f(l, v) = R(l, h) G(l, v, h) D(h) / (4 (l·n)(v·n)) + T(l, h) · f_diffuse(l, v)
 * </pre>
 *
 * <p>The incidence medium is taken as vacuum, {@code n̂₁ = 1} (air's 1.000273 changes {@code R} by well
 * under 0.1 %). Immutable and thread-safe; {@link #brdf} is allocation-free. {@code σ_B ≤}
 * {@link #MIRROR_ROUGHNESS} makes the coat a mirror: its lobe is a Dirac delta that a BRDF sample cannot hit, so
 * the specular term is 0 and the mirror reflection is left to {@link #specularReflectance} (a reflection child, and
 * the lidar's direct mirror return [L-SPEC]). The
 * material is opaque: light the coat transmits ends in the diffuse layer, {@link #transmittance} is 0.
 *
 * <p><b>Known property of the stated model.</b> Smith's masking [L-9] takes the angle between each
 * direction and the half vector ({@code a(w) = (w·h)/(α sqrt(1 − (w·h)²))}, as the AGX report writes it),
 * not the macroscopic normal as in Walter et al. 2007. Near retro-reflection {@code l ≈ v} then
 * {@code G ≈ 1} whatever the incidence, so the specular term behaves like {@code D/(4 (l·n)²)} and grows
 * without bound as the incidence approaches grazing: the directional albedo stays below 1 up to about
 * 75° (tested) but exceeds it closer to 90°. The diffuse layer [L-11] is not reciprocal (its explicit
 * {@code (l·n)}); the specular layer is.
 */
public final class GgxOrenNayarBrdf implements SurfaceMaterial {
    private final double n, k, beckmann, orenNayar, diffuse;
    private final double alpha2, a, b;
    // the coat's Fresnel factors at normal incidence: a lidar's light returns along its own path, where h·l rounds to 1
    private final double reflectanceHeadOn, transmittanceHeadOn;

    /**
     * @param n real part of the coat's refractive index (> 0)
     * @param k imaginary part (absorption, >= 0)
     * @param beckmannRoughness σ_B >= 0
     * @param orenNayarRoughness σ_ON >= 0 (rad)
     * @param diffuse C_D in [0, 1]; above 0.97 the model is not energy conserving
     */
    public GgxOrenNayarBrdf(double n, double k, double beckmannRoughness, double orenNayarRoughness, double diffuse) {
        this.n = Args.positive("refractiveIndexReal", n);
        this.k = Args.nonNegative("refractiveIndexImaginary", k);
        this.beckmann = Args.nonNegative("beckmanRoughness", beckmannRoughness);
        this.orenNayar = Args.nonNegative("orenNayarRoughness", orenNayarRoughness);
        this.diffuse = Args.inRange("diffuseReflectivity", diffuse, 0, 1);
        // a mirror-like coat is a delta lobe: its reflection is the mirror child's and, back into the lidar, the
        // pipeline's direct mirror return [L-SPEC]; a GGX value at its peak (about 1/(π α²)) would count it again
        this.alpha2 = beckmannRoughness <= MIRROR_ROUGHNESS ? 0 : Ggx.alpha2(beckmannRoughness);
        this.a = OrenNayar.a(orenNayarRoughness, diffuse);
        this.b = OrenNayar.b(orenNayarRoughness);
        this.reflectanceHeadOn = Fresnel.reflectance(1.0, n, k, 1.0);
        this.transmittanceHeadOn = Fresnel.transmittance(1.0, n, k, 1.0);
    }

    @Override
    public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) {
        if (lz <= 0 || vz <= 0) {
            return 0;
        }
        double hx = lx + vx, hy = ly + vy, hz = lz + vz;
        double len = Math.sqrt(hx * hx + hy * hy + hz * hz);
        double inv = 1 / len;
        hx *= inv;
        hy *= inv;
        hz *= inv;
        double lh = lx * hx + ly * hy + lz * hz;
        double vh = vx * hx + vy * hy + vz * hz;
        double r = lh >= 1 ? reflectanceHeadOn : Fresnel.reflectance(1.0, n, k, lh); // equal: the cosine is clamped to 1
        double spec = 0;
        if (alpha2 > 0) {
            double d = Ggx.distribution(hz, alpha2);
            double g = Ggx.smithG(lh, vh, alpha2);
            spec = r * g * d / (4 * lz * vz);
        }
        double diff = 0;
        if (diffuse > 0) {
            // without absorption T = 1 − R exactly ([L-6], tested); otherwise the full transmission formula
            double t = k == 0 ? 1 - r : lh >= 1 ? transmittanceHeadOn : Fresnel.transmittance(1.0, n, k, lh);
            diff = t * OrenNayar.brdf(diffuse, a, b, lx, ly, lz, vx, vy, vz);
        }
        return spec + diff;
    }

    /** The specular (top coat) term alone, [L-7]. */
    public double specularBrdf(double lx, double ly, double lz, double vx, double vy, double vz) {
        if (lz <= 0 || vz <= 0 || alpha2 <= 0) {
            return 0;
        }
        double hx = lx + vx, hy = ly + vy, hz = lz + vz;
        double inv = 1 / Math.sqrt(hx * hx + hy * hy + hz * hz);
        hx *= inv;
        hy *= inv;
        hz *= inv;
        double lh = lx * hx + ly * hy + lz * hz;
        double vh = vx * hx + vy * hy + vz * hz;
        return Fresnel.reflectance(1.0, n, k, lh) * Ggx.smithG(lh, vh, alpha2) * Ggx.distribution(hz, alpha2)
                / (4 * lz * vz);
    }

    /**
     * Beckmann roughness up to which the coat is a mirror: a reflection child continues the ray. A rougher
     * coat scatters its reflection over the lobe the BRDF already carries; a mirror child would count that
     * power twice and trace an incoherent ray for nothing, so it gets none.
     */
    public static final double MIRROR_ROUGHNESS = 0.01;

    /**
     * Fresnel reflectance of the coat at the macroscopic normal [L-6], the power a mirror child carries,
     * for a mirror-like coat ({@code σ_B ≤} {@link #MIRROR_ROUGHNESS}); 0 for a rougher one.
     */
    @Override
    public double specularReflectance(double cosTheta) {
        return beckmann <= MIRROR_ROUGHNESS ? Fresnel.reflectance(1.0, n, k, cosTheta) : 0;
    }

    @Override
    public java.util.Optional<sensor.api.material.KernelForm> kernelForm() {
        return java.util.Optional.of(new sensor.api.material.KernelForm("ggx-oren-nayar",
                new double[] {n, k, beckmann, orenNayar, diffuse}));
    }

    public double refractiveIndexReal() { return n; }
    public double refractiveIndexImaginary() { return k; }
    public double beckmanRoughness() { return beckmann; }
    public double orenNayarRoughness() { return orenNayar; }
    public double diffuseReflectivity() { return diffuse; }

    @Override
    public String toString() {
        return "ggx-oren-nayar(n=" + n + ", k=" + k + ", sigmaB=" + beckmann + ", sigmaON=" + orenNayar
                + ", C_D=" + diffuse + ")";
    }
}
