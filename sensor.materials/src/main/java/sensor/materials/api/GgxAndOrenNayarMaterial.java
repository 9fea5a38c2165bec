package sensor.materials.api;

import java.util.Objects;

import sensor.api.Args;
import sensor.api.material.SurfaceMaterial;
import sensor.materials.impl.GgxOrenNayarBrdf;

/**
 * Configuration of the two-layer surface [L-12] (type id {@code "ggx-oren-nayar"}, AGX
 * {@code RtGgxAndOrenNayarMaterial}): a GGX microfacet specular top coat of complex refractive index
 * {@code n + i·k} and Beckmann roughness {@code σ_B} ([L-5]–[L-10]) over an Oren–Nayar rough diffuse
 * layer of roughness {@code σ_ON} and reflectivity {@code C_D} ([L-11]). Defaults (manual):
 * {@code n = 1.4517, k = 0, σ_B = 0.3, σ_ON = 0.3, C_D = 0.8}. Note: the Oren–Nayar layer does not
 * conserve energy for {@code C_D > 0.97}; such values are accepted.
 *
 * <p>Mutable and fluent, not thread-safe; a setter that rejects its argument leaves the object unchanged.
 *
 * <pre>{@code
 * // silver mirror (manual)
 * SurfaceMaterial silver = new GgxAndOrenNayarMaterial()
 *         .setRefractiveIndexReal(0.037).setRefractiveIndexImaginary(5.57)
 *         .setBeckmanRoughness(0.001).setOrenNayarRoughness(0.0).setDiffuseReflectivity(0.02)
 *         .build();
 * }</pre>
 */
public final class GgxAndOrenNayarMaterial {
    public static final double DEFAULT_REFRACTIVE_INDEX_REAL = 1.4517;
    public static final double DEFAULT_REFRACTIVE_INDEX_IMAGINARY = 0.0;
    public static final double DEFAULT_BECKMAN_ROUGHNESS = 0.3;
    public static final double DEFAULT_OREN_NAYAR_ROUGHNESS = 0.3;
    public static final double DEFAULT_DIFFUSE_REFLECTIVITY = 0.8;

    private double refractiveIndexReal = DEFAULT_REFRACTIVE_INDEX_REAL;
    private double refractiveIndexImaginary = DEFAULT_REFRACTIVE_INDEX_IMAGINARY;
    private double beckmanRoughness = DEFAULT_BECKMAN_ROUGHNESS;
    private double orenNayarRoughness = DEFAULT_OREN_NAYAR_ROUGHNESS;
    private double diffuseReflectivity = DEFAULT_DIFFUSE_REFLECTIVITY;

    /** The manual's silver mirror: {@code n = 0.037, k = 5.57, σ_B = 0.001, σ_ON = 0, C_D = 0.02}. */
    public static GgxAndOrenNayarMaterial silverMirror() {
        return new GgxAndOrenNayarMaterial().setRefractiveIndexReal(0.037).setRefractiveIndexImaginary(5.57)
                .setBeckmanRoughness(0.001).setOrenNayarRoughness(0.0).setDiffuseReflectivity(0.02);
    }

    /** Real part {@code n} of the top coat's refractive index, finite and {@code > 0}. */
    public GgxAndOrenNayarMaterial setRefractiveIndexReal(double n) {
        this.refractiveIndexReal = Args.positive("refractiveIndexReal", n);
        return this;
    }

    /** Imaginary part {@code k} (absorption) of the top coat's refractive index, finite and {@code >= 0}. */
    public GgxAndOrenNayarMaterial setRefractiveIndexImaginary(double k) {
        this.refractiveIndexImaginary = Args.nonNegative("refractiveIndexImaginary", k);
        return this;
    }

    /** Beckmann roughness {@code σ_B} (rms microfacet slope) of the top coat, finite and {@code >= 0}. */
    public GgxAndOrenNayarMaterial setBeckmanRoughness(double sigma) {
        this.beckmanRoughness = Args.nonNegative("beckmanRoughness", sigma);
        return this;
    }

    /** Oren–Nayar roughness {@code σ_ON} (std. dev. of facet angles, rad) of the diffuse layer, {@code >= 0}. */
    public GgxAndOrenNayarMaterial setOrenNayarRoughness(double sigma) {
        this.orenNayarRoughness = Args.nonNegative("orenNayarRoughness", sigma);
        return this;
    }

    /** Reflectivity {@code C_D} of the diffuse layer in [0, 1] (not energy conserving above 0.97). */
    public GgxAndOrenNayarMaterial setDiffuseReflectivity(double cd) {
        this.diffuseReflectivity = Args.inRange("diffuseReflectivity", cd, 0, 1);
        return this;
    }

    public double getRefractiveIndexReal() { return refractiveIndexReal; }
    public double getRefractiveIndexImaginary() { return refractiveIndexImaginary; }
    public double getBeckmanRoughness() { return beckmanRoughness; }
    public double getOrenNayarRoughness() { return orenNayarRoughness; }
    public double getDiffuseReflectivity() { return diffuseReflectivity; }

    /** The immutable, allocation-free material. */
    public SurfaceMaterial build() {
        return new GgxOrenNayarBrdf(refractiveIndexReal, refractiveIndexImaginary, beckmanRoughness,
                orenNayarRoughness, diffuseReflectivity);
    }

    public GgxAndOrenNayarMaterial copy() {
        GgxAndOrenNayarMaterial c = new GgxAndOrenNayarMaterial();
        c.refractiveIndexReal = refractiveIndexReal;
        c.refractiveIndexImaginary = refractiveIndexImaginary;
        c.beckmanRoughness = beckmanRoughness;
        c.orenNayarRoughness = orenNayarRoughness;
        c.diffuseReflectivity = diffuseReflectivity;
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GgxAndOrenNayarMaterial m
                && Double.compare(m.refractiveIndexReal, refractiveIndexReal) == 0
                && Double.compare(m.refractiveIndexImaginary, refractiveIndexImaginary) == 0
                && Double.compare(m.beckmanRoughness, beckmanRoughness) == 0
                && Double.compare(m.orenNayarRoughness, orenNayarRoughness) == 0
                && Double.compare(m.diffuseReflectivity, diffuseReflectivity) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(refractiveIndexReal, refractiveIndexImaginary, beckmanRoughness, orenNayarRoughness,
                diffuseReflectivity);
    }

    @Override
    public String toString() {
        return "GgxAndOrenNayarMaterial[n=" + refractiveIndexReal + ", k=" + refractiveIndexImaginary + ", sigmaB="
                + beckmanRoughness + ", sigmaON=" + orenNayarRoughness + ", C_D=" + diffuseReflectivity + "]";
    }
}
