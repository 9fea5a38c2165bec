package sensor.cli.scenario;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;

import sensor.api.ConfigReader;
import sensor.api.PluginCatalog;
import sensor.api.PluginType;
import sensor.api.geom.Pose;

/**
 * {@link ConfigReader} over Jackson with the scenario reader's settings (unknown fields rejected,
 * case-insensitive enums). Nested plugins are found in the {@link PluginCatalog}.
 */
public final class ScenarioConfigReader implements ConfigReader {
    private final ObjectMapper mapper;
    /** Writes a configuration as data: its settable properties only (not {@code isFinite()}-style queries). */
    private final ObjectMapper asData;
    private final PluginCatalog catalog;
    private final Path baseDir;

    /** A reader with the scenario's mapper; relative paths are taken from {@code baseDir}. */
    public ScenarioConfigReader(ObjectMapper mapper, PluginCatalog catalog, Path baseDir) {
        this.mapper = mapper;
        this.asData = mapper.copy().setVisibility(com.fasterxml.jackson.annotation.PropertyAccessor.IS_GETTER,
                com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility.NONE);
        this.catalog = catalog;
        this.baseDir = baseDir;
    }

    @Override
    public Path path(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a file name is required");
        }
        return baseDir.resolve(name).normalize();
    }

    @Override
    public <T> T overlay(T defaults, Map<String, Object> fields, Class<T> type) {
        ObjectNode base = defaults == null ? mapper.createObjectNode() : asData.valueToTree(defaults);
        if (fields != null) {
            fields.forEach((k, v) -> base.set(k, mapper.valueToTree(v)));
        }
        return read(base, type);
    }

    @Override
    public <T> T convert(Object data, Class<T> type) {
        return read(data instanceof JsonNode n ? n : mapper.valueToTree(data), type);
    }

    @Override
    public Pose pose(Object data) {
        return data == null ? Pose.IDENTITY : ScenarioBuilder.pose(convert(data, Scenario.PoseSpec.class));
    }

    @Override
    public <K extends PluginType<?>> Plugin<K> plugin(Object data, Class<K> kind) {
        Map<String, Object> fields = fields(data);
        Object id = fields.remove("type");
        String kindName = PluginCatalog.kindName(kind.getName());
        if (!(id instanceof String s)) {
            throw new IllegalArgumentException(kindName + ": 'type' must name one of " + catalog.ids(kind));
        }
        K type = catalog.find(kind, s);
        if (type == null) {
            throw new IllegalArgumentException(kindName + " type '" + s + "' is unknown; known " + kindName + " types: "
                    + catalog.ids(kind));
        }
        return new Plugin<>(type, type.readConfig(fields, this));
    }

    /** The fields of an object node or map, as a mutable map. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> fields(Object data) {
        if (data == null) {
            return new java.util.LinkedHashMap<>();
        }
        if (data instanceof Map<?, ?> m) {
            return new java.util.LinkedHashMap<>((Map<String, Object>) m);
        }
        JsonNode node = data instanceof JsonNode n ? n : mapper.valueToTree(data);
        if (!node.isObject()) {
            throw new IllegalArgumentException("expected an object with fields, got " + node.getNodeType().toString().toLowerCase());
        }
        return mapper.convertValue(node, java.util.LinkedHashMap.class);
    }

    private <T> T read(JsonNode node, Class<T> type) {
        try {
            return mapper.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(describe(e), e);
        }
    }

    /** A mapping error in a user's words: the field path and what was expected, no class names. */
    static String describe(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown field '" + u.getPropertyName() + "'; expected one of "
                    + new TreeSet<>(u.getKnownPropertyIds().stream().map(String::valueOf).toList());
        }
        Throwable cause = e.getCause();
        while (cause != null && !(cause instanceof IllegalArgumentException)) {
            cause = cause.getCause();
        }
        String path = e instanceof JsonMappingException jm ? ScenarioReader.at(jm) : "";
        String message = cause != null ? cause.getMessage() : e.getOriginalMessage().replaceAll("`[\\w.$]+`", "value")
                .replaceAll("\\(class [^)]*\\)", "").replaceAll("\\s+", " ").trim();
        return path.isEmpty() ? message : path + ": " + message;
    }
}
