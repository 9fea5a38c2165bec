package ${package};

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.lidar.OutputNoise;
import sensor.api.lidar.OutputNoiseType;

/**
 * The output-noise type {@value #ID}: multiplies each point's intensity by {@code 1 + N(0, sigma^2)}, clamped
 * at zero. A lidar uses it with {@code noise: [{type: ${artifactId}-noise, sigma: 0.05}]}.
 *
 * <p>The rule every noise stage keeps: draw numbers from the given counter-based generator keyed by the step
 * and the point's pattern index, never from shared state, so the output is the same for a seed whatever the
 * thread count (the conformance test checks it).
 */
@Component(service = OutputNoiseType.class, property = OutputNoiseType.ID_PROPERTY + "=" + IntensityNoiseType.ID)
public class IntensityNoiseType implements OutputNoiseType<IntensityNoiseType.Config> {
    /** The type id a lidar configuration names. */
    public static final String ID = "${artifactId}-noise";

    /**
     * Configuration of the stage.
     *
     * @param sigma relative standard deviation of the intensity, >= 0
     */
    public record Config(double sigma) {}

    @Override
    public String id() { return ID; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config(0.05); }

    @Override
    public String description() { return "relative Gaussian intensity noise"; }

    @Override
    public OutputNoise create(Config c) {
        double sigma = Args.nonNegative("sigma", c.sigma());
        return (points, random, step) -> {
            for (int i = 0; i < points.count(); i++) {
                double factor = 1 + random.gaussian(step, points.patternIndex[i], 7, 0, sigma);
                points.intensity[i] = (float) Math.max(0, points.intensity[i] * factor);
            }
        };
    }
}
