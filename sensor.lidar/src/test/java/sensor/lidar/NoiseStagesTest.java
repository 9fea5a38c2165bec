package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import sensor.api.frame.PointBuffer;
import sensor.api.lidar.RayBuffer;
import sensor.api.random.CounterRandom;
import sensor.lidar.api.NoiseConfigs.AngularNoise;
import sensor.lidar.api.NoiseConfigs.Axis;
import sensor.lidar.api.NoiseConfigs.DistanceNoise;

/**
 * The noise stages checked by the distribution of what they add, on N = 20,000 independent draws: the sample mean
 * against μ (tolerance 4 standard errors), the sample σ against the configured σ (tolerance 3 %: its standard error
 * is σ/√(2N) = 0.5 %, so a σ off by 10 % fails with certainty and a correct one fails with probability below 1e-9),
 * and the Kolmogorov–Smirnov distance to the normal CDF (critical value 1.95/√N, α = 0.001). The rotation axis and
 * sense are checked against the right-hand rule.
 */
class NoiseStagesTest {
    private static final int N = 20_000;
    private static final CounterRandom RANDOM = CounterRandom.of(42, "noise-stages-test");

    @Test
    @DisplayName("[N-1] ray angular noise adds a N(mu, sigma) angle about the configured axis")
    void rayAngleNoiseAddsANormalAngleAboutItsAxis() {
        double mean = 0.002, sigma = 0.001;
        double[] added = new double[N];
        for (Axis axis : Axis.values()) {
            RayBuffer rays = new RayBuffer(N);
            double[] from = perpendicular(axis);
            for (int i = 0; i < N; i++) {
                System.arraycopy(from, 0, rays.directions, 3 * i, 3);
                rays.patternIndex[i] = i;
            }
            new NoiseStages.RayAngle().create(new AngularNoise(axis, mean, sigma)).distort(rays, RANDOM, 7);
            for (int i = 0; i < N; i++) {
                added[i] = angleAbout(axis, from, Arrays.copyOfRange(rays.directions, 3 * i, 3 * i + 3));
                assertEquals(1, norm(rays.directions, 3 * i), 1e-12, "a rotation keeps unit directions");
            }
            assertNormal(added, mean, sigma, "ray angle about " + axis);
        }
    }

    @Test
    @DisplayName("[N-2] hitpoint angular noise rotates each point by a N(mu, sigma) angle about the lidar origin")
    void hitpointAngleNoiseRotatesPointsByANormalAngle() {
        double mean = -0.001, sigma = 0.0005;
        double[] added = new double[N];
        for (Axis axis : Axis.values()) {
            PointBuffer p = new PointBuffer(N);
            double[] from = perpendicular(axis);
            for (int i = 0; i < N; i++) {
                for (int c = 0; c < 3; c++) {
                    p.xyz[3 * i + c] = (float) (10 * from[c]);
                }
                p.distance[i] = 10;
                p.patternIndex[i] = i;
            }
            p.count(N);
            new NoiseStages.HitpointAngle().create(new AngularNoise(axis, mean, sigma)).apply(p, RANDOM, 3);
            for (int i = 0; i < N; i++) {
                double[] v = {p.xyz[3 * i], p.xyz[3 * i + 1], p.xyz[3 * i + 2]};
                added[i] = angleAbout(axis, from, v);
                assertEquals(10, norm(v, 0), 1e-5, "the point stays at its distance from the origin");
            }
            assertNormal(added, mean, sigma, "hitpoint angle about " + axis);
        }
    }

    @Test
    @DisplayName("[L-DN] distance noise adds N(mu, (sigmaBase + sigmaSlope x)^2) along the ray")
    void distanceNoiseAddsANormalRangeErrorGrowingWithDistance() {
        double mean = 0.003, base = 0.01, slope = 0.0005;
        for (double x : new double[] {10, 50}) {
            PointBuffer p = new PointBuffer(N);
            for (int i = 0; i < N; i++) {
                p.xyz[3 * i] = (float) (x * 0.6);
                p.xyz[3 * i + 1] = (float) (x * 0.8);
                p.distance[i] = (float) x;
                p.patternIndex[i] = i;
            }
            p.count(N);
            new NoiseStages.Distance().create(new DistanceNoise(mean, base, slope)).apply(p, RANDOM, 5);
            double[] added = new double[N];
            for (int i = 0; i < N; i++) {
                added[i] = p.distance[i] - x;
                double r = Math.hypot(p.xyz[3 * i], p.xyz[3 * i + 1]);
                assertEquals(p.distance[i], r, 1e-4 * x, "the point moves along its ray to the new distance");
                assertEquals(4.0 / 3, p.xyz[3 * i + 1] / (double) p.xyz[3 * i], 1e-5, "its direction is kept");
            }
            assertNormal(added, mean, base + slope * x, "distance error at " + x + " m");
        }
    }

