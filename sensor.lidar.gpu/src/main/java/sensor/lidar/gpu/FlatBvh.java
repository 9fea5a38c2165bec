package sensor.lidar.gpu;

import java.util.Arrays;

/**
 * A copy of sensor.raytrace's {@code Bvh2} builder (that package is private to its bundle; copied rather than
 * shared so this bundle depends on sensor.api only, and so the top-level tree over instances is built exactly as
 * the CPU backend builds it, which keeps ties between instances resolved in the same order).
 *
 * <p>A binary bounding-volume hierarchy in flat arrays, built by binned SAH over primitive boxes. Each node
 * stores the boxes of its two children (12 floats: left min xyz, max xyz, then right), so a traversal
 * step tests both children at once. A child reference {@code >= 0} is an inner node; a negative one,
 * {@code ~(start << 3 | count)}, is a leaf of {@code count} primitives at {@code order[start ..]}. The root
 * (node 0) is always an inner node.
 */
final class FlatBvh {
    /** Largest leaf the SAH may choose. */
    static final int MAX_LEAF = 7;
    private static final int BINS = 16;
    /** SAH costs: one node traversal step and one primitive test. */
    private static final float COST_TRAVERSE = 4f, COST_PRIMITIVE = 1f;

    /** 12 floats per node: the boxes of the two children. */
    final float[] bounds;
    /** 2 ints per node: the two child references. */
    final int[] child;
    /** Number of nodes. */
    final int nodeCount;
    /** Primitive ids in leaf order. */
    final int[] order;

    private FlatBvh(float[] bounds, int[] child, int nodeCount, int[] order) {
        this.bounds = bounds;
        this.child = child;
        this.nodeCount = nodeCount;
        this.order = order;
    }

    static boolean isLeaf(int ref) { return ref < 0; }

