package sensor.raytrace;

import java.util.Locale;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API ({@code jdk.incubator.vector}) kernel of {@link LaneKernel}: a packet's lanes are already
 * structure-of-arrays ({@link TraceContext}), so the leaf box test and the watertight test of each triangle run
 * over {@link #LANES} lanes at once (8: 256 bits, AVX2 or AVX-512). Bit-identical to {@link MeshBvh}'s scalar
 * loops: the same float operations in the same order (Vector API operations are never fused into FMAs), the
 * scalar {@code a > b ? a : b} / {@code a < b ? a : b} as compare-and-blend (not {@code Math.max}, which differs on
 * NaN), a lane's axes picked by blends, and the lanes where an edge function is exactly 0 (the scalar test then
 * recomputes in double) or a hit ties the lane's best distance (decided by triangle index) handed to the scalar
 * code. Loaded only by {@link Traversal}, and only when the module is present.
 */
final class VectorLanes implements LaneKernel {
    /**
     * 8 float lanes (256 bits), also where the CPU has 512-bit vectors: on JDK 17 with AVX-512 (2-core AMD EPYC) the
     * leaf kernel traced 14.9 Mrays/s with 256-bit vectors and 11.0 with 512-bit ones (scalar: 5.7), whose masks C2
     * handles less well there.
     */
    private static final VectorSpecies<Float> FS = FloatVector.SPECIES_256;
    private static final VectorSpecies<Integer> IS = VectorSpecies.of(int.class, FS.vectorShape());
    /** Lanes per vector. */
    static final int LANES = FS.length();
    private static final int LANE_BITS = LANES >= 32 ? -1 : (1 << LANES) - 1;
    private static final int P = TraceContext.PACKET;
    /**
     * Lane {@code j} of a vector: {@code 1 << j} as ints; lane {@code j} of the packet: {@code 1 << j} as the floats
     * of those bits (blended and OR-ed as ints, never computed with). They turn an int of lane bits into a mask and back with operations that JDK 17 compiles to vector code
     * ({@code VectorMask.fromLong} and {@code toLong} are not intrinsics there: they allocate).
     */
    private static final int[] BIT = new int[P];
    private static final float[] BIT_F = new float[P];

    static {
        for (int j = 0; j < P; j++) {
            BIT[j] = 1 << (j % LANES);
            BIT_F[j] = Float.intBitsToFloat(1 << j); // lane j of the packet (chunk j / LANES): bit j
        }
    }

    private VectorLanes() {
    }

    /** The kernel, or null where the CPU's vectors hold fewer than 8 floats (no gain over the scalar loops). */
    static LaneKernel create() {
        return FloatVector.SPECIES_PREFERRED.length() >= LANES ? new VectorLanes() : null;
    }

