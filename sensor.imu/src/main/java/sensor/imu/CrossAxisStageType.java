package sensor.imu;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.CrossAxisConfig;

/** Cross-axis sensitivity [T-22]: {@code u' = A_cross · u}, {@code A_cross} finite and non-singular. */
@Component(service = TriaxialStageType.class, property = TriaxialStageType.ID_PROPERTY + "=cross-axis")
public class CrossAxisStageType implements TriaxialStageType<CrossAxisConfig> {
    @Override
    public String id() { return CrossAxisConfig.TYPE_ID; }

    @Override
    public Class<CrossAxisConfig> configType() { return CrossAxisConfig.class; }

    @Override
    public CrossAxisConfig defaultConfig() { return CrossAxisConfig.NONE; }

    @Override
    public String description() { return "cross-axis sensitivity A_cross · u [T-22]"; }

    @Override
    public TriaxialStage create(CrossAxisConfig config) {
        Args.notNull("cross-axis config", config);
        Mat3 a = new Mat3(Checks.invertible("cross-axis matrix", config.matrix()));
        return (u, c) -> a.multiply(u, u);
    }
}
