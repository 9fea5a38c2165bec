package sensor.materials.impl;

import sensor.api.Args;
import sensor.api.material.SurfaceMaterial;

/**
 * Explicit BRDF from samples on a 4-D grid [L-BRDF].
 *
 * <p><b>Grid.</b> Samples are flattened row-major in the order (θ of incidence, φ of incidence, θ of
 * view, φ of view): sample {@code [i][j][p][q]} is at index {@code ((i·nφl + j)·nθv + p)·nφv + q}.
 * θ (angle from the normal +z) is sampled uniformly on the closed range [0, π/2] including both ends,
 * {@code θ_i = i·(π/2)/(nθ − 1)}, so at least 2 θ samples are needed. φ (azimuth about +z measured from
 * the local +x axis towards +y, {@code atan2(y, x)}) is sampled uniformly on the periodic range [0, 2π),
 * {@code φ_j = j·2π/nφ}; {@code nφ = 1} means the BRDF does not depend on that azimuth.
 *
 * <p><b>Interpolation.</b> Quadrilinear (multilinear in the four coordinates θ_l, φ_l, θ_v, φ_v):
 * linear in each of the 16 surrounding samples' cells, periodic in both φ (the cell after the last φ
 * sample wraps to sample 0 at 2π), clamped in θ. It is exact at the samples and reproduces exactly any
 * function that is multilinear in the four angles (in particular a constant, i.e. a Lambertian). At the
 * poles θ = 0 the azimuth of a direction is taken as {@code atan2(y, x)}, so a grid whose θ = 0 samples
 * differ with φ is honoured but not smoothed there.
 *
 * <p>Directions below the surface ({@code l_z <= 0} or {@code v_z <= 0}) give 0. Immutable, thread-safe,
 * allocation-free evaluation.
 */
public final class ExplicitBrdf implements SurfaceMaterial {
    private static final double TWO_PI = 2 * Math.PI;

    private final int nThetaL, nPhiL, nThetaV, nPhiV;
    private final double[] samples;
    private final double thetaScaleL, thetaScaleV, phiScaleL, phiScaleV;

    /**
     * Validates and copies the grid.
     *
     * @throws IllegalArgumentException for θ counts below 2, φ counts below 1, a sample count that does
     *         not match, negative or non-finite samples
     */
    public ExplicitBrdf(int thetaInCount, int phiInCount, int thetaViewCount, int phiViewCount, double[] samples) {
        validate(thetaInCount, phiInCount, thetaViewCount, phiViewCount, samples);
        this.nThetaL = thetaInCount;
        this.nPhiL = phiInCount;
        this.nThetaV = thetaViewCount;
        this.nPhiV = phiViewCount;
        this.samples = samples.clone();
        this.thetaScaleL = (thetaInCount - 1) / (0.5 * Math.PI);
        this.thetaScaleV = (thetaViewCount - 1) / (0.5 * Math.PI);
        this.phiScaleL = phiInCount / TWO_PI;
        this.phiScaleV = phiViewCount / TWO_PI;
    }

    /** The checks of the constructor, for configurations that validate before they assign. */
    public static void validate(int thetaInCount, int phiInCount, int thetaViewCount, int phiViewCount,
            double[] samples) {
        Args.inRange("thetaInCount", thetaInCount, 2, Integer.MAX_VALUE);
        Args.inRange("phiInCount", phiInCount, 1, Integer.MAX_VALUE);
        Args.inRange("thetaViewCount", thetaViewCount, 2, Integer.MAX_VALUE);
        Args.inRange("phiViewCount", phiViewCount, 1, Integer.MAX_VALUE);
        Args.notNull("samples", samples);
        long expected = (long) thetaInCount * phiInCount * thetaViewCount * phiViewCount;
        if (samples.length != expected) {
            throw new IllegalArgumentException("samples must hold thetaInCount*phiInCount*thetaViewCount*phiViewCount = "
                    + thetaInCount + "*" + phiInCount + "*" + thetaViewCount + "*" + phiViewCount + " = " + expected
                    + " values, got " + samples.length);
        }
        for (int i = 0; i < samples.length; i++) {
            double s = samples[i];
            if (!(Double.isFinite(s) && s >= 0)) {
                throw new IllegalArgumentException("samples[" + i + "] must be finite and >= 0 (a BRDF in 1/sr), got " + s);
            }
        }
    }

