package sensor.raytrace.geometry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import sensor.api.ComputePool;

/**
 * A binary bounding-volume hierarchy in flat arrays, built by binned SAH (16 bins along the widest centroid axis)
 * over primitive boxes. Each node stores the boxes of its two children (12 floats: left min xyz, max xyz, then
 * right), so a traversal step tests both children at once. A child reference {@code >= 0} is an inner node; a negative one,
 * {@code ~(start << 3 | count)}, is a leaf of {@code count} primitives at {@code order[start ..]}. The root
 * (node 0) is always an inner node.
 */
public final class Bvh2 {
    /** Largest leaf the SAH may choose. */
    public static final int MAX_LEAF = 7;
    private static final int BINS = 16;
    /** SAH costs: one node traversal step and one primitive test. */
    private static final float COST_TRAVERSE = 4f, COST_PRIMITIVE = 1f;

    /** 12 floats per node: the boxes of the two children. */
    public final float[] bounds;
    /** 2 ints per node: the two child references. */
    public final int[] child;
    /** Number of nodes. */
    public final int nodeCount;
    /** Primitive ids in leaf order. */
    public final int[] order;

    private Bvh2(float[] bounds, int[] child, int nodeCount, int[] order) {
        this.bounds = bounds;
        this.child = child;
        this.nodeCount = nodeCount;
        this.order = order;
    }

    /** Whether child reference {@code ref} is a leaf. */
    public static boolean isLeaf(int ref) { return ref < 0; }

    /** First slot in {@link #order} of leaf {@code ref}. */
    public static int leafStart(int ref) { return (~ref) >>> 3; }

    /** Number of primitives of leaf {@code ref}. */
    public static int leafCount(int ref) { return (~ref) & 7; }

    /** Depth of the tree (root = 1): a traversal stack of this many entries always suffices. */
    public int depth() {
        return depth(0);
    }

    private int depth(int node) {
        int d = 0;
        for (int side = 0; side < 2; side++) {
            int c = child[2 * node + side];
            d = Math.max(d, c >= 0 ? depth(c) : 0);
        }
        return d + 1;
    }

    /** Builds over {@code n >= 0} primitives with boxes {@code primBounds} (6 floats each: min xyz, max xyz). */
    public static Bvh2 build(float[] primBounds, int n) {
        return build(primBounds, n, null, 1);
    }

    /**
     * A top-level tree over {@code n >= 0} instances (boxes as in {@link #build(float[], int)}): every leaf holds one
     * instance, since testing an instance (its box, its shape or its own tree) costs far more than a node, and a
     * packet then prunes instances with one test per inner node rather than one per lane and instance in a leaf.
     */
    public static Bvh2 buildInstances(float[] primBounds, int n) {
        Builder b = new Builder(primBounds, n);
        b.maxLeaf = 1;
        return b.run(null, 1);
    }

    /** Primitives from which a build splits its top {@link #PARALLEL_LEVELS} levels off into separate tasks. */
    static final int PARALLEL_FROM = 1 << 16;
    /** Levels split before the subtrees are built as tasks: 8 tasks, whatever the thread count. */
    static final int PARALLEL_LEVELS = 3;

    /**
     * The same tree as {@link #build(float[], int)}; for large inputs ({@value #PARALLEL_FROM} primitives or more) and
     * {@code threads > 1}, the subtrees below its top {@value #PARALLEL_LEVELS} levels are built as tasks on
     * {@code pool}, up to {@code threads} at once. The tasks work on disjoint ranges of the primitives and their nodes
     * are appended in a fixed order: the tree is the same, only its nodes are numbered in another order than one
     * thread numbers them (depth first), which no query result depends on.
     */
    public static Bvh2 build(float[] primBounds, int n, ComputePool pool, int threads) {
        Builder b = new Builder(primBounds, n);
        b.deferBelow = n >= PARALLEL_FROM && pool != null && threads > 1 ? PARALLEL_LEVELS : -1;
        return b.run(pool, threads);
    }

    private static final class Builder {
        /** Primitive boxes and centroids in the current order of {@link #perm} (moved with it). */
        final float[] box;
        final int n;
        final float[] cen;
        final int[] perm;
        final float[] nb;
        final int[] nc;
        int nodes;
        // scratch for binning
        final int[] binCount = new int[BINS];
        final float[] binBox = new float[BINS * 6];
        final float[] rightArea = new float[BINS];
        final int[] rightCount = new int[BINS];
        /** Left then right box of the last binned split, valid while {@link #splitBoxes}. */
        final float[] sideBox = new float[12];
        /** Centroid bounds (min xyz, max xyz) of the left then right side, found while partitioning. */
        final float[] sideCen = new float[12];
        boolean splitBoxes;
        /** Largest leaf: {@link #MAX_LEAF}, or 1 for a tree over instances. */
        int maxLeaf = MAX_LEAF;
        /** Depth at which subtrees are left to {@link #tasks} (−1: none). */
        int deferBelow = -1;
        /** Subtrees left for separate builders. */
        final List<Task> tasks = new ArrayList<>();

