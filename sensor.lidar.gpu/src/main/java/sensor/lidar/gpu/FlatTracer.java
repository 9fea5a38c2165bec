package sensor.lidar.gpu;

import sensor.api.raytrace.HitBuffer;
import sensor.raytrace.geometry.Analytic;
import sensor.raytrace.geometry.Hit;

/**
 * The Java reference traversal of the exact flat arrays of a {@link FlatScene}: the {@code closestHit} kernel of
 * {@code trace.cu} line by line (float slab tests and the watertight triangle test with ties to the lower triangle id, double
 * refinement, closed-form shapes in double through the CPU backend's {@link Analytic}). Tests check it against brute force and the CPU backend; the GPU
 * scene also answers with it when CUDA fails at run time and no other backend is registered. Single-threaded,
 * not thread-safe (one instance per caller).
 */
final class FlatTracer extends Hit {
    private static final float ROBUST = 1.0000005f;
    /** The CPU backend's pruning margin (sensor.raytrace's MeshBvh.PRUNE). */
    private static final float PRUNE = 1.000002f;

    private final FlatScene s;
    private final int[] stack = new int[1024], tstack = new int[1024];
    private final float[] stackT = new float[1024], tstackT = new float[1024];
    /** Scratch of the triangle test: the ray direction, a triangle's vertices less the origin. */
    private final float[] dir = new float[3], rel = new float[9];
    // the current best hit: distance and normal in Hit, object and instance (−1 for a plane) here
    private int object, instance;

    FlatTracer(FlatScene scene) {
        this.s = scene;
    }

    /** Closest hits of {@code count} rays in {@code (0, max]}, as the kernel writes them. */
    void closestHit(double[] o, double[] d, int count, double max, HitBuffer out) {
        for (int r = 0; r < count; r++) {
            double dx = d[3 * r], dy = d[3 * r + 1], dz = d[3 * r + 2];
            trace(o[3 * r], o[3 * r + 1], o[3 * r + 2], dx, dy, dz, max);
            if (object < 0 || !(tBest <= max)) {
                out.distance[r] = Double.POSITIVE_INFINITY;
                out.objectIndex[r] = -1;
                out.normal[3 * r] = 0;
                out.normal[3 * r + 1] = 0;
                out.normal[3 * r + 2] = 0;
                continue;
            }
            double wx = nx, wy = ny, wz = nz;
            int k = instance;
            if (k >= 0 && s.instInt[4 * k + 3] == 0) {
                double[] m = s.instD;
                int b = 16 * k;
                wx = m[b] * nx + m[b + 1] * ny + m[b + 2] * nz;
                wy = m[b + 3] * nx + m[b + 4] * ny + m[b + 5] * nz;
                wz = m[b + 6] * nx + m[b + 7] * ny + m[b + 8] * nz;
            }
            double len = Math.sqrt(wx * wx + wy * wy + wz * wz);
            if (wx * dx + wy * dy + wz * dz > 0) {
                len = -len;
            }
            out.distance[r] = tBest;
            out.objectIndex[r] = object;
            out.normal[3 * r] = wx / len;
            out.normal[3 * r + 1] = wy / len;
            out.normal[3 * r + 2] = wz / len;
        }
    }

    private void trace(double ox, double oy, double oz, double dx, double dy, double dz, double max) {
        tBest = Math.nextUp(max);
        object = -1;
        instance = -1;
        for (int k = 0; k < s.planeCount; k++) {
            double pnx = s.planeD[4 * k], pny = s.planeD[4 * k + 1], pnz = s.planeD[4 * k + 2];
            double den = pnx * dx + pny * dy + pnz * dz;
            if (den != 0) {
                double tp = (s.planeD[4 * k + 3] - (pnx * ox + pny * oy + pnz * oz)) / den;
                if (tp > 0 && tp < tBest) {
                    tBest = tp;
                    object = s.planeObj[k];
                    instance = -1;
                    nx = pnx;
                    ny = pny;
                    nz = pnz;
                }
            }
        }
        if (s.instanceCount == 0) {
            return;
        }
        final float[] nb = s.tlasBounds;
        final int[] nc = s.tlasChild;
        float fox = (float) ox, foy = (float) oy, foz = (float) oz;
        float ix = inv((float) dx), iy = inv((float) dy), iz = inv((float) dz);
        int ax = ix >= 0 ? 0 : 3, ay = iy >= 0 ? 1 : 4, az = iz >= 0 ? 2 : 5;
        int fx = 3 - ax, fy = 5 - ay, fz = 7 - az;
        float limit = Math.nextUp((float) tBest);
        int sp = 0, node = 0;
        for (;;) {
            int b = 12 * node;
            float ln = max(max((nb[b + ax] - fox) * ix, (nb[b + ay] - foy) * iy), max((nb[b + az] - foz) * iz, 0f));
            float lf = min(min((nb[b + fx] - fox) * ix, (nb[b + fy] - foy) * iy), (nb[b + fz] - foz) * iz) * ROBUST;
            b += 6;
            float rn = max(max((nb[b + ax] - fox) * ix, (nb[b + ay] - foy) * iy), max((nb[b + az] - foz) * iz, 0f));
            float rf = min(min((nb[b + fx] - fox) * ix, (nb[b + fy] - foy) * iy), (nb[b + fz] - foz) * iz) * ROBUST;
            boolean hl = ln <= lf && ln <= limit;
            boolean hr = rn <= rf && rn <= limit;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            if (hl && cl < 0) {
                int ref = ~cl;
                for (int q = ref >>> 3, e = q + (ref & 7); q < e; q++) {
                    instance(s.tlasOrder[q], ox, oy, oz, dx, dy, dz);
                }
                limit = Math.nextUp((float) tBest);
                hl = false;
            }
            if (hr && cr < 0) {
                int ref = ~cr;
                for (int q = ref >>> 3, e = q + (ref & 7); q < e; q++) {
                    instance(s.tlasOrder[q], ox, oy, oz, dx, dy, dz);
                }
                limit = Math.nextUp((float) tBest);
                hr = false;
            }
            if (hl && hr) {
                if (ln <= rn) {
                    tstack[sp] = cr;
                    tstackT[sp++] = rn;
                    node = cl;
                } else {
                    tstack[sp] = cl;
                    tstackT[sp++] = ln;
                    node = cr;
                }
                continue;
            }
            if (hl) {
                node = cl;
                continue;
            }
            if (hr) {
                node = cr;
                continue;
            }
            for (;;) {
                if (sp == 0) {
                    return;
                }
                node = tstack[--sp];
                if (!(tstackT[sp] > limit)) {
                    break;
                }
            }
        }
    }

