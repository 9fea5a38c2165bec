// The built-in surface materials, ported line by line from sensor.materials (Fresnel, Ggx, OrenNayar,
// GgxOrenNayarBrdf, ExplicitBrdf) and sensor.api (Lambertian). Directions are unit vectors in the surface's local
// frame (normal +z): l towards the emitter, v towards the detector.
#pragma once
#include "fdlibm.cuh"

// ---------------------------------------------------------------- [L-5] [L-6] complex Fresnel, unpolarised

/** Reflectance R from a real index n1 into n2re + i n2im at incidence cosine cos1 (Fresnel.reflectance). */
SIM_HD double fresnel_reflectance(double n1, double n2re, double n2im, double cos1) {
    if (!(cos1 > 0)) return 1;
    double c = sim_min(1, cos1);
    double s2 = 1 - c * c;
    double n2sqRe = n2re * n2re - n2im * n2im, n2sqIm = 2 * n2re * n2im;
    double wRe = n2sqRe - n1 * n1 * s2, wIm = n2sqIm;
    double m = sqrt(wRe * wRe + wIm * wIm);
    double q2Re = sqrt(0.5 * (m + wRe));
    double q2Im = sqrt(0.5 * (m - wRe));
    if (wIm < 0) q2Re = -q2Re;
    double q1 = n1 * c;
    double rsNum = (q1 - q2Re) * (q1 - q2Re) + q2Im * q2Im;
    double rsDen = (q1 + q2Re) * (q1 + q2Re) + q2Im * q2Im;
    double aRe = n2sqRe * c, aIm = n2sqIm * c;
    double bRe = n1 * q2Re, bIm = n1 * q2Im;
    double rpNum = (aRe - bRe) * (aRe - bRe) + (aIm - bIm) * (aIm - bIm);
    double rpDen = (aRe + bRe) * (aRe + bRe) + (aIm + bIm) * (aIm + bIm);
    return 0.5 * (rsNum / rsDen + rpNum / rpDen);
}

/** Transmittance T from a real index n1 into n2re + i n2im at incidence cosine cos1 (Fresnel.transmittance). */
SIM_HD double fresnel_transmittance(double n1, double n2re, double n2im, double cos1) {
    if (!(cos1 > 0)) return 0;
    double c = sim_min(1, cos1);
    double s2 = 1 - c * c;
    double n2sqRe = n2re * n2re - n2im * n2im, n2sqIm = 2 * n2re * n2im;
    double wRe = n2sqRe - n1 * n1 * s2, wIm = n2sqIm;
    double m = sqrt(wRe * wRe + wIm * wIm);
    double q2Re = sqrt(0.5 * (m + wRe));
    double q2Im = sqrt(0.5 * (m - wRe));
    if (wIm < 0) q2Re = -q2Re;
    double q1 = n1 * c;
    double ts2 = 4 * q1 * q1 / ((q1 + q2Re) * (q1 + q2Re) + q2Im * q2Im);
    double aRe = n2sqRe * c + n1 * q2Re, aIm = n2sqIm * c + n1 * q2Im;
    double tp2 = 4 * n1 * n1 * (n2re * n2re + n2im * n2im) * c * c / (aRe * aRe + aIm * aIm);
    return q2Re / q1 * 0.5 * (ts2 + tp2);
}

// ---------------------------------------------------------------- [L-D] [L-9] [L-10] GGX and Smith (Ggx)

SIM_HD double ggx_alpha2(double beckmann) { return 2 * beckmann * beckmann; }

SIM_HD double ggx_distribution(double cosH, double alpha2) {
    if (alpha2 <= 0 || cosH <= 0) return 0;
    double d = (alpha2 - 1) * cosH * cosH + 1;
    return alpha2 / (SIM_PI * d * d);
}

/** Λ(a(w)); +∞ (returned as a flag through inf) for cosWH <= 0. */
SIM_HD double ggx_lambda(double cosWH, double alpha2) {
    if (cosWH <= 0) return 1.0 / 0.0;
    double c2 = cosWH * cosWH;
    if (c2 >= 1) return 0;
    double invA2 = alpha2 * sim_max(0, 1 - c2) / c2;
    return 0.5 * (sqrt(1 + invA2) - 1);
}

SIM_HD double ggx_smith_g(double cosLH, double cosVH, double alpha2) {
    return 1 / (1 + ggx_lambda(cosLH, alpha2) + ggx_lambda(cosVH, alpha2));
}

// ---------------------------------------------------------------- [L-11] Oren–Nayar as the AGX report states it