    @Override
    public LaneKernel fresh() {
        return new VectorLanes();
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "vector (jdk.incubator.vector, %d float lanes, %d-bit), 4-wide BVH, packets of"
                + " up to 32 rays", LANES, FS.vectorBitSize());
    }

    /*
     * No helper methods below: C2 stops inlining ordinary methods in a large compilation (NodeCountInliningCutoff),
     * and a vector passed to a method that is not inlined is boxed (allocated). The Vector API's own methods are
     * always inlined (all but VectorMask.andNot: a.and(b.not()) instead). Hence the scalar max(a, b) = a > b ? a : b is written out as b.blend(a, a.compare(GT, b)),
     * min likewise with LT, and a mask of an int's lane bits, and back, in place.
     */

    @Override
    public int leafBoxSame(float pnx, float pny, float pnz, float pfx, float pfy, float pfz, float ox, float oy,
            float oz, int mask, TraceContext c) {
        // the scalar test: max(max((pnx - ox) * a, (pny - oy) * cc), max((pnz - oz) * e, 0f)), ...
        float nx = pnx - ox, ny = pny - oy, nz = pnz - oz, fx = pfx - ox, fy = pfy - oy, fz = pfz - oz;
        FloatVector zero = FloatVector.zero(FS);
        IntVector in = IntVector.zero(IS); // the lanes in, as bits (lane j of the packet: bit j)
        for (int off = 0; off < P; off += LANES) { // every lane (the others are masked out at the end)
            FloatVector a = FloatVector.fromArray(FS, c.fix, off), cc = FloatVector.fromArray(FS, c.fiy, off),
                    e = FloatVector.fromArray(FS, c.fiz, off);
            FloatVector px = a.mul(nx), py = cc.mul(ny), pz = e.mul(nz);
            FloatVector mxy = py.blend(px, px.compare(VectorOperators.GT, py)),
                    mz = zero.blend(pz, pz.compare(VectorOperators.GT, zero));
            FloatVector tn = mz.blend(mxy, mxy.compare(VectorOperators.GT, mz));
            FloatVector qx = a.mul(fx), qy = cc.mul(fy), qz = e.mul(fz);
            FloatVector nxy = qy.blend(qx, qx.compare(VectorOperators.LT, qy));
            FloatVector tf = qz.blend(nxy, nxy.compare(VectorOperators.LT, qz)).mul(MeshBvh.ROBUST);
            FloatVector lim = FloatVector.fromArray(FS, c.ftBest, off).mul(MeshBvh.PRUNE);
            in = in.or(zero.blend(FloatVector.fromArray(FS, BIT_F, off), tn.compare(VectorOperators.LE, tf)
                    .and(tn.compare(VectorOperators.LE, lim))).viewAsIntegralLanes());
        }
        return in.reduceLanes(VectorOperators.OR) & mask;
    }

    @Override
    public int leafBoxSpread(float pnx, float pny, float pnz, float pfx, float pfy, float pfz, int mask,
            TraceContext c) {
        // the scalar test: max(max((pnx - px) * a, (pny - py) * cc), max((pnz - pz) * e, 0f)), ...
        FloatVector zero = FloatVector.zero(FS);
        IntVector in = IntVector.zero(IS); // the lanes in, as bits (lane j of the packet: bit j)
        for (int off = 0; off < P; off += LANES) { // every lane (the others are masked out at the end)
            FloatVector a = FloatVector.fromArray(FS, c.fix, off), cc = FloatVector.fromArray(FS, c.fiy, off),
                    e = FloatVector.fromArray(FS, c.fiz, off);
            // −o + p is p − o exactly
            FloatVector mox = FloatVector.fromArray(FS, c.fox, off).neg(), moy = FloatVector.fromArray(FS, c.foy, off).neg(),
                    moz = FloatVector.fromArray(FS, c.foz, off).neg();
            FloatVector px = mox.add(pnx).mul(a), py = moy.add(pny).mul(cc), pz = moz.add(pnz).mul(e);
            FloatVector mxy = py.blend(px, px.compare(VectorOperators.GT, py)),
                    mz = zero.blend(pz, pz.compare(VectorOperators.GT, zero));
            FloatVector tn = mz.blend(mxy, mxy.compare(VectorOperators.GT, mz));
            FloatVector qx = mox.add(pfx).mul(a), qy = moy.add(pfy).mul(cc), qz = moz.add(pfz).mul(e);
            FloatVector nxy = qy.blend(qx, qx.compare(VectorOperators.LT, qy));
            FloatVector tf = qz.blend(nxy, nxy.compare(VectorOperators.LT, qz)).mul(MeshBvh.ROBUST);
            FloatVector lim = FloatVector.fromArray(FS, c.ftBest, off).mul(MeshBvh.PRUNE);
            in = in.or(zero.blend(FloatVector.fromArray(FS, BIT_F, off), tn.compare(VectorOperators.LE, tf)
                    .and(tn.compare(VectorOperators.LE, lim))).viewAsIntegralLanes());
        }
        return in.reduceLanes(VectorOperators.OR) & mask;
    }

    @Override
    public int topBox(float[] nb, int b, int m, TraceContext c) {
        // the scalar test: max(max(min(lx0 * a, lx1 * a), min(ly0 * cc, ly1 * cc)), max(min(lz0 * e, lz1 * e), 0f)),
        // Math.min and Math.max as VectorOperators.MIN and MAX (the same semantics). The lanes and the nearest entry
        // are reduced chunk by chunk into scalars: vectors carried from one iteration to the next were boxed
        // (allocated) by JDK 17's C2 here.
        float[] po = c.packetOrigins;
        float lx0 = nb[b] - po[3], ly0 = nb[b + 1] - po[4], lz0 = nb[b + 2] - po[5];
        float lx1 = nb[b + 3] - po[0], ly1 = nb[b + 4] - po[1], lz1 = nb[b + 5] - po[2];
        FloatVector zero = FloatVector.zero(FS), far = FloatVector.broadcast(FS, Float.POSITIVE_INFINITY);
        IntVector ibit = IntVector.fromArray(IS, BIT, 0);
        int in = 0;
        float near = Float.POSITIVE_INFINITY;
        for (int off = 0; off < P; off += LANES) {
            int act = (m >>> off) & LANE_BITS;
            if (act == 0) {
                continue;
            }
            VectorMask<Float> active = IntVector.broadcast(IS, act).and(ibit).viewAsFloatingLanes()
                    .compare(VectorOperators.NE, 0f);
            FloatVector a = FloatVector.fromArray(FS, c.wix, off), cc = FloatVector.fromArray(FS, c.wiy, off),
                    e = FloatVector.fromArray(FS, c.wiz, off);
            FloatVector ax0 = a.mul(lx0), ax1 = a.mul(lx1), ay0 = cc.mul(ly0), ay1 = cc.mul(ly1), az0 = e.mul(lz0),
                    az1 = e.mul(lz1);
            FloatVector ln = ax0.lanewise(VectorOperators.MIN, ax1).lanewise(VectorOperators.MAX,
                    ay0.lanewise(VectorOperators.MIN, ay1)).lanewise(VectorOperators.MAX,
                    az0.lanewise(VectorOperators.MIN, az1).lanewise(VectorOperators.MAX, zero));
            FloatVector lf = ax0.lanewise(VectorOperators.MAX, ax1).lanewise(VectorOperators.MIN,
                    ay0.lanewise(VectorOperators.MAX, ay1)).lanewise(VectorOperators.MIN,
                    az0.lanewise(VectorOperators.MAX, az1)).mul(MeshBvh.ROBUST);
            VectorMask<Float> ok = ln.compare(VectorOperators.LE, lf)
                    .and(ln.compare(VectorOperators.LE, FloatVector.fromArray(FS, c.wLimit, off))).and(active);
            in |= zero.blend(FloatVector.fromArray(FS, BIT_F, off), ok).viewAsIntegralLanes()
                    .reduceLanes(VectorOperators.OR);
            near = Math.min(near, far.blend(ln, ok).reduceLanes(VectorOperators.MIN));
        }
        c.lanesNear = near;
        return in;
    }

    @Override
    public void leafTriangles(MeshBvh mesh, int s0, int s1, int lm, boolean same, float ox0, float oy0, float oz0,
            TraceContext c) {
        final float[] tr = mesh.tri;
        final int[] id = mesh.triId;
        final float[] tb = c.ftBest;
        final int[] slot = c.slot;
        FloatVector zero = FloatVector.zero(FS);
        IntVector ibit = IntVector.fromArray(IS, BIT, 0);
        for (int off = 0; off < P; off += LANES) {
            int act = (lm >>> off) & LANE_BITS;
            if (act == 0) {
                continue;
            }
            VectorMask<Float> active = IntVector.broadcast(IS, act).and(ibit).viewAsFloatingLanes()
                    .compare(VectorOperators.NE, 0f);
            FloatVector ax = FloatVector.fromArray(FS, c.kx, off), ay = FloatVector.fromArray(FS, c.ky, off),
                    az = FloatVector.fromArray(FS, c.kz, off);
            VectorMask<Float> mx1 = ax.compare(VectorOperators.EQ, 1f), mx2 = ax.compare(VectorOperators.EQ, 2f),
                    my1 = ay.compare(VectorOperators.EQ, 1f), my2 = ay.compare(VectorOperators.EQ, 2f),
                    mz1 = az.compare(VectorOperators.EQ, 1f), mz2 = az.compare(VectorOperators.EQ, 2f);
            FloatVector ox, oy, oz;
            if (same) {
                ox = FloatVector.broadcast(FS, ox0);
                oy = FloatVector.broadcast(FS, oy0);
                oz = FloatVector.broadcast(FS, oz0);
            } else {
                ox = FloatVector.fromArray(FS, c.fox, off);
                oy = FloatVector.fromArray(FS, c.foy, off);
                oz = FloatVector.fromArray(FS, c.foz, off);
            }
            FloatVector shx = FloatVector.fromArray(FS, c.shx, off), shy = FloatVector.fromArray(FS, c.shy, off),
                    shz = FloatVector.fromArray(FS, c.shz, off);
            FloatVector best = FloatVector.fromArray(FS, tb, off);
            // the slots as the floats of their bits: blended only, so the whole update stays in float masks
            FloatVector hit = IntVector.fromArray(IS, slot, off).viewAsFloatingLanes();
            for (int s = s0; s < s1; s++) {
                int q = 9 * s;
                // the vertices less the origin (MeshBvh.relative), then MeshBvh.watertight's arithmetic; a lane's
                // axis k picks x (k = 0), y (mask k == 1) or z (mask k == 2)
                FloatVector rax = FloatVector.broadcast(FS, tr[q]).sub(ox),
                        ray = FloatVector.broadcast(FS, tr[q + 1]).sub(oy),
                        raz = FloatVector.broadcast(FS, tr[q + 2]).sub(oz);
                FloatVector rbx = FloatVector.broadcast(FS, tr[q + 3]).sub(ox),
                        rby = FloatVector.broadcast(FS, tr[q + 4]).sub(oy),
                        rbz = FloatVector.broadcast(FS, tr[q + 5]).sub(oz);
                FloatVector rcx = FloatVector.broadcast(FS, tr[q + 6]).sub(ox),
                        rcy = FloatVector.broadcast(FS, tr[q + 7]).sub(oy),
                        rcz = FloatVector.broadcast(FS, tr[q + 8]).sub(oz);
                FloatVector aZ = rax.blend(ray, mz1).blend(raz, mz2), bZ = rbx.blend(rby, mz1).blend(rbz, mz2),
                        cZ = rcx.blend(rcy, mz1).blend(rcz, mz2);
                FloatVector aX = rax.blend(ray, mx1).blend(raz, mx2).sub(shx.mul(aZ)),
                        aY = rax.blend(ray, my1).blend(raz, my2).sub(shy.mul(aZ));
                FloatVector bX = rbx.blend(rby, mx1).blend(rbz, mx2).sub(shx.mul(bZ)),
                        bY = rbx.blend(rby, my1).blend(rbz, my2).sub(shy.mul(bZ));
                FloatVector cX = rcx.blend(rcy, mx1).blend(rcz, mx2).sub(shx.mul(cZ)),
                        cY = rcx.blend(rcy, my1).blend(rcz, my2).sub(shy.mul(cZ));
                FloatVector u = cX.mul(bY).sub(cY.mul(bX)), v = aX.mul(cY).sub(aY.mul(cX)),
                        w = bX.mul(aY).sub(bY.mul(aX));
                VectorMask<Float> uNeg = u.compare(VectorOperators.LT, zero), uPos = u.compare(VectorOperators.GT, zero),
                        vNeg = v.compare(VectorOperators.LT, zero), vPos = v.compare(VectorOperators.GT, zero),
                        wNeg = w.compare(VectorOperators.LT, zero), wPos = w.compare(VectorOperators.GT, zero);
                // the scalar test's early miss: u and v of strictly opposite signs
                VectorMask<Float> live = uNeg.and(vPos).or(uPos.and(vNeg)).not().and(active);
                // an edge function exactly 0: the scalar code recomputes in double; those lanes go to it
                VectorMask<Float> exact = u.compare(VectorOperators.EQ, zero).or(v.compare(VectorOperators.EQ, zero))
                        .or(w.compare(VectorOperators.EQ, zero)).and(live);
                VectorMask<Float> outside = uNeg.or(vNeg).or(wNeg).and(uPos.or(vPos).or(wPos));
                FloatVector det = u.add(v).add(w);
                VectorMask<Float> ok = live.and(exact.or(outside).not()).and(det.compare(VectorOperators.NE, zero));
                FloatVector t = u.mul(shz.mul(aZ)).add(v.mul(shz.mul(bZ))).add(w.mul(shz.mul(cZ))).div(det);
                VectorMask<Float> pos = t.compare(VectorOperators.GT, zero).and(ok);
                VectorMask<Float> closer = pos.and(t.compare(VectorOperators.LT, best));
                VectorMask<Float> tie = pos.and(t.compare(VectorOperators.EQ, best));
                best = best.blend(t, closer);
                hit = hit.blend(Float.intBitsToFloat(s), closer);
                VectorMask<Float> scalar = exact.or(tie);
                if (scalar.anyTrue()) { // rare: the scalar code decides these lanes
                    best.intoArray(tb, off);
                    hit.viewAsIntegralLanes().intoArray(slot, off);
                    FloatVector bit = FloatVector.fromArray(FS, BIT_F, off); // packet bits: lane off + j at bit off + j
                    int ex = zero.blend(bit, exact).viewAsIntegralLanes().reduceLanes(VectorOperators.OR);
                    int ti = zero.blend(bit, tie).viewAsIntegralLanes().reduceLanes(VectorOperators.OR);
                    laneByLane(tr, id, s, ex, ti, same, ox0, oy0, oz0, c);
                    best = FloatVector.fromArray(FS, tb, off);
                    hit = IntVector.fromArray(IS, slot, off).viewAsFloatingLanes();
                }
            }
            best.intoArray(tb, off);
            hit.viewAsIntegralLanes().intoArray(slot, off);
        }
    }

    /**
     * Triangle {@code s} for the lanes of the bits of {@code exact} (an edge function exactly
     * 0: the whole scalar test, which recomputes in double) and of {@code tie} (hit at the lane's best distance: the
     * lower triangle index wins).
     */
    private static void laneByLane(float[] tr, int[] id, int s, int exact, int tie, boolean same, float ox0,
            float oy0, float oz0, TraceContext c) {
        for (int bits = exact; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            if (same) {
                MeshBvh.testLane(tr, id, s, i, ox0, oy0, oz0, c);
            } else {
                MeshBvh.testLane(tr, id, s, i, c.fox[i], c.foy[i], c.foz[i], c);
            }
        }
        for (int bits = tie; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            int h = c.slot[i];
            if (h >= 0 && id[s] < id[h]) {
                c.slot[i] = s; // the distance is the same
            }
        }
    }
}
