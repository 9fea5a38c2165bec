package sensor.api.material;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * An ambient material type registered as a service; scenes refer to it by id.
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface AmbientMaterialType<C> extends PluginType<C> {
    /** The service property carrying the type id, for target filters: {@code (ambient.type=<id>)}. */
    String ID_PROPERTY = "ambient.type";

    /** Creates an ambient material; rejects an invalid configuration naming the parameter and its range. */
    AmbientMaterial create(C config);
}