        /** A deferred subtree: its range, its known bounds (or null) and the child slot that will reference it. */
        record Task(int s, int e, float[] known, int slot) {}

        /** A builder of a subtree of {@code parent}'s primitives (the same arrays, its own nodes). */
        private Builder(Builder parent, int count) {
            n = parent.n;
            box = parent.box;
            cen = parent.cen;
            perm = parent.perm;
            nb = new float[12 * (count + 2)];
            nc = new int[2 * (count + 2)];
        }

        Builder(float[] primBounds, int n) {
            this.n = n;
            if (n >= (1 << 28)) {
                throw new IllegalArgumentException("too many primitives for one BVH: " + n);
            }
            float[] pb = primBounds;
            box = Arrays.copyOf(pb, 6 * n);
            cen = new float[3 * n];
            perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
                for (int a = 0; a < 3; a++) {
                    cen[3 * i + a] = 0.5f * (pb[6 * i + a] + pb[6 * i + 3 + a]);
                }
            }
            // every inner node splits its range in two non-empty ones: at most n − 1 of them, plus the root
            nb = new float[12 * (n + 2)];
            nc = new int[2 * (n + 2)];
        }

        Bvh2 run(ComputePool pool, int threads) {
            int root = alloc();
            if (n <= maxLeaf) {
                writeBox(root, 0, 0, n);
                nc[0] = n == 0 ? ~0 : leaf(0, n);
                emptyBox(root, 1);
                nc[1] = ~0;
            } else {
                int mid = split(0, n, false, null);
                children(root, 0, mid, n, 1);
            }
            if (!tasks.isEmpty()) {
                buildTasks(pool, threads);
            }
            return new Bvh2(Arrays.copyOf(nb, 12 * nodes), Arrays.copyOf(nc, 2 * nodes), nodes, perm);
        }

        /** Builds the deferred subtrees (in parallel on {@code pool}) and appends their nodes in task order. */
        private void buildTasks(ComputePool pool, int threads) {
            int count = tasks.size();
            Builder[] sub = new Builder[count];
            int[] root = new int[count];
            java.util.function.IntConsumer build = t -> {
                Task task = tasks.get(t);
                sub[t] = new Builder(this, task.e - task.s);
                root[t] = sub[t].subtree(task.s, task.e, task.known, 0);
            };
            pool.run(count, threads, build);
            for (int t = 0; t < count; t++) {
                int offset = nodes, added = sub[t].nodes;
                System.arraycopy(sub[t].nb, 0, nb, 12 * offset, 12 * added);
                for (int k = 0; k < 2 * added; k++) {
                    int ref = sub[t].nc[k];
                    nc[2 * offset + k] = ref >= 0 ? ref + offset : ref;
                }
                nodes += added;
                nc[tasks.get(t).slot] = root[t] >= 0 ? root[t] + offset : root[t];
            }
        }

        static int leaf(int start, int count) { return ~(start << 3 | count); }

        int alloc() {
            return nodes++;
        }

        void children(int node, int s, int mid, int e, int depth) {
            float[] left = null, right = null;
            if (splitBoxes) { // the two sides' boxes from the binning of the split just made, and their centroids'
                System.arraycopy(sideBox, 0, nb, 12 * node, 12);
                left = known(0);
                right = known(6);
                splitBoxes = false;
            } else {
                writeBox(node, 0, s, mid);
                writeBox(node, 1, mid, e);
            }
            nc[2 * node] = depth == deferBelow ? defer(s, mid, left, 2 * node) : subtree(s, mid, left, depth);
            nc[2 * node + 1] = depth == deferBelow ? defer(mid, e, right, 2 * node + 1) : subtree(mid, e, right, depth);
        }

        /** Leaves the subtree over {@code [s, e)} to a task whose root goes into child slot {@code slot}. */
        private int defer(int s, int e, float[] known, int slot) {
            tasks.add(new Task(s, e, known, slot));
            return 0;
        }

        /** One side's centroid bounds then box (12 floats), as {@link #split} takes them. */
        private float[] known(int side) {
            float[] k = new float[12];
            System.arraycopy(sideCen, side, k, 0, 6);
            System.arraycopy(sideBox, side, k, 6, 6);
            return k;
        }

