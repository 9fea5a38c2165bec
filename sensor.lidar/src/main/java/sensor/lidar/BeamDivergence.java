package sensor.lidar;

/**
 * Beam divergence [L-16], [L-21]: beam radius {@code w(x) = x tan θ_D + E} along the OPL x and the
 * detected power ratio
 * {@code P_det/P = (1 − e^(−2R²/w²)) · e^(−2 r_D²/w²) / (1 − e^(−2))}. When {@code w → 0} (E = 0 at
 * x = 0) the limit is used: the whole beam falls on the detector, {@code 1/(1 − e^(−2))} for r_D = 0,
 * 0 otherwise; the result is never NaN.
 */
final class BeamDivergence {
    private static final double NORM = 1 / (1 - Math.exp(-2));
    private final double tanTheta, emitterRadius, r2, rd2;

    BeamDivergence(double halfAngle, double emitterRadius, double detectorRadius, double detectorOffset) {
        this.tanTheta = Math.tan(halfAngle);
        this.emitterRadius = emitterRadius;
        this.r2 = detectorRadius * detectorRadius;
        this.rd2 = detectorOffset * detectorOffset;
    }

    /** Beam radius at OPL {@code x}, m. */
    double radius(double x) {
        return x * tanTheta + emitterRadius;
    }

    /** Detected power ratio at OPL {@code x}. */
    double detectedRatio(double x) {
        double w = radius(x);
        if (!(w > 0)) {
            return rd2 == 0 ? NORM : 0;
        }
        double inv = 2 / (w * w);
        return NORM * -Expm1.expm1(-r2 * inv) * Math.exp(-rd2 * inv);
    }
}
