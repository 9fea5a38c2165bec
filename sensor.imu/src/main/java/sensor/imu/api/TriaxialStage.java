package sensor.imu.api;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * One stage of a triaxial signal chain: modifies the three-axis signal {@code u} (sensor frame, SI units) in
 * place. A stage instance belongs to one sub-sensor of one sensor and sees its samples in time order.
 */
@ConsumerType
@FunctionalInterface
public interface TriaxialStage {
    /** Modifies {@code u} (length 3: x, y, z) for the sample described by {@code context}. */
    void apply(double[] u, StageContext context);
}
