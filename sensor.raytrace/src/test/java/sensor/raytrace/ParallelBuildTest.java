package sensor.raytrace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;

import org.junit.jupiter.api.Test;

import sensor.api.ComputePool;
import sensor.raytrace.geometry.Bvh2;

/**
 * A large build's subtrees built as tasks on the pool give the same tree for any thread count (the same boxes and
 * leaves in depth-first order; only the node numbering differs from one thread's), and a valid tree: every primitive
 * in exactly one leaf, every child box inside its parent's and around its primitives.
 */
class ParallelBuildTest {
    @Test
    void theTreeIsTheSameForAnyThreadCountAndValid() {
        int n = 100_000;
        Random rnd = new Random(3);
        float[] pb = new float[6 * n];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                float lo = (float) (rnd.nextGaussian() * 50), size = (float) (rnd.nextDouble() * 2);
                pb[6 * i + a] = lo;
                pb[6 * i + 3 + a] = lo + size;
            }
        }
        ForkJoinPool fj = new ForkJoinPool(3);
        try {
            Bvh2 one = Bvh2.build(pb, n);
            for (int threads : new int[] {2, 3}) {
                Bvh2 many = Bvh2.build(pb, n, new sensor.env.ForkJoinComputePool(fj), threads);
                assertEquals(one.nodeCount, many.nodeCount);
                assertArrayEquals(one.order, many.order);
                assertEquals(depthFirst(one, 0, new java.util.ArrayList<>()), depthFirst(many, 0, new java.util.ArrayList<>()));
            }
        } finally {
            fj.shutdown();
        }
        Bvh2 t = Bvh2.build(pb, n);
        int[] seen = new int[n];
        int leaves = check(t, pb, 0, seen);
        for (int i = 0; i < n; i++) {
            assertEquals(1, seen[i], "primitive " + i + " in exactly one leaf");
        }
        assertTrue(leaves > n / Bvh2.MAX_LEAF, "leaves " + leaves);
    }

    /** The tree's boxes and leaves in depth-first order, whatever the node numbering. */
    private static java.util.List<Object> depthFirst(Bvh2 t, int node, java.util.List<Object> out) {
        for (int side = 0; side < 2; side++) {
            int ref = t.child[2 * node + side];
            out.add(java.util.Arrays.toString(java.util.Arrays.copyOfRange(t.bounds, 12 * node + 6 * side, 12 * node + 6 * side + 6)));
            if (Bvh2.isLeaf(ref)) {
                out.add(ref);
            } else {
                depthFirst(t, ref, out);
            }
        }
        return out;
    }

    /** Checks node {@code node}'s children; returns the leaves below it. */
    private static int check(Bvh2 t, float[] pb, int node, int[] seen) {
        int leaves = 0;
        for (int side = 0; side < 2; side++) {
            int ref = t.child[2 * node + side], o = 12 * node + 6 * side;
            if (Bvh2.isLeaf(ref)) {
                leaves++;
                for (int k = Bvh2.leafStart(ref); k < Bvh2.leafStart(ref) + Bvh2.leafCount(ref); k++) {
                    int p = t.order[k];
                    seen[p]++;
                    for (int a = 0; a < 3; a++) {
                        assertTrue(t.bounds[o + a] <= pb[6 * p + a] && pb[6 * p + 3 + a] <= t.bounds[o + 3 + a]);
                    }
                }
            } else {
                for (int c = 0; c < 2; c++) { // the child node's two boxes lie inside this box
                    for (int a = 0; a < 3; a++) {
                        float lo = t.bounds[12 * ref + 6 * c + a], hi = t.bounds[12 * ref + 6 * c + 3 + a];
                        assertTrue(lo > hi || t.bounds[o + a] <= lo && hi <= t.bounds[o + 3 + a], "node " + ref);
                    }
                }
                leaves += check(t, pb, ref, seen);
            }
        }
        return leaves;
    }
}
