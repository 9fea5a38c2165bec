package sensor.raytrace;

import sensor.api.scene.Shape;
import sensor.raytrace.geometry.Bvh2;
import sensor.raytrace.geometry.Meshes;

/**
 * The per-shape structure (BLAS) of a triangle mesh: a {@link Bvh4} (collapsed from a binned-SAH {@link Bvh2})
 * over its triangles, with the triangles copied in leaf order as their three float vertices (9 floats each, the
 * mesh's own values) for a float watertight test ({@link #watertight}). The winning triangle's range and normal are
 * then recomputed in double from those vertices ({@link #refine}), so ranges are exact to double rounding of float
 * geometry.
 */
final class MeshBvh {
    /** Slightly widens the far slab distance so float rounding never culls a box the ray grazes. */
    static final float ROBUST = 1.0000005f;
    /**
     * Boxes are pruned only beyond the best distance so far times this: a box's float near distance can round a few
     * ulps above the float distance of a triangle in it, and without the margin which of two triangles tied at a
     * shared vertex wins would depend on the tree's order of visit (the GPU's binary tree and this 4-wide one).
     */
    static final float PRUNE = 1.000002f;

    final float[] vertices;
    final int[] indices;
    /** 4-wide BVH over the triangles (collapsed from a binary SAH build); leaves index {@link #tri}. */
    final Bvh4 wide;
    /** 9 floats per triangle, leaf order. */
    final float[] tri;
    /** Original triangle index per leaf slot. */
    final int[] triId;
    /** Local bounds: min xyz, max xyz. */
    final float[] box = new float[6];

    MeshBvh(float[] vertices, int[] indices) {
        this(vertices, indices, null, 1);
    }

    /** Built with up to {@code threads} of {@code pool}'s workers (the same tree for any count, see {@link Bvh2}). */
    MeshBvh(float[] vertices, int[] indices, sensor.api.ComputePool pool, int threads) {
        this.vertices = vertices;
        this.indices = indices;
        int n = indices.length / 3;
        float[] pb = Meshes.triangleBounds(vertices, indices, box);
        Bvh2 bvh = Bvh2.build(pb, n, pool, threads);
        triId = bvh.order;
        wide = new Bvh4(bvh);
        tri = leafTriangles(vertices, indices, triId, null);
    }

    /**
     * A refit of {@code base} to new {@code vertices} (same indices): the same tree topology, leaves and triangle
     * order (the child references, {@link #triId} and {@link #indices} are shared), with the leaf-order float
     * triangles and every node box recomputed bottom-up from the new vertices ({@link Bvh4#refit}; the leaf-order
     * copy is what {@link #refine} reads). Valid for any vertex positions (a box always bounds its triangles), only
     * less tight than a fresh build when triangles moved far. {@code base} is left as it was (another object may still
     * use its shape).
     */
    private MeshBvh(MeshBvh base, float[] vertices) {
        this.vertices = vertices;
        this.indices = base.indices;
        this.triId = base.triId;
        int n = triId.length;
        float[] pb = new float[6 * n];
        tri = leafTriangles(vertices, indices, triId, pb);
        wide = base.wide.refit(pb);
        for (int k = 0; k < 3; k++) {
            box[k] = Float.POSITIVE_INFINITY;
            box[3 + k] = Float.NEGATIVE_INFINITY;
        }
        for (int s = 0; s < n; s++) {
            for (int k = 0; k < 3; k++) {
                box[k] = Math.min(box[k], pb[6 * s + k]);
                box[3 + k] = Math.max(box[3 + k], pb[6 * s + 3 + k]);
            }
        }
    }

