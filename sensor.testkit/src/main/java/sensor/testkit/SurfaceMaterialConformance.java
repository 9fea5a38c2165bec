package sensor.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import sensor.api.material.SurfaceMaterial;

/**
 * Conformance of a surface material: the BRDF is finite and non-negative, the power it reflects diffusely
 * plus its specular reflectance and transmittance never exceeds what arrives (directional albedo ≤ 1, the
 * hemisphere integrated numerically), and it is reciprocal, f(l, v) = f(v, l), unless
 * {@link #reciprocal()} says the model is not. Extend it and give a material (plain JUnit, no framework).
 */
public abstract class SurfaceMaterialConformance {
    /** The material under test, configured as a user would. */
    protected abstract SurfaceMaterial material();

    /** Whether the model claims reciprocity (default true). */
    protected boolean reciprocal() {
        return true;
    }

    /** Largest incidence angle checked for energy conservation, degrees (default 85). */
    protected double maxIncidenceDegrees() {
        return 85;
    }

    @Test
    public void brdfIsFiniteAndNonNegative() {
        SurfaceMaterial m = material();
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 10_000; i++) {
            double[] l = hemisphere(r), v = hemisphere(r);
            double f = m.brdf(l[0], l[1], l[2], v[0], v[1], v[2]);
            assertTrue(Double.isFinite(f) && f >= 0, "f(l, v) = " + f + " at l = " + vec(l) + ", v = " + vec(v));
        }
    }

    @Test
    public void conservesEnergy() {
        SurfaceMaterial m = material();
        for (double deg = 0; deg <= maxIncidenceDegrees() + 1e-9; deg += 5) {
            double t = Math.toRadians(deg), lx = Math.sin(t), lz = Math.cos(t);
            double albedo = albedo(m, lx, 0, lz), total = albedo + m.specularReflectance(lz) + m.transmittance(lz);
            assertTrue(total <= 1 + 2e-3, "at incidence " + deg + " deg: directional albedo " + albedo
                    + " + specular reflectance + transmittance = " + total + " > 1");
        }
    }

    @Test
    public void isReciprocal() {
        if (!reciprocal()) {
            return;
        }
        SurfaceMaterial m = material();
        SplittableRandom r = new SplittableRandom(2);
        for (int i = 0; i < 10_000; i++) {
            double[] l = hemisphere(r), v = hemisphere(r);
            double a = m.brdf(l[0], l[1], l[2], v[0], v[1], v[2]), b = m.brdf(v[0], v[1], v[2], l[0], l[1], l[2]);
            assertEquals(a, b, 1e-9 * Math.max(1, Math.abs(a)), "f(l, v) != f(v, l) at l = " + vec(l) + ", v = " + vec(v));
        }
    }

    /** ∫ f(l, v) cos θ_v dω_v over the hemisphere, midpoint rule in (cos θ, φ): 256 × 256 cells. */
    static double albedo(SurfaceMaterial m, double lx, double ly, double lz) {
        int n = 256;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double c = (i + 0.5) / n, s = Math.sqrt(1 - c * c);
            for (int j = 0; j < n; j++) {
                double p = 2 * Math.PI * (j + 0.5) / n;
                sum += m.brdf(lx, ly, lz, s * Math.cos(p), s * Math.sin(p), c) * c;
            }
        }
        return sum * (1.0 / n) * (2 * Math.PI / n);
    }

    private static double[] hemisphere(SplittableRandom r) {
        double c = r.nextDouble(1e-3, 1), s = Math.sqrt(1 - c * c), p = r.nextDouble(0, 2 * Math.PI);
        return new double[] {s * Math.cos(p), s * Math.sin(p), c};
    }

    private static String vec(double[] v) {
        return String.format(java.util.Locale.ROOT, "(%.4f, %.4f, %.4f)", v[0], v[1], v[2]);
    }
}
