package sensor.raytrace;

import sensor.api.env.Shape;

/**
 * The per-shape structure (BLAS) of a triangle mesh: a {@link Bvh2} over its triangles, with the triangles
 * copied in leaf order as {@code v0, e1 = v1 − v0, e2 = v2 − v0} (9 floats each) for a float
 * Möller–Trumbore test. The winning triangle's range and normal are then recomputed in double from the
 * original vertices ({@link #refine}), so ranges are exact to double rounding of float geometry.
 */
final class MeshBvh {
    /** Slightly widens the far slab distance so float rounding never culls a box the ray grazes. */
    static final float ROBUST = 1.0000005f;

    final float[] vertices;
    final int[] indices;
    final Bvh2 bvh;
    /** 9 floats per triangle, leaf order. */
    final float[] tri;
    /** Original triangle index per leaf slot. */
    final int[] triId;
    /** Local bounds: min xyz, max xyz. */
    final float[] box = new float[6];

    MeshBvh(float[] vertices, int[] indices) {
        this.vertices = vertices;
        this.indices = indices;
        int n = indices.length / 3;
        float[] pb = new float[6 * n];
        for (int i = 0; i < 3; i++) {
            box[i] = Float.POSITIVE_INFINITY;
            box[3 + i] = Float.NEGATIVE_INFINITY;
        }
        for (int t = 0; t < n; t++) {
            int a = 3 * indices[3 * t], b = 3 * indices[3 * t + 1], c = 3 * indices[3 * t + 2];
            for (int k = 0; k < 3; k++) {
                float lo = Math.min(vertices[a + k], Math.min(vertices[b + k], vertices[c + k]));
                float hi = Math.max(vertices[a + k], Math.max(vertices[b + k], vertices[c + k]));
                pb[6 * t + k] = lo;
                pb[6 * t + 3 + k] = hi;
                box[k] = Math.min(box[k], lo);
                box[3 + k] = Math.max(box[3 + k], hi);
            }
        }
        bvh = Bvh2.build(pb, n);
        triId = bvh.order;
        tri = new float[9 * n];
        for (int s = 0; s < n; s++) {
            int t = triId[s];
            int a = 3 * indices[3 * t], b = 3 * indices[3 * t + 1], c = 3 * indices[3 * t + 2];
            for (int k = 0; k < 3; k++) {
                tri[9 * s + k] = vertices[a + k];
                tri[9 * s + 3 + k] = vertices[b + k] - vertices[a + k];
                tri[9 * s + 6 + k] = vertices[c + k] - vertices[a + k];
            }
        }
    }

    static MeshBvh of(Shape.TriangleMesh m) {
        return new MeshBvh(m.vertices(), m.indices());
    }

    /**
     * Triangulates a heightfield: two triangles per cell, {@code (v00, v10, v11)} and {@code (v00, v11, v01)},
     * i.e. the diagonal joins sample (i, j) to (i + 1, j + 1).
     */
    static MeshBvh of(Shape.Heightfield h) {
        int c = h.columns(), r = h.rows();
        float[] z = h.heights();
        float[] v = new float[3 * c * r];
        for (int j = 0; j < r; j++) {
            for (int i = 0; i < c; i++) {
                int k = j * c + i;
                v[3 * k] = (float) ((i - (c - 1) / 2.0) * h.dx());
                v[3 * k + 1] = (float) ((j - (r - 1) / 2.0) * h.dy());
                v[3 * k + 2] = z[k];
            }
        }
        int[] idx = new int[6 * (c - 1) * (r - 1)];
        int q = 0;
        for (int j = 0; j < r - 1; j++) {
            for (int i = 0; i < c - 1; i++) {
                int v00 = j * c + i, v10 = v00 + 1, v01 = v00 + c, v11 = v01 + 1;
                idx[q++] = v00;
                idx[q++] = v10;
                idx[q++] = v11;
                idx[q++] = v00;
                idx[q++] = v11;
                idx[q++] = v01;
            }
        }
        return new MeshBvh(v, idx);
    }

    int triangleCount() { return triId.length; }

