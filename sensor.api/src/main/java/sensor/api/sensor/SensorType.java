package sensor.api.sensor;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * A sensor type, registered as a service and found by id. When its bundle stops, the environment
 * detaches the sensors it created; when a type with that id returns, they are created again.
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface SensorType<C> extends PluginType<C> {
    /** The service property carrying the type id, for target filters: {@code (sensor.type=<id>)}. */
    String ID_PROPERTY = "sensor.type";

    /**
     * Creates a sensor from a validated configuration.
     *
     * @throws IllegalArgumentException naming the parameter and its allowed range when the configuration is
     *                                  invalid
     */
    Sensor create(C config);
}
