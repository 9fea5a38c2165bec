package sensor.api;

import java.util.Map;

/**
 * A plugin configuration kept as data (the fields of a scenario entry) with the reader that turns it into a
 * typed configuration. The environment reads it with whichever type serves the id when a sensor or material is
 * created, so a plugin bundle that is updated or removed and installed again gets its configuration back in
 * the classes of the bundle now present.
 *
 * @param fields the entry's fields, without {@code type}
 * @param reader the reader for {@link PluginType#readConfig}
 */
public record ConfigData(Map<String, Object> fields, ConfigReader reader) {
    /** Copies the fields. */
    public ConfigData {
        fields = Map.copyOf(fields);
        Args.notNull("reader", reader);
    }
}
