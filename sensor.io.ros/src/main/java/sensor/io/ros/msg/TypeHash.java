package sensor.io.ros.msg;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ROS 2 type hashes, {@code RIHS01_} and 64 hex digits: version 1 of the ROS Interface Hashing Standard of
 * <a href="https://ros.org/reps/rep-2011.html">REP-2011</a>, as ROS 2 Iron and later compute them at build time
 * ({@code rosidl_generator_type_description}, {@code calculate_type_hash}) and announce them in DDS user data
 * ({@code typehash=RIHS01_…;}).
 *
 * <p>The hash is the SHA-256 of the JSON of the type's {@code type_description_interfaces/msg/TypeDescription}, written
 * as Python's {@code json.dumps(…, separators=(", ", ": "))} writes it, keys in this order:
 * <pre>
 * {"type_description": T, "referenced_type_descriptions": [T, …]}
 * T = {"type_name": "pkg/msg/Type", "fields": [F, …]}
 * F = {"name": "x", "type": {"type_id": 11, "capacity": 0, "string_capacity": 0, "nested_type_name": ""}}
 * </pre>
 * The referenced types are every type reachable from the fields, each once, sorted by name; fields keep their order;
 * constants, default values and comments take no part. {@code type_id} is {@code FieldType.msg}'s: 1 nested, 2 to 9
 * {@code int8} to {@code uint64} (signed first), 10 {@code float32}, 11 {@code float64}, 15 {@code bool}, 16
 * {@code byte}, 17 {@code string}, 18 {@code wstring}, 21 and 22 their bounded forms ({@code char} is {@code uint8}, 3),
 * plus 48 for a fixed array, 96 for a bounded and 144 for an unbounded sequence; {@code capacity} is the array's size or
 * the sequence's bound, {@code string_capacity} the string's bound. A type without fields has ROS 2's one member
 * {@code uint8 structure_needs_at_least_one_member}.
 */
public final class TypeHash {
    private TypeHash() {}

    private static final int NESTED = 1, UINT8 = 3, BOUNDED_STRING = 21, BOUNDED_WSTRING = 22;
    private static final int ARRAY = 48, BOUNDED_SEQUENCE = 96, UNBOUNDED_SEQUENCE = 144;
    private static final Map<String, Integer> PRIMITIVES = Map.ofEntries(Map.entry("int8", 2), Map.entry("uint8", UINT8),
            Map.entry("int16", 4), Map.entry("uint16", 5), Map.entry("int32", 6), Map.entry("uint32", 7), Map.entry("int64", 8),
            Map.entry("uint64", 9), Map.entry("float32", 10), Map.entry("float64", 11), Map.entry("char", UINT8),
            Map.entry("bool", 15), Map.entry("byte", 16), Map.entry("string", 17), Map.entry("wstring", 18));
    /** A name part: package, interface kind, type or field (all ASCII, so the JSON needs no escapes). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    /** The line of {@code =} between the definitions of the {@code ros2msg} text. */
    private static final Pattern SEPARATOR = Pattern.compile("(?m)^=+[ \t\r]*$");
    /** An array {@code T[n]}, a bounded sequence {@code T[<=n]} or an unbounded one {@code T[]}. */
    private static final Pattern COLLECTION = Pattern.compile("(.+)\\[(<=)?([0-9]*)\\]");

    private record Field(String name, int typeId, long capacity, long stringCapacity, String nestedType) {}

    /**
     * The type hash of {@code rosType} ({@code pkg/msg/Type}, or {@code pkg/Type}) from its definition in the
     * {@code ros2msg} text of MCAP schemas and rosbag2: the type's {@code .msg} text, then for each type it uses a line
     * of {@code =}, a line {@code MSG: pkg/Type} and that type's text.
     *
     * @throws IllegalArgumentException if the text is no such definition or lacks a type it uses
     */
    public static String of(String rosType, String definitionText) {
        String top = canonical(rosType);
        Map<String, List<Field>> types = parse(top, definitionText);
        SortedSet<String> referenced = new TreeSet<>();
        Deque<String> queue = new ArrayDeque<>(nestedTypes(types, top));
        while (!queue.isEmpty()) {
            String type = queue.pop();
            if (referenced.add(type)) {
                queue.addAll(nestedTypes(types, type));
            }
        }
        StringBuilder json = new StringBuilder("{\"type_description\": ");
        describe(json, top, types.get(top));
        json.append(", \"referenced_type_descriptions\": [");
        String separator = "";
        for (String type : referenced) {
            json.append(separator);
            describe(json, type, types.get(type));
            separator = ", ";
        }
        json.append("]}");
        return "RIHS01_" + HexFormat.of().formatHex(sha256(json.toString()));
    }

