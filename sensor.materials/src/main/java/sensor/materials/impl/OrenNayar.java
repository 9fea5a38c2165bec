package sensor.materials.impl;

/**
 * The rough diffuse under-layer [L-11]: Oren–Nayar with Fujii's improvement of the {@code s/t} term, in
 * exactly the form the AGX technical report states it:
 *
 * <pre>
 *   f_diffuse(l, v) = (C_D / π) · (l·n) · (A + B · s / t)
 *   A = 1 − 0.5 σ²/(σ² + 0.33) + 0.17 C_D σ²/(σ² + 0.13)
 *   B = 0.45 σ²/(σ² + 0.09)
 *   s = l·v − (l·n)(v·n),   t = 1 if s <= 0, else max(l·n, v·n)
 * </pre>
 *
 * <p>Notes. (1) The report's form carries the factor {@code (l·n)} inside the BRDF, so with {@code σ = 0}
 * it is the Lambertian {@code C_D/π} times {@code (l·n)}, and it is not reciprocal in {@code l, v}.
 * (2) The model does not conserve energy for {@code C_D > 0.97} (Fujii; the report says so): such input
 * is accepted, the directional albedo may then exceed 1.
 */
public final class OrenNayar {
    private OrenNayar() {}

    /** {@code A} of [L-11]. */
    public static double a(double sigma, double diffuse) {
        double s2 = sigma * sigma;
        return 1 - 0.5 * s2 / (s2 + 0.33) + 0.17 * diffuse * s2 / (s2 + 0.13);
    }

    /** {@code B} of [L-11]. */
    public static double b(double sigma) {
        double s2 = sigma * sigma;
        return 0.45 * s2 / (s2 + 0.09);
    }

    /** [L-11] with precomputed {@code A}, {@code B}; unit vectors in the local frame (normal +z). */
    public static double brdf(double diffuse, double a, double b,
            double lx, double ly, double lz, double vx, double vy, double vz) {
        if (lz <= 0 || vz <= 0) {
            return 0;
        }
        double s = lx * vx + ly * vy + lz * vz - lz * vz;
        double t = s <= 0 ? 1 : Math.max(lz, vz);
        return diffuse / Math.PI * lz * (a + b * s / t);
    }
}