        int subtree(int s, int e, float[] known, int depth) {
            int count = e - s;
            if (count <= 1) {
                return leaf(s, count);
            }
            int mid = split(s, e, count <= maxLeaf, known);
            if (mid < 0) {
                return leaf(s, count);
            }
            int node = alloc();
            children(node, s, mid, e, depth + 1);
            return node;
        }

        void emptyBox(int node, int side) {
            int o = 12 * node + 6 * side;
            for (int a = 0; a < 3; a++) {
                nb[o + a] = Float.POSITIVE_INFINITY;
                nb[o + 3 + a] = Float.NEGATIVE_INFINITY;
            }
        }

        void writeBox(int node, int side, int s, int e) {
            int o = 12 * node + 6 * side;
            float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
            for (int i = s; i < e; i++) {
                int p = 6 * i;
                x0 = Math.min(x0, box[p]);
                y0 = Math.min(y0, box[p + 1]);
                z0 = Math.min(z0, box[p + 2]);
                x1 = Math.max(x1, box[p + 3]);
                y1 = Math.max(y1, box[p + 4]);
                z1 = Math.max(z1, box[p + 5]);
            }
            nb[o] = x0;
            nb[o + 1] = y0;
            nb[o + 2] = z0;
            nb[o + 3] = x1;
            nb[o + 4] = y1;
            nb[o + 5] = z1;
        }

        static float area(float dx, float dy, float dz) {
            return dx * dy + dy * dz + dz * dx;
        }

        /** The centroid bounds then the box (min xyz, max xyz each) of the primitives {@code [s, e)}. */
        private float[] bounds(int s, int e) {
            float c0x = Float.POSITIVE_INFINITY, c0y = c0x, c0z = c0x, c1x = Float.NEGATIVE_INFINITY, c1y = c1x, c1z = c1x;
            float b0x = c0x, b0y = c0x, b0z = c0x, b1x = c1x, b1y = c1x, b1z = c1x;
            for (int p = s; p < e; p++) {
                float x = cen[3 * p], y = cen[3 * p + 1], z = cen[3 * p + 2];
                c0x = Math.min(c0x, x);
                c0y = Math.min(c0y, y);
                c0z = Math.min(c0z, z);
                c1x = Math.max(c1x, x);
                c1y = Math.max(c1y, y);
                c1z = Math.max(c1z, z);
                b0x = Math.min(b0x, box[6 * p]);
                b0y = Math.min(b0y, box[6 * p + 1]);
                b0z = Math.min(b0z, box[6 * p + 2]);
                b1x = Math.max(b1x, box[6 * p + 3]);
                b1y = Math.max(b1y, box[6 * p + 4]);
                b1z = Math.max(b1z, box[6 * p + 5]);
            }
            return new float[] {c0x, c0y, c0z, c1x, c1y, c1z, b0x, b0y, b0z, b1x, b1y, b1z};
        }