    private void instance(int k, double ox, double oy, double oz, double dx, double dy, double dz) {
        double[] m = s.instD;
        int b = 16 * k;
        double lox = ox, loy = oy, loz = oz, ldx = dx, ldy = dy, ldz = dz;
        if (s.instInt[4 * k + 3] == 0) {
            double px = ox - m[b + 9], py = oy - m[b + 10], pz = oz - m[b + 11];
            lox = m[b] * px + m[b + 3] * py + m[b + 6] * pz;
            loy = m[b + 1] * px + m[b + 4] * py + m[b + 7] * pz;
            loz = m[b + 2] * px + m[b + 5] * py + m[b + 8] * pz;
            ldx = m[b] * dx + m[b + 3] * dy + m[b + 6] * dz;
            ldy = m[b + 1] * dx + m[b + 4] * dy + m[b + 7] * dz;
            ldz = m[b + 2] * dx + m[b + 5] * dy + m[b + 8] * dz;
        }
        boolean hit;
        switch (s.instInt[4 * k]) {
            case FlatScene.MESH -> {
                hit = false;
                int slot = mesh(s.instInt[4 * k + 2], (float) lox, (float) loy, (float) loz, (float) ldx, (float) ldy,
                        (float) ldz, Math.nextUp((float) tBest));
                if (slot >= 0) {
                    float[] q = s.tri;
                    int o = 9 * slot;
                    double ax = q[o], ay = q[o + 1], az = q[o + 2];
                    double e1x = q[o + 3] - ax, e1y = q[o + 4] - ay, e1z = q[o + 5] - az;
                    double e2x = q[o + 6] - ax, e2y = q[o + 7] - ay, e2z = q[o + 8] - az;
                    double gx = e1y * e2z - e1z * e2y, gy = e1z * e2x - e1x * e2z, gz = e1x * e2y - e1y * e2x;
                    double den = gx * ldx + gy * ldy + gz * ldz;
                    double dist = (gx * (ax - lox) + gy * (ay - loy) + gz * (az - loz)) / den;
                    double len = Math.sqrt(gx * gx + gy * gy + gz * gz);
                    double th = den == 0 ? Double.NaN : dist;
                    if (th > 0 && th < tBest) {
                        tBest = th;
                        nx = gx / len;
                        ny = gy / len;
                        nz = gz / len;
                        hit = true;
                    }
                }
            }
            case FlatScene.BOX -> hit = Analytic.box(lox, loy, loz, ldx, ldy, ldz, m[b + 12], m[b + 13], m[b + 14],
                    this);
            case FlatScene.SPHERE -> hit = Analytic.sphere(lox, loy, loz, ldx, ldy, ldz, m[b + 12], this);
            default -> hit = Analytic.cylinder(lox, loy, loz, ldx, ldy, ldz, m[b + 12], m[b + 14], this);
        }
        if (hit) {
            object = s.instInt[4 * k + 1];
            instance = k;
        }
    }

