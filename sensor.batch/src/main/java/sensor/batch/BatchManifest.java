package sensor.batch;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;

/**
 * A batch manifest (YAML or JSON, version 1): a base scenario and how it varies — {@code seeds} (a list, or
 * {@code {from, to}}), {@code sweep} (field path → list of values or {@code {from, to, step}}, combined as a product)
 * and {@code variations} (explicit lists of overrides, each one more alternative). The variations are the product
 * variations × sweep × seeds, seeds varying fastest. Field paths are dotted ({@code ambient.fog.visibility}), with
 * {@code [N]} for a list element and {@code [key=value]} for the element whose {@code key} is {@code value}
 * ({@code sensors[id=os1].config.model}). Each variation's effective scenario is checked by the scenario reader
 * before anything runs; its id is a hash of that scenario.
 */
public final class BatchManifest {
    /** The only manifest version this reader understands. */
    public static final int VERSION = 1;
    /** The most variations one manifest may make. */
    public static final int MAX_VARIATIONS = 1_000_000;
    private static final Set<String> FIELDS = Set.of("version", "scenario", "seeds", "sweep", "variations");
    static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

    /** One run of the batch: its 1-based place, stable id, seed, overrides and the scenario they make. */
    public record Variation(int index, String id, Long seed, Map<String, JsonNode> overrides, ObjectNode scenario,
            ScenarioReader.Loaded loaded) {
        /** The seed and overrides on one line, for progress and messages. */
        public String label() {
            StringBuilder b = new StringBuilder(seed == null ? "" : "seed " + seed);
            overrides.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append('=').append(text(v)));
            return b.toString();
        }
    }

    private final Reader reader;
    private final Path scenario;
    private final List<String> sweepKeys;
    private final List<Variation> variations;

    private BatchManifest(Reader reader, Path scenario, List<String> sweepKeys, List<Variation> variations) {
        this.reader = reader;
        this.scenario = scenario;
        this.sweepKeys = sweepKeys;
        this.variations = variations;
    }

    /**
     * A problem with a variation's scenario found after reading (by the builder or a sensor's first sample), located
     * at the manifest entry that made the variation.
     */
    public ScenarioException invalid(Variation v, ScenarioException e) {
        return reader.invalid(v, e);
    }

    /** The manifest file. */
    public Path file() { return reader.file; }

    /** The base scenario file. */
    public Path scenario() { return scenario; }

    /** Every variation, in order. */
    public List<Variation> variations() { return variations; }

    /** The override paths of every variation, sweep paths first, in order (the columns of the index). */
    public List<String> overrideKeys() {
        List<String> keys = new ArrayList<>(sweepKeys);
        variations.forEach(v -> v.overrides().keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add));
        return keys;
    }

    /** Reads, expands and checks a manifest; the error names the file, line and column of what is wrong. */
    public static BatchManifest read(Path file) throws ScenarioException {
        byte[] bytes;
        try {
            if (Files.size(file) > ScenarioReader.MAX_BYTES) {
                throw new ScenarioException(file, 0, 0, "the manifest is larger than " + (ScenarioReader.MAX_BYTES >> 20)
                        + " MiB", null);
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(file, 0, 0, "batch manifest not found", e);
        } catch (IOException e) {
            throw new ScenarioException(file, 0, 0, "cannot read the batch manifest: " + e.getMessage(), e);
        }
        Map<String, JsonLocation> at = new HashMap<>();
        JsonNode root;
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try (JsonParser p = (name.endsWith(".json") ? new ObjectMapper().getFactory() : new YAMLFactory()).createParser(bytes)) {
            p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            root = p.nextToken() == null ? null : tree(p, "", at);
        } catch (JsonProcessingException e) {
            JsonLocation l = e.getLocation();
            throw new ScenarioException(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(),
                    e.getOriginalMessage().lines().filter(t -> !t.isBlank() && !t.startsWith(" ") && !t.startsWith("in '"))
                            .collect(java.util.stream.Collectors.joining("; ")), e);
        } catch (IOException e) {
            throw new ScenarioException(file, 0, 0, "cannot read the batch manifest: " + e.getMessage(), e);
        }
        return new Reader(file, root, at).manifest();
    }

    /** Reads one value into a tree, remembering where each value starts by its path ({@code /sweep/a.b/1}). */
    private static JsonNode tree(JsonParser p, String path, Map<String, JsonLocation> at) throws IOException {
        at.put(path, p.currentTokenLocation());
        JsonNodeFactory f = JsonNodeFactory.instance;
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            ObjectNode o = f.objectNode();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonLocation keyAt = p.currentTokenLocation();
                p.nextToken();
                o.set(key, tree(p, path + "/" + key, at));
                at.put(path + "/" + key, keyAt);
            }
            return o;
        }
        if (t == JsonToken.START_ARRAY) {
            ArrayNode a = f.arrayNode();
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                a.add(tree(p, path + "/" + i++, at));
            }
            return a;
        }
        return new ObjectMapper().readTree(p);
    }

    /** A value as it appears in a label or the index: text unquoted, the rest as compact JSON. */
    static String text(JsonNode v) {
        return v.isTextual() ? v.asText() : v.toString();
    }

    /** Checks and expands one manifest tree. */
    private static final class Reader {
        private final Path file;
        private final JsonNode root;
        private final Map<String, JsonLocation> at;

        Reader(Path file, JsonNode root, Map<String, JsonLocation> at) {
            this.file = file;
            this.root = root;
            this.at = at;
        }

        ScenarioException error(String path, String message) {
            JsonLocation l = at.get(path);
            return new ScenarioException(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(), message, null);
        }

        BatchManifest manifest() throws ScenarioException {
            if (root == null || !root.isObject()) {
                throw error("", "the manifest must be an object with 'version: 1', 'scenario' and 'seeds', 'sweep' or 'variations'");
            }
            for (Iterator<String> it = root.fieldNames(); it.hasNext();) {
                String k = it.next();
                if (!FIELDS.contains(k)) {
                    throw error("/" + k, "unknown field '" + k + "'; expected one of " + new java.util.TreeSet<>(FIELDS));
                }
            }
            if (!root.path("version").isInt() || root.path("version").asInt() != VERSION) {
                throw error(root.has("version") ? "/version" : "", "version must be " + VERSION + ", got "
                        + (root.has("version") ? root.get("version") : "none"));
            }
            if (!root.path("scenario").isTextual() || root.path("scenario").asText().isBlank()) {
                throw error(root.has("scenario") ? "/scenario" : "", "scenario must name the base scenario file "
                        + "(relative to the manifest)");
            }
            Path base = file.toAbsolutePath().getParent().resolve(root.get("scenario").asText()).normalize();
            ScenarioReader.Loaded baseLoaded;
            try {
                baseLoaded = new ScenarioReader().read(base);
            } catch (ScenarioException e) {
                throw e.line() == 0 ? error("/scenario", "scenario " + base + ": " + e.detail()) : e;
            }
            ObjectNode baseTree;
            try {
                baseTree = (ObjectNode) ScenarioReader.mapper(baseLoaded.yaml(), null).readTree(baseLoaded.text());
            } catch (IOException e) {
                throw error("/scenario", "cannot read the scenario " + base + ": " + e.getMessage());
            }
            List<Long> seeds = seeds();
            Map<String, List<JsonNode>> sweep = sweep();
            List<Map<String, JsonNode>> explicit = explicit();
            long count = (long) seeds.size() * explicit.size();
            for (List<JsonNode> values : sweep.values()) {
                count *= values.size();
            }
            if (count > MAX_VARIATIONS) {
                throw error("", "the manifest makes " + count + " variations; at most " + MAX_VARIATIONS + " are allowed");
            }
            List<Map<String, JsonNode>> combos = new ArrayList<>();
            for (Map<String, JsonNode> e : explicit) {
                product(sweep, new ArrayList<>(sweep.keySet()), 0, new LinkedHashMap<>(e), combos);
            }
            List<Variation> out = new ArrayList<>();
            Map<String, Integer> ids = new HashMap<>();
            for (Map<String, JsonNode> overrides : combos) {
                for (Long seed : seeds) {
                    int index = out.size() + 1;
                    ObjectNode s = baseTree.deepCopy();
                    for (Map.Entry<String, JsonNode> o : overrides.entrySet()) {
                        try {
                            FieldPath.set(s, o.getKey(), o.getValue().deepCopy());
                        } catch (IllegalArgumentException e) {
                            throw error(pathOf(o.getKey()), e.getMessage());
                        }
                    }
                    if (seed != null) {
                        s.put("seed", seed);
                    }
                    Long effective = seed != null ? seed : s.hasNonNull("seed") ? Long.valueOf(s.get("seed").asLong()) : null;
                    Variation v = new Variation(index, id(s), effective, ordered(overrides), s, null);
                    Integer same = ids.putIfAbsent(v.id(), index);
                    if (same != null) {
                        throw error("", "variations " + same + " and " + index + " (" + v.label() + ") make the same scenario; "
                                + "remove the repeated seed or value");
                    }
                    out.add(new Variation(index, v.id(), effective, v.overrides(), s, check(base, s, v, overrides)));
                }
            }
            return new BatchManifest(this, base, List.copyOf(sweep.keySet()), List.copyOf(out));
        }

        private static Map<String, JsonNode> ordered(Map<String, JsonNode> m) {
            return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(m));
        }

        /** The effective scenario through the scenario reader; its error is located at the override that made it. */
        private ScenarioReader.Loaded check(Path base, ObjectNode s, Variation v, Map<String, JsonNode> overrides)
                throws ScenarioException {
            try {
                return new ScenarioReader().read(base.resolveSibling(base.getFileName() + ".json"), JSON.writeValueAsBytes(s));
            } catch (JsonProcessingException e) {
                throw error("", "variation " + v.index() + ": " + e.getOriginalMessage());
            } catch (ScenarioException e) {
                throw invalid(v, e);
            }
        }

        ScenarioException invalid(Variation v, ScenarioException e) {
            String where = v.overrides().isEmpty() ? "/seeds" : pathOf(v.overrides().keySet().iterator().next());
            return error(where, "variation " + v.index() + " (" + v.label() + ") makes an invalid scenario: " + e.detail());
        }

        /** Where an override path was written: in the sweep, else in the first explicit variation naming it. */
        private String pathOf(String key) {
            if (at.containsKey("/sweep/" + key)) {
                return "/sweep/" + key;
            }
            for (int i = 0; at.containsKey("/variations/" + i); i++) {
                if (at.containsKey("/variations/" + i + "/" + key)) {
                    return "/variations/" + i + "/" + key;
                }
            }
            return "";
        }

        private List<Long> seeds() throws ScenarioException {
            JsonNode n = root.get("seeds");
            List<Long> seeds = new ArrayList<>();
            if (n == null) {
                seeds.add(null); // the scenario's own seed
                return seeds;
            }
            if (n.isObject()) {
                long from = whole(n.get("from"), "/seeds/from", "seeds.from"), to = whole(n.get("to"), "/seeds/to", "seeds.to");
                if (to < from || to - from >= MAX_VARIATIONS) {
                    throw error("/seeds", "seeds {from, to} must have from <= to and at most " + MAX_VARIATIONS + " seeds, got "
                            + from + ".." + to);
                }
                for (long s = from; s <= to; s++) {
                    seeds.add(s);
                }
                return seeds;
            }
            if (!n.isArray() || n.isEmpty()) {
                throw error("/seeds", "seeds must be a non-empty list of whole numbers or {from, to}");
            }
            for (int i = 0; i < n.size(); i++) {
                seeds.add(whole(n.get(i), "/seeds/" + i, "seeds[" + i + "]"));
            }
            return seeds;
        }

        private long whole(JsonNode n, String path, String name) throws ScenarioException {
            if (n == null || !n.canConvertToExactIntegral() || !n.canConvertToLong()) {
                throw error(n == null ? "/seeds" : path, name + " must be a whole number, got " + (n == null ? "none" : n));
            }
            return n.asLong();
        }

        private Map<String, List<JsonNode>> sweep() throws ScenarioException {
            Map<String, List<JsonNode>> sweep = new LinkedHashMap<>();
            JsonNode n = root.get("sweep");
            if (n == null) {
                return sweep;
            }
            if (!n.isObject()) {
                throw error("/sweep", "sweep must map field paths to lists of values, e.g. 'ambient.fog.visibility: [0.1, 2]'");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String where = "/sweep/" + e.getKey();
                checkPath(e.getKey(), where);
                List<JsonNode> values = new ArrayList<>();
                if (e.getValue().isObject()) {
                    values.addAll(range(e.getValue(), where, e.getKey()));
                } else if (e.getValue().isArray() && !e.getValue().isEmpty()) {
                    e.getValue().forEach(values::add);
                } else {
                    throw error(where, "sweep '" + e.getKey() + "' must be a non-empty list of values or {from, to, step}");
                }
                sweep.put(e.getKey(), values);
            }
            return sweep;
        }

        /** {from, to, step}: from, from + step, … up to to (within 1e-9 of a step), as exact decimals. */
        private List<JsonNode> range(JsonNode r, String where, String key) throws ScenarioException {
            for (String f : List.of("from", "to", "step")) {
                if (!r.path(f).isNumber()) {
                    throw error(r.has(f) ? where + "/" + f : where, "sweep '" + key + "' range needs a number '" + f + "'");
                }
            }
            BigDecimal from = r.get("from").decimalValue(), to = r.get("to").decimalValue(), step = r.get("step").decimalValue();
            if (step.signum() <= 0 || to.compareTo(from) < 0) {
                throw error(where, "sweep '" + key + "' range needs step > 0 and from <= to, got from " + from + ", to " + to
                        + ", step " + step);
            }
            BigDecimal n = to.subtract(from).divide(step, java.math.MathContext.DECIMAL64);
            if (n.compareTo(BigDecimal.valueOf(MAX_VARIATIONS)) >= 0) {
                throw error(where, "sweep '" + key + "' range makes more than " + MAX_VARIATIONS + " values");
            }
            List<JsonNode> values = new ArrayList<>();
            boolean whole = r.get("from").isIntegralNumber() && r.get("step").isIntegralNumber();
            for (int i = 0; i <= n.add(new BigDecimal("1e-9")).intValue(); i++) {
                BigDecimal v = from.add(step.multiply(BigDecimal.valueOf(i)));
                values.add(whole ? JsonNodeFactory.instance.numberNode(v.longValueExact())
                        : JsonNodeFactory.instance.numberNode(v.doubleValue()));
            }
            return values;
        }

        private List<Map<String, JsonNode>> explicit() throws ScenarioException {
            List<Map<String, JsonNode>> list = new ArrayList<>();
            JsonNode n = root.get("variations");
            if (n == null) {
                list.add(Map.of());
                return list;
            }
            if (!n.isArray() || n.isEmpty()) {
                throw error("/variations", "variations must be a non-empty list of {field path: value} maps");
            }
            for (int i = 0; i < n.size(); i++) {
                if (!n.get(i).isObject()) {
                    throw error("/variations/" + i, "variations[" + i + "] must map field paths to values");
                }
                Map<String, JsonNode> m = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = n.get(i).fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    checkPath(e.getKey(), "/variations/" + i + "/" + e.getKey());
                    if (root.path("sweep").has(e.getKey())) {
                        throw error("/variations/" + i + "/" + e.getKey(), "'" + e.getKey() + "' is swept already; "
                                + "set it in the sweep or in the variations, not both");
                    }
                    m.put(e.getKey(), e.getValue());
                }
                list.add(m);
            }
            return list;
        }

        private void checkPath(String path, String where) throws ScenarioException {
            try {
                FieldPath.parse(path);
            } catch (IllegalArgumentException e) {
                throw error(where, e.getMessage());
            }
            if (path.equals("seed") || path.equals("version")) {
                throw error(where, "'" + path + "' cannot be swept" + (path.equals("seed") ? "; use 'seeds'" : ""));
            }
        }
    }

    /** Every combination of the sweep's values from key {@code k} on, appended to {@code into}. */
    private static void product(Map<String, List<JsonNode>> sweep, List<String> keys, int k, Map<String, JsonNode> prefix,
            List<Map<String, JsonNode>> into) {
        if (k == keys.size()) {
            into.add(new LinkedHashMap<>(prefix));
            return;
        }
        for (JsonNode v : sweep.get(keys.get(k))) {
            prefix.put(keys.get(k), v);
            product(sweep, keys, k + 1, prefix, into);
        }
        prefix.remove(keys.get(k));
    }

    /** The stable id of an effective scenario: 16 hex digits of the SHA-256 of its canonical JSON (keys sorted). */
    static String id(JsonNode scenario) {
        try {
            byte[] canonical = JSON.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(sorted(scenario));
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical)).substring(0, 16);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object sorted(JsonNode n) {
        if (n.isObject()) {
            Map<String, Object> m = new TreeMap<>();
            n.fields().forEachRemaining(e -> m.put(e.getKey(), sorted(e.getValue())));
            return m;
        }
        if (n.isArray()) {
            List<Object> l = new ArrayList<>();
            n.forEach(e -> l.add(sorted(e)));
            return l;
        }
        return n;
    }

    /** The effective scenario as written beside a variation's outputs. */
    static byte[] scenarioText(Variation v) {
        try {
            return JSON.writeValueAsString(v.scenario()).concat("\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
