package sensor.imu.api;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * A discoverable triaxial stage type: register an implementation as an OSGi service and IMU sub-sensors can
 * name it (by {@link #id()}) in their stage chain. The built-in types are {@code range}, {@code bias},
 * {@code cross-axis}, {@code noise}, {@code spectral-noise}, {@code random-walk} and
 * {@code linear-acceleration-effects}.
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface TriaxialStageType<C> extends PluginType<C> {
    /** The service property carrying the type id, for target filters: {@code (stage.type=<id>)}. */
    String ID_PROPERTY = "stage.type";

    /**
     * Creates one stage instance for one sub-sensor (stages may keep state, e.g. a random-walk bias).
     *
     * @throws IllegalArgumentException naming the parameter and its allowed range when the configuration is
     *                                  invalid
     */
    TriaxialStage create(C config);
}
