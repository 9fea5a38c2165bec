package sensor.imu;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.LinearAccelerationConfig;

/**
 * Linear acceleration effects [T-LAE] of a gyroscope: {@code u' = u + A_LAE · u_acc}, {@code u_acc} the
 * specific force [T-29] evaluated at the sub-sensor's own frame (position and orientation).
 */
@Component(service = TriaxialStageType.class, property = TriaxialStageType.ID_PROPERTY + "=linear-acceleration-effects")
public class LinearAccelerationStageType implements TriaxialStageType<LinearAccelerationConfig> {
    @Override
    public String id() { return LinearAccelerationConfig.TYPE_ID; }

    @Override
    public Class<LinearAccelerationConfig> configType() { return LinearAccelerationConfig.class; }

    @Override
    public LinearAccelerationConfig defaultConfig() { return LinearAccelerationConfig.NONE; }

    @Override
    public String description() { return "linear acceleration effects u + A_LAE · u_acc [T-LAE]"; }

    @Override
    public TriaxialStage create(LinearAccelerationConfig config) {
        Args.notNull("linear-acceleration-effects config", config);
        Mat3 a = new Mat3(Checks.finite("linear-acceleration-effects matrix", config.matrix()));
        return (u, c) -> a.multiplyAdd(c.specificForce(), u);
    }
}