    /**
     * Closest triangle hit by the float ray in {@code (0, tmax)}: returns the leaf slot (or −1) and leaves its
     * float distance in {@code ctx.hitT}.
     */
    int intersect(float ox, float oy, float oz, float dx, float dy, float dz, float tmax, TraceContext ctx) {
        final float[] nb = bvh.bounds;
        final int[] nc = bvh.child;
        final float[] tr = tri;
        final int[] stack = ctx.stack;
        final float[] stackT = ctx.stackT;
        float ix = inv(dx), iy = inv(dy), iz = inv(dz);
        float oix = ox * ix, oiy = oy * iy, oiz = oz * iz;
        int nx = ix >= 0 ? 0 : 3, ny = iy >= 0 ? 1 : 4, nz = iz >= 0 ? 2 : 5;
        int fx = 3 - nx, fy = 5 - ny, fz = 7 - nz;
        float tBest = tmax;
        int hit = -1;
        int sp = 0;
        int node = 0;
        for (;;) {
            int b = 12 * node;
            float ln = max(max(nb[b + nx] * ix - oix, nb[b + ny] * iy - oiy), max(nb[b + nz] * iz - oiz, 0f));
            float lf = min(min(nb[b + fx] * ix - oix, nb[b + fy] * iy - oiy), nb[b + fz] * iz - oiz) * ROBUST;
            b += 6;
            float rn = max(max(nb[b + nx] * ix - oix, nb[b + ny] * iy - oiy), max(nb[b + nz] * iz - oiz, 0f));
            float rf = min(min(nb[b + fx] * ix - oix, nb[b + fy] * iy - oiy), nb[b + fz] * iz - oiz) * ROBUST;
            boolean hl = ln <= lf && ln <= tBest;
            boolean hr = rn <= rf && rn <= tBest;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            if (hl && cl < 0) {
                int ref = ~cl;
                for (int s = ref >>> 3, e = s + (ref & 7); s < e; s++) {
                    int q = 9 * s;
                    float e1x = tr[q + 3], e1y = tr[q + 4], e1z = tr[q + 5];
                    float e2x = tr[q + 6], e2y = tr[q + 7], e2z = tr[q + 8];
                    float px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
                    float det = e1x * px + e1y * py + e1z * pz;
                    float idet = 1f / det;
                    float tx = ox - tr[q], ty = oy - tr[q + 1], tz = oz - tr[q + 2];
                    float u = (tx * px + ty * py + tz * pz) * idet;
                    if (!(u >= 0f && u <= 1f)) {
                        continue;
                    }
                    float qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
                    float v = (dx * qx + dy * qy + dz * qz) * idet;
                    if (!(v >= 0f && u + v <= 1f)) {
                        continue;
                    }
                    float t = (e2x * qx + e2y * qy + e2z * qz) * idet;
                    if (t > 0f && (t < tBest || (t == tBest && s < hit))) {
                        tBest = t;
                        hit = s;
                    }
                }
                hl = false;
            }
            if (hr && cr < 0) {
                int ref = ~cr;
                for (int s = ref >>> 3, e = s + (ref & 7); s < e; s++) {
                    int q = 9 * s;
                    float e1x = tr[q + 3], e1y = tr[q + 4], e1z = tr[q + 5];
                    float e2x = tr[q + 6], e2y = tr[q + 7], e2z = tr[q + 8];
                    float px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
                    float det = e1x * px + e1y * py + e1z * pz;
                    float idet = 1f / det;
                    float tx = ox - tr[q], ty = oy - tr[q + 1], tz = oz - tr[q + 2];
                    float u = (tx * px + ty * py + tz * pz) * idet;
                    if (!(u >= 0f && u <= 1f)) {
                        continue;
                    }
                    float qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
                    float v = (dx * qx + dy * qy + dz * qz) * idet;
                    if (!(v >= 0f && u + v <= 1f)) {
                        continue;
                    }
                    float t = (e2x * qx + e2y * qy + e2z * qz) * idet;
                    if (t > 0f && (t < tBest || (t == tBest && s < hit))) {
                        tBest = t;
                        hit = s;
                    }
                }
                hr = false;
            }
            if (hl) {
                if (hr) {
                    if (ln <= rn) {
                        stack[sp] = cr;
                        stackT[sp++] = rn;
                        node = cl;
                    } else {
                        stack[sp] = cl;
                        stackT[sp++] = ln;
                        node = cr;
                    }
                } else {
                    node = cl;
                }
                continue;
            }
            if (hr) {
                node = cr;
                continue;
            }
            do {
                if (sp == 0) {
                    ctx.hitT = tBest;
                    return hit;
                }
                node = stack[--sp];
            } while (stackT[sp] > tBest);
        }
    }