    /** Closest triangle slot under {@code root} for the float ray in (0, tmax], or −1. */
    private int mesh(int root, float ox, float oy, float oz, float dx, float dy, float dz, float tmax) {
        final float[] nb = s.nodeBounds;
        final int[] nc = s.nodeChild;
        float ix = inv(dx), iy = inv(dy), iz = inv(dz);
        int ax = ix >= 0 ? 0 : 3, ay = iy >= 0 ? 1 : 4, az = iz >= 0 ? 2 : 5;
        int fx = 3 - ax, fy = 5 - ay, fz = 7 - az;
        float[] best = {tmax};
        int hit = -1, sp = 0, node = root;
        for (;;) {
            int b = 12 * node;
            float ln = max(max((nb[b + ax] - ox) * ix, (nb[b + ay] - oy) * iy), max((nb[b + az] - oz) * iz, 0f));
            float lf = min(min((nb[b + fx] - ox) * ix, (nb[b + fy] - oy) * iy), (nb[b + fz] - oz) * iz) * ROBUST;
            b += 6;
            float rn = max(max((nb[b + ax] - ox) * ix, (nb[b + ay] - oy) * iy), max((nb[b + az] - oz) * iz, 0f));
            float rf = min(min((nb[b + fx] - ox) * ix, (nb[b + fy] - oy) * iy), (nb[b + fz] - oz) * iz) * ROBUST;
            boolean hl = ln <= lf && ln <= best[0] * PRUNE;
            boolean hr = rn <= rf && rn <= best[0] * PRUNE;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            if (hl && cl < 0) {
                hit = leaf(~cl, ox, oy, oz, dx, dy, dz, best, hit);
                hl = false;
            }
            if (hr && cr < 0) {
                hit = leaf(~cr, ox, oy, oz, dx, dy, dz, best, hit);
                hr = false;
            }
            if (hl && hr) {
                if (ln <= rn) {
                    stack[sp] = cr;
                    stackT[sp++] = rn;
                    node = cl;
                } else {
                    stack[sp] = cl;
                    stackT[sp++] = ln;
                    node = cr;
                }
                continue;
            }
            if (hl) {
                node = cl;
                continue;
            }
            if (hr) {
                node = cr;
                continue;
            }
            for (;;) {
                if (sp == 0) {
                    return hit;
                }
                node = stack[--sp];
                if (!(stackT[sp] > best[0] * PRUNE)) {
                    break;
                }
            }
        }
    }

    private int leaf(int ref, float ox, float oy, float oz, float dx, float dy, float dz, float[] tBest, int best) {
        final float[] tr = s.tri;
        final int[] id = s.triId;
        // the watertight test (Woop, Benthin and Wald 2013), the CPU backend's arithmetic operation by operation
        float adx = Math.abs(dx), ady = Math.abs(dy), adz = Math.abs(dz);
        int kz = adx > ady ? (adx > adz ? 0 : 2) : (ady > adz ? 1 : 2);
        int kx = kz == 2 ? 0 : kz + 1, ky = kx == 2 ? 0 : kx + 1;
        final float[] d = dir, rel = this.rel;
        d[0] = dx;
        d[1] = dy;
        d[2] = dz;
        if (d[kz] < 0f) {
            int k = kx;
            kx = ky;
            ky = k;
        }
        float sz = 1f / d[kz], sx = d[kx] * sz, sy = d[ky] * sz;
        for (int q = ref >>> 3, e = q + (ref & 7); q < e; q++) {
            int o = 9 * q;
            for (int k = 0; k < 9; k += 3) {
                rel[k] = tr[o + k] - ox;
                rel[k + 1] = tr[o + k + 1] - oy;
                rel[k + 2] = tr[o + k + 2] - oz;
            }
            float aZ = rel[kz], bZ = rel[3 + kz], cZ = rel[6 + kz];
            float aX = rel[kx] - sx * aZ, aY = rel[ky] - sy * aZ;
            float bX = rel[3 + kx] - sx * bZ, bY = rel[3 + ky] - sy * bZ;
            float cX = rel[6 + kx] - sx * cZ, cY = rel[6 + ky] - sy * cZ;
            float u = cX * bY - cY * bX, v = aX * cY - aY * cX;
            if (u < 0f && v > 0f || u > 0f && v < 0f) {
                continue;
            }
            float w = bX * aY - bY * aX;
            if (u == 0f || v == 0f || w == 0f) {
                u = (float) ((double) cX * bY - (double) cY * bX);
                v = (float) ((double) aX * cY - (double) aY * cX);
                w = (float) ((double) bX * aY - (double) bY * aX);
            }
            if ((u < 0f || v < 0f || w < 0f) && (u > 0f || v > 0f || w > 0f)) {
                continue;
            }
            float det = u + v + w;
            if (det == 0f) {
                continue;
            }
            float th = (u * (sz * aZ) + v * (sz * bZ) + w * (sz * cZ)) / det;
            if (th > 0f && (th < tBest[0] || (th == tBest[0] && best >= 0 && id[q] < id[best]))) {
                tBest[0] = th;
                best = q;
            }
        }
        return best;
    }

    static float inv(float d) {
        return 1f / (Math.abs(d) < 1e-20f ? Math.copySign(1e-20f, d) : d);
    }

    private static float max(float a, float b) { return a > b ? a : b; }

    private static float min(float a, float b) { return a < b ? a : b; }
}
