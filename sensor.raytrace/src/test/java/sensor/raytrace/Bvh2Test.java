package sensor.raytrace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;

import org.junit.jupiter.api.Test;

import sensor.api.ComputePool;
import sensor.raytrace.geometry.Bvh2;

/**
 * The binned-SAH builder's tree against what its inputs force: a small input is one leaf beside an empty box; two
 * clusters far apart are separated at the root; boxes spread along one axis are split along it; the depth is the
 * longest path; large builds on several threads really build their subtrees as tasks, and only then; a tree over
 * instances has leaves of one.
 */
class Bvh2Test {
    /** Unit boxes at the given lower corners. */
    private static float[] boxes(float[]... corners) {
        float[] pb = new float[6 * corners.length];
        for (int i = 0; i < corners.length; i++) {
            for (int a = 0; a < 3; a++) {
                pb[6 * i + a] = corners[i][a];
                pb[6 * i + 3 + a] = corners[i][a] + 1;
            }
        }
        return pb;
    }

    @Test
    void aSmallInputIsOneLeafBesideAnEmptyBox() {
        Bvh2 t = Bvh2.build(boxes(new float[] {0, 0, 0}, new float[] {5, -2, 1}, new float[] {-3, 4, 2}), 3);
        assertEquals(1, t.nodeCount);
        assertEquals(0, Bvh2.leafStart(t.child[0]));
        assertEquals(3, Bvh2.leafCount(t.child[0]));
        assertArrayEquals(new float[] {-3, -2, 0, 6, 5, 3}, Arrays.copyOfRange(t.bounds, 0, 6));
        for (int a = 0; a < 3; a++) {
            assertEquals(Float.POSITIVE_INFINITY, t.bounds[6 + a]);
            assertEquals(Float.NEGATIVE_INFINITY, t.bounds[9 + a]);
        }
        assertTrue(Bvh2.isLeaf(t.child[1]) && Bvh2.leafCount(t.child[1]) == 0, "the empty side holds nothing");
        assertEquals(1, t.depth());
        assertEquals(0, Bvh2.leafCount(Bvh2.build(new float[0], 0).child[0]));
    }

    @Test
    void boxesWithOneCentroidAreHalvedUntilLeavesHoldThem() {
        // 20 equal boxes: no bin separates them, so ranges above a leaf's size are halved, then become leaves
        float[][] corners = new float[20][];
        Arrays.fill(corners, new float[] {1, 2, 3});
        Bvh2 t = Bvh2.build(boxes(corners), 20);
        assertEquals(20, count(t, t.child[0]) + count(t, t.child[1]));
        assertEquals(10, count(t, t.child[0]), "the root halves the range");
        int[] seen = new int[20];
        for (int id : t.order) {
            seen[id]++;
        }
        int[] once = new int[20];
        Arrays.fill(once, 1);
        assertArrayEquals(once, seen, "every primitive in exactly one leaf");
        for (int k = 0; k < t.nodeCount; k++) {
            for (int side = 0; side < 2; side++) {
                int ref = t.child[2 * k + side];
                assertTrue(!Bvh2.isLeaf(ref) || Bvh2.leafCount(ref) <= Bvh2.MAX_LEAF, "leaf of " + Bvh2.leafCount(ref));
            }
        }
        assertEquals(2, t.depth(), "20 → 10 + 10 → leaves of 5");
    }

