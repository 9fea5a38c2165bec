// The atmosphere, ported line by line from sensor.materials: IncompleteGamma (ln Γ, the regularized incomplete gamma
// functions P and Q, the gamma pdf) and Atmosphere (Beer–Lambert transmittance [L-13], atmospheric returns [L-14]),
// and the atmospheric candidate of sensor.lidar's ReturnPipeline.shade.
//
// Java's argument checks (Args in the constructor, checkSegment and the range of u in returnProbability and
// sampleReturn) are not ported: they are the caller's responsibility. A kernel calls these functions only with an
// atmosphere built from checked parameters (n in [1, 10], α >= 0, A in [0, 1], k > 0, θ > 0), x0 finite and >= 0,
// x1 >= x0 (+inf allowed), u in [0, 1); outside that the results are whatever the arithmetic gives, not an error.
//
// The math is Java's, operation by operation: + - * / round as in Java (-fmad=false, -ffp-contract=off), log1p and
// expm1 are fdlibm's (fdlibm_log.cuh), as Java's are. exp, log and sin are the host's C library or the device's
// math library, where Java uses HotSpot intrinsics: those may differ in the last place, which may move a Newton
// iterate or a loop's exit; AtmosphereOnHostTest measures and bounds the differences.
#pragma once
#include "fdlibm_log.cuh"

// ---------------------------------------------------------------- IncompleteGamma

/** Java's Math.max exactly (NaN wins, +0 over -0); the arguments here are never NaN, but it costs nothing. */
SIM_HD double atm_jmax(double a, double b) {
    if (a != a) return a;
    if (a == 0 && b == 0) return signbit(a) ? b : a;
    return a >= b ? a : b;
}

#define IGAMMA_EPS 1e-16
#define IGAMMA_MAX_ITER 10000

/** Double.MIN_NORMAL / EPS. */
SIM_HD double igamma_fpmin() { return 2.2250738585072014E-308 / IGAMMA_EPS; }

/** ln Γ(x) for x > 0 (IncompleteGamma.lnGamma): Lanczos g = 7, n = 9, reflection below 0.5 (one level only: 1 − x
 * >= 0.5 there, so Java's recursion never goes deeper). */
SIM_HD double igamma_ln_gamma(double x) {
    const double LANCZOS[] = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};
    const double LN_SQRT_2PI = 0.91893853320467274178;
    double reflection = 0;
    bool reflect = x < 0.5;
    if (reflect) { // Γ(x)Γ(1−x) = π / sin(πx)
        reflection = log(SIM_PI / fabs(sin(SIM_PI * x)));
        x = 1 - x;
    }
    double z = x - 1;
    double s = LANCZOS[0];
    for (int i = 1; i < 9; i++) {
        s += LANCZOS[i] / (z + i);
    }
    double t = z + 7.5;
    double lanczos = LN_SQRT_2PI + (z + 0.5) * log(t) - t + log(s);
    return reflect ? reflection - lanczos : lanczos;
}

/** P by its series e^−x x^a / Γ(a) · Σ x^n / (a(a+1)…(a+n)) (IncompleteGamma.series). */
SIM_HD double igamma_series(double a, double x, double lnGammaA) {
    double ap = a, del = 1 / a, sum = del;
    for (int n = 0; n < IGAMMA_MAX_ITER; n++) {
        ap += 1;
        del *= x / ap;
        sum += del;
        if (fabs(del) < fabs(sum) * IGAMMA_EPS) break;
    }
    return sum * exp(-x + a * log(x) - lnGammaA);
}

/** Q by the continued fraction, modified Lentz (IncompleteGamma.continuedFraction). */
SIM_HD double igamma_continued_fraction(double a, double x, double lnGammaA) {
    const double FPMIN = igamma_fpmin();
    double b = x + 1 - a, c = 1 / FPMIN, d = 1 / b, h = d;
    for (int i = 1; i < IGAMMA_MAX_ITER; i++) {
        double an = -i * (i - a);
        b += 2;
        d = an * d + b;
        if (fabs(d) < FPMIN) d = FPMIN;
        c = b + an / c;
        if (fabs(c) < FPMIN) c = FPMIN;
        d = 1 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < IGAMMA_EPS) break;
    }
    return exp(-x + a * log(x) - lnGammaA) * h;
}

/** P(a, x) with lnGammaA = ln Γ(a), a > 0, x >= 0 (IncompleteGamma.p). */
SIM_HD double igamma_p(double a, double x, double lnGammaA) {
    if (x <= 0) return 0;
    if (x == INFINITY) return 1;
    return x < a + 1 ? igamma_series(a, x, lnGammaA) : 1 - igamma_continued_fraction(a, x, lnGammaA);
}

/** Q(a, x) = 1 − P(a, x) with lnGammaA = ln Γ(a) (IncompleteGamma.q). */
SIM_HD double igamma_q(double a, double x, double lnGammaA) {
    if (x <= 0) return 1;
    if (x == INFINITY) return 0;
    return x < a + 1 ? 1 - igamma_series(a, x, lnGammaA) : igamma_continued_fraction(a, x, lnGammaA);
}