    /**
     * Packet traversal: the rays of {@code mask} share the origin {@code (ox, oy, oz)}; their float directions
     * and inverses are in {@code ctx.fd*} / {@code ctx.fi*} and their exclusive limits in {@code ctx.ftBest}.
     * One traversal serves them all: each node's planes are offset by the shared origin once, then tested per
     * active ray, and a child is entered with the mask of the rays that hit it. Leaves share the
     * origin-dependent half of Möller–Trumbore. Leaves {@code ctx.slot[i]} (−1 for none) and
     * {@code ctx.ftBest[i]}. Equal distances go to the lower slot, so the result does not depend on the order
     * of visits, hence not on which other rays share the packet.
     */
    void intersectPacket(float ox, float oy, float oz, int mask, TraceContext ctx) {
        final float[] nb = bvh.bounds;
        final int[] nc = bvh.child;
        final float[] ix = ctx.fix, iy = ctx.fiy, iz = ctx.fiz, tb = ctx.ftBest;
        final int[] slot = ctx.slot;
        final int[] stack = ctx.stack, stackM = ctx.stackMask;
        int signs = 0, sx = 0, sy = 0, sz = 0;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            slot[i] = -1;
            sx |= ix[i] >= 0 ? 1 : 2;
            sy |= iy[i] >= 0 ? 1 : 2;
            sz |= iz[i] >= 0 ? 1 : 2;
        }
        if (sx != 3 && sy != 3 && sz != 3) {
            intersectPacketSameSigns(ox, oy, oz, mask, sx == 1, sy == 1, sz == 1, ctx);
            return;
        }
        int sp = 0, node = 0, m = mask;
        for (;;) {
            int b = 12 * node;
            float lx0 = nb[b] - ox, ly0 = nb[b + 1] - oy, lz0 = nb[b + 2] - oz;
            float lx1 = nb[b + 3] - ox, ly1 = nb[b + 4] - oy, lz1 = nb[b + 5] - oz;
            float rx0 = nb[b + 6] - ox, ry0 = nb[b + 7] - oy, rz0 = nb[b + 8] - oz;
            float rx1 = nb[b + 9] - ox, ry1 = nb[b + 10] - oy, rz1 = nb[b + 11] - oz;
            int lm = 0, rm = 0;
            float lmin = Float.POSITIVE_INFINITY, rmin = Float.POSITIVE_INFINITY;
            int hi = 32 - Integer.numberOfLeadingZeros(m);
            for (int i = Integer.numberOfTrailingZeros(m); i < hi; i++) {
                float a = ix[i], c = iy[i], e = iz[i], t = tb[i];
                float ax0 = lx0 * a, ax1 = lx1 * a, ay0 = ly0 * c, ay1 = ly1 * c, az0 = lz0 * e, az1 = lz1 * e;
                float ln = Math.max(Math.max(Math.min(ax0, ax1), Math.min(ay0, ay1)), Math.max(Math.min(az0, az1), 0f));
                float lf = Math.min(Math.min(Math.max(ax0, ax1), Math.max(ay0, ay1)), Math.max(az0, az1)) * ROBUST;
                float bx0 = rx0 * a, bx1 = rx1 * a, by0 = ry0 * c, by1 = ry1 * c, bz0 = rz0 * e, bz1 = rz1 * e;
                float rn = Math.max(Math.max(Math.min(bx0, bx1), Math.min(by0, by1)), Math.max(Math.min(bz0, bz1), 0f));
                float rf = Math.min(Math.min(Math.max(bx0, bx1), Math.max(by0, by1)), Math.max(bz0, bz1)) * ROBUST;
                if (ln <= lf && ln <= t) {
                    lm |= 1 << i;
                    lmin = Math.min(lmin, ln);
                }
                if (rn <= rf && rn <= t) {
                    rm |= 1 << i;
                    rmin = Math.min(rmin, rn);
                }
            }
            lm &= m;
            rm &= m;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            if (lm != 0 && cl < 0) {
                leafPacket(~cl, ox, oy, oz, lm, ctx);
                lm = 0;
            }
            if (rm != 0 && cr < 0) {
                leafPacket(~cr, ox, oy, oz, rm, ctx);
                rm = 0;
            }
            if (lm != 0) {
                if (rm != 0) {
                    if (lmin <= rmin) {
                        stack[sp] = cr;
                        stackM[sp++] = rm;
                        node = cl;
                        m = lm;
                    } else {
                        stack[sp] = cl;
                        stackM[sp++] = lm;
                        node = cr;
                        m = rm;
                    }
                } else {
                    node = cl;
                    m = lm;
                }
                continue;
            }
            if (rm != 0) {
                node = cr;
                m = rm;
                continue;
            }
            if (sp == 0) {
                return;
            }
            node = stack[--sp];
            m = stackM[sp];
        }
    }

    /**
     * {@link #intersectPacket} for rays whose directions have the same signs: near and far planes are chosen
     * once per node, and each ray's box test is a branch-free set of comparisons. Children are ordered by
     * their centres along the first active ray.
     */
    private void intersectPacketSameSigns(float ox, float oy, float oz, int mask, boolean px, boolean py, boolean pz,
            TraceContext ctx) {
        final float[] nb = bvh.bounds;
        final int[] nc = bvh.child;
        final float[] ix = ctx.fix, iy = ctx.fiy, iz = ctx.fiz, tb = ctx.ftBest;
        final float[] dxs = ctx.fdx, dys = ctx.fdy, dzs = ctx.fdz;
        final int[] stack = ctx.stack, stackM = ctx.stackMask;
        // offsets of the near and far planes within a child box
        final int nx = px ? 0 : 3, ny = py ? 1 : 4, nz = pz ? 2 : 5, fx = 3 - nx, fy = 5 - ny, fz = 7 - nz;
        int sp = 0, node = 0, m = mask;
        for (;;) {
            int b = 12 * node;
            float lnx = nb[b + nx] - ox, lny = nb[b + ny] - oy, lnz = nb[b + nz] - oz;
            float lfx = nb[b + fx] - ox, lfy = nb[b + fy] - oy, lfz = nb[b + fz] - oz;
            float rnx = nb[b + 6 + nx] - ox, rny = nb[b + 6 + ny] - oy, rnz = nb[b + 6 + nz] - oz;
            float rfx = nb[b + 6 + fx] - ox, rfy = nb[b + 6 + fy] - oy, rfz = nb[b + 6 + fz] - oz;
            int lm = 0, rm = 0;
            int lo = Integer.numberOfTrailingZeros(m), hi = 32 - Integer.numberOfLeadingZeros(m);
            for (int i = lo; i < hi; i++) {
                float a = ix[i], c = iy[i], e = iz[i], t = tb[i];
                float ax = lnx * a, ay = lny * c, az = lnz * e;
                float bx = lfx * a * ROBUST, by = lfy * c * ROBUST, bz = lfz * e * ROBUST;
                boolean hl = (ax <= by) & (ax <= bz) & (ay <= bx) & (ay <= bz) & (az <= bx) & (az <= by)
                        & (ax <= t) & (ay <= t) & (az <= t) & (bx >= 0f) & (by >= 0f) & (bz >= 0f);
                float cx = rnx * a, cy = rny * c, cz = rnz * e;
                float dx = rfx * a * ROBUST, dy = rfy * c * ROBUST, dz = rfz * e * ROBUST;
                boolean hr = (cx <= dy) & (cx <= dz) & (cy <= dx) & (cy <= dz) & (cz <= dx) & (cz <= dy)
                        & (cx <= t) & (cy <= t) & (cz <= t) & (dx >= 0f) & (dy >= 0f) & (dz >= 0f);
                lm |= hl ? 1 << i : 0;
                rm |= hr ? 1 << i : 0;
            }
            lm &= m;
            rm &= m;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            if (lm != 0 && cl < 0) {
                leafPacket(~cl, ox, oy, oz, lm, ctx);
                lm = 0;
            }
            if (rm != 0 && cr < 0) {
                leafPacket(~cr, ox, oy, oz, rm, ctx);
                rm = 0;
            }
            if (lm != 0) {
                if (rm != 0) {
                    float qx = dxs[lo], qy = dys[lo], qz = dzs[lo];
                    float dl = (lnx + lfx) * qx + (lny + lfy) * qy + (lnz + lfz) * qz;
                    float dr = (rnx + rfx) * qx + (rny + rfy) * qy + (rnz + rfz) * qz;
                    if (dl <= dr) {
                        stack[sp] = cr;
                        stackM[sp++] = rm;
                        node = cl;
                        m = lm;
                    } else {
                        stack[sp] = cl;
                        stackM[sp++] = lm;
                        node = cr;
                        m = rm;
                    }
                } else {
                    node = cl;
                    m = lm;
                }
                continue;
            }
            if (rm != 0) {
                node = cr;
                m = rm;
                continue;
            }
            if (sp == 0) {
                return;
            }
            node = stack[--sp];
            m = stackM[sp];
        }
    }

    private void leafPacket(int ref, float ox, float oy, float oz, int mask, TraceContext ctx) {
        final float[] tr = tri;
        final float[] dxs = ctx.fdx, dys = ctx.fdy, dzs = ctx.fdz, tb = ctx.ftBest;
        final int[] slot = ctx.slot;
        for (int s = ref >>> 3, e = s + (ref & 7); s < e; s++) {
            int q = 9 * s;
            float e1x = tr[q + 3], e1y = tr[q + 4], e1z = tr[q + 5];
            float e2x = tr[q + 6], e2y = tr[q + 7], e2z = tr[q + 8];
            float tx = ox - tr[q], ty = oy - tr[q + 1], tz = oz - tr[q + 2];
            float qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
            float tq = e2x * qx + e2y * qy + e2z * qz;
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                float dx = dxs[i], dy = dys[i], dz = dzs[i];
                float px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
                float idet = 1f / (e1x * px + e1y * py + e1z * pz);
                float u = (tx * px + ty * py + tz * pz) * idet;
                if (!(u >= 0f && u <= 1f)) {
                    continue;
                }
                float v = (dx * qx + dy * qy + dz * qz) * idet;
                if (!(v >= 0f && u + v <= 1f)) {
                    continue;
                }
                float t = tq * idet;
                if (t > 0f && (t < tb[i] || (t == tb[i] && s < slot[i]))) {
                    tb[i] = t;
                    slot[i] = s;
                }
            }
        }
    }

    /**
     * Exact hit of the double ray with the triangle at leaf slot {@code slot}: returns the distance (NaN when
     * the ray is parallel) and writes the unit geometric normal (not yet oriented) into {@code n[0..2]}.
     */
    double refine(int slot, double ox, double oy, double oz, double dx, double dy, double dz, double[] n) {
        int t = triId[slot];
        int a = 3 * indices[3 * t], b = 3 * indices[3 * t + 1], c = 3 * indices[3 * t + 2];
        double ax = vertices[a], ay = vertices[a + 1], az = vertices[a + 2];
        double e1x = vertices[b] - ax, e1y = vertices[b + 1] - ay, e1z = vertices[b + 2] - az;
        double e2x = vertices[c] - ax, e2y = vertices[c + 1] - ay, e2z = vertices[c + 2] - az;
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double den = nx * dx + ny * dy + nz * dz;
        double dist = (nx * (ax - ox) + ny * (ay - oy) + nz * (az - oz)) / den;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        n[0] = nx / len;
        n[1] = ny / len;
        n[2] = nz / len;
        return den == 0 ? Double.NaN : dist;
    }

    static float inv(float d) {
        return 1f / (Math.abs(d) < 1e-20f ? Math.copySign(1e-20f, d) : d);
    }

    static float max(float a, float b) { return a > b ? a : b; }

    static float min(float a, float b) { return a < b ? a : b; }
}