    /**
     * The triangles in leaf order as their three float vertices (9 floats each, the mesh's own values, so
     * neighbours share their edges bit for bit); when {@code pb} is not null, also
     * each leaf slot's triangle box (6 floats: min xyz, max xyz of the three float vertices, as
     * {@link Meshes#triangleBounds} gives them).
     */
    private static float[] leafTriangles(float[] vertices, int[] indices, int[] triId, float[] pb) {
        int n = triId.length;
        float[] tri = new float[9 * n];
        for (int s = 0; s < n; s++) {
            int t = triId[s];
            int a = 3 * indices[3 * t], b = 3 * indices[3 * t + 1], c = 3 * indices[3 * t + 2];
            for (int k = 0; k < 3; k++) {
                float va = vertices[a + k], vb = vertices[b + k], vc = vertices[c + k];
                tri[9 * s + k] = va;
                tri[9 * s + 3 + k] = vb;
                tri[9 * s + 6 + k] = vc;
                if (pb != null) {
                    pb[6 * s + k] = Math.min(va, Math.min(vb, vc));
                    pb[6 * s + 3 + k] = Math.max(va, Math.max(vb, vc));
                }
            }
        }
        return tri;
    }

    /**
     * This tree refit to {@code m} when {@code m} has the same triangles (equal indices) as this mesh: a new
     * {@code MeshBvh} (see the refit constructor); null when its indices differ (build it afresh).
     */
    MeshBvh refit(Shape.TriangleMesh m) {
        if (m.triangleCount() != triId.length) {
            return null;
        }
        int[] idx = m.indices();
        if (!java.util.Arrays.equals(idx, indices)) {
            return null;
        }
        return new MeshBvh(this, m.vertices());
    }


    int triangleCount() { return triId.length; }

    /**
     * Closest triangle hit by the float ray in {@code (0, tmax)}: returns the leaf slot (or −1) and leaves its
     * float distance in {@code ctx.hitT}. Equal distances go to the lower original triangle index, so the
     * result does not depend on the tree, only on the triangles the ray reaches.
     */
    int intersect(float ox, float oy, float oz, float dx, float dy, float dz, float tmax, TraceContext ctx) {
        final float[] nb = wide.bounds;
        final int[] nc = wide.child;
        final float[] tr = tri;
        final int[] id = triId;
        final int[] stack = ctx.stack;
        final float[] stackT = ctx.stackT;
        float ix = inv(dx), iy = inv(dy), iz = inv(dz);
        shear(dx, dy, dz, ctx, TraceContext.PACKET);
        int nx = ix >= 0 ? 0 : 12, ny = iy >= 0 ? 4 : 16, nz = iz >= 0 ? 8 : 20;
        int fx = 12 - nx, fy = 20 - ny, fz = 28 - nz;
        float tBest = tmax;
        int hit = -1;
        int sp = 0;
        int node = 0;
        for (;;) {
            int b = Bvh4.STRIDE * node;
            int bx = b + nx, by = b + ny, bz = b + nz, ex = b + fx, ey = b + fy, ez = b + fz;
            float n0 = max(max((nb[bx] - ox) * ix, (nb[by] - oy) * iy), max((nb[bz] - oz) * iz, 0f));
            float f0 = min(min((nb[ex] - ox) * ix, (nb[ey] - oy) * iy), (nb[ez] - oz) * iz) * ROBUST;
            float n1 = max(max((nb[bx + 1] - ox) * ix, (nb[by + 1] - oy) * iy), max((nb[bz + 1] - oz) * iz, 0f));
            float f1 = min(min((nb[ex + 1] - ox) * ix, (nb[ey + 1] - oy) * iy), (nb[ez + 1] - oz) * iz) * ROBUST;
            float n2 = max(max((nb[bx + 2] - ox) * ix, (nb[by + 2] - oy) * iy), max((nb[bz + 2] - oz) * iz, 0f));
            float f2 = min(min((nb[ex + 2] - ox) * ix, (nb[ey + 2] - oy) * iy), (nb[ez + 2] - oz) * iz) * ROBUST;
            float n3 = max(max((nb[bx + 3] - ox) * ix, (nb[by + 3] - oy) * iy), max((nb[bz + 3] - oz) * iz, 0f));
            float f3 = min(min((nb[ex + 3] - ox) * ix, (nb[ey + 3] - oy) * iy), (nb[ez + 3] - oz) * iz) * ROBUST;
            int c = 4 * node;
            int base = sp;
            if (n0 <= f0 && n0 <= tBest * PRUNE) {
                stack[sp] = nc[c];
                stackT[sp++] = n0;
            }
            if (n1 <= f1 && n1 <= tBest * PRUNE) {
                stack[sp] = nc[c + 1];
                stackT[sp++] = n1;
            }
            if (n2 <= f2 && n2 <= tBest * PRUNE) {
                stack[sp] = nc[c + 2];
                stackT[sp++] = n2;
            }
            if (n3 <= f3 && n3 <= tBest * PRUNE) {
                stack[sp] = nc[c + 3];
                stackT[sp++] = n3;
            }
            // the entries just pushed, nearest on top
            for (int i = base + 1; i < sp; i++) {
                float key = stackT[i];
                int kr = stack[i];
                int j = i - 1;
                while (j >= base && stackT[j] < key) {
                    stackT[j + 1] = stackT[j];
                    stack[j + 1] = stack[j];
                    j--;
                }
                stackT[j + 1] = key;
                stack[j + 1] = kr;
            }
            for (;;) {
                if (sp == 0) {
                    ctx.hitT = tBest;
                    return hit;
                }
                int r = stack[--sp];
                if (stackT[sp] > tBest * PRUNE) {
                    continue;
                }
                if (r >= 0) {
                    node = r;
                    break;
                }
                int h = leaf(~r, ox, oy, oz, tBest, hit, ctx);
                if (h != hit) {
                    hit = h;
                    tBest = ctx.hitT;
                }
            }
        }
    }