SIM_HD double oren_nayar_a(double sigma, double diffuse) {
    double s2 = sigma * sigma;
    return 1 - 0.5 * s2 / (s2 + 0.33) + 0.17 * diffuse * s2 / (s2 + 0.13);
}

SIM_HD double oren_nayar_b(double sigma) {
    double s2 = sigma * sigma;
    return 0.45 * s2 / (s2 + 0.09);
}

SIM_HD double oren_nayar_brdf(double diffuse, double a, double b, double lx, double ly, double lz, double vx,
        double vy, double vz) {
    if (lz <= 0 || vz <= 0) return 0;
    double s = lx * vx + ly * vy + lz * vz - lz * vz;
    double t = s <= 0 ? 1 : sim_max(lz, vz);
    return diffuse / SIM_PI * lz * (a + b * s / t);
}

// ---------------------------------------------------------------- the materials a kernel evaluates

#define MAT_LAMBERTIAN 0
#define MAT_GGX_OREN_NAYAR 1
#define MAT_EXPLICIT 2
/** σ_B up to which the coat is a mirror (GgxOrenNayarBrdf.MIRROR_ROUGHNESS). */
#define MIRROR_ROUGHNESS 0.01

/**
 * One material as a kernel reads it, with what its Java constructor precomputes. Lambertian: reflectivity in
 * diffuse. GGX + Oren–Nayar [L-12]: n, k, beckmann, diffuse and the precomputed alpha2, a, b and head-on Fresnel
 * factors. Explicit [L-BRDF]: the grid's counts and scales, and its samples at table[offset ...].
 */
struct Material {
    int kind;
    double n, k, beckmann, diffuse;
    double alpha2, a, b, reflectanceHeadOn, transmittanceHeadOn;
    int nThetaL, nPhiL, nThetaV, nPhiV;
    double thetaScaleL, thetaScaleV, phiScaleL, phiScaleV;
    long long offset;
};

SIM_HD Material material_lambertian(double reflectivity) {
    Material m = {};
    m.kind = MAT_LAMBERTIAN;
    m.diffuse = reflectivity;
    return m;
}

/** As GgxOrenNayarBrdf's constructor. */
SIM_HD Material material_ggx_oren_nayar(double n, double k, double beckmann, double orenNayar, double diffuse) {
    Material m = {};
    m.kind = MAT_GGX_OREN_NAYAR;
    m.n = n;
    m.k = k;
    m.beckmann = beckmann;
    m.diffuse = diffuse;
    m.alpha2 = beckmann <= MIRROR_ROUGHNESS ? 0 : ggx_alpha2(beckmann);
    m.a = oren_nayar_a(orenNayar, diffuse);
    m.b = oren_nayar_b(orenNayar);
    m.reflectanceHeadOn = fresnel_reflectance(1.0, n, k, 1.0);
    m.transmittanceHeadOn = fresnel_transmittance(1.0, n, k, 1.0);
    return m;
}

/** As ExplicitBrdf's constructor; the samples stay in the caller's table from offset on. */
SIM_HD Material material_explicit(int nThetaL, int nPhiL, int nThetaV, int nPhiV, long long offset) {
    Material m = {};
    m.kind = MAT_EXPLICIT;
    m.nThetaL = nThetaL;
    m.nPhiL = nPhiL;
    m.nThetaV = nThetaV;
    m.nPhiV = nPhiV;
    m.thetaScaleL = (nThetaL - 1) / (0.5 * SIM_PI);
    m.thetaScaleV = (nThetaV - 1) / (0.5 * SIM_PI);
    m.phiScaleL = nPhiL / (2 * SIM_PI);
    m.phiScaleV = nPhiV / (2 * SIM_PI);
    m.offset = offset;
    return m;
}

SIM_HD double ggx_oren_nayar_brdf(const Material &m, double lx, double ly, double lz, double vx, double vy,
        double vz) {
    if (lz <= 0 || vz <= 0) return 0;
    double hx = lx + vx, hy = ly + vy, hz = lz + vz;
    double len = sqrt(hx * hx + hy * hy + hz * hz);
    double inv = 1 / len;
    hx *= inv;
    hy *= inv;
    hz *= inv;
    double lh = lx * hx + ly * hy + lz * hz;
    double vh = vx * hx + vy * hy + vz * hz;
    double r = lh >= 1 ? m.reflectanceHeadOn : fresnel_reflectance(1.0, m.n, m.k, lh);
    double spec = 0;
    if (m.alpha2 > 0) {
        double d = ggx_distribution(hz, m.alpha2);
        double g = ggx_smith_g(lh, vh, m.alpha2);
        spec = r * g * d / (4 * lz * vz);
    }
    double diff = 0;
    if (m.diffuse > 0) {
        double t = m.k == 0 ? 1 - r : lh >= 1 ? m.transmittanceHeadOn : fresnel_transmittance(1.0, m.n, m.k, lh);
        diff = t * oren_nayar_brdf(m.diffuse, m.a, m.b, lx, ly, lz, vx, vy, vz);
    }
    return spec + diff;
}

