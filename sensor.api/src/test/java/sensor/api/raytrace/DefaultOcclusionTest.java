package sensor.api.raytrace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.BitSet;

import org.junit.jupiter.api.Test;

import sensor.api.scene.SceneView;

/**
 * The contract's default occlusion query over closest hits, in a closed-form world: object i is the plane x = walls[i]
 * (hit from either side), so a ray along ±x meets the walls in order of distance.
 */
class DefaultOcclusionTest {
    /** Planes x = walls[i]; closest hits only (the default {@code occluded}). */
    private static TraceScene walls(double... walls) {
        return new TraceScene() {
            @Override
            public void update(SceneView scene, double t) {}

            @Override
            public void closestHit(double[] o, double[] d, int count, double max, HitBuffer out) {
                for (int r = 0; r < count; r++) {
                    out.distance[r] = Double.POSITIVE_INFINITY;
                    out.objectIndex[r] = -1;
                    for (int i = 0; i < walls.length; i++) {
                        double t = d[3 * r] == 0 ? -1 : (walls[i] - o[3 * r]) / d[3 * r];
                        if (t > 0 && t <= max && t < out.distance[r]) {
                            out.distance[r] = t;
                            out.objectIndex[r] = i;
                        }
                    }
                }
            }

            @Override
            public void close() {}
        };
    }

    private static BitSet set(int... objects) {
        BitSet b = new BitSet();
        for (int i : objects) {
            b.set(i);
        }
        return b;
    }

    /** Rays from x = 0 along +x, along −x and along +y. */
    private static boolean[] occluded(TraceScene s, double max, BitSet lookThrough) {
        boolean[] out = {true, true, true, false};
        s.occluded(new double[9], new double[] {1, 0, 0, -1, 0, 0, 0, 1, 0}, 3, max, lookThrough, out);
        return out;
    }

    @Test
    void fogInFrontOfAWallIsLookedThroughAndTheWallStillBlocks() {
        TraceScene s = walls(2, 5, -3); // fog at 2, a wall at 5, a wall behind at −3
        assertArrayEquals(new boolean[] {true, true, false, false}, occluded(s, 10, set(0)), "+x: the wall at 5; −x: at 3");
        assertArrayEquals(new boolean[] {true, true, false, false}, occluded(s, 10, null), "+x: the fog itself blocks");
        assertArrayEquals(new boolean[] {false, true, false, false}, occluded(s, 4.9, set(0)), "the wall at 5 beyond reach");
        assertArrayEquals(new boolean[] {true, true, false, false}, occluded(s, 5, set(0)), "the wall at exactly 5 m");
        assertArrayEquals(new boolean[] {false, false, false, false}, occluded(s, 10, set(0, 1, 2)), "everything looked through");
        assertArrayEquals(new boolean[] {false, false, false, false}, occluded(s, 1.9, null), "the fog at 2 and the wall at 3 beyond reach");
    }

    @Test
    void aRayThatCrossesMoreThanTheStepLimitCountsAsBlocked() {
        int n = TraceScene.LOOK_THROUGH_STEPS;
        double[] fog = new double[n + 1];
        for (int i = 0; i < fog.length; i++) {
            fog[i] = 1 + i;
        }
        BitSet all = new BitSet();
        all.set(0, n + 1);
        boolean[] out = new boolean[1];
        walls(java.util.Arrays.copyOf(fog, n)).occluded(new double[3], new double[] {1, 0, 0}, 1, 1000, all, out);
        assertEquals(false, out[0], "the limit's number of volumes is crossed");
        walls(fog).occluded(new double[3], new double[] {1, 0, 0}, 1, 1000, all, out);
        assertEquals(true, out[0], "one more counts as blocked");
    }

