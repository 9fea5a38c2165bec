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
    private final double tanTheta, emitterRadius, detectorRadius, detectorOffset, r2, rd2;

    BeamDivergence(double halfAngle, double emitterRadius, double detectorRadius, double detectorOffset) {
        this.tanTheta = Math.tan(halfAngle);
        this.emitterRadius = emitterRadius;
        this.detectorRadius = detectorRadius;
        this.detectorOffset = detectorOffset;
        this.r2 = detectorRadius * detectorRadius;
        this.rd2 = detectorOffset * detectorOffset;
    }

    /** {@code tan θ_D}, as the optics use it. */
    double tanTheta() { return tanTheta; }
    /** A beam radius (m) taken as zero: below it, w² underflows and 2/w² is infinite. */
    static final double TINY = 1e-150;

    double emitterRadius() { return emitterRadius; }
    double detectorRadius() { return detectorRadius; }
    double detectorOffset() { return detectorOffset; }

    /** Beam radius at OPL {@code x}, m. */
    double radius(double x) {
        return x * tanTheta + emitterRadius;
    }

    /**
     * [L-SPEC] The share of the beam a flat mirror at OPL {@code x}, hit at incidence {@code acos(cos)}, sends into
     * the detector: the reflected beam has travelled {@code 2x} when it is back (radius {@code w(2x)}), its axis
     * tilted by {@code 2θ} from the way back, so it passes the emitter {@code x tan 2θ} away, and the detector sits
     * {@code r_D} off the emitter, across that displacement on average: {@code s² = (x tan 2θ)² + r_D²}. A Gaussian
     * beam of radius w gives a disc of radius R centred s off its axis {@code (1 − e^(−2R²/w²)) e^(−2s²/w²)}: a
     * share of the reflected power, at most 1. At {@code 2θ ≥ 90°} nothing comes back.
     */
    double mirrorReturn(double x, double cos) {
        if (!(cos > Math.sqrt(0.5))) {
            return 0;
        }
        double sin = Math.sqrt(Math.max(0, 1 - cos * cos));
        double shift = x * 2 * sin * cos / (2 * cos * cos - 1); // x tan 2θ
        double s2 = shift * shift + rd2;
        double w = radius(2 * x);
        if (!(w > TINY)) { // a point (w² would underflow)
            return s2 == 0 && r2 > 0 ? 1 : 0;
        }
        double inv = 2 / (w * w);
        return -Expm1.expm1(-r2 * inv) * Math.exp(-s2 * inv);
    }

    /** Detected power ratio at OPL {@code x}. */
    double detectedRatio(double x) {
        double w = radius(x);
        if (!(w > TINY)) { // a point (w² would underflow)
            return rd2 == 0 ? NORM : 0;
        }
        double inv = 2 / (w * w);
        return NORM * -Expm1.expm1(-r2 * inv) * Math.exp(-rd2 * inv);
    }
}
