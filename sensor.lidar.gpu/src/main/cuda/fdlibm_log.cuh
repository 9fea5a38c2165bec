// log1p and expm1 of fdlibm 5.3 (s_log1p.c, s_expm1.c), which Java's StrictMath.log1p and StrictMath.expm1 are, and
// Math.log1p and Math.expm1 delegate to (no HotSpot intrinsic): written with + - * / and bit operations only, so
// with -fmad=false they give Java's bits on the host and on the GPU, where the C library's and CUDA's log1p and
// expm1 are other algorithms. expm1 follows sensor.lidar's Expm1.java, the same port in Java.
//
// ====================================================
// Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//
// Developed at SunSoft, a Sun Microsystems, Inc. business.
// Permission to use, copy, modify, and distribute this
// software is freely granted, provided that this notice
// is preserved.
// ====================================================
#pragma once
#include "fdlibm.cuh"

/** x with its high word replaced by hi (fdlibm's __HI(x) = hi). */
SIM_HD double fdlibm_with_hi(double x, int hi) {
    unsigned long long b;
    memcpy(&b, &x, sizeof b);
    b = ((unsigned long long) (unsigned int) hi << 32) | (b & 0xffffffffULL);
    memcpy(&x, &b, sizeof x);
    return x;
}

/** fdlibm's log1p (s_log1p.c): ln(1 + x). */
SIM_HD double fdlibm_log1p(double x) {
    const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10,
            two54 = 1.80143985094819840000e+16, Lp1 = 6.666666666666735130e-01, Lp2 = 3.999999999940941908e-01,
            Lp3 = 2.857142874366239149e-01, Lp4 = 2.222219843214978396e-01, Lp5 = 1.818357216161805012e-01,
            Lp6 = 1.531383769920937332e-01, Lp7 = 1.479819860511658591e-01;
    const double zero = 0.0;
    double hfsq, f = 0, c = 0, s, z, R, u;
    int k, hx, hu = 0, ax;
    hx = fdlibm_hi(x);
    ax = hx & 0x7fffffff;
    k = 1;
    if (hx < 0x3FDA827A) { // x < 0.41422
        if (ax >= 0x3ff00000) { // x <= -1.0
            if (x == -1.0 && hx == (int) 0xbff00000) return -two54 / zero; // log1p(-1) = -inf
            return (x - x) / (x - x); // log1p(x < -1) = NaN
        }
        if (ax < 0x3e200000) { // |x| < 2^-29
            if (two54 + x > zero && ax < 0x3c900000) return x; // |x| < 2^-54
            return x - x * x * 0.5;
        }
        if (hx > 0 || hx <= (int) 0xbfd2bec3) { // -0.2929 < x < 0.41422
            k = 0;
            f = x;
            hu = 1;
        }
    }
    if (hx >= 0x7ff00000) return x + x;
    if (k != 0) {
        if (hx < 0x43400000) {
            u = 1.0 + x;
            hu = fdlibm_hi(u);
            k = (hu >> 20) - 1023;
            c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0); // correction term
            c /= u;
        } else {
            u = x;
            hu = fdlibm_hi(u);
            k = (hu >> 20) - 1023;
            c = 0;
        }
        hu &= 0x000fffff;
        if (hu < 0x6a09e) {
            u = fdlibm_with_hi(u, hu | 0x3ff00000); // normalize u
        } else {
            k += 1;
            u = fdlibm_with_hi(u, hu | 0x3fe00000); // normalize u/2
            hu = (0x00100000 - hu) >> 2;
        }
        f = u - 1.0;
    }
    hfsq = 0.5 * f * f;
    if (hu == 0) { // |f| < 2^-20
        if (f == zero) {
            if (k == 0) return zero;
            c += k * ln2_lo;
            return k * ln2_hi + c;
        }
        R = hfsq * (1.0 - 0.66666666666666666 * f);
        if (k == 0) return f - R;
        return k * ln2_hi - ((R - (k * ln2_lo + c)) - f);
    }
    s = f / (2.0 + f);
    z = s * s;
    R = z * (Lp1 + z * (Lp2 + z * (Lp3 + z * (Lp4 + z * (Lp5 + z * (Lp6 + z * Lp7))))));
    if (k == 0) return f - (hfsq - s * (hfsq + R));
    return k * ln2_hi - ((hfsq - (s * (hfsq + R) + (k * ln2_lo + c))) - f);
}

