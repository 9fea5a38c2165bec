package sensor.imu;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.imu.api.StageContext;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.RandomWalkConfig;

/**
 * Bias instability as a random walk [T-RW] (Chrono): {@code b_t = b_{t−1} + η_b},
 * {@code η_b ~ N(μ_b, (b₀·√(dt/t_b))²)} with {@code dt} the sample period; output {@code u' = u + b_t}. The
 * bias starts at zero and takes one step per sample (the first sample already carries one step).
 */
@Component(service = TriaxialStageType.class, property = TriaxialStageType.ID_PROPERTY + "=random-walk")
public class RandomWalkStageType implements TriaxialStageType<RandomWalkConfig> {
    @Override
    public String id() { return RandomWalkConfig.TYPE_ID; }

    @Override
    public Class<RandomWalkConfig> configType() { return RandomWalkConfig.class; }

    @Override
    public RandomWalkConfig defaultConfig() { return RandomWalkConfig.NONE; }

    @Override
    public String description() { return "bias random walk b_t = b_{t-1} + N(mu, (b0 sqrt(dt/tb))^2) [T-RW]"; }

    @Override
    public TriaxialStage create(RandomWalkConfig config) {
        Args.notNull("random-walk config", config);
        var m = Checks.finite("random-walk mean", config.mean());
        var b0 = Checks.nonNegative("random-walk instability", config.instability());
        var tb = Checks.positive("random-walk correlationTime", config.correlationTime());
        return new Walk(new double[] {m.x(), m.y(), m.z()}, new double[] {b0.x(), b0.y(), b0.z()},
                new double[] {tb.x(), tb.y(), tb.z()});
    }

    private static final class Walk implements TriaxialStage {
        private final double[] mean, instability, correlationTime;
        private final double[] bias = new double[3];

        Walk(double[] mean, double[] instability, double[] correlationTime) {
            this.mean = mean;
            this.instability = instability;
            this.correlationTime = correlationTime;
        }

        @Override
        public void apply(double[] u, StageContext c) {
            double dt = c.period();
            for (int i = 0; i < 3; i++) {
                double sigma = instability[i] * Math.sqrt(dt / correlationTime[i]);
                bias[i] += mean[i] + (sigma == 0 ? 0 : sigma * c.gaussian(i));
                u[i] += bias[i];
            }
        }
    }
}