/** Bilinear interpolation in (θ_v, φ_v) inside the block of one incidence sample (ExplicitBrdf.cell). */
SIM_HD double explicit_cell(const double *s, long long base, int p0, int p1, int q0, int q1, double fp, double fq,
        int sP) {
    long long r0 = base + (long long) p0 * sP, r1 = base + (long long) p1 * sP;
    return (1 - fp) * ((1 - fq) * s[r0 + q0] + fq * s[r0 + q1]) + fp * ((1 - fq) * s[r1 + q0] + fq * s[r1 + q1]);
}

/** [L-BRDF] quadrilinear interpolation on the grid (ExplicitBrdf.brdf); table holds every explicit grid. */
SIM_HD double explicit_brdf(const Material &m, const double *table, double lx, double ly, double lz, double vx,
        double vy, double vz) {
    if (lz <= 0 || vz <= 0) return 0;
    const double twoPi = 2 * SIM_PI;
    double tl = fdlibm_atan2(sqrt(lx * lx + ly * ly), lz) * m.thetaScaleL;
    int i0 = (int) tl;
    if (i0 > m.nThetaL - 2) i0 = m.nThetaL - 2;
    double fi = sim_min(1, tl - i0);
    double tv = fdlibm_atan2(sqrt(vx * vx + vy * vy), vz) * m.thetaScaleV;
    int p0 = (int) tv;
    if (p0 > m.nThetaV - 2) p0 = m.nThetaV - 2;
    double fp = sim_min(1, tv - p0);
    double pl = fdlibm_atan2(ly, lx);
    if (pl < 0) pl += twoPi;
    pl *= m.phiScaleL;
    int j0 = (int) pl;
    double fj = pl - j0;
    if (j0 >= m.nPhiL) j0 -= m.nPhiL;
    int j1 = j0 + 1 == m.nPhiL ? 0 : j0 + 1;
    double pv = fdlibm_atan2(vy, vx);
    if (pv < 0) pv += twoPi;
    pv *= m.phiScaleV;
    int q0 = (int) pv;
    double fq = pv - q0;
    if (q0 >= m.nPhiV) q0 -= m.nPhiV;
    int q1 = q0 + 1 == m.nPhiV ? 0 : q0 + 1;
    int sP = m.nPhiV, sT = m.nThetaV * m.nPhiV, sJ = sT;
    long long sI = (long long) m.nPhiL * sT;
    int i1 = i0 + 1, p1 = p0 + 1;
    const double *s = table + m.offset;
    double c = 0;
    c += (1 - fi) * ((1 - fj) * explicit_cell(s, i0 * sI + (long long) j0 * sJ, p0, p1, q0, q1, fp, fq, sP)
            + fj * explicit_cell(s, i0 * sI + (long long) j1 * sJ, p0, p1, q0, q1, fp, fq, sP));
    c += fi * ((1 - fj) * explicit_cell(s, i1 * sI + (long long) j0 * sJ, p0, p1, q0, q1, fp, fq, sP)
            + fj * explicit_cell(s, i1 * sI + (long long) j1 * sJ, p0, p1, q0, q1, fp, fq, sP));
    return c;
}

/** f(l, v) of any built-in material [L-3]. */
SIM_HD double material_brdf(const Material &m, const double *table, double lx, double ly, double lz, double vx,
        double vy, double vz) {
    switch (m.kind) {
    case MAT_LAMBERTIAN: return lz > 0 && vz > 0 ? m.diffuse / SIM_PI : 0;
    case MAT_GGX_OREN_NAYAR: return ggx_oren_nayar_brdf(m, lx, ly, lz, vx, vy, vz);
    default: return explicit_brdf(m, table, lx, ly, lz, vx, vy, vz);
    }
}

/** Power a mirror child carries (SurfaceMaterial.specularReflectance): a mirror-like GGX coat only. */
SIM_HD double material_specular_reflectance(const Material &m, double cosTheta) {
    return m.kind == MAT_GGX_OREN_NAYAR && m.beckmann <= MIRROR_ROUGHNESS
            ? fresnel_reflectance(1.0, m.n, m.k, cosTheta) : 0;
}
