package sensor.api;

import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A discoverable plugin type: registered as an OSGi service, found by its id, configured by an
 * instance of its typed configuration class. Sensor types and material types extend it.
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface PluginType<C> {
    /** Unique id, e.g. {@code "lidar"} or {@code "lambertian"}. */
    String id();

    /** The configuration class, used to read configurations from scenario files. */
    Class<C> configType();

    /** A configuration with every parameter at its documented default. */
    C defaultConfig();

    /** One line saying what this type is. */
    default String description() {
        return id();
    }

    /**
     * Reads a configuration from scenario data (the fields of the plugin's entry, without {@code type}).
     * Default: {@link #defaultConfig()} with the fields laid over it by name. Types whose configuration is
     * not a plain bean (fluent builders, sealed hierarchies, nested plugins) override it.
     *
     * @throws IllegalArgumentException naming the field and the allowed values
     */
    default C readConfig(Map<String, Object> fields, ConfigReader reader) {
        return reader.overlay(defaultConfig(), fields, configType());
    }

    /**
     * The configuration to create from, whatever form it was given in: {@link ConfigData} is read with
     * {@link #readConfig}, anything else as {@link #configOrDefault}.
     */
    default C configFrom(Object config) {
        return config instanceof ConfigData d ? readConfig(d.fields(), d.reader()) : configOrDefault(config);
    }

    /**
     * The configuration to create from: {@code null} means {@link #defaultConfig()}; an object of another
     * class than {@link #configType()} is rejected with a message naming both classes.
     */
    default C configOrDefault(Object config) {
        if (config == null) {
            return defaultConfig();
        }
        if (!configType().isInstance(config)) {
            throw new IllegalArgumentException("config for type '" + id() + "' must be a " + configType().getName()
                    + ", got " + config.getClass().getName());
        }
        return configType().cast(config);
    }
}
