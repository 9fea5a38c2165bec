// Cases of atmosphere.cuh and fdlibm_log.cuh for AtmosphereOnHostTest.
#include "host_cases.h"
#include "atmosphere.cuh"

HOST_CASE(ln_gamma, 1, 1) { r[0] = igamma_ln_gamma(a[0]); }

HOST_CASE(igamma_pq, 2, 2) { // a, x; ln Γ(a) computed here, as the Java overloads without it
    double lnGammaA = igamma_ln_gamma(a[0]);
    r[0] = igamma_p(a[0], a[1], lnGammaA);
    r[1] = igamma_q(a[0], a[1], lnGammaA);
}

HOST_CASE(gamma_pdf, 4, 1) { r[0] = igamma_pdf(a[0], a[1], a[2], a[3]); } // x, k, θ, ln Γ(k)

HOST_CASE(log1p_expm1, 1, 2) {
    r[0] = fdlibm_log1p(a[0]);
    r[1] = fdlibm_expm1(a[0]);
}

HOST_CASE(libm, 1, 3) { // the C library's exp, log, sin, which Java's intrinsics replace
    r[0] = exp(a[0]);
    r[1] = log(a[0]);
    r[2] = sin(a[0]);
}

// n, α, A, k, θ, then x0, x1, u: ln Γ(k), transmittance(x0), cdf(x0), pdf(x0), bound, returnProbability(x0, x1),
// sampleReturn(x0, x1, u) and its path (ATM_SAMPLE_*)
HOST_CASE(atmosphere, 8, 8) {
    AtmosphereParams m = atmosphere_make(a[0], a[1], a[2], a[3], a[4]);
    int path = -1;
    r[0] = m.lnGammaShape;
    r[1] = atm_transmittance(m, a[5]);
    r[2] = atm_return_cdf(m, a[5]);
    r[3] = atm_return_pdf(m, a[5]);
    r[4] = atm_max_return_probability(m);
    r[5] = atm_return_probability(m, a[5], a[6]);
    r[6] = atm_sample_return(m, a[5], a[6], a[7], &path);
    r[7] = path;
}

// n, α, A, k, θ, then x0, x1, entry, prior, tau, u, u2: drawn (0/1), return (0/1), OPL, intensity
HOST_CASE(atmosphere_candidate, 12, 4) {
    AtmosphereParams m = atmosphere_make(a[0], a[1], a[2], a[3], a[4]);
    bool draws = atm_candidate_draws(m, a[5], a[6]);
    double opl = -1, intensity = -1;
    bool hit = atm_candidate(m, a[5], a[6], a[7], a[8], a[9], draws ? a[10] : 1, a[11], &opl, &intensity);
    r[0] = draws;
    r[1] = hit;
    r[2] = opl;
    r[3] = intensity;
}
