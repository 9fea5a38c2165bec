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

    private static boolean emptyLeaf(int ref) {
        return ref < 0 && ((~ref) & 7) == 0;
    }
}