    @Test
    void twoClustersFarApartAreTheRootsTwoChildren() {
        Random rnd = new Random(4);
        int n = 400;
        float[][] corners = new float[n][];
        for (int i = 0; i < n; i++) {
            float cx = i < n / 2 ? -100 : 100;
            corners[i] = new float[] {cx + rnd.nextFloat() * 10, rnd.nextFloat() * 10, rnd.nextFloat() * 10};
        }
        Bvh2 t = Bvh2.build(boxes(corners), n);
        float leftMaxX = t.bounds[3], rightMinX = t.bounds[6];
        float[] lo = leftMaxX < 0 ? Arrays.copyOfRange(t.bounds, 0, 6) : Arrays.copyOfRange(t.bounds, 6, 12);
        float[] hi = leftMaxX < 0 ? Arrays.copyOfRange(t.bounds, 6, 12) : Arrays.copyOfRange(t.bounds, 0, 6);
        assertTrue(lo[3] <= -89 && hi[0] >= 100, "the root separates the clusters: " + Arrays.toString(t.bounds));
        assertTrue(leftMaxX < 0 || rightMinX < 0);
        // each side's box is its cluster's
        float[] want = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int i = 0; i < n / 2; i++) {
            for (int a = 0; a < 3; a++) {
                want[a] = Math.min(want[a], corners[i][a]);
                want[3 + a] = Math.max(want[3 + a], corners[i][a] + 1);
            }
        }
        assertArrayEquals(want, lo);
    }

    @Test
    void boxesAlongOneAxisAreSplitAlongIt() {
        for (int axis = 0; axis < 3; axis++) {
            int n = 64;
            float[][] corners = new float[n][];
            for (int i = 0; i < n; i++) {
                corners[i] = new float[3];
                corners[i][axis] = 3 * i; // a row of boxes with gaps of 2
            }
            Bvh2 t = Bvh2.build(boxes(corners), n);
            float leftMax = t.bounds[3 + axis], rightMin = t.bounds[6 + axis];
            float rightMax = t.bounds[9 + axis], leftMin = t.bounds[axis];
            assertTrue(leftMax < rightMin || rightMax < leftMin, "axis " + axis + ": " + Arrays.toString(t.bounds));
            // the row's middle: 32 boxes a side
            assertEquals(n / 2, count(t, t.child[0]), "axis " + axis);
            assertEquals(depth(t, 0), t.depth());
        }
    }

    @Test
    void anInstanceTreeHoldsOneInstancePerLeafAndEveryInstanceOnce() {
        for (int n : new int[] {0, 1, 2, 7, 16, 1000}) {
            float[] pb = random(n);
            Bvh2 t = Bvh2.buildInstances(pb, n);
            int[] seen = new int[n];
            for (int k = 0; k < t.nodeCount; k++) {
                for (int side = 0; side < 2; side++) {
                    int ref = t.child[2 * k + side];
                    if (Bvh2.isLeaf(ref)) {
                        assertTrue(Bvh2.leafCount(ref) <= 1, n + " instances: a leaf of " + Bvh2.leafCount(ref));
                        if (Bvh2.leafCount(ref) == 1) {
                            seen[t.order[Bvh2.leafStart(ref)]]++;
                            assertBoxHolds(t.bounds, 12 * k + 6 * side, pb, 6 * t.order[Bvh2.leafStart(ref)]);
                        }
                    }
                }
            }
            int[] once = new int[n];
            Arrays.fill(once, 1);
            assertArrayEquals(once, seen, n + " instances: each in exactly one leaf");
            if (n >= 16) { // the general tree keeps several primitives in a leaf where the SAH says so
                assertTrue(Bvh2.build(pb, n).nodeCount < t.nodeCount, n + " instances");
            }
        }
    }

    private static void assertBoxHolds(float[] nodeBox, int o, float[] pb, int p) {
        for (int a = 0; a < 3; a++) {
            assertTrue(nodeBox[o + a] <= pb[p + a] && nodeBox[o + 3 + a] >= pb[p + 3 + a], "axis " + a);
        }
    }

    @Test
    void largeBuildsOnSeveralThreadsBuildTheirSubtreesAsTasksAndOnlyThen() {
        ForkJoinPool fj = new ForkJoinPool(2);
        try {
            ComputePool pool = new sensor.env.ForkJoinComputePool(fj);
            for (int n : new int[] {(1 << 16) - 1, 1 << 16}) {
                float[] pb = random(n);
                Bvh2 one = Bvh2.build(pb, n), oneThread = Bvh2.build(pb, n, pool, 1), two = Bvh2.build(pb, n, pool, 2);
                assertArrayEquals(one.child, oneThread.child, "one thread numbers its nodes depth first");
                assertEquals(n == 1 << 16, !Arrays.equals(one.child, two.child),
                        n + " primitives: the subtrees are appended after the top levels only from 65,536 on");
                assertEquals(one.depth(), two.depth());
            }
        } finally {
            fj.shutdown();
        }
    }

    private static float[] random(int n) {
        Random rnd = new Random(n);
        float[] pb = new float[6 * n];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                float lo = (float) (rnd.nextGaussian() * 50);
                pb[6 * i + a] = lo;
                pb[6 * i + 3 + a] = lo + rnd.nextFloat();
            }
        }
        return pb;
    }

    private static int count(Bvh2 t, int ref) {
        return Bvh2.isLeaf(ref) ? Bvh2.leafCount(ref) : count(t, t.child[2 * ref]) + count(t, t.child[2 * ref + 1]);
    }

    private static int depth(Bvh2 t, int node) {
        int d = 0;
        for (int side = 0; side < 2; side++) {
            int ref = t.child[2 * node + side];
            d = Math.max(d, Bvh2.isLeaf(ref) ? 0 : depth(t, ref));
        }
        return d + 1;
    }
}