    @Override
    public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) {
        if (lz <= 0 || vz <= 0) {
            return 0;
        }
        // θ = atan2(|w_xy|, w_z) in [0, π/2); grid coordinate and clamped cell
        double tl = Math.atan2(Math.sqrt(lx * lx + ly * ly), lz) * thetaScaleL;
        int i0 = Math.min((int) tl, nThetaL - 2);
        double fi = Math.min(1, tl - i0);
        double tv = Math.atan2(Math.sqrt(vx * vx + vy * vy), vz) * thetaScaleV;
        int p0 = Math.min((int) tv, nThetaV - 2);
        double fp = Math.min(1, tv - p0);
        // φ in [0, 2π), periodic cells
        double pl = Math.atan2(ly, lx);
        if (pl < 0) {
            pl += TWO_PI;
        }
        pl *= phiScaleL;
        int j0 = (int) pl;
        double fj = pl - j0;
        if (j0 >= nPhiL) { // pl rounded up to exactly nPhiL
            j0 -= nPhiL;
        }
        int j1 = j0 + 1 == nPhiL ? 0 : j0 + 1;
        double pv = Math.atan2(vy, vx);
        if (pv < 0) {
            pv += TWO_PI;
        }
        pv *= phiScaleV;
        int q0 = (int) pv;
        double fq = pv - q0;
        if (q0 >= nPhiV) {
            q0 -= nPhiV;
        }
        int q1 = q0 + 1 == nPhiV ? 0 : q0 + 1;

        int sP = nPhiV, sT = nThetaV * nPhiV, sJ = sT, sI = nPhiL * sT;
        int i1 = i0 + 1, p1 = p0 + 1;
        double c = 0;
        c += (1 - fi) * ((1 - fj) * cell(i0 * sI + j0 * sJ, p0, p1, q0, q1, fp, fq, sP)
                + fj * cell(i0 * sI + j1 * sJ, p0, p1, q0, q1, fp, fq, sP));
        c += fi * ((1 - fj) * cell(i1 * sI + j0 * sJ, p0, p1, q0, q1, fp, fq, sP)
                + fj * cell(i1 * sI + j1 * sJ, p0, p1, q0, q1, fp, fq, sP));
        return c;
    }

    /** Bilinear interpolation in (θ_v, φ_v) inside the block of one incidence sample. */
    private double cell(int base, int p0, int p1, int q0, int q1, double fp, double fq, int sP) {
        double[] s = samples;
        int r0 = base + p0 * sP, r1 = base + p1 * sP;
        return (1 - fp) * ((1 - fq) * s[r0 + q0] + fq * s[r0 + q1]) + fp * ((1 - fq) * s[r1 + q0] + fq * s[r1 + q1]);
    }

    @Override
    public java.util.Optional<sensor.api.material.KernelForm> kernelForm() {
        double[] p = new double[4 + samples.length];
        p[0] = nThetaL;
        p[1] = nPhiL;
        p[2] = nThetaV;
        p[3] = nPhiV;
        System.arraycopy(samples, 0, p, 4, samples.length);
        return java.util.Optional.of(new sensor.api.material.KernelForm("explicit-brdf", p));
    }

    public int thetaInCount() { return nThetaL; }
    public int phiInCount() { return nPhiL; }
    public int thetaViewCount() { return nThetaV; }
    public int phiViewCount() { return nPhiV; }

    @Override
    public String toString() {
        return "explicit-brdf(" + nThetaL + "x" + nPhiL + "x" + nThetaV + "x" + nPhiV + ")";
    }
}
