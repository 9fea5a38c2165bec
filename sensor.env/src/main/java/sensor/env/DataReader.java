package sensor.env;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import sensor.api.ConfigReader;
import sensor.api.PluginCatalog;
import sensor.api.PluginType;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;

/**
 * The {@link ConfigReader} of the runtime: reads configuration data (maps, lists, strings, numbers) into a type's
 * configuration class with the scenario's rules (an unknown field is rejected naming the known ones, enums ignore
 * case, a missing primitive is an error), finds nested plugins in a {@link PluginCatalog}, and says what is wrong in a
 * user's words: the field path and what was expected, no class names. Made by {@link PluginCatalog#reader}, so reading
 * lives beside the catalogue of the types that are read, not in the command line that parsed the file.
 */
final class DataReader implements ConfigReader {
    /** The scenario rules; thread-safe once configured. */
    private static final ObjectMapper MAPPER = JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS).build();
    /** Writes a configuration as data: its settable properties only (not {@code isFinite()}-style queries). */
    private static final ObjectMapper AS_DATA = MAPPER.copy().setVisibility(PropertyAccessor.IS_GETTER,
            JsonAutoDetect.Visibility.NONE);

    private final PluginCatalog catalog;
    private final Path baseDir;

    /** A reader whose nested plugins come from {@code catalog}; relative paths are taken from {@code baseDir}. */
    DataReader(PluginCatalog catalog, Path baseDir) {
        this.catalog = catalog;
        this.baseDir = baseDir.toAbsolutePath();
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
        ObjectNode base = defaults == null ? MAPPER.createObjectNode() : AS_DATA.valueToTree(defaults);
        if (fields != null) {
            fields.forEach((k, v) -> base.set(k, MAPPER.valueToTree(v)));
        }
        return read(base, type);
    }

    @Override
    public <T> T convert(Object data, Class<T> type) {
        return read(data instanceof JsonNode n ? n : MAPPER.valueToTree(data), type);
    }

    @Override
    public Pose pose(Object data) {
        if (data == null) {
            return Pose.IDENTITY;
        }
        PoseData p = convert(data, PoseData.class);
        Vec3 position = p.position() == null ? Vec3.ZERO : new Vec3(p.position().get(0), p.position().get(1), p.position().get(2));
        Quat q = p.rpy() == null ? Quat.IDENTITY : Quat.rollPitchYaw(Math.toRadians(p.rpy().get(0)),
                Math.toRadians(p.rpy().get(1)), Math.toRadians(p.rpy().get(2)));
        return new Pose(position, q);
    }

    /** A pose as data: position [x, y, z] in m and roll, pitch, yaw in degrees. */
    private record PoseData(List<Double> position, List<Double> rpy) {
        PoseData {
            if (position != null && (position.size() != 3 || position.contains(null))) {
                throw new IllegalArgumentException("position must be [x, y, z] in m, got " + position);
            }
            if (rpy != null && (rpy.size() != 3 || rpy.contains(null))) {
                throw new IllegalArgumentException("rpy must be [roll, pitch, yaw] in degrees, got " + rpy);
            }
        }
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

    /** The fields of an object given as a map or a tree, as a mutable map. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> fields(Object data) {
        if (data == null) {
            return new LinkedHashMap<>();
        }
        if (data instanceof Map<?, ?> m) {
            return new LinkedHashMap<>((Map<String, Object>) m);
        }
        JsonNode node = data instanceof JsonNode n ? n : MAPPER.valueToTree(data);
        if (!node.isObject()) {
            throw new IllegalArgumentException("expected an object with fields, got " + node.getNodeType().toString().toLowerCase());
        }
        return MAPPER.convertValue(node, LinkedHashMap.class);
    }

    private static <T> T read(JsonNode node, Class<T> type) {
        try {
            return MAPPER.treeToValue(node, type);
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
        String path = e instanceof JsonMappingException jm ? path(jm) : "";
        String message = cause != null ? cause.getMessage() : e.getOriginalMessage().replaceAll("`[\\w.$]+`", "value")
                .replaceAll("\\(class [^)]*\\)", "").replaceAll("\\s+", " ").trim();
        if (cause == null && e instanceof com.fasterxml.jackson.databind.exc.InvalidFormatException f
                && f.getTargetType() != null && f.getTargetType().isEnum()) { // a choice: name the allowed values
            message = "must be one of " + java.util.Arrays.stream(f.getTargetType().getEnumConstants())
                    .map(c -> ((Enum<?>) c).name().toLowerCase(java.util.Locale.ROOT)).toList() + ", got '" + f.getValue()
                    + "'";
        }
        return path.isEmpty() ? message : path + ": " + message;
    }

    /** Where in the data a mapping error is: {@code a.b[2].c}. */
    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                b.append(b.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }
}
