package sensor.materials.api;

import java.util.Arrays;
import java.util.Objects;

import sensor.api.material.SurfaceMaterial;
import sensor.materials.impl.ExplicitBrdf;

/**
 * Configuration of the explicit BRDF [L-BRDF] (type id {@code "explicit-brdf"}, AGX
 * {@code RtBrdfExplicitMaterial}): samples on a 4-D grid flattened row-major in the order (θ of
 * incidence, φ of incidence, θ of view, φ of view); θ uniform on [0, π/2] including both ends (at least
 * 2 samples), φ uniform on [0, 2π) and periodic (at least 1 sample). Evaluation is quadrilinear
 * interpolation, periodic in φ; see {@code ExplicitBrdf} for the exact conventions.
 *
 * <p>Default: a tabulated Lambertian with {@code C_D = 0.8} on the smallest grid (2 × 1 × 2 × 1) — the
 * manual gives no default. Mutable and fluent, not thread-safe; {@link #setSamples} validates everything
 * before it assigns, so a rejected grid leaves the object unchanged. The sample array is copied.
 */
public final class BrdfExplicitMaterial {
    private int thetaInCount = 2, phiInCount = 1, thetaViewCount = 2, phiViewCount = 1;
    private double[] samples = filled(4, 0.8 / Math.PI);

    /**
     * Sets the grid.
     *
     * @param thetaInCount θ samples of the incidence direction, {@code >= 2}
     * @param phiInCount φ samples of the incidence direction, {@code >= 1}
     * @param thetaViewCount θ samples of the view direction, {@code >= 2}
     * @param phiViewCount φ samples of the view direction, {@code >= 1}
     * @param samples the product of the four counts of finite values {@code >= 0} (1/sr), row-major
     */
    public BrdfExplicitMaterial setSamples(int thetaInCount, int phiInCount, int thetaViewCount, int phiViewCount,
            double[] samples) {
        ExplicitBrdf.validate(thetaInCount, phiInCount, thetaViewCount, phiViewCount, samples);
        this.thetaInCount = thetaInCount;
        this.phiInCount = phiInCount;
        this.thetaViewCount = thetaViewCount;
        this.phiViewCount = phiViewCount;
        this.samples = samples.clone();
        return this;
    }

    public int getThetaInCount() { return thetaInCount; }
    public int getPhiInCount() { return phiInCount; }
    public int getThetaViewCount() { return thetaViewCount; }
    public int getPhiViewCount() { return phiViewCount; }

    /** A copy of the samples. */
    public double[] getSamples() {
        return samples.clone();
    }

    /** The immutable, allocation-free material. */
    public SurfaceMaterial build() {
        return new ExplicitBrdf(thetaInCount, phiInCount, thetaViewCount, phiViewCount, samples);
    }

    public BrdfExplicitMaterial copy() {
        return new BrdfExplicitMaterial().setSamples(thetaInCount, phiInCount, thetaViewCount, phiViewCount, samples);
    }

    private static double[] filled(int n, double v) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BrdfExplicitMaterial m && m.thetaInCount == thetaInCount && m.phiInCount == phiInCount
                && m.thetaViewCount == thetaViewCount && m.phiViewCount == phiViewCount
                && Arrays.equals(m.samples, samples);
    }

    @Override
    public int hashCode() {
        return Objects.hash(thetaInCount, phiInCount, thetaViewCount, phiViewCount, Arrays.hashCode(samples));
    }

    @Override
    public String toString() {
        return "BrdfExplicitMaterial[" + thetaInCount + "x" + phiInCount + "x" + thetaViewCount + "x" + phiViewCount
                + " samples]";
    }
}
