package sensor.assemble;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A feature file (OSGi Feature Service, chapter 159: {@code id}, {@code complete}, {@code bundles},
 * {@code configurations} in the Configurator's format, {@code framework-launching-properties}, {@code variables},
 * {@code extensions}) with the mandatory extension {@value #EXTENSION}, which says what the feature is made from:
 * <pre>
 * "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {
 *     "from": "sensorsim-lidar", "requires": ["lidar-model/VLP-16", "output-format/mcap"],
 *     "remove": ["sensor.io.kitti"], "shell": false, "console": false}}}
 * </pre>
 * Variables ({@code ${name}}) are replaced in configuration values and framework properties; one declared
 * {@code null} must be given ({@code --var name=value}). Every problem is collected as {@code line:column: message}.
 */
final class Feature {
    static final String EXTENSION = "sensorsim.distribution";
    /** Maven coordinates as chapter 159 writes them: group:artifact[:type[:classifier]]:version. */
    private static final Pattern COORDINATES = Pattern.compile("([^:\\s]+):([^:\\s]+)(?::([^:\\s]+)(?::([^:\\s]+))?)?:([^:\\s]+)");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]+)}");

    /** A bundle the feature names: its coordinates, start level (0: the default) and where it is written. */
    record BundleRef(String id, String group, String artifact, String classifier, String version, int startOrder,
            Json.Node at) {}

    /** A type id the feature requires ({@code kind/id}) and where it is written. */
    record TypeRef(String kind, String id, Json.Node at) {
        @Override
        public String toString() {
            return kind + "/" + id;
        }
    }

    String id;
    boolean complete;
    Json.Node from, extension;
    Boolean shell, console;
    final List<BundleRef> bundles = new ArrayList<>();
    final List<TypeRef> requires = new ArrayList<>();
    final Map<String, Json.Node> remove = new LinkedHashMap<>();
    final Map<String, Object> configurations = new LinkedHashMap<>();
    final Map<String, String> frameworkProperties = new LinkedHashMap<>();
    /** The problems found, each {@code line:column: message}; the feature is usable only when there are none. */
    final List<String> problems = new ArrayList<>();

    private final Map<String, Object> variables = new LinkedHashMap<>();
    private final java.util.Set<String> declared = new java.util.LinkedHashSet<>();

    /** Reads a feature document; {@code given}: the variables given on the command line. */
    static Feature read(String text, Map<String, String> given) {
        Feature f = new Feature();
        Json.Node root;
        try {
            root = Json.parse(text);
        } catch (Json.SyntaxError e) {
            f.problems.add(e.line + ":" + e.column + ": " + e.getMessage());
            return f;
        }
        if (!(root.value() instanceof Map)) {
            f.problem(root, "a feature is a JSON object");
            return f;
        }
        f.read(root, given);
        return f;
    }

    private void read(Json.Node root, Map<String, String> given) {
        Map<String, Json.Node> m = root.object();
        Json.Node idNode = m.get("id");
        if (idNode == null || !(idNode.value() instanceof String s) || !COORDINATES.matcher(s).matches()) {
            problem(idNode == null ? root : idNode, "id: a feature needs an id, its Maven coordinates "
                    + "group:artifact[:type[:classifier]]:version (e.g. \"com.acme:acme-lidar:1.0.0\")");
        } else {
            id = s;
        }
        if (m.get("complete") != null) {
            complete = bool(m.get("complete"), "complete") == Boolean.TRUE;
        }
        readVariables(m.get("variables"), given);
        readBundles(m.get("bundles"));
        Json.Node configs = m.get("configurations");
        if (configs != null) {
            if (!(configs.value() instanceof Map)) {
                problem(configs, "configurations: an object of PIDs (factory PIDs as \"factory.pid~name\")");
            } else {
                configs.object().forEach((pid, c) -> {
                    if (!(c.value() instanceof Map)) {
                        problem(c, "configurations: '" + pid + "' must be an object of properties");
                    } else {
                        configurations.put(pid, substitute(c));
                    }
                });
            }
        }
        Json.Node props = m.get("framework-launching-properties");
        if (props != null) {
            if (!(props.value() instanceof Map)) {
                problem(props, "framework-launching-properties: an object of names to values");
            } else {
                props.object().forEach((k, v) -> {
                    Object value = substitute(v);
                    if (value instanceof Map || value instanceof List || value == null) {
                        problem(v, "framework-launching-properties: '" + k + "' must be a string, number or boolean");
                    } else {
                        frameworkProperties.put(k, value.toString());
                    }
                });
            }
        }
        readExtensions(m.get("extensions"), root);
    }

    private void readVariables(Json.Node vars, Map<String, String> given) {
        if (vars != null && !(vars.value() instanceof Map)) {
            problem(vars, "variables: an object of names to default values (null: must be given with --var)");
            return;
        }
        Map<String, Json.Node> all = vars == null ? Map.of() : vars.object();
        declared.addAll(all.keySet());
        all.forEach((k, v) -> {
            if (given.containsKey(k)) {
                variables.put(k, given.get(k));
            } else if (v.value() == null) {
                problem(v, "variables: '" + k + "' has no default (null) and was not given: add --var " + k + "=VALUE");
            } else if (v.value() instanceof Map || v.value() instanceof List) {
                problem(v, "variables: '" + k + "' must be a string, number, boolean or null");
            } else {
                variables.put(k, v.value());
            }
        });
        given.keySet().stream().filter(k -> !declared.contains(k)).forEach(k -> problems.add(
                "--var " + k + ": the feature declares no such variable; it declares " + declared));
    }

    private void readBundles(Json.Node list) {
        if (list == null) {
            return;
        }
        if (!(list.value() instanceof List)) {
            problem(list, "bundles: an array of Maven coordinates or of objects with an \"id\"");
            return;
        }
        for (Json.Node b : list.array()) {
            Json.Node idNode = b.value() instanceof Map ? b.object().get("id") : b;
            Matcher c = idNode != null && idNode.value() instanceof String s ? COORDINATES.matcher(s) : null;
            if (c == null || !c.matches()) {
                problem(b, "bundles: each is \"group:artifact[:type[:classifier]]:version\" or {\"id\": ...}");
                continue;
            }
            int start = 0;
            Json.Node order = b.value() instanceof Map ? b.object().get("start-order") : null;
            if (order != null) {
                if (!(order.value() instanceof BigDecimal d) || d.scale() > 0 || d.intValue() < 1 || d.intValue() > 100) {
                    problem(order, "bundles: start-order is a start level, a whole number from 1 to 100");
                } else {
                    start = d.intValue();
                }
            }
            bundles.add(new BundleRef(c.group(), c.group(1), c.group(2), c.group(4), c.group(5), start, b));
        }
    }

    private void readExtensions(Json.Node ext, Json.Node root) {
        if (ext != null && !(ext.value() instanceof Map)) {
            problem(ext, "extensions: an object of extension names to {\"kind\", \"type\", ...}");
            return;
        }
        Map<String, Json.Node> all = ext == null ? Map.of() : ext.object();
        all.forEach((name, e) -> {
            Json.Node kind = e.value() instanceof Map ? e.object().get("kind") : null;
            String k = kind != null && kind.value() instanceof String s ? s : "optional";
            if (!name.equals(EXTENSION) && k.equals("mandatory")) {
                problem(e, "extensions: '" + name + "' is mandatory and unknown here (this tool knows only '"
                        + EXTENSION + "'): a feature with it cannot be assembled");
            }
        });
        extension = all.get(EXTENSION);
        Json.Node json = extension != null && extension.value() instanceof Map ? extension.object().get("json") : null;
        if (json == null || !(json.value() instanceof Map)) {
            problem(extension == null ? ext == null ? root : ext : extension, "extensions: a sensorsim feature carries "
                    + "\"" + EXTENSION + "\": {\"kind\": \"mandatory\", \"type\": \"JSON\", \"json\": {\"from\": \"sensorsim-lidar\"}} "
                    + "(from, requires, remove, shell and console are each optional)");
            return;
        }
        for (Map.Entry<String, Json.Node> e : json.object().entrySet()) {
            Json.Node v = e.getValue();
            switch (e.getKey()) {
                case "from" -> {
                    if (v.value() instanceof String) {
                        from = v;
                    } else {
                        problem(v, EXTENSION + ".from: the name of a shipped distribution, e.g. \"sensorsim-lidar\"");
                    }
                }
                case "requires" -> strings(v, EXTENSION + ".requires", "type ids kind/id, e.g. \"lidar-model/VLP-16\"")
                        .forEach(s -> {
                            String t = (String) s.value();
                            int slash = t.lastIndexOf('/');
                            if (slash <= 0 || slash == t.length() - 1) {
                                problem(s, EXTENSION + ".requires: '" + t + "' is not kind/id (e.g. \"sensor/imu\", "
                                        + "\"lidar-model/VLP-16\", \"output-format/mcap\")");
                            } else {
                                requires.add(new TypeRef(t.substring(0, slash), t.substring(slash + 1), s));
                            }
                        });
                case "remove" -> strings(v, EXTENSION + ".remove", "bundle symbolic names").forEach(s ->
                        remove.put((String) s.value(), s));
                case "shell" -> shell = bool(v, EXTENSION + ".shell");
                case "console" -> console = bool(v, EXTENSION + ".console");
                default -> problem(v, EXTENSION + ": unknown field '" + e.getKey() + "'; it takes from, requires, remove, "
                        + "shell and console");
            }
        }
    }

    private List<Json.Node> strings(Json.Node v, String field, String what) {
        if (v.value() instanceof List && v.array().stream().allMatch(s -> s.value() instanceof String)) {
            return v.array();
        }
        problem(v, field + ": an array of " + what);
        return List.of();
    }

    private Boolean bool(Json.Node v, String field) {
        if (v.value() instanceof Boolean b) {
            return b;
        }
        problem(v, field + ": true or false");
        return null;
    }

    /** A value with {@code ${name}} replaced: a value that is one variable takes the variable's type. */
    private Object substitute(Json.Node n) {
        Object v = n.value();
        if (v instanceof Map) {
            Map<String, Object> m = new LinkedHashMap<>();
            n.object().forEach((k, x) -> m.put(k, substitute(x)));
            return m;
        }
        if (v instanceof List) {
            return n.array().stream().map(this::substitute).toList();
        }
        if (!(v instanceof String s)) {
            return v;
        }
        Matcher whole = VARIABLE.matcher(s);
        if (whole.matches() && variables.containsKey(whole.group(1))) {
            return variables.get(whole.group(1));
        }
        StringBuilder b = new StringBuilder();
        Matcher m = VARIABLE.matcher(s);
        while (m.find()) {
            if (!variables.containsKey(m.group(1))) {
                if (!declared.contains(m.group(1))) { // one declared null and not given is said once, where declared
                    problem(n, "'${" + m.group(1) + "}' names no variable; the feature declares " + declared);
                }
                return s;
            }
            m.appendReplacement(b, Matcher.quoteReplacement(String.valueOf(variables.get(m.group(1)))));
        }
        return m.appendTail(b).toString();
    }

    private void problem(Json.Node at, String message) {
        problems.add(at.where() + ": " + message);
    }
}