    /** The fields of each type the text defines, by full name ({@code pkg/msg/Type}); the first definition wins. */
    private static Map<String, List<Field>> parse(String top, String text) {
        String[] sections = SEPARATOR.split(text);
        Map<String, List<Field>> types = new HashMap<>();
        types.put(top, fields(top, sections[0]));
        for (int i = 1; i < sections.length; i++) {
            String section = sections[i].strip();
            if (!section.startsWith("MSG:")) {
                throw new IllegalArgumentException("a definition after a separator line does not begin with MSG: " + section);
            }
            int end = (section + "\n").indexOf('\n');
            String name = canonical(section.substring(4, end).strip());
            types.putIfAbsent(name, fields(name, section.substring(end)));
        }
        return types;
    }

    /** The fields of one {@code .msg} text, as {@code rosidl_adapter}'s parser reads them (constants left out). */
    private static List<Field> fields(String type, String text) {
        String pkg = type.substring(0, type.indexOf('/'));
        List<Field> fields = new ArrayList<>();
        for (String line : text.split("\n")) {
            int comment = line.indexOf('#');
            String s = (comment < 0 ? line : line.substring(0, comment)).replace('\t', ' ').strip();
            if (s.isEmpty()) {
                continue;
            }
            String[] typeAndRest = s.split(" +", 2);
            if (typeAndRest.length < 2) {
                throw new IllegalArgumentException("a line of " + type + " has no name: " + line);
            }
            if (!typeAndRest[1].contains("=")) { // a field, with or without a default value; '=' makes a constant
                fields.add(field(typeAndRest[0], typeAndRest[1].split(" ", 2)[0], pkg));
            }
        }
        if (fields.isEmpty()) {
            fields.add(new Field("structure_needs_at_least_one_member", UINT8, 0, 0, ""));
        }
        return fields;
    }

    private static Field field(String type, String name, String pkg) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a field name: " + name);
        }
        String base = type;
        int kind = 0;
        long capacity = 0;
        Matcher collection = COLLECTION.matcher(type);
        if (collection.matches()) {
            base = collection.group(1);
            if (collection.group(2) != null) {
                kind = BOUNDED_SEQUENCE;
                capacity = bound(collection.group(3), type);
            } else if (collection.group(3).isEmpty()) {
                kind = UNBOUNDED_SEQUENCE;
            } else {
                kind = ARRAY;
                capacity = bound(collection.group(3), type);
            }
        }
        Integer primitive = PRIMITIVES.get(base);
        if (primitive != null) {
            return new Field(name, primitive + kind, capacity, 0, "");
        }
        if (base.startsWith("string<=")) {
            return new Field(name, BOUNDED_STRING + kind, capacity, bound(base.substring(8), type), "");
        }
        if (base.startsWith("wstring<=")) {
            return new Field(name, BOUNDED_WSTRING + kind, capacity, bound(base.substring(9), type), "");
        }
        return new Field(name, NESTED + kind, capacity, 0, canonical(base.contains("/") ? base : pkg + "/" + base));
    }

    private static long bound(String digits, String type) {
        long n = Long.parseLong(digits);
        if (n <= 0) {
            throw new IllegalArgumentException("a size or bound must be positive: " + type);
        }
        return n;
    }

    /** {@code pkg/Type} as {@code pkg/msg/Type}; {@code pkg/msg/Type} (or {@code pkg/srv/Type_Request}) as it is. */
    private static String canonical(String type) {
        String[] parts = type.split("/", -1);
        for (String part : parts) {
            if (!NAME.matcher(part).matches()) {
                throw new IllegalArgumentException("not a type name: " + type);
            }
        }
        if (parts.length == 2) {
            return parts[0] + "/msg/" + parts[1];
        }
        if (parts.length == 3) {
            return type;
        }
        throw new IllegalArgumentException("not a type name: " + type);
    }

    private static List<String> nestedTypes(Map<String, List<Field>> types, String type) {
        List<Field> fields = types.get(type);
        if (fields == null) {
            throw new IllegalArgumentException("the definition lacks " + type);
        }
        return fields.stream().map(Field::nestedType).filter(t -> !t.isEmpty()).toList();
    }

    private static void describe(StringBuilder json, String type, List<Field> fields) {
        json.append("{\"type_name\": \"").append(type).append("\", \"fields\": [");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            json.append(i == 0 ? "" : ", ").append("{\"name\": \"").append(f.name()).append("\", \"type\": {\"type_id\": ")
                    .append(f.typeId()).append(", \"capacity\": ").append(f.capacity()).append(", \"string_capacity\": ")
                    .append(f.stringCapacity()).append(", \"nested_type_name\": \"").append(f.nestedType()).append("\"}}");
        }
        json.append("]}");
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