        /**
         * Binned SAH split of {@code perm[s, e)}; partitions in place and returns the split index, or −1 when
         * {@code leafAllowed} and a leaf is cheaper. Falls back to a median split when binning cannot separate.
         * {@code known}: the range's centroid bounds and box (min xyz, max xyz each), found by the split above it,
         * or null to compute them here.
         */
        int split(int s, int e, boolean leafAllowed, float[] known) {
            int count = e - s;
            float[] k = known != null ? known : bounds(s, e);
            float parentArea = area(k[9] - k[6], k[10] - k[7], k[11] - k[8]);
            float ex = k[3] - k[0], ey = k[4] - k[1], ez = k[5] - k[2];
            // bin along the axis of the widest centroid extent only (a third of the work of all three axes; the
            // trees' SAH cost is about 1 % higher on scene v1)
            int axis = ex >= ey ? (ex >= ez ? 0 : 2) : (ey >= ez ? 1 : 2);
            float cm = k[axis], extent = axis == 0 ? ex : axis == 1 ? ey : ez;
            if (!(extent > 0)) {
                return leafAllowed ? -1 : s + count / 2; // identical centroids: any split is as good
            }
            float scale = BINS / extent * 0.99999f;
            Arrays.fill(binCount, 0);
            for (int b = 0; b < BINS; b++) {
                for (int a = 0; a < 3; a++) {
                    binBox[6 * b + a] = Float.POSITIVE_INFINITY;
                    binBox[6 * b + 3 + a] = Float.NEGATIVE_INFINITY;
                }
            }
            for (int i = s; i < e; i++) {
                int b = bin(cen[3 * i + axis], cm, scale);
                binCount[b]++;
                int o = 6 * b, q = 6 * i;
                binBox[o] = Math.min(binBox[o], box[q]);
                binBox[o + 1] = Math.min(binBox[o + 1], box[q + 1]);
                binBox[o + 2] = Math.min(binBox[o + 2], box[q + 2]);
                binBox[o + 3] = Math.max(binBox[o + 3], box[q + 3]);
                binBox[o + 4] = Math.max(binBox[o + 4], box[q + 4]);
                binBox[o + 5] = Math.max(binBox[o + 5], box[q + 5]);
            }
            // sweep from the right
            float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
            int rc = 0;
            for (int b = BINS - 1; b > 0; b--) {
                int o = 6 * b;
                x0 = Math.min(x0, binBox[o]);
                y0 = Math.min(y0, binBox[o + 1]);
                z0 = Math.min(z0, binBox[o + 2]);
                x1 = Math.max(x1, binBox[o + 3]);
                y1 = Math.max(y1, binBox[o + 4]);
                z1 = Math.max(z1, binBox[o + 5]);
                rc += binCount[b];
                rightCount[b] = rc;
                rightArea[b] = rc == 0 ? 0 : area(x1 - x0, y1 - y0, z1 - z0);
            }
            x0 = Float.POSITIVE_INFINITY;
            y0 = x0;
            z0 = x0;
            x1 = Float.NEGATIVE_INFINITY;
            y1 = x1;
            z1 = x1;
            float bestCost = Float.POSITIVE_INFINITY;
            int bestBin = -1, lc = 0;
            for (int b = 0; b < BINS - 1; b++) {
                int o = 6 * b;
                x0 = Math.min(x0, binBox[o]);
                y0 = Math.min(y0, binBox[o + 1]);
                z0 = Math.min(z0, binBox[o + 2]);
                x1 = Math.max(x1, binBox[o + 3]);
                y1 = Math.max(y1, binBox[o + 4]);
                z1 = Math.max(z1, binBox[o + 5]);
                lc += binCount[b];
                int r = rightCount[b + 1];
                if (lc == 0 || r == 0) {
                    continue;
                }
                float cost = area(x1 - x0, y1 - y0, z1 - z0) * lc + rightArea[b + 1] * r;
                if (cost < bestCost) {
                    bestCost = cost;
                    bestBin = b;
                }
            }
            if (bestBin < 0) {
                return leafAllowed ? -1 : s + count / 2;
            }
            if (leafAllowed) {
                float splitCost = COST_TRAVERSE + COST_PRIMITIVE * bestCost / Math.max(parentArea, Float.MIN_NORMAL);
                if (splitCost >= COST_PRIMITIVE * count) {
                    return -1;
                }
            }
            int i = s, j = e - 1;
            for (int a = 0; a < 3; a++) {
                sideCen[a] = sideCen[6 + a] = Float.POSITIVE_INFINITY;
                sideCen[3 + a] = sideCen[9 + a] = Float.NEGATIVE_INFINITY;
            }
            while (i <= j) {
                int side = bin(cen[3 * i + axis], cm, scale) <= bestBin ? 0 : 6;
                for (int a = 0; a < 3; a++) { // each primitive is classified once, where it stands now
                    float c = cen[3 * i + a];
                    sideCen[side + a] = Math.min(sideCen[side + a], c);
                    sideCen[side + 3 + a] = Math.max(sideCen[side + 3 + a], c);
                }
                if (side == 0) {
                    i++;
                } else {
                    swap(i, j);
                    j--;
                }
            }
            if (i == s || i == e) {
                return s + count / 2;
            }
            for (int a = 0; a < 3; a++) {
                sideBox[a] = Float.POSITIVE_INFINITY;
                sideBox[3 + a] = Float.NEGATIVE_INFINITY;
                sideBox[6 + a] = Float.POSITIVE_INFINITY;
                sideBox[9 + a] = Float.NEGATIVE_INFINITY;
            }
            for (int b = 0; b < BINS; b++) {
                int o = 6 * b, side = b <= bestBin ? 0 : 6;
                for (int a = 0; a < 3; a++) {
                    sideBox[side + a] = Math.min(sideBox[side + a], binBox[o + a]);
                    sideBox[side + 3 + a] = Math.max(sideBox[side + 3 + a], binBox[o + 3 + a]);
                }
            }
            splitBoxes = true;
            return i;
        }

        private void swap(int i, int j) {
            int tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
            for (int a = 0; a < 3; a++) {
                float c = cen[3 * i + a];
                cen[3 * i + a] = cen[3 * j + a];
                cen[3 * j + a] = c;
            }
            for (int a = 0; a < 6; a++) {
                float c = box[6 * i + a];
                box[6 * i + a] = box[6 * j + a];
                box[6 * j + a] = c;
            }
        }

        static int bin(float c, float min, float scale) {
            int b = (int) ((c - min) * scale);
            return b < 0 ? 0 : (b >= BINS ? BINS - 1 : b);
        }
    }
}
