package sensor.scenario;

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
import com.fasterxml.jackson.databind.JsonNode;
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
 * Reads scenario files, JSON or YAML, with Jackson. The format comes from the content (a text that starts with
 * '{' or '[' is JSON unless the name ends in .yaml or .yml; any other text is YAML), the extension only a hint.
 * Unknown fields, wrong types and invalid values are reported with file, line and column of the field itself
 * (from the parser's tokens), list items named by their id; the position of every scenario part is remembered so
 * later checks (unknown type ids, missing meshes) can point at the field they are about.
 */
public final class ScenarioReader {

    /** A scenario as read, with the position of each of its parts. */
    /** Angle fields in degrees where a value below 5° is implausible: fields of view, cone openings, steering limits. */
    static final java.util.Set<String> DEGREE_FIELDS = java.util.Set.of("horizontalFov", "verticalFov", "horizontalAngle",
            "verticalAngle", "maxSteer");

    public record Loaded(Scenario scenario, Path file, Map<Object, JsonLocation> locations, boolean aliasesExpanded,
            byte[] text, boolean yaml, Positions positions) {
        /** An error located at the first {@code key:} of the text (entries of maps, which have no record). */
        public ScenarioException errorAtKey(String key, String message, Throwable cause) {
            JsonLocation l = positions.field("", key);
            int[] at = l != null ? new int[] {l.getLineNr(), l.getColumnNr()} : find(text, key);
            return new ScenarioException(file, at == null ? 0 : at[0], at == null ? 0 : at[1], message + note(aliasesExpanded),
                    cause);
        }

        /**
         * One line per angle in degrees below 5° in a field where so small a value is implausible (a field of view, a
         * cone's opening, a steering limit): most likely radians given as degrees. The scenario stays valid.
         */
        public java.util.List<String> warnings() {
            java.util.List<String> lines = new java.util.ArrayList<>();
            for (String[] f : positions.scalarsNamed(DEGREE_FIELDS)) {
                double v;
                try {
                    v = Double.parseDouble(f[1]);
                } catch (NumberFormatException e) {
                    continue; // not a number: the reader refuses it
                }
                if (v > 0 && v < 5) {
                    JsonLocation l = positions.at(f[0]);
                    String field = f[0].substring(f[0].lastIndexOf('/') + 1);
                    lines.add(String.format(java.util.Locale.ROOT, "%s:%d:%d: warning: %s%s is %s°, in degrees; a value"
                            + " this small looks like radians (%s rad would be %.1f°)", file, l == null ? 0 : l.getLineNr(),
                            l == null ? 0 : l.getColumnNr(), where(positions, f[0].replaceFirst("/[^/]*$", "")), field,
                            f[1], f[1], Math.toDegrees(v)));
                }
            }
            return lines;
        }

        /**
         * An error about {@code part} (a record of the scenario), located at the field the message is about when the
         * part has it (the message's first word after its {@code "sensors 'id': "} prefix, e.g. {@code frequency} or
         * {@code config.model}), else at the part.
         */
        public ScenarioException error(Object part, String message, Throwable cause) {
            JsonLocation l = locations.get(part);
            String pointer = positions.pointerOf(l);
            JsonLocation field = pointer == null ? null : positions.field(pointer, subject(message), quoted(message));
            if (field != null) {
                l = field;
            }
            return new ScenarioException(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(),
                    message + note(aliasesExpanded), cause);
        }
    }

    /** The first quoted value of a message after its subject ({@code 'xyz'} in {@code formats: 'xyz' is unknown}). */
    static String quoted(String message) {
        var q = java.util.regex.Pattern.compile("^(?:\\w+ '[^']*': )?[^']*'([^']*)'").matcher(message);
        return q.find() ? q.group(1) : null;
    }

    /** The field a message is about: its first dotted word after a {@code "sensors 'id': "} prefix, or null. */
    static String subject(String message) {
        String m = message.replaceFirst("^\\w+ '[^']*': ", "").replaceFirst("^'([^']*)'", "$1");
        var w = java.util.regex.Pattern.compile("^([A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*)").matcher(m);
        return w.find() ? w.group(1) : null;
    }

    private static String note(boolean aliasesExpanded) {
        return aliasesExpanded ? " (the line refers to the scenario with its YAML aliases expanded)" : "";
    }

    /** A mapper with the reader's settings, for JSON or YAML by file extension. */
    public static ObjectMapper mapper(Path file, Map<Object, JsonLocation> locations) {
        return mapper(isYaml(file), locations);
    }

    /** A mapper with the reader's settings, for YAML or JSON. */
    public static ObjectMapper mapper(boolean yaml, Map<Object, JsonLocation> locations) {
        var builder = yaml ? YAMLMapper.builder(YAMLFactory.builder().loaderOptions(loaderOptions()).build())
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

    /** The fields of a scenario entry's object (empty when absent), as plain data for a type to read. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> fields(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return new java.util.LinkedHashMap<>();
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException("expected an object with fields, got " + node.getNodeType().toString().toLowerCase());
        }
        return DATA.convertValue(node, java.util.LinkedHashMap.class);
    }

    private static final ObjectMapper DATA = new ObjectMapper();

    /** Largest scenario file read, bytes (meshes belong in the .obj/.gltf/.glb files a scenario names). */
    public static final long MAX_BYTES = 64L << 20;

    private static boolean isYaml(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }

    /**
     * Whether a scenario text is read as YAML: a text whose first character (after white space and a byte-order mark)
     * is '{' or '[' is JSON unless the file name says YAML (JSON is YAML too, so that reads it alike); any other
     * text is YAML, whatever the name says.
     */
    public static boolean isYaml(Path file, byte[] bytes) {
        int i = bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf ? 3 : 0;
        while (i < bytes.length && Character.isWhitespace(bytes[i])) {
            i++;
        }
        boolean jsonStart = i < bytes.length && (bytes[i] == '{' || bytes[i] == '[');
        return !jsonStart || isYaml(file);
    }

    /** A note for errors in a file whose content overrode its extension. */
    private static String formatNote(Path file, boolean yaml) {
        return yaml && !isYaml(file) ? " (read as YAML: the text does not start with '{')" : "";
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
        boolean yaml = isYaml(file, bytes);
        String formatNote = formatNote(file, yaml);
        if (yaml) {
            try {
                byte[] e = expandAliases(bytes);
                expanded = e != bytes;
                bytes = e;
            } catch (org.yaml.snakeyaml.error.YAMLException e) {
                // not valid YAML: the reader below reports where
            }
        }
        Map<Object, JsonLocation> locations = new IdentityHashMap<>();
        ObjectMapper mapper = mapper(yaml, locations);
        Positions positions = Positions.of(mapper.getFactory(), bytes);
        String notes = note(expanded) + formatNote;
        try {
            Scenario s = mapper.readValue(bytes, Scenario.class);
            if (s == null) {
                throw new ScenarioException(file, 0, 0, "the scenario is empty; expected an object with 'version: 1'" + notes,
                        null);
            }
            return new Loaded(s, file, locations, expanded, bytes, yaml, positions);
        } catch (JsonProcessingException e) {
            JsonLocation l = e.getLocation();
            String pointer = e instanceof JsonMappingException jm ? pointer(jm) : "";
            if (e instanceof UnrecognizedPropertyException u) { // records check their fields at the end: point at the name
                JsonLocation name = positions.at(pointer) != null ? positions.at(pointer) : l;
                throw new ScenarioException(file, name == null ? 0 : name.getLineNr(), name == null ? 0 : name.getColumnNr(),
                        where(positions, pointer.replaceFirst("/[^/]*$", "")) + "unknown field '" + u.getPropertyName()
                        + "'; expected one of " + new java.util.TreeSet<>(u.getKnownPropertyIds().stream().map(String::valueOf)
                        .toList()) + notes, e);
            }
            Throwable cause = e.getCause() instanceof IllegalArgumentException iae ? iae : e;
            String message = cause == e ? e instanceof MismatchedInputException m && m.getTargetType() != null
                    ? "must be " + kind(m.getTargetType()) + (m instanceof InvalidFormatException f ? ", got '" + f.getValue() + "'" : "")
                    : oneLine(e.getOriginalMessage()) : cause.getMessage();
            if (cause != e) { // a record's check names its field first: point at that field of the record
                JsonLocation field = positions.field(pointer, subject(message));
                l = field != null ? field : positions.at(pointer) != null ? positions.at(pointer) : l;
            }
            throw new ScenarioException(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(),
                    where(positions, pointer) + message + notes, e);
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

    /** The JSON pointer of a mapping error, e.g. {@code /sensors/1/frequency}. */
    private static String pointer(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            b.append('/').append(r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()));
        }
        return b.toString();
    }

    /**
     * The prefix naming where an error is, e.g. {@code "sensors 'imu': "}; empty at the top level.
     */
    private static String where(Positions positions, String pointer) {
        String d = positions.describe(pointer);
        return d.isEmpty() ? "" : d + ": ";
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
