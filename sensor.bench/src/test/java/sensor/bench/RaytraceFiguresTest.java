package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** The raytrace figures' ray generation (the figures themselves: {@code sensorsim bench}). */
class RaytraceFiguresTest {
    @Test
    void raysGeneratedInPartsOnSeveralThreadsEqualTheSerialOnes() {
        int n = SceneV1.RAYS;
        double[] o = new double[3 * n], d = new double[3 * n];
        SceneV1.rays(0, n, o, d);
        for (int threads : new int[] {1, 2, 3, 7}) {
            double[] po = new double[3 * n], pd = new double[3 * n];
            RaytraceFigures.rays(po, pd, threads);
            assertArrayEquals(o, po, threads + " threads");
            assertArrayEquals(d, pd, threads + " threads");
        }
    }
}