    /** On the runtime's pool of threads each stage moves every point and ray exactly as on the calling thread. */
    @Test
    void theStagesGiveTheSameBuffersOnAPoolOfThreads() {
        int n = 3 * NoiseStages.CHUNK + 17; // a partial last chunk
        java.util.concurrent.ForkJoinPool workers = new java.util.concurrent.ForkJoinPool(3);
        sensor.env.ForkJoinComputePool threads = new sensor.env.ForkJoinComputePool(workers);
        try {
            PointBuffer[] points = new PointBuffer[2];
            RayBuffer[] rays = new RayBuffer[2];
            for (int run = 0; run < 2; run++) {
                NoiseStages.RayAngle rayAngle = new NoiseStages.RayAngle();
                NoiseStages.HitpointAngle hitpointAngle = new NoiseStages.HitpointAngle();
                NoiseStages.Distance distance = new NoiseStages.Distance();
                if (run == 1) {
                    rayAngle.pool = hitpointAngle.pool = distance.pool = threads;
                }
                PointBuffer p = new PointBuffer(n);
                RayBuffer r = new RayBuffer(n);
                for (int i = 0; i < n; i++) {
                    double a = i * 1e-3, b = 0.3 * Math.sin(i);
                    p.xyz[3 * i] = (float) (20 * Math.cos(a) * Math.cos(b));
                    p.xyz[3 * i + 1] = (float) (20 * Math.sin(a) * Math.cos(b));
                    p.xyz[3 * i + 2] = (float) (20 * Math.sin(b));
                    p.distance[i] = i == 5 ? 0 : 20; // a point without a distance keeps its place
                    p.patternIndex[i] = i;
                    r.directions[3 * i] = Math.cos(a);
                    r.directions[3 * i + 1] = Math.sin(a);
                    r.patternIndex[i] = i;
                }
                p.count(n);
                rayAngle.create(new AngularNoise(Axis.Y, 0, 0.01)).distort(r, RANDOM, 1);
                hitpointAngle.create(new AngularNoise(Axis.Z, 0, 0.01)).apply(p, RANDOM, 1);
                distance.create(new DistanceNoise(0, 0.05, 0.001)).apply(p, RANDOM, 1);
                points[run] = p;
                rays[run] = r;
            }
            for (int i = 0; i < n; i++) { // each point lies at its new distance from the lidar
                PointBuffer q = points[1];
                double r = Math.sqrt(q.xyz[3 * i] * q.xyz[3 * i] + q.xyz[3 * i + 1] * q.xyz[3 * i + 1]
                        + (double) q.xyz[3 * i + 2] * q.xyz[3 * i + 2]);
                assertEquals(i == 5 ? 20 : q.distance[i], r, 1e-4, "point " + i);
            }
            assertEquals(0, points[1].distance[5]);
            assertArrayEquals(points[0].xyz, points[1].xyz);
            assertArrayEquals(points[0].distance, points[1].distance);
            assertArrayEquals(rays[0].directions, rays[1].directions);
            assertTrue(points[0].distance[n - 1] != 20, "the last, partial chunk is noised too");
            assertTrue(rays[0].directions[3 * n - 1] != 0, "and its rays turned");
        } finally {
            workers.shutdownNow();
        }
    }

    /** A rotation about each axis agrees with Rodrigues' formula for a general vector (right-hand rule). */
    @Test
    void rotationsAgreeWithRodriguesFormula() {
        double a = 0.7;
        double[] v = {0.3, -1.2, 2.5};
        for (Axis axis : Axis.values()) {
            double[] k = axis == Axis.X ? new double[] {1, 0, 0} : axis == Axis.Y ? new double[] {0, 1, 0} : new double[] {0, 0, 1};
            double[] cross = {k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]};
            double dot = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
            double[] got = v.clone();
            NoiseStages.rotate(axis, a, got, 0);
            for (int j = 0; j < 3; j++) {
                double want = v[j] * Math.cos(a) + cross[j] * Math.sin(a) + k[j] * dot * (1 - Math.cos(a));
                assertEquals(want, got[j], 1e-12, axis + " component " + j);
            }
        }
    }

    /** A unit vector perpendicular to the axis: the rotation by a about the axis turns it by exactly a. */
    private static double[] perpendicular(Axis axis) {
        return switch (axis) {
            case X -> new double[] {0, 1, 0};
            case Y -> new double[] {0, 0, 1};
            case Z -> new double[] {1, 0, 0};
        };
    }

    /** The signed angle from {@code from} to {@code to} about the axis (right-hand rule). */
    private static double angleAbout(Axis axis, double[] from, double[] to) {
        double[] n = switch (axis) {
            case X -> new double[] {1, 0, 0};
            case Y -> new double[] {0, 1, 0};
            case Z -> new double[] {0, 0, 1};
        };
        double[] cross = {from[1] * to[2] - from[2] * to[1], from[2] * to[0] - from[0] * to[2], from[0] * to[1] - from[1] * to[0]};
        double sin = cross[0] * n[0] + cross[1] * n[1] + cross[2] * n[2];
        double cos = from[0] * to[0] + from[1] * to[1] + from[2] * to[2];
        return Math.atan2(sin, cos);
    }

    private static double norm(double[] v, int o) {
        return Math.sqrt(v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2]);
    }

    /** Mean, σ and Kolmogorov–Smirnov distance of the sample against N(mean, sigma²). */
    private static void assertNormal(double[] sample, double mean, double sigma, String what) {
        double m = Arrays.stream(sample).average().orElseThrow();
        double s = Math.sqrt(Arrays.stream(sample).map(v -> (v - m) * (v - m)).sum() / (sample.length - 1));
        assertEquals(mean, m, 4 * sigma / Math.sqrt(sample.length), what + ": mean");
        assertEquals(sigma, s, 0.03 * sigma, what + ": sigma");
        double[] sorted = sample.clone();
        Arrays.sort(sorted);
        double d = 0;
        for (int i = 0; i < sorted.length; i++) {
            double f = normalCdf((sorted[i] - mean) / sigma);
            d = Math.max(d, Math.max(f - (double) i / sorted.length, (i + 1.0) / sorted.length - f));
        }
        assertTrue(d < 1.95 / Math.sqrt(sorted.length), what + ": Kolmogorov-Smirnov distance " + d);
    }

    /** Φ(z) by the Abramowitz–Stegun 7.1.26 approximation of erf (absolute error below 1.5e-7). */
    private static double normalCdf(double z) {
        double x = Math.abs(z) / Math.sqrt(2), t = 1 / (1 + 0.3275911 * x);
        double erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
                * Math.exp(-x * x);
        return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
    }
}
