package sensor.imu;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.BiasConfig;

/** Zero bias of [T-29] (zero-g), [T-30] (zero-rate) and [T-M] (zero-flux): {@code u' = u + u_bias}. */
@Component(service = TriaxialStageType.class, property = TriaxialStageType.ID_PROPERTY + "=bias")
public class BiasStageType implements TriaxialStageType<BiasConfig> {
    @Override
    public String id() { return BiasConfig.TYPE_ID; }

    @Override
    public Class<BiasConfig> configType() { return BiasConfig.class; }

    @Override
    public BiasConfig defaultConfig() { return BiasConfig.NONE; }

    @Override
    public String description() { return "constant zero bias u + b"; }

    @Override
    public TriaxialStage create(BiasConfig config) {
        Args.notNull("bias config", config);
        var b = Checks.finite("bias", config.bias());
        double bx = b.x(), by = b.y(), bz = b.z();
        return (u, c) -> {
            u[0] += bx;
            u[1] += by;
            u[2] += bz;
        };
    }
}
