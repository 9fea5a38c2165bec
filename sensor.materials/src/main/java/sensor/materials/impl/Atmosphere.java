package sensor.materials.impl;

import sensor.api.Args;
import sensor.api.material.AmbientMaterial;

/**
 * A homogeneous ambient medium: refractive index (optical path length [L-OPL]), Beer–Lambert attenuation
 * [L-13] and atmospheric returns [L-14]. Immutable and thread-safe; every method is allocation-free.
 *
 * <p><b>[L-13]</b> {@code I_T = I·exp(−α x)} over an OPL {@code x}, see {@link #transmittance}.
 *
 * <p><b>[L-14], the interpretation implemented.</b> Let {@code x} be the OPL from the medium entry and
 * {@code F(x; k, θ) = P(k, x/θ)} the gamma CDF ({@code P} the regularized lower incomplete gamma
 * function, {@link IncompleteGamma}). A ray produces at most one atmospheric return; the probability
 * that it produces one with OPL in {@code [x0, x1)} is {@code A·(F(x1) − F(x0))}, so over the whole
 * ray it is {@code A} (the scaling the experiments call for: the cumulative probability "seldom
 * reaches 100 %"). Given that a return occurs in {@code [x0, x1)}, its OPL follows the gamma law
 * truncated to that segment; {@link #sampleReturn} draws it by inverting the truncated CDF at a uniform
 * {@code u}: {@code F(x) = F(x0) + u·(F(x1) − F(x0))}, solved by Newton's method safeguarded by
 * bisection on the bracket (in the upper tail the same is done with {@code Q = 1 − P} to keep precision).
 * Where the segment's gamma mass underflows to 0 in double precision (extreme tails) the density is
 * replaced by its log-linear approximation on the segment (a truncated exponential), which is accurate
 * there. The return's intensity follows the same attenuation chain as a surface return (the caller's).
 */
public final class Atmosphere implements AmbientMaterial {
    private final double n, alpha, scaling, shape, scale;
    private final double lnGammaShape;

    /**
     * @param refractiveIndex n in [1, 10]
     * @param attenuation α >= 0, 1/m
     * @param returnProbabilityScaling A in [0, 1]
     * @param gammaShape k > 0
     * @param gammaScale θ > 0, m
     */
    public Atmosphere(double refractiveIndex, double attenuation, double returnProbabilityScaling, double gammaShape,
            double gammaScale) {
        this.n = Args.inRange("refractiveIndex", refractiveIndex, 1, 10);
        this.alpha = Args.nonNegative("attenuationCoefficient", attenuation);
        this.scaling = Args.inRange("returnProbabilityScaling", returnProbabilityScaling, 0, 1);
        this.shape = Args.positive("returnGammaDistributionShapeParameter", gammaShape);
        this.scale = Args.positive("returnGammaDistributionScaleParameter", gammaScale);
        this.lnGammaShape = IncompleteGamma.lnGamma(gammaShape);
    }

    @Override
    public double refractiveIndex() { return n; }

    @Override
    public double attenuation() { return alpha; }

    @Override
    public java.util.Optional<sensor.api.material.KernelForm> kernelForm() {
        return java.util.Optional.of(new sensor.api.material.KernelForm("atmosphere",
                new double[] {n, alpha, scaling, shape, scale, lnGammaShape}));
    }

    public double returnProbabilityScaling() { return scaling; }
    public double returnGammaShape() { return shape; }
    public double returnGammaScale() { return scale; }

    /** [L-13] Beer–Lambert transmitted fraction {@code exp(−α x)} over an OPL {@code x >= 0}. */
    public double transmittance(double opl) {
        return Math.exp(-alpha * opl);
    }

    /** The gamma CDF {@code F(x; k, θ)} of the return OPL. */
    public double returnCdf(double x) {
        return IncompleteGamma.p(shape, x / scale, lnGammaShape);
    }

    /** The gamma pdf {@code f(x; k, θ)} of the return OPL (without the scaling {@code A}). */
    public double returnPdf(double x) {
        return IncompleteGamma.gammaPdf(x, shape, scale, lnGammaShape);
    }

    /** {@code A} times a CDF difference is at most {@code A}; twice that leaves room for the CDFs' rounding. */
    @Override
    public double maxReturnProbability() {
        return Math.min(1, 2 * scaling);
    }

