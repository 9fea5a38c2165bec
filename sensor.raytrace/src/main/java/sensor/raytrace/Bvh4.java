package sensor.raytrace;

import sensor.raytrace.geometry.Bvh2;

/**
 * A 4-wide BVH collapsed from a {@link Bvh2}, for single-ray and packet traversal: per node the boxes of up to four
 * children stored structure-of-arrays in 24 floats ({@code min x[4], min y[4], min z[4], max x[4], max y[4],
 * max z[4]}), so one step tests four boxes with straight-line float code, and four child references with the
 * {@link Bvh2} encoding (a leaf is {@code ~(start << 3 | count)} over the same primitive order). Unused slots
 * have an empty box ({@code +∞ .. −∞}) that no ray hits. The root is node 0.
 */
final class Bvh4 {
    /** Floats per node. */
    static final int STRIDE = 24;

    final float[] bounds;
    final int[] child;
    final int nodeCount;

    Bvh4(Bvh2 b) {
        float[] nb = b.bounds;
        int[] nc = b.child;
        // worst case: every binary inner node becomes a 4-wide node
        float[] ob = new float[STRIDE * Math.max(1, b.nodeCount)];
        int[] oc = new int[4 * Math.max(1, b.nodeCount)];
        int[] ref = new int[4];
        float[] box = new float[24];
        float[] area = new float[4];
        int count = 1;
        // explicit work list: pairs (binary node, wide node)
        int[] work = new int[2 * Math.max(1, b.nodeCount) + 2];
        int wn = 0;
        work[wn++] = 0;
        work[wn++] = 0;
        while (wn > 0) {
            int wide = work[--wn];
            int bin = work[--wn];
            // start with the binary node's two children
            int k = 0;
            for (int side = 0; side < 2; side++) {
                ref[k] = nc[2 * bin + side];
                System.arraycopy(nb, 12 * bin + 6 * side, box, 6 * k, 6);
                k++;
            }
            // open the largest inner child until four children or none left to open
            while (k < 4) {
                int best = -1;
                float bestArea = -1f;
                for (int i = 0; i < k; i++) {
                    if (ref[i] >= 0) {
                        float dx = box[6 * i + 3] - box[6 * i], dy = box[6 * i + 4] - box[6 * i + 1],
                                dz = box[6 * i + 5] - box[6 * i + 2];
                        area[i] = dx * dy + dy * dz + dz * dx;
                        if (area[i] > bestArea) {
                            bestArea = area[i];
                            best = i;
                        }
                    }
                }
                if (best < 0) {
                    break;
                }
                int n = ref[best];
                // replace best by its left child, append its right child
                ref[best] = nc[2 * n];
                System.arraycopy(nb, 12 * n, box, 6 * best, 6);
                ref[k] = nc[2 * n + 1];
                System.arraycopy(nb, 12 * n + 6, box, 6 * k, 6);
                k++;
            }
            int o = STRIDE * wide;
            for (int i = 0; i < 4; i++) {
                if (i < k && !emptyLeaf(ref[i])) {
                    for (int a = 0; a < 3; a++) {
                        ob[o + 4 * a + i] = box[6 * i + a];
                        ob[o + 12 + 4 * a + i] = box[6 * i + 3 + a];
                    }
                    if (ref[i] >= 0) {
                        int w = count++;
                        work[wn++] = ref[i];
                        work[wn++] = w;
                        oc[4 * wide + i] = w;
                    } else {
                        oc[4 * wide + i] = ref[i];
                    }
                } else {
                    for (int a = 0; a < 3; a++) {
                        ob[o + 4 * a + i] = Float.POSITIVE_INFINITY;
                        ob[o + 12 + 4 * a + i] = Float.NEGATIVE_INFINITY;
                    }
                    oc[4 * wide + i] = ~0;
                }
            }
        }
        nodeCount = count;
        bounds = java.util.Arrays.copyOf(ob, STRIDE * count);
        child = java.util.Arrays.copyOf(oc, 4 * count);
    }

    private Bvh4(float[] bounds, int[] child, int nodeCount) {
        this.bounds = bounds;
        this.child = child;
        this.nodeCount = nodeCount;
    }

    /**
     * The same tree (same nodes, child references and leaves, so the same primitive order) with every box
     * recomputed bottom-up from new primitive boxes {@code primBounds} (6 floats per leaf slot, in the tree's
     * primitive order: min xyz, max xyz): a leaf's box is the union of its primitives', an inner child's the
     * union of its node's four. A child always has a higher node index than its parent (see the constructor),
     * so one pass from the last node to the root sees every child before its parent. The child array is
     * shared (never written after construction).
     */
    Bvh4 refit(float[] primBounds) {
        float[] ob = new float[bounds.length];
        for (int node = nodeCount - 1; node >= 0; node--) {
            int o = STRIDE * node;
            for (int i = 0; i < 4; i++) {
                int r = child[4 * node + i];
                float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0;
                float x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
                if (r >= 0) {
                    int c = STRIDE * r;
                    for (int j = 0; j < 4; j++) {
                        x0 = Math.min(x0, ob[c + j]);
                        y0 = Math.min(y0, ob[c + 4 + j]);
                        z0 = Math.min(z0, ob[c + 8 + j]);
                        x1 = Math.max(x1, ob[c + 12 + j]);
                        y1 = Math.max(y1, ob[c + 16 + j]);
                        z1 = Math.max(z1, ob[c + 20 + j]);
                    }
                } else {
                    int ref = ~r;
                    for (int s = ref >>> 3, e = s + (ref & 7); s < e; s++) { // none for an empty slot
                        int q = 6 * s;
                        x0 = Math.min(x0, primBounds[q]);
                        y0 = Math.min(y0, primBounds[q + 1]);
                        z0 = Math.min(z0, primBounds[q + 2]);
                        x1 = Math.max(x1, primBounds[q + 3]);
                        y1 = Math.max(y1, primBounds[q + 4]);
                        z1 = Math.max(z1, primBounds[q + 5]);
                    }
                }
                ob[o + i] = x0;
                ob[o + 4 + i] = y0;
                ob[o + 8 + i] = z0;
                ob[o + 12 + i] = x1;
                ob[o + 16 + i] = y1;
                ob[o + 20 + i] = z1;
            }
        }
        return new Bvh4(ob, child, nodeCount);
    }

    private static boolean emptyLeaf(int ref) {
        return ref < 0 && ((~ref) & 7) == 0;
    }
}
