// Closest-hit traversal, shared by the closestHit kernel (trace.cu) and the host test program: a line-by-line port
// of the Java reference traversal FlatTracer (itself following sensor.raytrace's CpuTraceScene/MeshBvh/Analytic): same
// flat arrays, same float slab tests, the same watertight triangle test (Woop, Benthin and Wald) with ties to the lower
// triangle id, the same double refinement and closed-form shapes. See trace.cu for the flat layout.
#pragma once
#include "sim.cuh"

#define MESH 0
#define BOX 1
#define SPHERE 2
#define CYLINDER 3
#define STACK 64
#define ROBUST 1.0000005f
#define PRUNE 1.000002f

// ---------------------------------------------------------------- helpers (MeshBvh.inv/min/max)

SIM_HD float finv(float d) {
    return 1.0f / (fabsf(d) < 1e-20f ? copysignf(1e-20f, d) : d);
}
SIM_HD float fmx(float a, float b) { return a > b ? a : b; }
SIM_HD float fmn(float a, float b) { return a < b ? a : b; }
SIM_HD float fnextup(float f) { return nextafterf(f, INFINITY); }
SIM_HD double dnextup(double d) { return nextafter(d, HUGE_VAL); }

struct Hit {
    double t;
    int object;
    int instance;
    double nx, ny, nz;
};

// ---------------------------------------------------------------- mesh BLAS (float traversal, ties by id)

SIM_HD int meshLeaf(int ref, const float *__restrict__ tri, const int *__restrict__ triId, float ox, float oy,
        float oz, float dx, float dy, float dz, float *tBest, int best) {
    // the watertight test (Woop, Benthin and Wald 2013), the CPU backend's arithmetic operation by operation
    float adx = fabsf(dx), ady = fabsf(dy), adz = fabsf(dz);
    int kz = adx > ady ? (adx > adz ? 0 : 2) : (ady > adz ? 1 : 2);
    int kx = kz == 2 ? 0 : kz + 1, ky = kx == 2 ? 0 : kx + 1;
    float d[3] = {dx, dy, dz};
    if (d[kz] < 0.0f) {
        int k = kx;
        kx = ky;
        ky = k;
    }
    float sz = 1.0f / d[kz], sx = d[kx] * sz, sy = d[ky] * sz;
    for (int s = ((unsigned int) ref) >> 3, e = s + (ref & 7); s < e; s++) {
        const float *q = tri + 9 * s;
        float rel[9];
        for (int k = 0; k < 9; k += 3) {
            rel[k] = q[k] - ox;
            rel[k + 1] = q[k + 1] - oy;
            rel[k + 2] = q[k + 2] - oz;
        }
        float aZ = rel[kz], bZ = rel[3 + kz], cZ = rel[6 + kz];
        float aX = rel[kx] - sx * aZ, aY = rel[ky] - sy * aZ;
        float bX = rel[3 + kx] - sx * bZ, bY = rel[3 + ky] - sy * bZ;
        float cX = rel[6 + kx] - sx * cZ, cY = rel[6 + ky] - sy * cZ;
        float u = cX * bY - cY * bX, v = aX * cY - aY * cX;
        if ((u < 0.0f && v > 0.0f) || (u > 0.0f && v < 0.0f)) continue;
        float w = bX * aY - bY * aX;
        if (u == 0.0f || v == 0.0f || w == 0.0f) {
            u = (float) ((double) cX * bY - (double) cY * bX);
            v = (float) ((double) aX * cY - (double) aY * cX);
            w = (float) ((double) bX * aY - (double) bY * aX);
        }
        if ((u < 0.0f || v < 0.0f || w < 0.0f) && (u > 0.0f || v > 0.0f || w > 0.0f)) continue;
        float det = u + v + w;
        if (det == 0.0f) continue;
        float t = (u * (sz * aZ) + v * (sz * bZ) + w * (sz * cZ)) / det;
        if (t > 0.0f && (t < *tBest || (t == *tBest && best >= 0 && triId[s] < triId[best]))) {
            *tBest = t;
            best = s;
        }
    }
    return best;
}

