package sensor.imu;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.imu.api.StageContext;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.NoiseConfig;

/** Total noise [T-23]: {@code u'_i = u_i + η_i}, {@code η_i ~ N(0, σ_i²)}. */
@Component(service = TriaxialStageType.class, property = TriaxialStageType.ID_PROPERTY + "=noise")
public class NoiseStageType implements TriaxialStageType<NoiseConfig> {
    @Override
    public String id() { return NoiseConfig.TYPE_ID; }

    @Override
    public Class<NoiseConfig> configType() { return NoiseConfig.class; }

    @Override
    public NoiseConfig defaultConfig() { return NoiseConfig.NONE; }

    @Override
    public String description() { return "total noise N(0, sigma^2) per axis [T-23]"; }

    @Override
    public TriaxialStage create(NoiseConfig config) {
        Args.notNull("noise config", config);
        var s = Checks.nonNegative("noise sigma", config.sigma());
        double[] sigma = {s.x(), s.y(), s.z()};
        return new TriaxialStage() {
            @Override
            public void apply(double[] u, StageContext c) {
                for (int i = 0; i < 3; i++) {
                    if (sigma[i] != 0) {
                        u[i] += sigma[i] * c.gaussian(i);
                    }
                }
            }

            @Override
            public double[] whiteNoiseVariance(double frequency) {
                return new double[] {sigma[0] * sigma[0], sigma[1] * sigma[1], sigma[2] * sigma[2]};
            }
        };
    }
}
