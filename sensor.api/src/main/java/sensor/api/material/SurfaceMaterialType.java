package sensor.api.material;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * A surface material type registered as a service; scenes refer to it by id.
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface SurfaceMaterialType<C> extends PluginType<C> {
    /** The service property carrying the type id, for target filters: {@code (material.type=<id>)}. */
    String ID_PROPERTY = "material.type";

    /** Creates a material; rejects an invalid configuration naming the parameter and its range. */
    SurfaceMaterial create(C config);
}
