package sensor.imu;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.imu.api.StageContext;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.SpectralNoiseConfig;

/**
 * Spectral noise [T-25]: {@code u'_i = u_i + η_i}, {@code η_i ~ N(0, (N_i·√ν)²)} with {@code N_i} the noise
 * amplitude spectral density and {@code ν} the sensor's sample frequency (white noise of that density over
 * the Nyquist band; its Allan deviation at τ is {@code N_i/√τ}).
 */
@Component(service = TriaxialStageType.class, property = TriaxialStageType.ID_PROPERTY + "=spectral-noise")
public class SpectralNoiseStageType implements TriaxialStageType<SpectralNoiseConfig> {
    @Override
    public String id() { return SpectralNoiseConfig.TYPE_ID; }

    @Override
    public Class<SpectralNoiseConfig> configType() { return SpectralNoiseConfig.class; }

    @Override
    public SpectralNoiseConfig defaultConfig() { return SpectralNoiseConfig.NONE; }

    @Override
    public String description() { return "spectral noise N(0, (N sqrt(nu))^2) per axis [T-25]"; }

    @Override
    public TriaxialStage create(SpectralNoiseConfig config) {
        Args.notNull("spectral-noise config", config);
        var d = Checks.nonNegative("spectral-noise density", config.density());
        double[] density = {d.x(), d.y(), d.z()};
        return new TriaxialStage() {
            @Override
            public void apply(double[] u, StageContext c) {
                double sqrtNu = Math.sqrt(c.frequency());
                for (int i = 0; i < 3; i++) {
                    if (density[i] != 0) {
                        u[i] += density[i] * sqrtNu * c.gaussian(i);
                    }
                }
            }

            @Override
            public double[] whiteNoiseVariance(double frequency) {
                double[] v = new double[3];
                for (int i = 0; i < 3; i++) {
                    v[i] = density[i] * density[i] * frequency;
                }
                return v;
            }
        };
    }
}