/** The gamma pdf x^(k−1) e^(−x/θ) / (Γ(k) θ^k) with lnGammaK = ln Γ(k) (IncompleteGamma.gammaPdf). */
SIM_HD double igamma_pdf(double x, double k, double theta, double lnGammaK) {
    if (x < 0 || x == INFINITY) return 0;
    if (x == 0) return k < 1 ? INFINITY : k == 1 ? 1 / theta : 0;
    return exp((k - 1) * log(x) - x / theta - lnGammaK - k * log(theta));
}

// ---------------------------------------------------------------- Atmosphere [L-13] [L-14]

/**
 * A homogeneous ambient medium as a kernel reads it: refractive index n, attenuation α (1/m), return probability
 * scaling A, gamma shape k and scale θ (m) of the return OPL, and what Atmosphere's constructor precomputes, ln Γ(k).
 */
struct AtmosphereParams {
    double n, alpha, scaling, shape, scale;
    double lnGammaShape;
};

/** As Atmosphere's constructor, without its checks (the caller's). */
SIM_HD AtmosphereParams atmosphere_make(double n, double alpha, double scaling, double shape, double scale) {
    AtmosphereParams m;
    m.n = n;
    m.alpha = alpha;
    m.scaling = scaling;
    m.shape = shape;
    m.scale = scale;
    m.lnGammaShape = igamma_ln_gamma(shape);
    return m;
}

/** [L-13] Beer–Lambert transmitted fraction exp(−α x) over an OPL x >= 0. */
SIM_HD double atm_transmittance(const AtmosphereParams &m, double opl) { return exp(-m.alpha * opl); }

/** The gamma CDF F(x; k, θ) of the return OPL. */
SIM_HD double atm_return_cdf(const AtmosphereParams &m, double x) {
    return igamma_p(m.shape, x / m.scale, m.lnGammaShape);
}

/** The gamma pdf f(x; k, θ) of the return OPL (without the scaling A). */
SIM_HD double atm_return_pdf(const AtmosphereParams &m, double x) {
    return igamma_pdf(x, m.shape, m.scale, m.lnGammaShape);
}

/** min(1, 2A): A times a CDF difference is at most A; twice that leaves room for the CDFs' rounding. */
SIM_HD double atm_max_return_probability(const AtmosphereParams &m) { return sim_min(1, 2 * m.scaling); }

SIM_HD bool atm_upper_tail(const AtmosphereParams &m, double z0) { return z0 >= m.shape; }

SIM_HD double atm_p(const AtmosphereParams &m, double z) { return igamma_p(m.shape, z, m.lnGammaShape); }

SIM_HD double atm_q(const AtmosphereParams &m, double z) { return igamma_q(m.shape, z, m.lnGammaShape); }

SIM_HD double atm_mass(const AtmosphereParams &m, double z0, double z1, bool upper) {
    return upper ? atm_q(m, z0) - atm_q(m, z1) : atm_p(m, z1) - atm_p(m, z0);
}

/** [L-14] The probability A·(F(x1) − F(x0)) of a return with OPL in [x0, x1); x0 finite >= 0, x1 >= x0 (caller). */
SIM_HD double atm_return_probability(const AtmosphereParams &m, double x0, double x1) {
    if (m.scaling == 0 || x1 == x0) return 0;
    return m.scaling * atm_mass(m, x0 / m.scale, x1 / m.scale, atm_upper_tail(m, x0 / m.scale));
}

/** Solves P(z) = target (or Q(z) = target in the upper tail) on [lo, hi]: Newton safeguarded by bisection. */
SIM_HD double atm_invert(const AtmosphereParams &m, double lo, double hi, double target, bool upper) {
    double z = isinf(hi) ? atm_jmax(lo, m.shape) : 0.5 * (lo + hi);
    for (int it = 0; it < 200; it++) {
        double r = upper ? target - atm_q(m, z) : atm_p(m, z) - target; // increasing in z, derivative = pdf
        if (r == 0) return z;
        if (r > 0) {
            hi = z;
        } else {
            lo = z;
        }
        double pdf = exp((m.shape - 1) * log(z) - z - m.lnGammaShape);
        double next = z - r / pdf;
        if (!(next > lo && next < hi)) { // Newton left the bracket: bisect (or expand an open one)
            next = isinf(hi) ? atm_jmax(2 * lo, lo + 1) : 0.5 * (lo + hi);
        }
        if (fabs(next - z) <= 1e-14 * atm_jmax(1, z) || hi - lo <= 1e-15 * atm_jmax(1, z)) return next;
        z = next;
    }
    return z;
}

/**
 * Fallback where the segment's gamma mass underflows: ln f linearised about the segment (slope (k−1)/x − 1/θ) and
 * the truncated exponential inverted at u. log1p and expm1 are fdlibm's, as Java's.
 */
