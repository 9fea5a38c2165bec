package sensor.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import sensor.api.lidar.OutputNoise;
import sensor.api.frame.PointBuffer;
import sensor.api.random.CounterRandom;

/**
 * Conformance of an output-noise stage: it changes points, the same seed gives the same points and another
 * seed other points, and each point's noise depends only on (seed, step, pattern index), not on the buffer it
 * arrives in or the thread that applies it (so output is identical whatever the thread count). Extend it and
 * give the stage (plain JUnit, no framework).
 */
public abstract class OutputNoiseConformance {
    private static final int N = 2_000;

    /** The stage under test, configured with a noise large enough to change points. */
    protected abstract OutputNoise noise();

    @Test
    public void sameSeedSamePointsOtherSeedOtherPoints() {
        PointBuffer a = apply(0, N, 7), b = apply(0, N, 7), c = apply(0, N, 8), clean = points(0, N);
        assertArrayEquals(a.xyz, b.xyz);
        assertArrayEquals(a.distance, b.distance);
        assertArrayEquals(a.intensity, b.intensity);
        assertTrue(!Arrays.equals(a.xyz, clean.xyz) || !Arrays.equals(a.distance, clean.distance)
                || !Arrays.equals(a.intensity, clean.intensity), "the stage changed no point");
        assertTrue(!Arrays.equals(a.xyz, c.xyz) || !Arrays.equals(a.distance, c.distance)
                || !Arrays.equals(a.intensity, c.intensity), "seeds 7 and 8 gave the same points");
    }

    @Test
    public void noiseOfAPointDependsOnlyOnSeedStepAndPatternIndex() throws Exception {
        PointBuffer whole = apply(0, N, 7);
        var first = CompletableFuture.supplyAsync(() -> apply(0, N / 2, 7));
        var second = CompletableFuture.supplyAsync(() -> apply(N / 2, N, 7));
        PointBuffer a = first.get(), b = second.get();
        for (int i = 0; i < N; i++) {
            PointBuffer part = i < N / 2 ? a : b;
            int j = i < N / 2 ? i : i - N / 2;
            for (int c = 0; c < 3; c++) {
                assertTrue(Float.compare(whole.xyz[3 * i + c], part.xyz[3 * j + c]) == 0, "point " + i + " coordinate " + c);
            }
            assertTrue(Float.compare(whole.distance[i], part.distance[j]) == 0, "point " + i + " distance");
            assertTrue(Float.compare(whole.intensity[i], part.intensity[j]) == 0, "point " + i + " intensity");
        }
    }

    private PointBuffer apply(int from, int to, long seed) {
        PointBuffer p = points(from, to);
        noise().apply(p, CounterRandom.of(seed, "conformance"), 3);
        return p;
    }

    /** Points {@code from..to-1} of a fixed cloud: a ring of radius 10 m, pattern index = point number. */
    private static PointBuffer points(int from, int to) {
        PointBuffer p = new PointBuffer(to - from);
        for (int i = from; i < to; i++) {
            int j = i - from;
            double a = 2 * Math.PI * i / N, r = 10, z = (i % 16 - 8) * 0.1;
            p.xyz[3 * j] = (float) (r * Math.cos(a));
            p.xyz[3 * j + 1] = (float) (r * Math.sin(a));
            p.xyz[3 * j + 2] = (float) z;
            p.distance[j] = (float) Math.sqrt(r * r + z * z);
            p.intensity[j] = 0.5f;
            p.patternIndex[j] = i;
            p.times[j] = 0.001 * i;
        }
        p.count(to - from);
        return p;
    }
}
