package sensor.api.lidar;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * A discoverable ray distortion stage type (e.g. ray angular noise [N-1]); lidar configurations refer to
 * it by id.
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface RayDistortionType<C> extends PluginType<C> {
    /** The service property carrying the type id, for target filters: {@code (distortion.type=<id>)}. */
    String ID_PROPERTY = "distortion.type";

    /** Creates a stage; rejects an invalid configuration naming the parameter and its range. */
    RayDistortion create(C config);
}