/** Closest triangle slot of the float ray in (0, tmax] under root node {@code root}, or -1. */
SIM_HD int meshIntersect(int root, const float *__restrict__ nb, const int *__restrict__ nc,
        const float *__restrict__ tri, const int *__restrict__ triId, float ox, float oy, float oz, float dx, float dy,
        float dz, float tmax) {
    int stack[STACK];
    float stackT[STACK];
    float ix = finv(dx), iy = finv(dy), iz = finv(dz);
    int nx = ix >= 0 ? 0 : 3, ny = iy >= 0 ? 1 : 4, nz = iz >= 0 ? 2 : 5;
    int fx = 3 - nx, fy = 5 - ny, fz = 7 - nz;
    float tBest = tmax;
    int hit = -1, sp = 0, node = root;
    for (;;) {
        const float *b = nb + 12 * (long long) node;
        float ln = fmx(fmx((b[nx] - ox) * ix, (b[ny] - oy) * iy), fmx((b[nz] - oz) * iz, 0.0f));
        float lf = fmn(fmn((b[fx] - ox) * ix, (b[fy] - oy) * iy), (b[fz] - oz) * iz) * ROBUST;
        b += 6;
        float rn = fmx(fmx((b[nx] - ox) * ix, (b[ny] - oy) * iy), fmx((b[nz] - oz) * iz, 0.0f));
        float rf = fmn(fmn((b[fx] - ox) * ix, (b[fy] - oy) * iy), (b[fz] - oz) * iz) * ROBUST;
        bool hl = ln <= lf && ln <= tBest * PRUNE;
        bool hr = rn <= rf && rn <= tBest * PRUNE;
        int cl = nc[2 * node], cr = nc[2 * node + 1];
        if (hl && cl < 0) {
            hit = meshLeaf(~cl, tri, triId, ox, oy, oz, dx, dy, dz, &tBest, hit);
            hl = false;
        }
        if (hr && cr < 0) {
            hit = meshLeaf(~cr, tri, triId, ox, oy, oz, dx, dy, dz, &tBest, hit);
            hr = false;
        }
        if (hl && hr) {
            if (ln <= rn) { stack[sp] = cr; stackT[sp++] = rn; node = cl; }
            else { stack[sp] = cl; stackT[sp++] = ln; node = cr; }
            continue;
        }
        if (hl) { node = cl; continue; }
        if (hr) { node = cr; continue; }
        for (;;) {
            if (sp == 0) return hit;
            node = stack[--sp];
            if (!(stackT[sp] > tBest * PRUNE)) break;
        }
    }
}

// ---------------------------------------------------------------- closed-form shapes (Analytic), double

SIM_HD bool box(double ox, double oy, double oz, double dx, double dy, double dz, double hx, double hy, double hz,
        Hit *h) {
    double tn = -INFINITY, tf = INFINITY;
    int an = -1, af = -1;
    for (int a = 0; a < 3; a++) {
        double o = a == 0 ? ox : (a == 1 ? oy : oz);
        double d = a == 0 ? dx : (a == 1 ? dy : dz);
        double e = a == 0 ? hx : (a == 1 ? hy : hz);
        if (d == 0) {
            if (o < -e || o > e) return false;
            continue;
        }
        double t1 = (-e - o) / d, t2 = (e - o) / d;
        double lo = fmin(t1, t2), hi = fmax(t1, t2);
        if (lo > tn) { tn = lo; an = a; }
        if (hi < tf) { tf = hi; af = a; }
    }
    if (tn > tf) return false;
    double t;
    int axis;
    if (tn > 0) { t = tn; axis = an; }
    else if (tf > 0) { t = tf; axis = af; }
    else return false;
    if (!(t < h->t)) return false;
    h->t = t;
    h->nx = 0; h->ny = 0; h->nz = 0;
    if (axis == 0) h->nx = ox + t * dx >= 0 ? 1 : -1;
    else if (axis == 1) h->ny = oy + t * dy >= 0 ? 1 : -1;
    else h->nz = oz + t * dz >= 0 ? 1 : -1;
    return true;
}

SIM_HD bool sphere(double ox, double oy, double oz, double dx, double dy, double dz, double r, Hit *h) {
    double b = ox * dx + oy * dy + oz * dz;
    double cc = (ox * ox + oy * oy + oz * oz) - r * r;
    double disc = b * b - cc;
    if (disc < 0) return false;
    double sq = sqrt(disc);
    double t0, t1;
    if (b <= 0) { t1 = -b + sq; t0 = t1 == 0 ? 0 : cc / t1; }
    else { t0 = -b - sq; t1 = cc / t0; }
    double t = t0 > 0 ? t0 : t1;
    if (!(t > 0 && t < h->t)) return false;
    h->t = t;
    h->nx = (ox + t * dx) / r;
    h->ny = (oy + t * dy) / r;
    h->nz = (oz + t * dz) / r;
    return true;
}

