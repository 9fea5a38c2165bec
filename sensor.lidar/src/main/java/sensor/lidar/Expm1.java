package sensor.lidar;

/**
 * {@code e^x − 1} as {@link StrictMath#expm1} computes it, bit for bit, in Java: fdlibm's algorithm (Sun Microsystems
 * 1993, "permission to use, copy, modify, and distribute this software is freely granted"), which JDK 17 reaches through
 * a native call for each value; the beam-divergence stage calls it for every candidate. The argument is reduced to
 * {@code x = k·ln 2 + r}, {@code |r| ≤ ln 2 / 2}, with a correction term for the rounding of {@code r}; {@code e^r − 1}
 * comes from a rational approximation with a degree-5 polynomial in {@code r²/2}, and the result is scaled back by
 * {@code 2^k} with a form chosen per range of {@code k} to avoid cancellation. Tested against {@code StrictMath.expm1}.
 */
final class Expm1 {
    private Expm1() {}

    private static final double HUGE = 1.0e300, TINY = 1.0e-300, OVERFLOW = 7.09782712893383973096e+02;
    private static final double LN2_HI = 6.93147180369123816490e-01, LN2_LO = 1.90821492927058770002e-10;
    private static final double INV_LN2 = 1.44269504088896338700e+00;
    // the polynomial's coefficients (fdlibm's Q1..Q5)
    private static final double Q1 = -3.33333333333331316428e-02, Q2 = 1.58730158725481460165e-03,
            Q3 = -7.93650757867487942473e-05, Q4 = 4.00821782732936239552e-06, Q5 = -2.01099218183624371326e-07;

    static double expm1(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int high = (int) (bits >>> 32);
        boolean negative = high < 0;
        high &= 0x7fffffff;
        if (high >= 0x4043687A) { // |x| >= 56 ln 2
            if (high >= 0x40862E42) { // |x| >= 709.78
                if (high >= 0x7ff00000) { // NaN or an infinity
                    return ((high & 0xfffff) | (int) bits) != 0 ? x + x : negative ? -1.0 : x;
                }
                if (x > OVERFLOW) {
                    return HUGE * HUGE;
                }
            }
            if (negative && x + TINY < 0.0) {
                return TINY - 1.0; // -1, inexact
            }
        }
        double c = 0;
        int k;
        if (high > 0x3fd62e42) { // |x| > ln 2 / 2: reduce
            double hi, lo;
            if (high < 0x3FF0A2B2) { // and |x| < 3 ln 2 / 2
                k = negative ? -1 : 1;
                hi = negative ? x + LN2_HI : x - LN2_HI;
                lo = negative ? -LN2_LO : LN2_LO;
            } else {
                k = (int) (INV_LN2 * x + (negative ? -0.5 : 0.5));
                double t = k;
                hi = x - t * LN2_HI;
                lo = t * LN2_LO;
            }
            x = hi - lo;
            c = (hi - x) - lo;
        } else if (high < 0x3c900000) { // |x| < 2^-54: x itself
            double t = HUGE + x;
            return x - (t - (HUGE + x));
        } else {
            k = 0;
        }
        double hfx = 0.5 * x, hxs = x * hfx;
        double r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
        double t = 3.0 - r1 * hfx;
        double e = hxs * ((r1 - t) / (6.0 - x * t));
        if (k == 0) {
            return x - (x * e - hxs);
        }
        e = x * (e - c) - c;
        e -= hxs;
        if (k == -1) {
            return 0.5 * (x - e) - 0.5;
        }
        if (k == 1) {
            return x < -0.25 ? -2.0 * (e - (x + 0.5)) : 1.0 + 2.0 * (x - e);
        }
        if (k <= -2 || k > 56) { // e^x − 1 through e^x
            return timesTwoTo(1.0 - (e - x), k) - 1.0;
        }
        if (k < 20) {
            return timesTwoTo(withHigh(0x3ff00000 - (0x200000 >> k)) - (e - x), k); // 1 − 2^−k, exact
        }
        return timesTwoTo(x - (e + withHigh((0x3ff - k) << 20)) + 1.0, k); // 2^−k
    }

    /** The double whose high word is {@code high} and low word 0. */
    private static double withHigh(int high) {
        return Double.longBitsToDouble((long) high << 32);
    }

    /** {@code y} with {@code k} added to its exponent field (fdlibm's way: no check of the range). */
    private static double timesTwoTo(double y, int k) {
        long bits = Double.doubleToRawLongBits(y);
        int high = (int) (bits >>> 32) + (k << 20);
        return Double.longBitsToDouble(((long) high << 32) | (bits & 0xffffffffL));
    }
}