    /**
     * Tests the triangles of leaf {@code ref} ({@code start << 3 | count}) against the ray: returns the new best
     * slot ({@code hit} when none is closer than {@code tBest}) and leaves its distance in {@code ctx.hitT}.
     */
    private int leaf(int ref, float ox, float oy, float oz, float tBest, int hit, TraceContext ctx) {
        final float[] tr = tri;
        final int[] id = triId;
        int best = hit;
        for (int s = ref >>> 3, e = s + (ref & 7); s < e; s++) {
            float t = watertight(relative(tr, 9 * s, ox, oy, oz, ctx.rel), ctx, TraceContext.PACKET);
            if (t > 0f && (t < tBest || (t == tBest && best >= 0 && id[s] < id[best]))) {
                tBest = t;
                best = s;
            }
        }
        ctx.hitT = tBest;
        return best;
    }

    /**
     * Packet traversal: the rays of {@code mask} have nearby float origins in {@code ctx.fo*} (when
     * {@code ctx.sameOrigin}, one origin, given in the lane of the lowest bit only); their float directions and
     * inverses are in {@code ctx.fd*} / {@code ctx.fi*} and their exclusive limits in {@code ctx.ftBest}.
     * Leaves {@code ctx.slot[i]} (−1 for none) and {@code ctx.ftBest[i]}, exactly what {@link #intersect} gives
     * ray by ray.
     *
     * <p>Rays whose directions have the same signs on every axis (lidar rays of neighbouring channels and
     * columns: nearby origins, nearly one direction) share one traversal: each node's four boxes are tested once
     * against the whole packet by interval arithmetic over the packet's inverse directions and origins (a
     * conservative superset of the rays' own slab tests), and only at a leaf each ray tests the leaf box and
     * then the triangles on its own, from its own origin. A
     * ray's result is the closest of the triangles it reaches, ties to the lower triangle index, so it does
     * not depend on the order of visits nor on the other rays of the packet. Rays of different octants go as
     * separate packets (a lone ray on its own).
     */
    void intersectPacket(int mask, TraceContext ctx) {
        final float[] ix = ctx.fix, iy = ctx.fiy, iz = ctx.fiz;
        // lanes by octant of their directions
        int m0 = 0, m1 = 0, m2 = 0, m3 = 0, m4 = 0, m5 = 0, m6 = 0, m7 = 0;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            shear(ctx.fdx[i], ctx.fdy[i], ctx.fdz[i], ctx, i);
            int oct = (ix[i] >= 0 ? 0 : 1) | (iy[i] >= 0 ? 0 : 2) | (iz[i] >= 0 ? 0 : 4);
            int bit = 1 << i;
            switch (oct) {
                case 0 -> m0 |= bit;
                case 1 -> m1 |= bit;
                case 2 -> m2 |= bit;
                case 3 -> m3 |= bit;
                case 4 -> m4 |= bit;
                case 5 -> m5 |= bit;
                case 6 -> m6 |= bit;
                default -> m7 |= bit;
            }
        }
        boolean same = ctx.sameOrigin;
        int i0 = Integer.numberOfTrailingZeros(mask);
        float ox = ctx.fox[i0], oy = ctx.foy[i0], oz = ctx.foz[i0];
        if (m0 == mask || m1 == mask || m2 == mask || m3 == mask || m4 == mask || m5 == mask || m6 == mask
                || m7 == mask) {
            if (same) {
                packetSameSigns(ox, oy, oz, mask, ctx);
            } else {
                packetSpread(mask, ctx);
            }
            return;
        }
        for (int sub : new int[] {m0, m1, m2, m3, m4, m5, m6, m7}) {
            if (Integer.bitCount(sub) >= 2) {
                if (same) {
                    packetSameSigns(ox, oy, oz, sub, ctx);
                } else {
                    packetSpread(sub, ctx);
                }
            } else if (sub != 0) {
                int i = Integer.numberOfTrailingZeros(sub);
                ctx.slot[i] = same ? intersect(ox, oy, oz, ctx.fdx[i], ctx.fdy[i], ctx.fdz[i], ctx.ftBest[i], ctx)
                        : intersect(ctx.fox[i], ctx.foy[i], ctx.foz[i], ctx.fdx[i], ctx.fdy[i], ctx.fdz[i],
                                ctx.ftBest[i], ctx);
                ctx.ftBest[i] = ctx.hitT;
            }
        }
    }

    /** {@link #intersectPacket} for lanes whose directions have the same signs on every axis, from one origin. */
    private void packetSameSigns(float ox, float oy, float oz, int mask, TraceContext ctx) {
        final float[] ix = ctx.fix, iy = ctx.fiy, iz = ctx.fiz, tb = ctx.ftBest;
        final int[] slot = ctx.slot;
        float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        float limit = Float.NEGATIVE_INFINITY;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            slot[i] = -1;
            float a = ix[i], c = iy[i], e = iz[i];
            x0 = Math.min(x0, a);
            x1 = Math.max(x1, a);
            y0 = Math.min(y0, c);
            y1 = Math.max(y1, c);
            z0 = Math.min(z0, e);
            z1 = Math.max(z1, e);
            limit = Math.max(limit, tb[i]);
        }
        boolean sx = x0 >= 0, sy = y0 >= 0, sz = z0 >= 0;
        final float[] nb = wide.bounds;
        final int[] nc = wide.child;
        final int[] stack = ctx.stack;
        final float[] stackT = ctx.stackT;
        final int[] stackB = ctx.stackMask;
        final LaneKernel kernel = ctx.kernel;
        // near and far plane offsets within a node (min x, y, z at 0, 4, 8; max at 12, 16, 20)
        int nx = sx ? 0 : 12, ny = sy ? 4 : 16, nz = sz ? 8 : 20;
        int fx = 12 - nx, fy = 20 - ny, fz = 28 - nz;
        int sp = 0, node = 0;
        for (;;) {
            int b = Bvh4.STRIDE * node;
            int c = 4 * node;
            int base = sp;
            for (int k = 0; k < 4; k++) {
                float ax = nb[b + nx + k] - ox, ay = nb[b + ny + k] - oy, az = nb[b + nz + k] - oz;
                float bx = nb[b + fx + k] - ox, by = nb[b + fy + k] - oy, bz = nb[b + fz + k] - oz;
                float tn = max(max(min(ax * x0, ax * x1), min(ay * y0, ay * y1)), max(min(az * z0, az * z1), 0f));
                float tf = min(min(max(bx * x0, bx * x1), max(by * y0, by * y1)), max(bz * z0, bz * z1)) * ROBUST;
                if (tn <= tf && tn <= limit * PRUNE) {
                    stack[sp] = nc[c + k];
                    stackB[sp] = b + k;
                    stackT[sp++] = tn;
                }
            }
            for (int i = base + 1; i < sp; i++) {
                float key = stackT[i];
                int kr = stack[i], kb = stackB[i];
                int j = i - 1;
                while (j >= base && stackT[j] < key) {
                    stackT[j + 1] = stackT[j];
                    stack[j + 1] = stack[j];
                    stackB[j + 1] = stackB[j];
                    j--;
                }
                stackT[j + 1] = key;
                stack[j + 1] = kr;
                stackB[j + 1] = kb;
            }
            for (;;) {
                if (sp == 0) {
                    return;
                }
                int r = stack[--sp];
                if (stackT[sp] > limit * PRUNE) {
                    continue;
                }
                if (r >= 0) {
                    node = r;
                    break;
                }
                // a leaf: each ray on its own
                int ref = ~r, s0 = ref >>> 3;
                int lb = stackB[sp];
                int bx = lb + nx, by = lb + ny, bz = lb + nz, ex = lb + fx, ey = lb + fy, ez = lb + fz;
                float pnx = nb[bx], pny = nb[by], pnz = nb[bz], pfx = nb[ex], pfy = nb[ey], pfz = nb[ez];
                int lm = 0;
                if (kernel != null) {
                    lm = kernel.leafBoxSame(pnx, pny, pnz, pfx, pfy, pfz, ox, oy, oz, mask, ctx);
                } else {
                    for (int bits = mask; bits != 0; bits &= bits - 1) {
                        int i = Integer.numberOfTrailingZeros(bits);
                        float a = ix[i], cc = iy[i], e = iz[i];
                        float tn = max(max((pnx - ox) * a, (pny - oy) * cc), max((pnz - oz) * e, 0f));
                        float tf = min(min((pfx - ox) * a, (pfy - oy) * cc), (pfz - oz) * e) * ROBUST;
                        if (tn <= tf && tn <= tb[i] * PRUNE) {
                            lm |= 1 << i;
                        }
                    }
                }
                if (lm == 0) {
                    continue;
                }
                if (kernel != null) {
                    kernel.leafTriangles(this, s0, s0 + (ref & 7), lm, true, ox, oy, oz, ctx);
                } else {
                    leafOneOrigin(s0, s0 + (ref & 7), lm, ox, oy, oz, ctx);
                }
                float newLimit = Float.NEGATIVE_INFINITY;
                for (int bits = mask; bits != 0; bits &= bits - 1) {
                    newLimit = Math.max(newLimit, tb[Integer.numberOfTrailingZeros(bits)]);
                }
                limit = Math.min(limit, newLimit);
            }
        }
    }

    /**
     * {@link #packetSameSigns} for lanes whose origins differ (not all bit-identical). A node box is
     * tested with its faces less the packet's origin range, near faces less the origin that makes them nearest
     * and far faces less the one that makes them farthest (min faces less the range's max, max faces less its
     * min), times the range of inverse directions: no ray of the packet can be nearer or farther.
     */
    private void packetSpread(int mask, TraceContext ctx) {
        final float[] ix = ctx.fix, iy = ctx.fiy, iz = ctx.fiz, tb = ctx.ftBest;
        final float[] oxs = ctx.fox, oys = ctx.foy, ozs = ctx.foz;
        final int[] slot = ctx.slot;
        float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        float ox0 = Float.POSITIVE_INFINITY, oy0 = ox0, oz0 = ox0, ox1 = Float.NEGATIVE_INFINITY, oy1 = ox1, oz1 = ox1;
        float limit = Float.NEGATIVE_INFINITY;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            slot[i] = -1;
            float a = ix[i], c = iy[i], e = iz[i];
            x0 = Math.min(x0, a);
            x1 = Math.max(x1, a);
            y0 = Math.min(y0, c);
            y1 = Math.max(y1, c);
            z0 = Math.min(z0, e);
            z1 = Math.max(z1, e);
            limit = Math.max(limit, tb[i]);
            float p = oxs[i], q = oys[i], r = ozs[i];
            ox0 = Math.min(ox0, p);
            ox1 = Math.max(ox1, p);
            oy0 = Math.min(oy0, q);
            oy1 = Math.max(oy1, q);
            oz0 = Math.min(oz0, r);
            oz1 = Math.max(oz1, r);
        }
        boolean sx = x0 >= 0, sy = y0 >= 0, sz = z0 >= 0;
        // origins subtracted from the near and far faces (the min face takes the range's max, the max face its min)
        float onx = sx ? ox1 : ox0, ony = sy ? oy1 : oy0, onz = sz ? oz1 : oz0;
        float ofx = sx ? ox0 : ox1, ofy = sy ? oy0 : oy1, ofz = sz ? oz0 : oz1;
        final float[] nb = wide.bounds;
        final int[] nc = wide.child;
        final int[] stack = ctx.stack;
        final float[] stackT = ctx.stackT;
        final int[] stackB = ctx.stackMask;
        final LaneKernel kernel = ctx.kernel;
        // near and far plane offsets within a node (min x, y, z at 0, 4, 8; max at 12, 16, 20)
        int nx = sx ? 0 : 12, ny = sy ? 4 : 16, nz = sz ? 8 : 20;
        int fx = 12 - nx, fy = 20 - ny, fz = 28 - nz;
        int sp = 0, node = 0;
        for (;;) {
            int b = Bvh4.STRIDE * node;
            int c = 4 * node;
            int base = sp;
            for (int k = 0; k < 4; k++) {
                float ax = nb[b + nx + k] - onx, ay = nb[b + ny + k] - ony, az = nb[b + nz + k] - onz;
                float bx = nb[b + fx + k] - ofx, by = nb[b + fy + k] - ofy, bz = nb[b + fz + k] - ofz;
                float tn = max(max(min(ax * x0, ax * x1), min(ay * y0, ay * y1)), max(min(az * z0, az * z1), 0f));
                float tf = min(min(max(bx * x0, bx * x1), max(by * y0, by * y1)), max(bz * z0, bz * z1)) * ROBUST;
                if (tn <= tf && tn <= limit * PRUNE) {
                    stack[sp] = nc[c + k];
                    stackB[sp] = b + k;
                    stackT[sp++] = tn;
                }
            }
            for (int i = base + 1; i < sp; i++) {
                float key = stackT[i];
                int kr = stack[i], kb = stackB[i];
                int j = i - 1;
                while (j >= base && stackT[j] < key) {
                    stackT[j + 1] = stackT[j];
                    stack[j + 1] = stack[j];
                    stackB[j + 1] = stackB[j];
                    j--;
                }
                stackT[j + 1] = key;
                stack[j + 1] = kr;
                stackB[j + 1] = kb;
            }
            for (;;) {
                if (sp == 0) {
                    return;
                }
                int r = stack[--sp];
                if (stackT[sp] > limit * PRUNE) {
                    continue;
                }
                if (r >= 0) {
                    node = r;
                    break;
                }
                // a leaf: each ray on its own
                int ref = ~r, s0 = ref >>> 3;
                int lb = stackB[sp];
                int bx = lb + nx, by = lb + ny, bz = lb + nz, ex = lb + fx, ey = lb + fy, ez = lb + fz;
                float pnx = nb[bx], pny = nb[by], pnz = nb[bz], pfx = nb[ex], pfy = nb[ey], pfz = nb[ez];
                int lm = 0;
                if (kernel != null) {
                    lm = kernel.leafBoxSpread(pnx, pny, pnz, pfx, pfy, pfz, mask, ctx);
                } else {
                    for (int bits = mask; bits != 0; bits &= bits - 1) {
                        int i = Integer.numberOfTrailingZeros(bits);
                        float a = ix[i], cc = iy[i], e = iz[i], px = oxs[i], py = oys[i], pz = ozs[i];
                        // the single ray's own arithmetic: (p − o)·a, whose rounding the PRUNE margin covers (a
                        // difference of products, p·a − o·a, can lose more than that near the origin's coordinates)
                        float tn = max(max((pnx - px) * a, (pny - py) * cc), max((pnz - pz) * e, 0f));
                        float tf = min(min((pfx - px) * a, (pfy - py) * cc), (pfz - pz) * e) * ROBUST;
                        if (tn <= tf && tn <= tb[i] * PRUNE) {
                            lm |= 1 << i;
                        }
                    }
                }
                if (lm == 0) {
                    continue;
                }
                if (kernel != null) {
                    kernel.leafTriangles(this, s0, s0 + (ref & 7), lm, false, 0f, 0f, 0f, ctx);
                } else {
                    leafPerOrigin(s0, s0 + (ref & 7), lm, ctx);
                }
                float newLimit = Float.NEGATIVE_INFINITY;
                for (int bits = mask; bits != 0; bits &= bits - 1) {
                    newLimit = Math.max(newLimit, tb[Integer.numberOfTrailingZeros(bits)]);
                }
                limit = Math.min(limit, newLimit);
            }
        }
    }

    /**
     * The triangles of leaf slots {@code [s0, s1)} against the lanes of {@code lm}, all from origin {@code o*} (the
     * vertices less the origin once per triangle): {@link #leaf}'s arithmetic ray by ray.
     */
    private void leafOneOrigin(int s0, int s1, int lm, float ox, float oy, float oz, TraceContext ctx) {
        final float[] tr = tri;
        final int[] id = triId;
        final float[] tb = ctx.ftBest;
        final int[] slot = ctx.slot;
        for (int s = s0; s < s1; s++) {
            float[] rel = relative(tr, 9 * s, ox, oy, oz, ctx.rel); // one origin: once per triangle
            for (int bits = lm; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                float t = watertight(rel, ctx, i);
                float best = tb[i];
                int h = slot[i];
                if (t > 0f && (t < best || (t == best && h >= 0 && id[s] < id[h]))) {
                    tb[i] = t;
                    slot[i] = s;
                }
            }
        }
    }

    /**
     * The triangles of leaf slots {@code [s0, s1)} against the lanes of {@code lm}, each from its own origin:
     * {@link #leaf}'s arithmetic ray by ray.
     */
    private void leafPerOrigin(int s0, int s1, int lm, TraceContext ctx) {
        final float[] tr = tri;
        final int[] id = triId;
        final float[] oxs = ctx.fox, oys = ctx.foy, ozs = ctx.foz;
        for (int s = s0; s < s1; s++) {
            for (int bits = lm; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                testLane(tr, id, s, i, oxs[i], oys[i], ozs[i], ctx);
            }
        }
    }

    /**
     * The triangle at leaf slot {@code s} against the ray of lane {@code i} from origin {@code o*}: its best hit
     * ({@code ctx.ftBest[i]}, {@code ctx.slot[i]}) becomes this triangle when it is hit nearer, or at the same
     * distance with a lower original triangle index.
     */
    static void testLane(float[] tr, int[] id, int s, int i, float ox, float oy, float oz, TraceContext ctx) {
        float t = watertight(relative(tr, 9 * s, ox, oy, oz, ctx.rel), ctx, i);
        float best = ctx.ftBest[i];
        int h = ctx.slot[i];
        if (t > 0f && (t < best || (t == best && h >= 0 && id[s] < id[h]))) {
            ctx.ftBest[i] = t;
            ctx.slot[i] = s;
        }
    }

    /**
     * Exact hit of the double ray with the triangle at leaf slot {@code slot}: returns the distance (NaN when
     * the ray is parallel) and writes the unit geometric normal (not yet oriented) into {@code n[0..2]}.
     */
    double refine(int slot, double ox, double oy, double oz, double dx, double dy, double dz, double[] n) {
        // the leaf-order copy of the triangle's vertices (the mesh's own floats), which the leaf test just read
        final float[] v = tri;
        int q = 9 * slot;
        double ax = v[q], ay = v[q + 1], az = v[q + 2];
        double e1x = v[q + 3] - ax, e1y = v[q + 4] - ay, e1z = v[q + 5] - az;
        double e2x = v[q + 6] - ax, e2y = v[q + 7] - ay, e2z = v[q + 8] - az;
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double den = nx * dx + ny * dy + nz * dz;
        double dist = (nx * (ax - ox) + ny * (ay - oy) + nz * (az - oz)) / den;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        n[0] = nx / len;
        n[1] = ny / len;
        n[2] = nz / len;
        return den == 0 ? Double.NaN : dist;
    }

    /**
     * The per-ray constants of {@link #watertight} for lane {@code i} of {@code c}: the axis of the direction's
     * largest extent becomes z (x and y swapped when it points backwards, keeping the winding), and the shear
     * (d_x/d_z, d_y/d_z, 1/d_z) that makes the ray run along z.
     */
    static void shear(float dx, float dy, float dz, TraceContext c, int i) {
        float adx = Math.abs(dx), ady = Math.abs(dy), adz = Math.abs(dz);
        int kz = adx > ady ? (adx > adz ? 0 : 2) : (ady > adz ? 1 : 2);
        int kx = kz == 2 ? 0 : kz + 1, ky = kx == 2 ? 0 : kx + 1;
        float dkz = pick(kz, dx, dy, dz);
        if (dkz < 0f) {
            int k = kx;
            kx = ky;
            ky = k;
        }
        float sz = 1f / dkz;
        c.axes[i] = kx | ky << 2 | kz << 4;
        c.kx[i] = kx;
        c.ky[i] = ky;
        c.kz[i] = kz;
        c.shx[i] = pick(kx, dx, dy, dz) * sz;
        c.shy[i] = pick(ky, dx, dy, dz) * sz;
        c.shz[i] = sz;
    }

    /**
     * Watertight ray–triangle test (Woop, Benthin and Wald, "Watertight Ray/Triangle Intersection", JCGT 2(1), 2013)
     * of a triangle, its vertices less the ray origin in {@code rel} ({@link #relative}), against the ray of lane
     * {@code i} ({@link #shear}): the vertices are sheared so that the ray runs along z, and the 2D edge functions U, V, W decide
     * inside or outside (recomputed in double where one is 0). An edge shared by two triangles is evaluated from
     * the same vertices with the same arithmetic in both, so a ray on it hits at least one of them. Returns the
     * distance along the ray, or NaN for a miss (the caller keeps t in (0, best)).
     */
    static float watertight(float[] rel, TraceContext c, int i) {
        int k = c.axes[i], kx = k & 3, ky = (k >> 2) & 3, kz = k >> 4;
        float sx = c.shx[i], sy = c.shy[i], sz = c.shz[i];
        float aZ = rel[kz], bZ = rel[3 + kz], cZ = rel[6 + kz];
        float aX = rel[kx] - sx * aZ, aY = rel[ky] - sy * aZ;
        float bX = rel[3 + kx] - sx * bZ, bY = rel[3 + ky] - sy * bZ;
        float cX = rel[6 + kx] - sx * cZ, cY = rel[6 + ky] - sy * cZ;
        float u = cX * bY - cY * bX, v = aX * cY - aY * cX;
        if (u < 0f && v > 0f || u > 0f && v < 0f) { // a non-zero float edge function has its exact sign
            return Float.NaN;
        }
        float w = bX * aY - bY * aX;
        if (u == 0f || v == 0f || w == 0f) {
            u = (float) ((double) cX * bY - (double) cY * bX);
            v = (float) ((double) aX * cY - (double) aY * cX);
            w = (float) ((double) bX * aY - (double) bY * aX);
        }
        if ((u < 0f || v < 0f || w < 0f) && (u > 0f || v > 0f || w > 0f)) {
            return Float.NaN;
        }
        float det = u + v + w;
        if (det == 0f) {
            return Float.NaN;
        }
        return (u * (sz * aZ) + v * (sz * bZ) + w * (sz * cZ)) / det;
    }

    /** The vertices of the triangle at {@code tr[q..q+8]} less the origin, into {@code rel}. */
    static float[] relative(float[] tr, int q, float ox, float oy, float oz, float[] rel) {
        for (int k = 0; k < 9; k += 3) {
            rel[k] = tr[q + k] - ox;
            rel[k + 1] = tr[q + k + 1] - oy;
            rel[k + 2] = tr[q + k + 2] - oz;
        }
        return rel;
    }

    private static float pick(int k, float x, float y, float z) {
        return k == 0 ? x : k == 1 ? y : z;
    }

    static float inv(float d) {
        return 1f / (Math.abs(d) < 1e-20f ? Math.copySign(1e-20f, d) : d);
    }

    static float max(float a, float b) { return a > b ? a : b; }

    static float min(float a, float b) { return a < b ? a : b; }
}