SIM_HD bool cylinder(double ox, double oy, double oz, double dx, double dy, double dz, double r, double hz, Hit *h) {
    double best = h->t;
    int kind = 0;
    double a = dx * dx + dy * dy;
    if (a > 0) {
        double b = ox * dx + oy * dy;
        double cc = ox * ox + oy * oy - r * r;
        double disc = b * b - a * cc;
        if (disc >= 0) {
            double sq = sqrt(disc);
            double q = b <= 0 ? -b + sq : -b - sq;
            double ta = q / a, tb = q == 0 ? 0 : cc / q;
            double t0 = fmin(ta, tb), t1 = fmax(ta, tb);
            if (t0 > 0 && t0 < best && fabs(oz + t0 * dz) <= hz) { best = t0; kind = 1; }
            else if (t1 > 0 && t1 < best && fabs(oz + t1 * dz) <= hz) { best = t1; kind = 1; }
        }
    }
    if (dz != 0) {
        for (int side = 0; side < 2; side++) {
            double zc = side == 0 ? hz : -hz;
            double t = (zc - oz) / dz;
            if (t > 0 && t < best) {
                double x = ox + t * dx, y = oy + t * dy;
                if (x * x + y * y <= r * r) { best = t; kind = 2 + side; }
            }
        }
    }
    if (kind == 0) return false;
    h->t = best;
    if (kind == 1) { h->nx = (ox + best * dx) / r; h->ny = (oy + best * dy) / r; h->nz = 0; }
    else { h->nx = 0; h->ny = 0; h->nz = kind == 2 ? 1 : -1; }
    return true;
}

// ---------------------------------------------------------------- instances and the TLAS

struct Scene {
    const float *nodeBounds; const int *nodeChild; const float *tri; const int *triId;
    const int *instInt; const double *instD;
    const float *tlasBounds; const int *tlasChild; const int *tlasOrder; int instanceCount;
    const double *planeD; const int *planeObj; int planeCount;
};

SIM_HD void instance(const Scene &s, int k, double ox, double oy, double oz, double dx, double dy, double dz,
        Hit *h) {
    const int *ii = s.instInt + 4 * k;
    const double *m = s.instD + 16 * k;
    double lox = ox, loy = oy, loz = oz, ldx = dx, ldy = dy, ldz = dz;
    if (!ii[3]) { // local = R^T (world - p)
        double px = ox - m[9], py = oy - m[10], pz = oz - m[11];
        lox = m[0] * px + m[3] * py + m[6] * pz;
        loy = m[1] * px + m[4] * py + m[7] * pz;
        loz = m[2] * px + m[5] * py + m[8] * pz;
        ldx = m[0] * dx + m[3] * dy + m[6] * dz;
        ldy = m[1] * dx + m[4] * dy + m[7] * dz;
        ldz = m[2] * dx + m[5] * dy + m[8] * dz;
    }
    bool hit = false;
    int kind = ii[0];
    if (kind == MESH) {
        int slot = meshIntersect(ii[2], s.nodeBounds, s.nodeChild, s.tri, s.triId, (float) lox, (float) loy,
                (float) loz, (float) ldx, (float) ldy, (float) ldz, fnextup((float) h->t));
        if (slot >= 0) { // exact distance and normal in double from the float vertices (MeshBvh.refine)
            const float *q = s.tri + 9 * slot;
            double ax = q[0], ay = q[1], az = q[2];
            double e1x = (double) q[3] - ax, e1y = (double) q[4] - ay, e1z = (double) q[5] - az;
            double e2x = (double) q[6] - ax, e2y = (double) q[7] - ay, e2z = (double) q[8] - az;
            double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
            double den = nx * ldx + ny * ldy + nz * ldz;
            double dist = (nx * (ax - lox) + ny * (ay - loy) + nz * (az - loz)) / den;
            double len = sqrt(nx * nx + ny * ny + nz * nz);
            double t = den == 0 ? NAN : dist;
            if (t > 0 && t < h->t) {
                h->t = t;
                h->nx = nx / len;
                h->ny = ny / len;
                h->nz = nz / len;
                hit = true;
            }
        }
    } else if (kind == BOX) {
        hit = box(lox, loy, loz, ldx, ldy, ldz, m[12], m[13], m[14], h);
    } else if (kind == SPHERE) {
        hit = sphere(lox, loy, loz, ldx, ldy, ldz, m[12], h);
    } else {
        hit = cylinder(lox, loy, loz, ldx, ldy, ldz, m[12], m[14], h);
    }
    if (hit) {
        h->object = ii[1];
        h->instance = k;
    }
}

