package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import sensor.api.frame.PointBuffer;
import sensor.api.random.CounterRandom;
import sensor.lidar.api.NoiseConfigs.Axis;
import sensor.lidar.api.NoiseConfigs.DistanceNoise;

/**
 * The arithmetic the noise stages share, point by point against closed forms: the rotation of [N-1] and [N-2]
 * against Rodrigues' formula about each axis, and [L-DN]'s move along the point's own ray.
 */
class NoiseArithmeticTest {
    /** Rodrigues: v cos a + (k × v) sin a + k (k·v)(1 − cos a) for a unit axis k. */
    private static double[] rodrigues(double[] k, double a, double[] v) {
        double c = Math.cos(a), s = Math.sin(a), kv = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
        double[] cross = {k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]};
        double[] r = new double[3];
        for (int i = 0; i < 3; i++) {
            r[i] = v[i] * c + cross[i] * s + k[i] * kv * (1 - c);
        }
        return r;
    }

    @Test
    void rotationN1N2_aboutEachAxisIsRodrigues() {
        double[][] axes = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        for (Axis axis : Axis.values()) {
            for (double a : new double[] {0.3, -1.1, 2.5}) {
                double[] v = {0.7, -1.3, 2.1, 9, 9, 9};
                NoiseStages.rotate(axis, a, v, 0);
                double[] expected = rodrigues(axes[axis.ordinal()], a, new double[] {0.7, -1.3, 2.1});
                for (int i = 0; i < 3; i++) {
                    assertEquals(expected[i], v[i], 1e-12, axis + " " + a + " component " + i);
                }
                assertEquals(9, v[3], 0, "only the three values at the offset change");
                double[] w = {5, 0.7, -1.3, 2.1};
                NoiseStages.rotate(axis, a, w, 1);
                assertEquals(5, w[0], 0);
                assertEquals(expected[1], w[2], 1e-12, "at an offset");
            }
        }
    }

    @Test
    void distanceNoiseLDN_movesEachPointAlongItsRayByTheDrawnAmount() {
        PointBuffer p = new PointBuffer(3);
        float[] xyz = {3, -4, 12, 0, 0, 0, 1, 2, 2};
        System.arraycopy(xyz, 0, p.xyz, 0, 9);
        p.distance[0] = 13.2f; // the OPL: not the point's norm (13) when the medium's index is above 1
        p.distance[1] = 0; // no return: left alone
        p.distance[2] = 3;
        p.patternIndex[0] = 7;
        p.patternIndex[1] = 8;
        p.patternIndex[2] = 9;
        p.count(3);
        DistanceNoise c = new DistanceNoise(0.05, 0.02, 0.01);
        CounterRandom random = CounterRandom.of(42, "noise");
        new NoiseStages.Distance().create(c).apply(p, random, 5);
        double eta0 = random.gaussian(5, 7, 2, 0.05, 0.02 + 0.01 * 13.2f);
        double eta2 = random.gaussian(5, 9, 2, 0.05, 0.02 + 0.01 * 3);
        assertEquals(13.2f + eta0, p.distance[0], 1e-5);
        double k0 = (13 + eta0) / 13;
        assertEquals(3 * k0, p.xyz[0], 1e-5);
        assertEquals(-4 * k0, p.xyz[1], 1e-5);
        assertEquals(12 * k0, p.xyz[2], 1e-5);
        assertEquals(0, p.distance[1], 0);
        double k2 = (3 + eta2) / 3;
        assertEquals(3 + eta2, p.distance[2], 1e-6);
        assertEquals(2 * k2, p.xyz[7], 1e-6);
        // a return at the origin with a distance keeps its point, and takes the noise on its distance
        PointBuffer q = new PointBuffer(1);
        q.distance[0] = 1;
        q.count(1);
        new NoiseStages.Distance().create(c).apply(q, random, 5);
        assertEquals(0, q.xyz[0], 0);
        assertEquals(1 + random.gaussian(5, 0, 2, 0.05, 0.02 + 0.01), q.distance[0], 1e-6);
    }
}
