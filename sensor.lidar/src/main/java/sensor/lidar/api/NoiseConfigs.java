package sensor.lidar.api;

import sensor.api.Args;

/** Configurations of the built-in lidar noise stages. */
public final class NoiseConfigs {
    private NoiseConfigs() {}

    /** A lidar-frame axis to rotate about. */
    public enum Axis { X, Y, Z }

    /**
     * Gaussian angle {@code ~ N(mean, sigma²)} (rad) about a lidar axis: ray angular noise [N-1] (stage
     * {@code ray-angle-gaussian}) and hitpoint angular noise [N-2] (stage {@code hitpoint-angle-gaussian}).
     */
    public record AngularNoise(Axis axis, double mean, double sigma) {
        public AngularNoise {
            Args.notNull("axis", axis);
            Args.inRange("mean", mean, -Math.PI, Math.PI);
            Args.inRange("sigma", sigma, 0, Math.PI);
        }
    }

    /**
     * Distance noise [L-DN] (stage {@code distance-gaussian}): move each point along its ray by
     * {@code ~ N(mean, σ(x)²)} with {@code σ(x) = sigmaBase + sigmaSlope·x}, m.
     */
    public record DistanceNoise(double mean, double sigmaBase, double sigmaSlope) {
        public DistanceNoise {
            Args.inRange("mean", mean, -10, 10);
            Args.inRange("sigmaBase", sigmaBase, 0, 10);
            Args.inRange("sigmaSlope", sigmaSlope, 0, 1);
        }
    }
}
