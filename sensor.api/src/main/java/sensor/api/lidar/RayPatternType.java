package sensor.api.lidar;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * A discoverable ray-pattern generator type ([L-P] step 1): a lidar configuration names it with
 * {@code pattern: {type: <id>, ...}}. Registered as a service; the lidar creates one generator per sensor.
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface RayPatternType<C> extends PluginType<C> {
    /** The service property carrying the type id, for target filters: {@code (pattern.type=<id>)}. */
    String ID_PROPERTY = "pattern.type";

    /** Creates a generator; rejects an invalid configuration naming the parameter and its range. */
    RayPatternGenerator create(C config);
}