SIM_HD double atm_log_linear(const AtmosphereParams &m, double x0, double x1, double u) {
    double length = x1 - x0;
    double at = isinf(x1) ? x0 : 0.5 * (x0 + x1);
    double lambda = 1 / m.scale - (m.shape - 1) / atm_jmax(at, 2.2250738585072014E-308);
    if (isinf(length)) return lambda > 0 ? x0 - fdlibm_log1p(-u) / lambda : x0;
    double lL = lambda * length;
    if (fabs(lL) < 1e-12) return x0 + u * length;
    return x0 - fdlibm_log1p(-u * (-fdlibm_expm1(-lL))) / lambda;
}

/** Math.nextDown for x > 0 (+inf included), the only case here: x1 > x0 >= 0. */
SIM_HD double atm_next_down(double x) {
    unsigned long long b;
    memcpy(&b, &x, sizeof b);
    b -= 1;
    memcpy(&x, &b, sizeof x);
    return x;
}

#define ATM_SAMPLE_EMPTY 0 /* x1 == x0 */
#define ATM_SAMPLE_LOWER 1 /* inverted P */
#define ATM_SAMPLE_UPPER 2 /* inverted Q, the upper tail */
#define ATM_SAMPLE_LOG_LINEAR 3 /* the mass underflowed: log-linear fallback */

/**
 * [L-14] The OPL of a return in [x0, x1) at the uniform u in [0, 1): the gamma law truncated to the segment,
 * inverted (Atmosphere.sampleReturn); x0 finite >= 0, x1 >= x0 (+inf allowed) and u in [0, 1) are the caller's to
 * ensure. The path taken (ATM_SAMPLE_*) goes to *path when it is not null, for the tests. Where the lower branch
 * inverts P at a target near 1 (u near 1 on a segment reaching far into the tail) P is 1 − Q rounded, so the quantile
 * is fixed only to P's last bit, in Java as here: a last-place difference of exp or log moves the OPL by up to
 * centimetres there (5 cm at u = 1 − 2^-53, k = 0.094, θ = 4.5 m, x1 = +inf); elsewhere by picometres.
 */
SIM_HD double atm_sample_return(const AtmosphereParams &m, double x0, double x1, double u, int *path = nullptr) {
    if (x1 == x0) {
        if (path) *path = ATM_SAMPLE_EMPTY;
        return x0;
    }
    double z0 = x0 / m.scale, z1 = x1 / m.scale;
    bool upper = atm_upper_tail(m, z0);
    double c0 = upper ? atm_q(m, z0) : atm_p(m, z0);
    double c1 = upper ? atm_q(m, z1) : atm_p(m, z1);
    double mass = upper ? c0 - c1 : c1 - c0;
    double x;
    if (mass > 0) {
        double target = upper ? c0 - u * mass : c0 + u * mass;
        x = atm_invert(m, z0, z1, target, upper) * m.scale;
        if (path) *path = upper ? ATM_SAMPLE_UPPER : ATM_SAMPLE_LOWER;
    } else {
        x = atm_log_linear(m, x0, x1, u);
        if (path) *path = ATM_SAMPLE_LOG_LINEAR;
    }
    if (x >= x1) x = atm_next_down(x1);
    return atm_jmax(x0, x);
}

// ---------------------------------------------------------------- ReturnPipeline.shade's atmospheric candidate

/**
 * Whether a segment [x0, x1) needs the first uniform: shade draws it only where the bound is positive, the segment
 * not empty (and the node has no atmospheric candidate yet, the caller's to check); otherwise u = 1, no return.
 */
SIM_HD bool atm_candidate_draws(const AtmosphereParams &m, double x0, double x1) {
    return atm_max_return_probability(m) > 0 && x1 > x0;
}

/**
 * [L-14] The atmospheric candidate of one segment of a heap node, as ReturnPipeline.shade decides it: the segment
 * [x0, x1) in OPL from the lidar, its medium entered at OPL entry (x0 >= entry), the node's power prior and optical
 * depth tau at x0. u is the first uniform (1 where atm_candidate_draws says it is not drawn), u2 the second (shade
 * draws it only for a return; a counter-based draw, so a kernel may draw it either way). The bound min(1, 2A) is
 * tested first, so the two incomplete gamma functions are evaluated only below it (the decision is the same).
 * A return: true, with its OPL from the lidar in *opl and its intensity prior·exp(−(tau + α (xa − x0)))/π in
 * *intensity (the attenuation chain; the beam's divergence is applied later, as for surface candidates).
 */
SIM_HD bool atm_candidate(const AtmosphereParams &m, double x0, double x1, double entry, double prior, double tau,
        double u, double u2, double *opl, double *intensity) {
    double bound = atm_max_return_probability(m);
    if (u < bound && u < atm_return_probability(m, x0 - entry, x1 - entry)) {
        double xa = entry + atm_sample_return(m, x0 - entry, x1 - entry, u2);
        *opl = xa;
        *intensity = prior * exp(-(tau + m.alpha * (xa - x0))) / SIM_PI;
        return true;
    }
    return false;
}