    /** Depth of the tree (root = 1): a traversal stack of this many entries always suffices. */
    int depth() {
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

    static int leafStart(int ref) { return (~ref) >>> 3; }

    static int leafCount(int ref) { return (~ref) & 7; }

    /** Builds over {@code n >= 0} primitives with boxes {@code primBounds} (6 floats each: min xyz, max xyz). */
    static FlatBvh build(float[] primBounds, int n) {
        return new Builder(primBounds, n).run();
    }

    private static final class Builder {
        final float[] pb;
        final int n;
        final float[] cen;
        final int[] perm;
        float[] nb;
        int[] nc;
        int nodes;
        // scratch for binning
        final int[] binCount = new int[BINS];
        final float[] binBox = new float[BINS * 6];
        final float[] rightArea = new float[BINS];
        final int[] rightCount = new int[BINS];

        Builder(float[] primBounds, int n) {
            this.pb = primBounds;
            this.n = n;
            if (n >= (1 << 28)) {
                throw new IllegalArgumentException("too many primitives for one BVH: " + n);
            }
            cen = new float[3 * n];
            perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
                for (int a = 0; a < 3; a++) {
                    cen[3 * i + a] = 0.5f * (pb[6 * i + a] + pb[6 * i + 3 + a]);
                }
            }
            int cap = Math.max(4, 2 * n / 2 + 2);
            nb = new float[12 * cap];
            nc = new int[2 * cap];
        }

        FlatBvh run() {
            int root = alloc();
            if (n <= MAX_LEAF) {
                writeBox(root, 0, 0, n);
                nc[0] = n == 0 ? ~0 : leaf(0, n);
                emptyBox(root, 1);
                nc[1] = ~0;
            } else {
                int mid = split(0, n, false);
                children(root, 0, mid, n);
            }
            return new FlatBvh(Arrays.copyOf(nb, 12 * nodes), Arrays.copyOf(nc, 2 * nodes), nodes, perm);
        }

        static int leaf(int start, int count) { return ~(start << 3 | count); }

        int alloc() {
            if (2 * nodes + 2 > nc.length) {
                nb = Arrays.copyOf(nb, nb.length * 2);
                nc = Arrays.copyOf(nc, nc.length * 2);
            }
            return nodes++;
        }

        void children(int node, int s, int mid, int e) {
            writeBox(node, 0, s, mid);
            writeBox(node, 1, mid, e);
            nc[2 * node] = subtree(s, mid);
            nc[2 * node + 1] = subtree(mid, e);
        }

        int subtree(int s, int e) {
            int count = e - s;
            if (count <= 1) {
                return leaf(s, count);
            }
            int mid = split(s, e, count <= MAX_LEAF);
            if (mid < 0) {
                return leaf(s, count);
            }
            int node = alloc();
            children(node, s, mid, e);
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
                int p = 6 * perm[i];
                x0 = Math.min(x0, pb[p]);
                y0 = Math.min(y0, pb[p + 1]);
                z0 = Math.min(z0, pb[p + 2]);
                x1 = Math.max(x1, pb[p + 3]);
                y1 = Math.max(y1, pb[p + 4]);
                z1 = Math.max(z1, pb[p + 5]);
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

        /**
         * Binned SAH split of {@code perm[s, e)}; partitions in place and returns the split index, or −1 when
         * {@code leafAllowed} and a leaf is cheaper. Falls back to a median split when binning cannot separate.
         */
        int split(int s, int e, boolean leafAllowed) {
            int count = e - s;
            float c0x = Float.POSITIVE_INFINITY, c0y = c0x, c0z = c0x, c1x = Float.NEGATIVE_INFINITY, c1y = c1x, c1z = c1x;
            float b0x = c0x, b0y = c0x, b0z = c0x, b1x = c1x, b1y = c1x, b1z = c1x;
            for (int i = s; i < e; i++) {
                int p = perm[i];
                float x = cen[3 * p], y = cen[3 * p + 1], z = cen[3 * p + 2];
                c0x = Math.min(c0x, x);
                c0y = Math.min(c0y, y);
                c0z = Math.min(c0z, z);
                c1x = Math.max(c1x, x);
                c1y = Math.max(c1y, y);
                c1z = Math.max(c1z, z);
                b0x = Math.min(b0x, pb[6 * p]);
                b0y = Math.min(b0y, pb[6 * p + 1]);
                b0z = Math.min(b0z, pb[6 * p + 2]);
                b1x = Math.max(b1x, pb[6 * p + 3]);
                b1y = Math.max(b1y, pb[6 * p + 4]);
                b1z = Math.max(b1z, pb[6 * p + 5]);
            }
            float parentArea = area(b1x - b0x, b1y - b0y, b1z - b0z);
            float[] cmin = {c0x, c0y, c0z};
            float[] cext = {c1x - c0x, c1y - c0y, c1z - c0z};
            float bestCost = Float.POSITIVE_INFINITY;
            int bestAxis = -1, bestBin = -1;
            for (int axis = 0; axis < 3; axis++) {
                if (!(cext[axis] > 0)) {
                    continue;
                }
                float scale = BINS / cext[axis] * 0.99999f;
                Arrays.fill(binCount, 0);
                for (int b = 0; b < BINS; b++) {
                    for (int a = 0; a < 3; a++) {
                        binBox[6 * b + a] = Float.POSITIVE_INFINITY;
                        binBox[6 * b + 3 + a] = Float.NEGATIVE_INFINITY;
                    }
                }
                for (int i = s; i < e; i++) {
                    int p = perm[i];
                    int b = bin(cen[3 * p + axis], cmin[axis], scale);
                    binCount[b]++;
                    int o = 6 * b, q = 6 * p;
                    for (int a = 0; a < 3; a++) {
                        binBox[o + a] = Math.min(binBox[o + a], pb[q + a]);
                        binBox[o + 3 + a] = Math.max(binBox[o + 3 + a], pb[q + 3 + a]);
                    }
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
                int lc = 0;
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
                        bestAxis = axis;
                        bestBin = b;
                    }
                }
            }
            if (bestAxis < 0) {
                return leafAllowed ? -1 : s + count / 2; // identical centroids: any split is as good
            }
            if (leafAllowed) {
                float splitCost = COST_TRAVERSE + COST_PRIMITIVE * bestCost / Math.max(parentArea, Float.MIN_NORMAL);
                if (splitCost >= COST_PRIMITIVE * count) {
                    return -1;
                }
            }
            float scale = BINS / cext[bestAxis] * 0.99999f;
            float cm = cmin[bestAxis];
            int i = s, j = e - 1;
            while (i <= j) {
                if (bin(cen[3 * perm[i] + bestAxis], cm, scale) <= bestBin) {
                    i++;
                } else {
                    int tmp = perm[i];
                    perm[i] = perm[j];
                    perm[j] = tmp;
                    j--;
                }
            }
            return (i == s || i == e) ? s + count / 2 : i;
        }

        static int bin(float c, float min, float scale) {
            int b = (int) ((c - min) * scale);
            return b < 0 ? 0 : (b >= BINS ? BINS - 1 : b);
        }
    }
}
