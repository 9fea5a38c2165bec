package sensor.materials.impl;

/**
 * Complex Fresnel equations [L-5] and the unpolarised power ratios [L-6].
 *
 * <p>Media: incidence medium of complex index {@code n̂₁}, refraction medium {@code n̂₂ = n + i·k}
 * ({@code k >= 0} absorbs). With {@code c₁ = cos θ₁} and {@code s₁² = 1 − c₁²}, Snell's law gives
 * {@code n̂₂ cos θ₂ = sqrt(n̂₂² − n̂₁² s₁²)}, the branch with non-negative imaginary part (a wave that
 * decays into the medium; for total internal reflection an evanescent wave, so {@code T = 0}).
 *
 * <pre>
 *   r_s = (n̂₁ cos θ₁ − n̂₂ cos θ₂) / (n̂₁ cos θ₁ + n̂₂ cos θ₂)
 *   r_p = (n̂₂ cos θ₁ − n̂₁ cos θ₂) / (n̂₂ cos θ₁ + n̂₁ cos θ₂)
 *   t_s = 2 n̂₁ cos θ₁ / (n̂₁ cos θ₁ + n̂₂ cos θ₂)
 *   t_p = 2 n̂₁ cos θ₁ / (n̂₂ cos θ₁ + n̂₁ cos θ₂)
 *   R = (|r_s|² + |r_p|²)/2,   T = Re(n̂₂ cos θ₂)/Re(n̂₁ cos θ₁) · (|t_s|² + |t_p|²)/2
 * </pre>
 *
 * <p>Two forms: {@link #amplitudes} follows the equations literally with {@link Complex} (a reference,
 * allocates); {@link #reflectance} and {@link #transmittance} are the primitive, allocation-free forms
 * the BRDF evaluates on the hot path (real {@code n̂₁}; {@code r_p} and {@code t_p} multiplied through by
 * {@code n̂₂} so no {@code cos θ₂} division is needed). Tests check the two forms agree.
 */
public final class Fresnel {
    private Fresnel() {}

    /** The four amplitude coefficients and the two normal-flux factors {@code n̂₁ cos θ₁}, {@code n̂₂ cos θ₂}. */
    public record Amplitudes(Complex rs, Complex rp, Complex ts, Complex tp, Complex q1, Complex q2) {
        /** Unpolarised reflected power ratio [L-6]. */
        public double reflectance() {
            return 0.5 * (rs.abs2() + rp.abs2());
        }

        /** Unpolarised transmitted power ratio [L-6]. */
        public double transmittance() {
            if (q1.re() <= 0) {
                return 0;
            }
            return q2.re() / q1.re() * 0.5 * (ts.abs2() + tp.abs2());
        }
    }

    /** Reference form of [L-5] with complex indices; {@code cos1 = cos θ₁} in (0, 1]. */
    public static Amplitudes amplitudes(Complex n1, Complex n2, double cos1) {
        double c1 = Math.min(1, cos1);
        double s1sq = Math.max(0, 1 - c1 * c1);
        Complex q2 = n2.times(n2).minus(n1.times(n1).times(s1sq)).sqrt();
        if (q2.im() < 0) {
            q2 = q2.times(-1);
        }
        Complex cos2 = q2.div(n2);
        Complex q1 = n1.times(c1);
        Complex rs = q1.minus(q2).div(q1.plus(q2));
        Complex rp = n2.times(c1).minus(n1.times(cos2)).div(n2.times(c1).plus(n1.times(cos2)));
        Complex ts = q1.times(2).div(q1.plus(q2));
        Complex tp = q1.times(2).div(n2.times(c1).plus(n1.times(cos2)));
        return new Amplitudes(rs, rp, ts, tp, q1, q2);
    }

    /**
     * Unpolarised reflectance {@code R} [L-6] from a real index {@code n1} into {@code n2 = n2re + i·n2im},
     * at incidence cosine {@code cos1}; primitive and allocation-free. {@code cos1 <= 0} (grazing) gives 1.
     */
    public static double reflectance(double n1, double n2re, double n2im, double cos1) {
        if (!(cos1 > 0)) {
            return 1;
        }
        double c = Math.min(1, cos1);
        double s2 = 1 - c * c;
        // n̂₂² and q2 = n̂₂ cos θ₂ = sqrt(n̂₂² − n₁² s²), branch Im >= 0
        double n2sqRe = n2re * n2re - n2im * n2im, n2sqIm = 2 * n2re * n2im;
        double wRe = n2sqRe - n1 * n1 * s2, wIm = n2sqIm;
        double m = Math.sqrt(wRe * wRe + wIm * wIm); // |w| (hypot is slow; no overflow for optical indices)
        double q2Re = Math.sqrt(0.5 * (m + wRe));
        double q2Im = Math.sqrt(0.5 * (m - wRe));
        if (wIm < 0) { // keep the decaying branch: Im(q2) >= 0
            q2Re = -q2Re;
        }
        double q1 = n1 * c;
        // |r_s|² = |q1 − q2|² / |q1 + q2|²
        double rsNum = (q1 - q2Re) * (q1 - q2Re) + q2Im * q2Im;
        double rsDen = (q1 + q2Re) * (q1 + q2Re) + q2Im * q2Im;
        // r_p·(n̂₂/n̂₂) = (n̂₂² c − n₁ q2) / (n̂₂² c + n₁ q2)
        double aRe = n2sqRe * c, aIm = n2sqIm * c;
        double bRe = n1 * q2Re, bIm = n1 * q2Im;
        double rpNum = (aRe - bRe) * (aRe - bRe) + (aIm - bIm) * (aIm - bIm);
        double rpDen = (aRe + bRe) * (aRe + bRe) + (aIm + bIm) * (aIm + bIm);
        return 0.5 * (rsNum / rsDen + rpNum / rpDen);
    }

    /**
     * Unpolarised transmittance {@code T} [L-6] from a real index {@code n1} into {@code n2re + i·n2im},
     * at incidence cosine {@code cos1}; primitive and allocation-free. {@code cos1 <= 0} gives 0.
     */
    public static double transmittance(double n1, double n2re, double n2im, double cos1) {
        if (!(cos1 > 0)) {
            return 0;
        }
        double c = Math.min(1, cos1);
        double s2 = 1 - c * c;
        double n2sqRe = n2re * n2re - n2im * n2im, n2sqIm = 2 * n2re * n2im;
        double wRe = n2sqRe - n1 * n1 * s2, wIm = n2sqIm;
        double m = Math.sqrt(wRe * wRe + wIm * wIm); // |w| (hypot is slow; no overflow for optical indices)
        double q2Re = Math.sqrt(0.5 * (m + wRe));
        double q2Im = Math.sqrt(0.5 * (m - wRe));
        if (wIm < 0) {
            q2Re = -q2Re;
        }
        double q1 = n1 * c;
        // |t_s|² = 4 q1² / |q1 + q2|²
        double ts2 = 4 * q1 * q1 / ((q1 + q2Re) * (q1 + q2Re) + q2Im * q2Im);
        // t_p·(n̂₂/n̂₂) = 2 n₁ n̂₂ c / (n̂₂² c + n₁ q2)
        double aRe = n2sqRe * c + n1 * q2Re, aIm = n2sqIm * c + n1 * q2Im;
        double tp2 = 4 * n1 * n1 * (n2re * n2re + n2im * n2im) * c * c / (aRe * aRe + aIm * aIm);
        return q2Re / q1 * 0.5 * (ts2 + tp2);
    }
}
