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
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
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
    public record Loaded(Scenario scenario, Path file, Map<Object, JsonLocation> locations, boolean aliasesExpanded,
            byte[] text) {
        /** An error located at the first {@code key:} of the text (entries of maps, which have no record). */
        public ScenarioException errorAtKey(String key, String message, Throwable cause) {
            int[] at = find(text, key);
            return new ScenarioException(file, at == null ? 0 : at[0], at == null ? 0 : at[1], message + note(aliasesExpanded),
                    cause);
        }

        /** An error located at {@code part} (a record of the scenario). */
        public ScenarioException error(Object part, String message, Throwable cause) {
            JsonLocation l = locations.get(part);
            return new ScenarioException(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(),
                    message + note(aliasesExpanded), cause);
        }
    }

    private static String note(boolean aliasesExpanded) {
        return aliasesExpanded ? " (the line refers to the scenario with its YAML aliases expanded)" : "";
    }

    /** A mapper with the reader's settings, for JSON or YAML by file extension. */
    public static ObjectMapper mapper(Path file, Map<Object, JsonLocation> locations) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        var builder = isYaml(file) ? YAMLMapper.builder(YAMLFactory.builder().loaderOptions(loaderOptions()).build())
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

    /** Largest scenario file read, bytes (meshes belong in the .obj/.gltf/.glb files a scenario names). */
    public static final long MAX_BYTES = 64L << 20;

    private static boolean isYaml(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }

    private static org.yaml.snakeyaml.LoaderOptions loaderOptions() {
        org.yaml.snakeyaml.LoaderOptions o = new org.yaml.snakeyaml.LoaderOptions();
        o.setCodePointLimit((int) MAX_BYTES);
        return o;
    }

    /**
     * YAML with anchors and aliases (or merge keys {@code <<}) has them expanded first, by SnakeYAML: line numbers of
     * later errors then refer to the expanded text, which the message says. Other documents are read as they are.
     */
    private static byte[] expandAliases(byte[] bytes) {
        String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        org.yaml.snakeyaml.Yaml yaml = new org.yaml.snakeyaml.Yaml(loaderOptions());
        boolean aliases = false;
        for (org.yaml.snakeyaml.events.Event e : yaml.parse(new java.io.StringReader(text))) {
            if (e instanceof org.yaml.snakeyaml.events.AliasEvent) {
                aliases = true;
                break;
            }
        }
        if (!aliases) {
            return bytes;
        }
        org.yaml.snakeyaml.DumperOptions d = new org.yaml.snakeyaml.DumperOptions();
        d.setDereferenceAliases(true);
        d.setDefaultFlowStyle(org.yaml.snakeyaml.DumperOptions.FlowStyle.BLOCK);
        Object doc = new org.yaml.snakeyaml.Yaml(loaderOptions()).load(text);
        return new org.yaml.snakeyaml.Yaml(d).dump(doc).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Reads and checks the syntax and the values of a scenario file. */
    public Loaded read(Path file) throws ScenarioException {
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new ScenarioException(file, 0, 0, "the scenario file is " + (size >> 20) + " MiB; the limit is "
                        + (MAX_BYTES >> 20) + " MiB (put meshes in .obj, .gltf or .glb files the scenario names)", null);
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(file, 0, 0, "scenario file not found", e);
        } catch (IOException e) {
            throw new ScenarioException(file, 0, 0, "cannot read the scenario: " + e, e);
        }
        return read(file, bytes);
    }

    /**
     * Reads and checks a scenario given as text ({@code bytes}, JSON or YAML by the extension of {@code file});
     * {@code file} names it in messages and is where its relative paths (meshes) start.
     */
    public Loaded read(Path file, byte[] bytes) throws ScenarioException {
        boolean expanded = false;
        if (isYaml(file)) {
            try {
                byte[] e = expandAliases(bytes);
                expanded = e != bytes;
                bytes = e;
            } catch (org.yaml.snakeyaml.error.YAMLException e) {
                // not valid YAML: the reader below reports where
            }
        }
        Map<Object, JsonLocation> locations = new IdentityHashMap<>();
        try {
            Scenario s = mapper(file, locations).readValue(bytes, Scenario.class);
            if (s == null) {
                throw new ScenarioException(file, 0, 0, "the scenario is empty; expected an object with 'version: 1'", null);
            }
            return new Loaded(s, file, locations, expanded, bytes);
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
            String message = cause == e ? e instanceof MismatchedInputException m && m.getTargetType() != null
                    ? "must be " + kind(m.getTargetType()) + (m instanceof InvalidFormatException f ? ", got '" + f.getValue() + "'" : "")
                    : oneLine(e.getOriginalMessage()) : cause.getMessage();
            int[] field = cause == e ? null : find(bytes, message.split("[ .:\\[]", 2)[0]);
            if (field != null && path.isEmpty()) { // a check of the whole scenario names its field: point at it
                throw new ScenarioException(file, field[0], field[1], message + note(expanded), e);
            }
            throw new ScenarioException(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(),
                    path + message + note(expanded), e);
        } catch (IOException e) {
            throw new ScenarioException(file, 0, 0, "cannot read the scenario: " + e, e);
        }
    }

    /** What a value of a field's Java type is called in a message. */
    private static String kind(Class<?> type) {
        if (type == Double.class || type == double.class || type == Float.class || type == float.class) {
            return "a number";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "text";
        }
        return java.util.Collection.class.isAssignableFrom(type) || type.isArray() ? "a list" : "an object with fields";
    }

    /** A parser's message on one line: its source excerpts and caret lines dropped (the location is given apart). */
    private static String oneLine(String message) {
        StringBuilder b = new StringBuilder();
        for (String line : String.valueOf(message).split("\n")) {
            if (line.isBlank() || line.startsWith(" ") || line.startsWith("\t")) {
                continue;
            }
            b.append(b.length() == 0 ? "" : "; ").append(line.strip());
        }
        return b.toString().replaceAll("\\s*\\(?through reference chain[^)]*\\)?", "");
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
    static String at(JsonMappingException e) {
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
