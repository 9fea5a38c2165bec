package sensor.cli.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads scenario files, JSON ({@code .json}) or YAML ({@code .yaml}, {@code .yml}), with Jackson. Unknown
 * fields, wrong types and invalid values are reported with file, line and column; the position of every
 * scenario part is remembered so later checks (unknown type ids, missing meshes) can point at it too.
 */
public final class ScenarioReader {

    /** A scenario as read, with the position of each of its parts. */
    public record Loaded(Scenario scenario, Path file, Map<Object, JsonLocation> locations) {
        /** An error located at {@code part} (a record of the scenario). */
        public ScenarioException error(Object part, String message, Throwable cause) {
            JsonLocation l = locations.get(part);
            return new ScenarioException(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(), message, cause);
        }
    }

    /** A mapper with the reader's settings, for JSON or YAML by file extension. */
    public static ObjectMapper mapper(Path file, Map<Object, JsonLocation> locations) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        var builder = name.endsWith(".yaml") || name.endsWith(".yml") ? YAMLMapper.builder(new YAMLFactory())
                : JsonMapper.builder();
        ObjectMapper m = builder.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS).build();
        if (locations != null) {
            SimpleModule module = new SimpleModule("scenario-locations");
            module.setDeserializerModifier(new BeanDeserializerModifier() {
                @Override
                public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription desc,
                        JsonDeserializer<?> deserializer) {
                    return desc.getBeanClass().getEnclosingClass() == Scenario.class || desc.getBeanClass() == Scenario.class
                            ? new Locating(deserializer, locations) : deserializer;
                }
            });
            m.registerModule(module);
        }
        return m;
    }

    /** Reads and checks the syntax and the values of a scenario file. */
    public Loaded read(Path file) throws ScenarioException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(file, 0, 0, "scenario file not found", e);
        } catch (IOException e) {
            throw new ScenarioException(file, 0, 0, "cannot read the scenario: " + e, e);
        }
        Map<Object, JsonLocation> locations = new IdentityHashMap<>();
        try {
            Scenario s = mapper(file, locations).readValue(bytes, Scenario.class);
            if (s == null) {
                throw new ScenarioException(file, 0, 0, "the scenario is empty; expected an object with 'version: 1'", null);
            }
            return new Loaded(s, file, locations);
        } catch (JsonProcessingException e) {
            JsonLocation l = e.getLocation();
            int[] at = e instanceof UnrecognizedPropertyException u ? find(bytes, u.getPropertyName()) : null;
            if (at != null) { // record properties are checked at the end of their object: point at the name instead
                var u = (UnrecognizedPropertyException) e;
                throw new ScenarioException(file, at[0], at[1], "unknown field '" + u.getPropertyName() + "'; expected one of "
                        + new java.util.TreeSet<>(u.getKnownPropertyIds().stream().map(String::valueOf).toList()), e);
            }
            String path = e instanceof JsonMappingException jm && !jm.getPath().isEmpty() ? at(jm) + ": " : "";
            Throwable cause = e.getCause() instanceof IllegalArgumentException iae ? iae : e;
            String message = cause == e ? e.getOriginalMessage() : cause.getMessage();
            throw new ScenarioException(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(),
                    path + message, e);
        } catch (IOException e) {
            throw new ScenarioException(file, 0, 0, "cannot read the scenario: " + e, e);
        }
    }

    /** Line and column (1-based) of the first {@code name:} or {@code "name":} in the text, or null. */
    private static int[] find(byte[] bytes, String name) {
        var m = java.util.regex.Pattern.compile("(\"" + java.util.regex.Pattern.quote(name) + "\"|\\b"
                + java.util.regex.Pattern.quote(name) + ")\\s*:").matcher(new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
        if (!m.find()) {
            return null;
        }
        String before = new String(bytes, java.nio.charset.StandardCharsets.UTF_8).substring(0, m.start());
        int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
        return new int[] {line, m.start() - before.lastIndexOf('\n')};
    }

    /** The JSON path of a mapping error, e.g. {@code sensors[1].frequency}. */
    private static String at(JsonMappingException e) {
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

    /** Remembers where each scenario record starts. */
    private static final class Locating extends DelegatingDeserializer {
        private static final long serialVersionUID = 1L;
        private final transient Map<Object, JsonLocation> locations;

        Locating(JsonDeserializer<?> delegate, Map<Object, JsonLocation> locations) {
            super(delegate);
            this.locations = locations;
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
            return new Locating(newDelegatee, locations);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonLocation where = p.currentTokenLocation();
            Object value = super.deserialize(p, ctxt);
            if (value != null) {
                locations.put(value, where);
            }
            return value;
        }
    }
}
