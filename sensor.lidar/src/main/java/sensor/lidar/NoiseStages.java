package sensor.lidar;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.ComputePool;
import sensor.api.lidar.OutputNoise;
import sensor.api.lidar.OutputNoiseType;
import sensor.api.frame.PointBuffer;
import sensor.api.lidar.RayBuffer;
import sensor.api.lidar.RayDistortion;
import sensor.api.lidar.RayDistortionType;
import sensor.api.random.CounterRandom;
import sensor.lidar.api.NoiseConfigs.AngularNoise;
import sensor.lidar.api.NoiseConfigs.Axis;
import sensor.lidar.api.NoiseConfigs.DistanceNoise;

/** The built-in lidar noise stages, each a discoverable stage type. Numbers keyed by (sample, pattern index). */
public final class NoiseStages {
    private NoiseStages() {}

    /** Indices per task on the pool: a frame's points in a few dozen tasks, each long enough to pay its hand-over. */
    static final int CHUNK = 4096;

    /**
     * Runs {@code body} over {@code [0, n)} in chunks on the runtime's pool ({@code null}: the calling thread). Every
     * index draws its own counter-based numbers and writes only its own entries, so the result is the same on any
     * number of threads.
     */
    static void forEach(ComputePool pool, int n, java.util.function.IntConsumer body) {
        ComputePool p = pool != null ? pool : ComputePool.serial();
        p.runBlocks(n, CHUNK, p.parallelism(), (from, end) -> {
            for (int i = from; i < end; i++) {
                body.accept(i);
            }
        });
    }

    /** Rotates (x, y, z) at {@code v[o..o+2]} about a lidar axis by {@code a}. */
    static void rotate(Axis axis, double a, double[] v, int o) {
        double c = Math.cos(a), s = Math.sin(a), x = v[o], y = v[o + 1], z = v[o + 2];
        switch (axis) {
            case X -> { v[o + 1] = c * y - s * z; v[o + 2] = s * y + c * z; }
            case Y -> { v[o] = c * x + s * z; v[o + 2] = -s * x + c * z; }
            case Z -> { v[o] = c * x - s * y; v[o + 1] = s * x + c * y; }
        }
    }

    /**
     * Ray-based angular noise [N-1]: each ray's direction rotated about the lidar axis before tracing. The
     * beam origin stays (rotating a 15 mm beam-origin offset by milliradians moves it by micrometres), so
     * rays of one column keep sharing their origin and are traced together.
     */
    @Component(service = RayDistortionType.class, property = RayDistortionType.ID_PROPERTY + "=ray-angle-gaussian")
    public static final class RayAngle implements RayDistortionType<AngularNoise> {
        /** The runtime's worker pool (absent outside a framework: the calling thread). */
        @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
                policyOption = ReferencePolicyOption.GREEDY)
        volatile ComputePool pool;

        @Override public String id() { return "ray-angle-gaussian"; }
        @Override public Class<AngularNoise> configType() { return AngularNoise.class; }
        @Override public AngularNoise defaultConfig() { return new AngularNoise(Axis.Z, 0, 0.001); }
        @Override public String description() { return "ray angular Gaussian noise [N-1]"; }

        @Override
        public RayDistortion create(AngularNoise c) {
            return (RayBuffer rays, CounterRandom random, long step) -> forEach(pool, rays.size(), i -> {
                double a = random.gaussian(step, rays.patternIndex[i], 0, c.mean(), c.sigma());
                rotate(c.axis(), a, rays.directions, 3 * i);
            });
        }
    }

    /** Hitpoint-based angular noise [N-2]: each point rotated about the axis through the lidar origin. */
    @Component(service = OutputNoiseType.class, property = OutputNoiseType.ID_PROPERTY + "=hitpoint-angle-gaussian")
    public static final class HitpointAngle implements OutputNoiseType<AngularNoise> {
        /** The runtime's worker pool (absent outside a framework: the calling thread). */
        @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
                policyOption = ReferencePolicyOption.GREEDY)
        volatile ComputePool pool;

        @Override public String id() { return "hitpoint-angle-gaussian"; }
        @Override public Class<AngularNoise> configType() { return AngularNoise.class; }
        @Override public AngularNoise defaultConfig() { return new AngularNoise(Axis.Z, 0, 0.001); }
        @Override public String description() { return "hitpoint angular Gaussian noise [N-2]"; }

        @Override
        public OutputNoise create(AngularNoise c) {
            return (PointBuffer p, CounterRandom random, long step) -> forEach(pool, p.count(), i -> {
                double a = random.gaussian(step, p.patternIndex[i], 1, c.mean(), c.sigma());
                double[] v = {p.xyz[3 * i], p.xyz[3 * i + 1], p.xyz[3 * i + 2]};
                rotate(c.axis(), a, v, 0);
                p.xyz[3 * i] = (float) v[0]; p.xyz[3 * i + 1] = (float) v[1]; p.xyz[3 * i + 2] = (float) v[2];
            });
        }
    }

    /** Distance noise [L-DN]: each point moved along its ray by N(μ, (σ_base + σ_slope·x)²). */
    @Component(service = OutputNoiseType.class, property = OutputNoiseType.ID_PROPERTY + "=distance-gaussian")
    public static final class Distance implements OutputNoiseType<DistanceNoise> {
        /** The runtime's worker pool (absent outside a framework: the calling thread). */
        @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
                policyOption = ReferencePolicyOption.GREEDY)
        volatile ComputePool pool;

        @Override public String id() { return "distance-gaussian"; }
        @Override public Class<DistanceNoise> configType() { return DistanceNoise.class; }
        @Override public DistanceNoise defaultConfig() { return new DistanceNoise(0, 0.01, 0.0005); }
        @Override public String description() { return "distance Gaussian noise [L-DN]"; }

        @Override
        public OutputNoise create(DistanceNoise c) {
            return (PointBuffer p, CounterRandom random, long step) -> forEach(pool, p.count(), i -> {
                double x = p.distance[i];
                if (!(x > 0)) {
                    return;
                }
                double eta = random.gaussian(step, p.patternIndex[i], 2, c.mean(), c.sigmaBase() + c.sigmaSlope() * x);
                double r = Math.sqrt(p.xyz[3 * i] * p.xyz[3 * i] + p.xyz[3 * i + 1] * p.xyz[3 * i + 1]
                        + p.xyz[3 * i + 2] * p.xyz[3 * i + 2]);
                double k = r > 0 ? (r + eta) / r : 1;
                p.xyz[3 * i] *= (float) k; p.xyz[3 * i + 1] *= (float) k; p.xyz[3 * i + 2] *= (float) k;
                p.distance[i] = (float) (x + eta);
            });
        }
    }
}