SIM_HD void trace(const Scene &s, double ox, double oy, double oz, double dx, double dy, double dz, double max,
        Hit *h) {
    h->t = dnextup(max);
    h->object = -1;
    h->instance = -1;
    for (int k = 0; k < s.planeCount; k++) {
        const double *p = s.planeD + 4 * k;
        double nx = p[0], ny = p[1], nz = p[2];
        double den = nx * dx + ny * dy + nz * dz;
        if (den != 0) {
            double t = (p[3] - (nx * ox + ny * oy + nz * oz)) / den;
            if (t > 0 && t < h->t) {
                h->t = t; h->object = s.planeObj[k]; h->instance = -1; h->nx = nx; h->ny = ny; h->nz = nz;
            }
        }
    }
    if (s.instanceCount == 0) return;
    int stack[STACK];
    float stackT[STACK];
    const float *nb = s.tlasBounds;
    const int *nc = s.tlasChild;
    float fox = (float) ox, foy = (float) oy, foz = (float) oz;
    float ix = finv((float) dx), iy = finv((float) dy), iz = finv((float) dz);
    int nx = ix >= 0 ? 0 : 3, ny = iy >= 0 ? 1 : 4, nz = iz >= 0 ? 2 : 5;
    int fx = 3 - nx, fy = 5 - ny, fz = 7 - nz;
    float limit = fnextup((float) h->t);
    int sp = 0, node = 0;
    for (;;) {
        const float *b = nb + 12 * node;
        float ln = fmx(fmx((b[nx] - fox) * ix, (b[ny] - foy) * iy), fmx((b[nz] - foz) * iz, 0.0f));
        float lf = fmn(fmn((b[fx] - fox) * ix, (b[fy] - foy) * iy), (b[fz] - foz) * iz) * ROBUST;
        b += 6;
        float rn = fmx(fmx((b[nx] - fox) * ix, (b[ny] - foy) * iy), fmx((b[nz] - foz) * iz, 0.0f));
        float rf = fmn(fmn((b[fx] - fox) * ix, (b[fy] - foy) * iy), (b[fz] - foz) * iz) * ROBUST;
        bool hl = ln <= lf && ln <= limit;
        bool hr = rn <= rf && rn <= limit;
        int cl = nc[2 * node], cr = nc[2 * node + 1];
        if (hl && cl < 0) {
            int ref = ~cl;
            for (int q = ((unsigned int) ref) >> 3, e = q + (ref & 7); q < e; q++)
                instance(s, s.tlasOrder[q], ox, oy, oz, dx, dy, dz, h);
            limit = fnextup((float) h->t);
            hl = false;
        }
        if (hr && cr < 0) {
            int ref = ~cr;
            for (int q = ((unsigned int) ref) >> 3, e = q + (ref & 7); q < e; q++)
                instance(s, s.tlasOrder[q], ox, oy, oz, dx, dy, dz, h);
            limit = fnextup((float) h->t);
            hr = false;
        }
        if (hl && hr) {
            if (ln <= rn) { stack[sp] = cr; stackT[sp++] = rn; node = cl; }
            else { stack[sp] = cl; stackT[sp++] = ln; node = cr; }
            continue;
        }
        if (hl) { node = cl; continue; }
        if (hr) { node = cr; continue; }
        for (;;) {
            if (sp == 0) return;
            node = stack[--sp];
            if (!(stackT[sp] > limit)) break;
        }
    }
}

/**
 * The closestHit kernel's work for one ray: distance (+inf on a miss), object index (-1) and world unit normal facing
 * the ray origin (0 on a miss) of the closest hit in (0, maxDistance].
 */
SIM_HD void closest_hit(const Scene &s, double ox, double oy, double oz, double dx, double dy, double dz,
        double maxDistance, double *distance, int *objectIndex, double *normal) {
    Hit h;
    trace(s, ox, oy, oz, dx, dy, dz, maxDistance, &h);
    if (h.object < 0 || !(h.t <= maxDistance)) {
        *distance = INFINITY;
        *objectIndex = -1;
        normal[0] = 0; normal[1] = 0; normal[2] = 0;
        return;
    }
    double nx = h.nx, ny = h.ny, nz = h.nz;
    int k = h.instance;
    if (k >= 0 && !s.instInt[4 * k + 3]) {
        const double *m = s.instD + 16 * k;
        double wx = m[0] * nx + m[1] * ny + m[2] * nz;
        double wy = m[3] * nx + m[4] * ny + m[5] * nz;
        double wz = m[6] * nx + m[7] * ny + m[8] * nz;
        nx = wx; ny = wy; nz = wz;
    }
    double len = sqrt(nx * nx + ny * ny + nz * nz);
    if (nx * dx + ny * dy + nz * dz > 0) len = -len;
    *distance = h.t;
    *objectIndex = h.object;
    normal[0] = nx / len;
    normal[1] = ny / len;
    normal[2] = nz / len;
}