/** y with k added to its exponent field (fdlibm's __HI(y) += k << 20: no check of the range). */
SIM_HD double fdlibm_times_two_to(double y, int k) { return fdlibm_with_hi(y, fdlibm_hi(y) + (k << 20)); }

/** fdlibm's expm1 (s_expm1.c): e^x - 1. */
SIM_HD double fdlibm_expm1(double x) {
    const double huge = 1.0e+300, tiny = 1.0e-300, o_threshold = 7.09782712893383973096e+02,
            ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10,
            invln2 = 1.44269504088896338700e+00, Q1 = -3.33333333333331316428e-02,
            Q2 = 1.58730158725481460165e-03, Q3 = -7.93650757867487942473e-05, Q4 = 4.00821782732936239552e-06,
            Q5 = -2.01099218183624371326e-07;
    double y, hi, lo, c = 0, t, e, hxs, hfx, r1;
    int k;
    unsigned int hx = (unsigned int) fdlibm_hi(x);
    unsigned int xsb = hx & 0x80000000u; // sign bit of x
    hx &= 0x7fffffff; // high word of |x|
    if (hx >= 0x4043687A) { // |x| >= 56 ln 2
        if (hx >= 0x40862E42) { // |x| >= 709.78...
            if (hx >= 0x7ff00000) {
                if (((hx & 0xfffff) | fdlibm_lo(x)) != 0) return x + x; // NaN
                return xsb == 0 ? x : -1.0; // exp(+-inf) = {inf, -1}
            }
            if (x > o_threshold) return huge * huge; // overflow
        }
        if (xsb != 0) { // x < -56 ln 2: -1, inexact
            if (x + tiny < 0.0) return tiny - 1.0;
        }
    }
    if (hx > 0x3fd62e42) { // |x| > ln 2 / 2: reduce
        if (hx < 0x3FF0A2B2) { // and |x| < 3 ln 2 / 2
            if (xsb == 0) {
                hi = x - ln2_hi;
                lo = ln2_lo;
                k = 1;
            } else {
                hi = x + ln2_hi;
                lo = -ln2_lo;
                k = -1;
            }
        } else {
            k = (int) (invln2 * x + (xsb == 0 ? 0.5 : -0.5));
            t = k;
            hi = x - t * ln2_hi; // t * ln2_hi is exact here
            lo = t * ln2_lo;
        }
        x = hi - lo;
        c = (hi - x) - lo;
    } else if (hx < 0x3c900000) { // |x| < 2^-54: x
        t = huge + x;
        return x - (t - (huge + x));
    } else {
        k = 0;
    }
    hfx = 0.5 * x;
    hxs = x * hfx;
    r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
    t = 3.0 - r1 * hfx;
    e = hxs * ((r1 - t) / (6.0 - x * t));
    if (k == 0) return x - (x * e - hxs); // c is 0
    e = (x * (e - c) - c);
    e -= hxs;
    if (k == -1) return 0.5 * (x - e) - 0.5;
    if (k == 1) {
        if (x < -0.25) return -2.0 * (e - (x + 0.5));
        return 1.0 + 2.0 * (x - e);
    }
    if (k <= -2 || k > 56) { // exp(x) - 1 suffices
        y = 1.0 - (e - x);
        y = fdlibm_times_two_to(y, k);
        return y - 1.0;
    }
    if (k < 20) {
        t = fdlibm_with_hi(0.0, 0x3ff00000 - (0x200000 >> k)); // t = 1 - 2^-k
        y = t - (e - x);
        y = fdlibm_times_two_to(y, k);
    } else {
        t = fdlibm_with_hi(0.0, (0x3ff - k) << 20); // 2^-k
        y = x - (e + t);
        y += 1.0;
        y = fdlibm_times_two_to(y, k);
    }
    return y;
}
