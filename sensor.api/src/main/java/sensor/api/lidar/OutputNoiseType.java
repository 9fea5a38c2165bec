package sensor.api.lidar;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * A discoverable output-stage noise type (e.g. distance noise [L-DN], hitpoint angular noise [N-2]);
 * lidar configurations refer to it by id.
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface OutputNoiseType<C> extends PluginType<C> {
    /** The service property carrying the type id, for target filters: {@code (noise.type=<id>)}. */
    String ID_PROPERTY = "noise.type";

    /** Creates a stage; rejects an invalid configuration naming the parameter and its range. */
    OutputNoise create(C config);
}
