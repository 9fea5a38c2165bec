package sensor.imu;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.RangeConfig;

/**
 * Detectable range clamp of [T-29], [T-30] and [T-M]: {@code u' = max(u_lower, min(u, u_upper))} per axis.
 */
@Component(service = TriaxialStageType.class, property = TriaxialStageType.ID_PROPERTY + "=range")
public class RangeStageType implements TriaxialStageType<RangeConfig> {
    @Override
    public String id() { return RangeConfig.TYPE_ID; }

    @Override
    public Class<RangeConfig> configType() { return RangeConfig.class; }

    @Override
    public RangeConfig defaultConfig() { return RangeConfig.UNLIMITED; }

    @Override
    public String description() { return "range clamp max(lower, min(u, upper)) per axis"; }

    @Override
    public TriaxialStage create(RangeConfig config) {
        Args.notNull("range config", config);
        double[] lo = axes("range lower", config.lower());
        double[] hi = axes("range upper", config.upper());
        String[] n = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            if (lo[i] == Double.POSITIVE_INFINITY || hi[i] == Double.NEGATIVE_INFINITY || lo[i] > hi[i]) {
                throw new IllegalArgumentException("range lower." + n[i] + " must be <= range upper." + n[i]
                        + " (lower < +Infinity, upper > -Infinity), got lower " + lo[i] + ", upper " + hi[i]);
            }
        }
        return (u, c) -> {
            for (int i = 0; i < 3; i++) {
                u[i] = Math.max(lo[i], Math.min(u[i], hi[i]));
            }
        };
    }

    private static double[] axes(String name, sensor.api.geom.Vec3 v) {
        Args.notNull(name, v);
        double[] a = {v.x(), v.y(), v.z()};
        String[] n = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            if (Double.isNaN(a[i])) {
                throw new IllegalArgumentException(name + "." + n[i] + " must be a number in [-Infinity, +Infinity], got NaN");
            }
        }
        return a;
    }
}