    @Override
    public double returnProbability(double x0, double x1) {
        checkSegment(x0, x1);
        if (scaling == 0 || x1 == x0) {
            return 0;
        }
        return scaling * mass(x0 / scale, x1 / scale, upperTail(x0 / scale));
    }

    @Override
    public double sampleReturn(double x0, double x1, double u) {
        checkSegment(x0, x1);
        if (!(u >= 0 && u < 1)) {
            throw new IllegalArgumentException("u must be in [0, 1), got " + u);
        }
        if (x1 == x0) {
            return x0;
        }
        double z0 = x0 / scale, z1 = x1 / scale;
        boolean upper = upperTail(z0);
        double c0 = upper ? q(z0) : p(z0);
        double c1 = upper ? q(z1) : p(z1);
        double mass = upper ? c0 - c1 : c1 - c0;
        double x;
        if (mass > 0) {
            double target = upper ? c0 - u * mass : c0 + u * mass;
            x = invert(z0, z1, target, upper) * scale;
        } else {
            x = logLinear(x0, x1, u);
        }
        if (x >= x1) {
            x = Math.nextDown(x1);
        }
        return Math.max(x0, x);
    }

    private boolean upperTail(double z0) {
        return z0 >= shape;
    }

    private double p(double z) {
        return IncompleteGamma.p(shape, z, lnGammaShape);
    }

    private double q(double z) {
        return IncompleteGamma.q(shape, z, lnGammaShape);
    }

    private double mass(double z0, double z1, boolean upper) {
        return upper ? q(z0) - q(z1) : p(z1) - p(z0);
    }

    /** Solves {@code P(z) = target} (or {@code Q(z) = target} in the upper tail) on {@code [lo, hi]}. */
    private double invert(double lo, double hi, double target, boolean upper) {
        double z = Double.isInfinite(hi) ? Math.max(lo, shape) : 0.5 * (lo + hi);
        for (int it = 0; it < 200; it++) {
            double r = upper ? target - q(z) : p(z) - target; // increasing in z, derivative = pdf
            if (r == 0) {
                return z;
            }
            if (r > 0) {
                hi = z;
            } else {
                lo = z;
            }
            double pdf = Math.exp((shape - 1) * Math.log(z) - z - lnGammaShape);
            double next = z - r / pdf;
            if (!(next > lo && next < hi)) { // Newton left the bracket: bisect (or expand an open one)
                next = Double.isInfinite(hi) ? Math.max(2 * lo, lo + 1) : 0.5 * (lo + hi);
            }
            if (Math.abs(next - z) <= 1e-14 * Math.max(1, z) || hi - lo <= 1e-15 * Math.max(1, z)) {
                return next;
            }
            z = next;
        }
        return z;
    }

    /**
     * Fallback where the segment's gamma mass underflows: {@code ln f} is linearised about the segment
     * (slope {@code (k−1)/x − 1/θ}) and the truncated exponential inverted at {@code u}.
     */
    private double logLinear(double x0, double x1, double u) {
        double length = x1 - x0;
        double at = Double.isInfinite(x1) ? x0 : 0.5 * (x0 + x1);
        double lambda = 1 / scale - (shape - 1) / Math.max(at, Double.MIN_NORMAL);
        if (Double.isInfinite(length)) {
            return lambda > 0 ? x0 - Math.log1p(-u) / lambda : x0;
        }
        double lL = lambda * length;
        if (Math.abs(lL) < 1e-12) {
            return x0 + u * length;
        }
        return x0 - Math.log1p(-u * (-Math.expm1(-lL))) / lambda;
    }

    private static void checkSegment(double x0, double x1) {
        if (!(Double.isFinite(x0) && x0 >= 0)) {
            throw new IllegalArgumentException("x0 must be finite and >= 0, got " + x0);
        }
        if (!(x1 >= x0)) {
            throw new IllegalArgumentException("x1 must be >= x0 = " + x0 + " (+Infinity allowed), got " + x1);
        }
    }

    @Override
    public String toString() {
        return "atmosphere(n=" + n + ", alpha=" + alpha + "/m, A=" + scaling + ", k=" + shape + ", theta=" + scale + " m)";
    }
}
