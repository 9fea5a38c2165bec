package sensor.api;

import java.nio.file.Path;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.geom.Pose;

/**
 * Reads configuration data into typed configurations. Data is what a JSON or YAML document holds, as plain
 * Java values: {@code Map<String, Object>} objects, {@code List} arrays, strings, numbers, booleans and
 * {@code null}. The runtime's catalogue makes one ({@link PluginCatalog#reader}); a {@link PluginType} uses it in
 * {@link PluginType#readConfig} to read its own configuration, including nested plugins (a lidar's noise
 * stages or ray pattern). Every method throws {@link IllegalArgumentException} naming the field and what
 * was expected.
 */
@ProviderType
public interface ConfigReader {
    /**
     * {@code defaults} with {@code fields} laid over it by name (bean setters, or fields, of {@code type});
     * an unknown field is rejected with the list of known ones.
     */
    <T> T overlay(T defaults, Map<String, Object> fields, Class<T> type);

    /** Reads {@code data} as a value of {@code type} (a record, a bean, an enum, a number...). */
    <T> T convert(Object data, Class<T> type);

    /** A file named in the data: a relative path is taken from the folder of the scenario file. */
    Path path(String name);

    /** A pose from {@code {position: [x, y, z], rotation: [w, x, y, z] | rpy: [r, p, y] (degrees)}}. */
    Pose pose(Object data);

    /**
     * A nested plugin: {@code data} is an object with {@code type: <id>} and the plugin's fields; the type is
     * the best-ranked service of interface {@code kind} with that id, and its configuration is read by its
     * own {@link PluginType#readConfig}. An unknown id is rejected with the ids of that kind present.
     */
    <K extends PluginType<?>> Plugin<K> plugin(Object data, Class<K> kind);

    /**
     * A plugin type with a configuration it read.
     *
     * @param type   the plugin type
     * @param config the configuration, an instance of the type's {@link PluginType#configType()}
     * @param <K>    the kind of plugin
     */
    record Plugin<K extends PluginType<?>>(K type, Object config) {}
}