    @Test
    void closestHitArgumentsAreNamed() {
        HitBuffer out = new HitBuffer(1);
        double[] d = {1, 0, 0, 1, 0, 0};
        assertEquals("count must be in [0, 1], got 2", assertThrows(IllegalArgumentException.class,
                () -> TraceScene.checkClosestHit(new double[6], d, 2, 10, out)).getMessage(), "a hit buffer for one");
        assertEquals("count must be in [0, 1], got 2", assertThrows(IllegalArgumentException.class,
                () -> TraceScene.checkClosestHit(new double[3], d, 2, 10, new HitBuffer(2))).getMessage(), "origins");
        assertEquals("count must be in [0, 1], got 2", assertThrows(IllegalArgumentException.class,
                () -> TraceScene.checkClosestHit(new double[6], new double[3], 2, 10, new HitBuffer(2))).getMessage());
        assertEquals("maxDistance must be > 0, got 0.0", assertThrows(IllegalArgumentException.class,
                () -> TraceScene.checkClosestHit(new double[3], d, 1, 0, out)).getMessage());
        TraceScene.checkClosestHit(new double[3], d, 1, 10, out);
        TraceScene.checkClosestHit(new double[0], new double[0], 0, 10, new HitBuffer(0));
        double c = Math.sqrt(1 / 3.0);
        TraceScene.checkClosestHit(new double[3], new double[] {c, -c, c}, 1, 10, out);
        assertEquals("directions of ray 0 must be a unit vector, |d|^2 = " + (3 * 0.36), assertThrows(
                IllegalArgumentException.class, () -> TraceScene.checkClosestHit(new double[3], new double[] {0.6, 0.6, 0.6},
                        1, 10, out)).getMessage());
    }

    @Test
    void badArgumentsAreNamed() {
        TraceScene s = walls(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> s.occluded(new double[6], new double[] {1, 0, 0, 1, 0, 0}, 2, 10, null, new boolean[1]));
        assertEquals("count must be in [0, 1], got 2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> s.occluded(new double[3], new double[] {1, 0, 0}, -1, 10, null, new boolean[1]));
        assertEquals("count must be in [0, 1], got -1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> s.occluded(new double[3], new double[] {1, 0, 0}, 1, -1, null, new boolean[1]));
        assertEquals("maxDistance must be > 0, got -1.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> s.occluded(new double[] {0, Double.NaN, 0}, new double[] {1, 0, 0}, 1, 10, null, new boolean[1]));
        assertEquals("origins of ray 0 must be finite", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> s.occluded(new double[3], new double[] {1, 0, 0}, 1, 0, null, new boolean[1]));
        assertEquals("maxDistance must be > 0, got 0.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> s.occluded(new double[3], new double[] {1, 0, 0, 1, 0, 0}, 2, 10, null, new boolean[2]));
        assertEquals("count must be in [0, 1], got 2", e.getMessage(), "origins for one ray");
        e = assertThrows(IllegalArgumentException.class,
                () -> s.occluded(new double[6], new double[] {1, 0, 0, 1, 0}, 2, 10, null, new boolean[2]));
        assertEquals("count must be in [0, 1], got 2", e.getMessage(), "directions for one ray");
        double over = Math.sqrt(1 + 1.2e-4), within = Math.sqrt(1 + 0.8e-4);
        e = assertThrows(IllegalArgumentException.class,
                () -> s.occluded(new double[3], new double[] {over, 0, 0}, 1, 10, null, new boolean[1]));
        assertEquals("directions of ray 0 must be a unit vector, |d|^2 = " + over * over, e.getMessage());
        s.occluded(new double[3], new double[] {within, 0, 0}, 1, 10, null, new boolean[1]);
        s.occluded(new double[3], new double[] {0, -within, 0}, 1, 10, null, new boolean[1]);
        s.occluded(new double[0], new double[0], 0, 10, null, new boolean[0]);
        assertThrows(IllegalArgumentException.class, () -> s.occluded(null, new double[3], 0, 10, null, new boolean[0]));
        assertThrows(IllegalArgumentException.class, () -> s.occluded(new double[3], new double[3], 0, 10, null, null));
    }
}
