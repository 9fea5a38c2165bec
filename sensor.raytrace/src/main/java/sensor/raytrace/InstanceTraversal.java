package sensor.raytrace;

import static sensor.raytrace.CpuTraceScene.BOX;
import static sensor.raytrace.CpuTraceScene.MESH;
import static sensor.raytrace.CpuTraceScene.SPHERE;

import sensor.raytrace.geometry.Analytic;
import sensor.raytrace.geometry.Bvh2;

/**
 * The top level of a {@link CpuTraceScene}: its planes and its instances (meshes and analytic shapes under their poses)
 * traversed through the TLAS, for one ray at a time ({@link #trace}) and for a packet of rays ({@link #tlasPacket});
 * the scene owns the data and rebuilds it, this traverses it.
 */
final class InstanceTraversal {
    private final CpuTraceScene s;

    InstanceTraversal(CpuTraceScene s) {
        this.s = s;
    }

    /**
     * The TLAS for a packet. Each box is tested per ray against the box's faces less the packet's float origin
     * range: min faces less the range's max, max faces less its min. For a ray of inverse direction {@code a}
     * and any origin in the range, {@code min} of the two products is then at most the ray's near slab
     * distance and {@code max} at least its far one (with one origin, exactly the ray's own slab distances).
     */
    void tlasPacket(TraceContext c, int mask, int n) {
        final float[] nb = s.tlas.bounds;
        final int[] nc = s.tlas.child;
        final int[] stack = c.tlasStack, stackM = c.tlasStackMask;
        final float[] wix = c.wix, wiy = c.wiy, wiz = c.wiz, lim = c.wLimit;
        for (int i = 0; i < n; i++) {
            wix[i] = MeshBvh.inv((float) c.wdx[i]);
            wiy[i] = MeshBvh.inv((float) c.wdy[i]);
            wiz[i] = MeshBvh.inv((float) c.wdz[i]);
            lim[i] = Math.nextUp((float) c.ptBest[i]);
        }
        float x0 = (float) c.wox[0], y0 = (float) c.woy[0], z0 = (float) c.woz[0], x1 = x0, y1 = y0, z1 = z0;
        if (!c.sameOrigin) {
            for (int i = 1; i < n; i++) {
                float x = (float) c.wox[i], y = (float) c.woy[i], z = (float) c.woz[i];
                x0 = Math.min(x0, x);
                x1 = Math.max(x1, x);
                y0 = Math.min(y0, y);
                y1 = Math.max(y1, y);
                z0 = Math.min(z0, z);
                z1 = Math.max(z1, z);
            }
        }
        // the packet's origin range (for every box test) and interval of inverse directions (for the inner nodes')
        float[] po = c.packetOrigins;
        po[0] = x0;
        po[1] = y0;
        po[2] = z0;
        po[3] = x1;
        po[4] = y1;
        po[5] = z1;
        float[] pk = c.packetBounds;
        pk[0] = pk[2] = pk[4] = Float.POSITIVE_INFINITY;
        pk[1] = pk[3] = pk[5] = Float.NEGATIVE_INFINITY;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            pk[0] = Math.min(pk[0], wix[i]);
            pk[1] = Math.max(pk[1], wix[i]);
            pk[2] = Math.min(pk[2], wiy[i]);
            pk[3] = Math.max(pk[3], wiy[i]);
            pk[4] = Math.min(pk[4], wiz[i]);
            pk[5] = Math.max(pk[5], wiz[i]);
        }
        c.limitsLowered = true; // pk[6], the packet's limit, is computed when an inner node first needs it
        int sp = 0, node = 0, m = mask;
        for (;;) {
            int b = 12 * node;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            int lm, rm;
            float lmin, rmin;
            if (cl >= 0 || cr >= 0) {
                tighten(c, mask);
            }
            if (cl < 0) {
                lm = lanes(c, nb, b, m);
                lmin = c.lanesNear;
            } else {
                lmin = packetNear(c, nb, b);
                lm = lmin < Float.POSITIVE_INFINITY ? m : 0;
            }
            if (cr < 0) {
                rm = lanes(c, nb, b + 6, m);
                rmin = c.lanesNear;
            } else {
                rmin = packetNear(c, nb, b + 6);
                rm = rmin < Float.POSITIVE_INFINITY ? m : 0;
            }
            // a leaf holds one instance (Bvh2.buildInstances), or none: the empty side of a tree of one, whose
            // inverted box the lanes' min-max test does not rule out
            if (lm != 0 && cl < 0) {
                if (Bvh2.leafCount(cl) == 1) {
                    instancePacket(c, s.tlas.order[Bvh2.leafStart(cl)], lm);
                }
                lm = 0;
            }
            if (rm != 0 && cr < 0) {
                if (Bvh2.leafCount(cr) == 1) {
                    instancePacket(c, s.tlas.order[Bvh2.leafStart(cr)], rm);
                }
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
     * The lanes of {@code m} whose rays enter the box at {@code nb[b..b+6)} (widened by the origins' spread
     * {@code c.packetOrigins}) no farther than their limits; the nearest entry among them in {@code c.lanesNear}.
     */
    private static int lanes(TraceContext c, float[] nb, int b, int m) {
        if (c.kernel != null) {
            return c.kernel.topBox(nb, b, m, c);
        }
        float[] po = c.packetOrigins;
        float lx0 = nb[b] - po[3], ly0 = nb[b + 1] - po[4], lz0 = nb[b + 2] - po[5];
        float lx1 = nb[b + 3] - po[0], ly1 = nb[b + 4] - po[1], lz1 = nb[b + 5] - po[2];
        int hit = 0;
        float near = Float.POSITIVE_INFINITY;
        float[] wix = c.wix, wiy = c.wiy, wiz = c.wiz, lim = c.wLimit;
        int hi = 32 - Integer.numberOfLeadingZeros(m);
        for (int i = Integer.numberOfTrailingZeros(m); i < hi; i++) { // lanes out of m are dropped below
            float a = wix[i], cc = wiy[i], e = wiz[i];
            float ax0 = lx0 * a, ax1 = lx1 * a, ay0 = ly0 * cc, ay1 = ly1 * cc, az0 = lz0 * e, az1 = lz1 * e;
            float ln = Math.max(Math.max(Math.min(ax0, ax1), Math.min(ay0, ay1)), Math.max(Math.min(az0, az1), 0f));
            float lf = Math.min(Math.min(Math.max(ax0, ax1), Math.max(ay0, ay1)), Math.max(az0, az1)) * MeshBvh.ROBUST;
            if (ln <= lf && ln <= lim[i] && (m & 1 << i) != 0) {
                hit |= 1 << i;
                near = Math.min(near, ln);
            }
        }
        c.lanesNear = near;
        return hit;
    }

    /**
     * A lower bound of where any ray of the packet enters the box at {@code nb[b..b+6)}, or +∞ when none can reach it
     * within the largest limit of the packet's lanes: the slab distances are bilinear in the (widened) box's
     * offsets and the inverse directions, so their extremes over the packet's intervals lie at the corners. Inner TLAS
     * nodes take this one test instead of one per lane; the leaves test lane by lane ({@link #lanes}).
     */
    private static float packetNear(TraceContext c, float[] nb, int b) {
        float[] pk = c.packetBounds, po = c.packetOrigins;
        float near = 0, far = Float.POSITIVE_INFINITY;
        for (int k = 0; k < 3; k++) { // the products of the box's offsets and the inverse directions at four corners
            float lo = nb[b + k] - po[3 + k], hi = nb[b + 3 + k] - po[k], i0 = pk[2 * k], i1 = pk[2 * k + 1];
            float min, max;
            // lo <= hi, and a rounded product is monotonic in each factor: where the inverse directions share a sign,
            // the smallest and the largest of the four are known without computing the others
            if (i0 >= 0) {
                min = lo * (lo >= 0 ? i0 : i1);
                max = hi * (hi >= 0 ? i1 : i0);
            } else if (i1 <= 0) {
                min = hi * (hi >= 0 ? i0 : i1);
                max = lo * (lo >= 0 ? i1 : i0);
            } else {
                float p0 = lo * i0, p1 = lo * i1, p2 = hi * i0, p3 = hi * i1;
                min = Math.min(Math.min(p0, p1), Math.min(p2, p3));
                max = Math.max(Math.max(p0, p1), Math.max(p2, p3));
            }
            near = Math.max(near, min);
            far = Math.min(far, max);
        }
        return near <= far * MeshBvh.ROBUST && near <= pk[6] ? near : Float.POSITIVE_INFINITY;
    }

    /**
     * Sets the inner nodes' limit to the packet's largest lane limit before inner nodes are tested, as {@link #trace}
     * lowers its limit after each instance: instances whose boxes start beyond are not visited (with 1,000 bodies over
     * a terrain, most of them). The lanes' own limits follow their best hits already ({@link #hitLane}); only when one
     * of them changed since is the packet's limit recomputed (never, in a tree whose nodes have leaves only).
     */
    private static void tighten(TraceContext c, int packet) {
        if (c.limitsLowered) {
            c.packetBounds[6] = packetLimit(c, packet);
            c.limitsLowered = false;
        }
    }

    /** The largest TLAS limit of the lanes of {@code mask}: the inner nodes' test prunes beyond it. */
    private static float packetLimit(TraceContext c, int mask) {
        float limit = 0;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            limit = Math.max(limit, c.wLimit[Integer.numberOfTrailingZeros(bits)]);
        }
        return limit;
    }

    /** Tests instance {@code k} with the packet rays of {@code mask}, updating their best hits. */
    void instancePacket(TraceContext c, int k, int mask) {
        if (c.looksThrough(s.instObject[k])) {
            return;
        }
        boolean identity = s.instIdentity[k], same = c.sameOrigin;
        double[] m = s.instRot;
        int b = 9 * k;
        int i0 = Integer.numberOfTrailingZeros(mask), w = same ? 0 : i0; // lane 0 holds a shared origin
        double lox = c.wox[w], loy = c.woy[w], loz = c.woz[w];
        if (!identity) { // each ray's origin into the instance frame, as trace() does (once when they share one)
            double qx = s.instPos[3 * k], qy = s.instPos[3 * k + 1], qz = s.instPos[3 * k + 2];
            for (int bits = same ? 1 : mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                double px = c.wox[i] - qx, py = c.woy[i] - qy, pz = c.woz[i] - qz;
                c.lox[i] = m[b] * px + m[b + 3] * py + m[b + 6] * pz;
                c.loy[i] = m[b + 1] * px + m[b + 4] * py + m[b + 7] * pz;
                c.loz[i] = m[b + 2] * px + m[b + 5] * py + m[b + 8] * pz;
            }
            lox = c.lox[w];
            loy = c.loy[w];
            loz = c.loz[w];
        } else if (!same) {
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                c.lox[i] = c.wox[i];
                c.loy[i] = c.woy[i];
                c.loz[i] = c.woz[i];
            }
        }
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            double dx = c.wdx[i], dy = c.wdy[i], dz = c.wdz[i];
            if (identity) {
                c.ldx[i] = dx;
                c.ldy[i] = dy;
                c.ldz[i] = dz;
            } else {
                c.ldx[i] = m[b] * dx + m[b + 3] * dy + m[b + 6] * dz;
                c.ldy[i] = m[b + 1] * dx + m[b + 4] * dy + m[b + 7] * dz;
                c.ldz[i] = m[b + 2] * dx + m[b + 5] * dy + m[b + 8] * dz;
            }
        }
        int kind = s.instKind[k];
        if (kind == MESH) {
            MeshBvh mesh = s.instMesh[k];
            if (same) {
                float flx = (float) lox, fly = (float) loy, flz = (float) loz;
                c.fox[i0] = flx;
                c.foy[i0] = fly;
                c.foz[i0] = flz;
            } else {
                for (int bits = mask; bits != 0; bits &= bits - 1) {
                    int i = Integer.numberOfTrailingZeros(bits);
                    c.fox[i] = (float) c.lox[i];
                    c.foy[i] = (float) c.loy[i];
                    c.foz[i] = (float) c.loz[i];
                }
            }
            // unturned, the top level's inverse directions and limits (c.wix ..., c.wLimit, kept current by each hit)
            // are already the ones the tree needs; a scene of one instance has no top level (tracePacket)
            boolean reuse = identity && s.instanceCount > 1;
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                float fx = (float) c.ldx[i], fy = (float) c.ldy[i], fz = (float) c.ldz[i];
                c.fdx[i] = fx;
                c.fdy[i] = fy;
                c.fdz[i] = fz;
                if (reuse) {
                    c.fix[i] = c.wix[i];
                    c.fiy[i] = c.wiy[i];
                    c.fiz[i] = c.wiz[i];
                    c.ftBest[i] = c.wLimit[i];
                } else {
                    c.fix[i] = MeshBvh.inv(fx);
                    c.fiy[i] = MeshBvh.inv(fy);
                    c.fiz[i] = MeshBvh.inv(fz);
                    c.ftBest[i] = Math.nextUp((float) c.ptBest[i]);
                }
            }
            mesh.intersectPacket(mask, c);
            double[] n = c.normal;
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                int slot = c.slot[i];
                if (slot >= 0) {
                    double t = same ? mesh.refine(slot, lox, loy, loz, c.ldx[i], c.ldy[i], c.ldz[i], n)
                            : mesh.refine(slot, c.lox[i], c.loy[i], c.loz[i], c.ldx[i], c.ldy[i], c.ldz[i], n);
                    if (t > 0 && t < c.ptBest[i]) {
                        hitLane(c, i, k, t, n[0], n[1], n[2]);
                    }
                }
            }
            return;
        }
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            c.tBest = c.ptBest[i];
            double dx = c.ldx[i], dy = c.ldy[i], dz = c.ldz[i];
            if (!same) {
                lox = c.lox[i];
                loy = c.loy[i];
                loz = c.loz[i];
            }
            boolean hit = switch (kind) {
                case BOX -> Analytic.box(lox, loy, loz, dx, dy, dz, s.instParam[3 * k], s.instParam[3 * k + 1],
                        s.instParam[3 * k + 2], c);
                case SPHERE -> Analytic.sphere(lox, loy, loz, dx, dy, dz, s.instParam[3 * k], c);
                default -> Analytic.cylinder(lox, loy, loz, dx, dy, dz, s.instParam[3 * k], s.instParam[3 * k + 2], c);
            };
            if (hit) {
                hitLane(c, i, k, c.tBest, c.nx, c.ny, c.nz);
            }
        }
    }

    private void hitLane(TraceContext c, int i, int k, double t, double nx, double ny, double nz) {
        c.ptBest[i] = t;
        c.pObject[i] = s.instObject[k];
        c.pInstance[i] = k;
        c.pnx[i] = nx;
        c.pny[i] = ny;
        c.pnz[i] = nz;
        if (c.anyHit) { // done: no later hit is nearer than −1, no box entry within it
            c.ptBest[i] = -1;
        }
        c.wLimit[i] = Math.nextUp((float) c.ptBest[i]);
        c.limitsLowered = true;
    }

    /** Closest hit of one world ray; leaves it in {@code c}. */
    void trace(TraceContext c, double ox, double oy, double oz, double dx, double dy, double dz, double max) {
        c.tBest = Math.nextUp(max);
        c.hitObject = -1;
        c.hitInstance = -1;
        for (int k = 0; k < s.planeCount; k++) {
            if (c.looksThrough(s.planeObject[k])) {
                continue;
            }
            double nx = s.planeNormal[3 * k], ny = s.planeNormal[3 * k + 1], nz = s.planeNormal[3 * k + 2];
            double den = nx * dx + ny * dy + nz * dz;
            if (den != 0) {
                double t = (s.planeOffset[k] - (nx * ox + ny * oy + nz * oz)) / den;
                if (t > 0 && t < c.tBest) {
                    c.tBest = t;
                    c.hitObject = s.planeObject[k];
                    c.hitInstance = -1;
                    c.nx = nx;
                    c.ny = ny;
                    c.nz = nz;
                }
            }
        }
        if (s.instanceCount == 0 || c.anyHit && c.hitObject >= 0) {
            return;
        }
        final float[] nb = s.tlas.bounds;
        final int[] nc = s.tlas.child;
        final int[] stack = c.tlasStack;
        final float[] stackT = c.tlasStackT;
        float fox = (float) ox, foy = (float) oy, foz = (float) oz;
        float ix = MeshBvh.inv((float) dx), iy = MeshBvh.inv((float) dy), iz = MeshBvh.inv((float) dz);
        int nx = ix >= 0 ? 0 : 3, ny = iy >= 0 ? 1 : 4, nz = iz >= 0 ? 2 : 5;
        int fx = 3 - nx, fy = 5 - ny, fz = 7 - nz;
        float limit = Math.nextUp((float) c.tBest);
        int sp = 0, node = 0;
        for (;;) {
            int b = 12 * node;
            float ln = MeshBvh.max(MeshBvh.max((nb[b + nx] - fox) * ix, (nb[b + ny] - foy) * iy),
                    MeshBvh.max((nb[b + nz] - foz) * iz, 0f));
            float lf = MeshBvh.min(MeshBvh.min((nb[b + fx] - fox) * ix, (nb[b + fy] - foy) * iy), (nb[b + fz] - foz) * iz)
                    * MeshBvh.ROBUST;
            b += 6;
            float rn = MeshBvh.max(MeshBvh.max((nb[b + nx] - fox) * ix, (nb[b + ny] - foy) * iy),
                    MeshBvh.max((nb[b + nz] - foz) * iz, 0f));
            float rf = MeshBvh.min(MeshBvh.min((nb[b + fx] - fox) * ix, (nb[b + fy] - foy) * iy), (nb[b + fz] - foz) * iz)
                    * MeshBvh.ROBUST;
            boolean hl = ln <= lf && ln <= limit;
            boolean hr = rn <= rf && rn <= limit;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            if (hl && cl < 0) { // a leaf holds one instance (Bvh2.buildInstances); an empty box is never entered
                instance(c, s.tlas.order[Bvh2.leafStart(cl)], ox, oy, oz, dx, dy, dz);
                limit = Math.nextUp((float) c.tBest);
                hl = false;
            }
            if (hr && cr < 0) {
                instance(c, s.tlas.order[Bvh2.leafStart(cr)], ox, oy, oz, dx, dy, dz);
                limit = Math.nextUp((float) c.tBest);
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
                    return;
                }
                node = stack[--sp];
            } while (stackT[sp] > limit);
        }
    }

    /** Tests instance {@code k}, updating the best hit in {@code c}. */
    private void instance(TraceContext c, int k, double ox, double oy, double oz, double dx, double dy, double dz) {
        if (c.looksThrough(s.instObject[k])) {
            return;
        }
        double lox = ox, loy = oy, loz = oz, ldx = dx, ldy = dy, ldz = dz;
        if (!s.instIdentity[k]) { // local = Rᵀ (world − p)
            double[] m = s.instRot;
            int b = 9 * k;
            double px = ox - s.instPos[3 * k], py = oy - s.instPos[3 * k + 1], pz = oz - s.instPos[3 * k + 2];
            lox = m[b] * px + m[b + 3] * py + m[b + 6] * pz;
            loy = m[b + 1] * px + m[b + 4] * py + m[b + 7] * pz;
            loz = m[b + 2] * px + m[b + 5] * py + m[b + 8] * pz;
            ldx = m[b] * dx + m[b + 3] * dy + m[b + 6] * dz;
            ldy = m[b + 1] * dx + m[b + 4] * dy + m[b + 7] * dz;
            ldz = m[b + 2] * dx + m[b + 5] * dy + m[b + 8] * dz;
        }
        boolean hit;
        switch (s.instKind[k]) {
            case MESH -> {
                MeshBvh mesh = s.instMesh[k];
                int slot = mesh.intersect((float) lox, (float) loy, (float) loz, (float) ldx, (float) ldy, (float) ldz,
                        Math.nextUp((float) c.tBest), c);
                hit = false;
                if (slot >= 0) {
                    double[] n = c.normal;
                    double t = mesh.refine(slot, lox, loy, loz, ldx, ldy, ldz, n);
                    if (t > 0 && t < c.tBest) {
                        c.tBest = t;
                        c.nx = n[0];
                        c.ny = n[1];
                        c.nz = n[2];
                        hit = true;
                    }
                }
            }
            case BOX -> hit = Analytic.box(lox, loy, loz, ldx, ldy, ldz, s.instParam[3 * k], s.instParam[3 * k + 1],
                    s.instParam[3 * k + 2], c);
            case SPHERE -> hit = Analytic.sphere(lox, loy, loz, ldx, ldy, ldz, s.instParam[3 * k], c);
            default -> hit = Analytic.cylinder(lox, loy, loz, ldx, ldy, ldz, s.instParam[3 * k], s.instParam[3 * k + 2], c);
        }
        if (hit) {
            c.hitObject = s.instObject[k];
            c.hitInstance = k;
            if (c.anyHit) { // done: the traversal's limit falls below every box entry
                c.tBest = -1;
            }
        }
    }
}
