package sensor.scenario;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Where every field and list item of a scenario text is, from the parser's own tokens: a JSON pointer
 * ({@code /sensors/2/frequency}) maps to the line and column of the field's name (or of the item's first token),
 * and the value-start position of every object maps back to its pointer. Works alike on JSON and YAML, block and
 * inline ({@code - {id: imu, frequency: -1}}).
 */
final class Positions {
    /** Pointer → position of the field name or list item, in document order. */
    private final Map<String, JsonLocation> at = new LinkedHashMap<>();
    /** "line:column" of a value's first token → its pointer. */
    private final Map<String, String> pointerOfValue = new HashMap<>();
    /** Pointer → text of scalar values (ids, for naming list items). */
    private final Map<String, String> scalars = new HashMap<>();

    /** Indexes {@code bytes} with {@code factory}; a text the factory cannot parse is indexed up to the fault. */
    static Positions of(JsonFactory factory, byte[] bytes) {
        Positions p = new Positions();
        try (JsonParser parser = factory.createParser(bytes)) {
            p.walk(parser);
        } catch (IOException | RuntimeException e) {
            // syntax errors are reported by the mapper, with its own location
        }
        return p;
    }

    private void walk(JsonParser p) throws IOException {
        Deque<Object[]> frames = new ArrayDeque<>(); // {name or index, isArray}
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            JsonLocation where = p.currentTokenLocation();
            if (t == JsonToken.FIELD_NAME) {
                frames.peek()[0] = p.currentName();
                at.putIfAbsent(pointer(frames), where);
                continue;
            }
            if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                frames.pop();
                continue;
            }
            Object[] top = frames.peek();
            if (top != null && (Boolean) top[1]) {
                top[0] = (Integer) top[0] + 1;
                at.putIfAbsent(pointer(frames), where);
            }
            String here = pointer(frames);
            pointerOfValue.putIfAbsent(where.getLineNr() + ":" + where.getColumnNr(), here);
            if (t == JsonToken.START_OBJECT) {
                frames.push(new Object[] {null, false});
            } else if (t == JsonToken.START_ARRAY) {
                frames.push(new Object[] {-1, true});
            } else if (t.isScalarValue()) {
                scalars.put(here, p.getText());
            }
        }
    }

    private static String pointer(Deque<Object[]> frames) {
        StringBuilder b = new StringBuilder();
        var it = frames.descendingIterator();
        while (it.hasNext()) {
            Object name = it.next()[0];
            b.append('/').append(name);
        }
        return b.toString();
    }

    /** The pointers and texts of the scalar values whose field is named one of {@code names}, in document order. */
    java.util.List<String[]> scalarsNamed(java.util.Set<String> names) {
        java.util.List<String[]> found = new java.util.ArrayList<>();
        for (String pointer : at.keySet()) {
            String text = scalars.get(pointer);
            if (text != null && names.contains(pointer.substring(pointer.lastIndexOf('/') + 1))) {
                found.add(new String[] {pointer, text});
            }
        }
        return found;
    }

    /** Where the field or item at {@code pointer} is, or null. */
    JsonLocation at(String pointer) {
        return at.get(pointer);
    }

    /** The pointer of the value that starts at {@code where}, or null. */
    String pointerOf(JsonLocation where) {
        return where == null ? null : pointerOfValue.get(where.getLineNr() + ":" + where.getColumnNr());
    }

    /**
     * The position of the field a message is about: {@code field} (a dotted path such as {@code frequency} or
     * {@code motor.velocity}) directly under {@code base}, else the first field under {@code base} whose path ends
     * with it (e.g. {@code config.frequency}); null when the text has none.
     */
    JsonLocation field(String base, String field) {
        String pointer = fieldPointer(base, field);
        return pointer == null ? null : at.get(pointer);
    }

    /**
     * As {@link #field}, but at the list item whose text is {@code value} when the field is a list that holds it
     * ({@code formats: [csv, xyz]} and {@code 'xyz' is unknown} point at {@code xyz}).
     */
    JsonLocation field(String base, String field, String value) {
        String list = fieldPointer(base, field);
        for (int i = 0; list != null && at.containsKey(list + "/" + i); i++) {
            if (value != null && value.equals(scalars.get(list + "/" + i))) {
                return at.get(list + "/" + i);
            }
        }
        return list == null ? null : at.get(list);
    }

    private String fieldPointer(String base, String field) {
        if (field == null || field.isEmpty()) {
            return null;
        }
        String suffix = "/" + field.replace('.', '/');
        if (at.containsKey(base + suffix)) {
            return base + suffix;
        }
        return at.keySet().stream().filter(p -> p.startsWith(base + "/") && p.endsWith(suffix)).findFirst().orElse(null);
    }

    /**
     * A pointer in a user's words: list items of sensors, objects, bodies and joints by their id
     * ({@code /sensors/2/config} → {@code sensors 'imu'.config}), other items by index ({@code lights[0]}).
     */
    String describe(String pointer) {
        StringBuilder b = new StringBuilder();
        StringBuilder prefix = new StringBuilder();
        for (String s : pointer.split("/")) {
            if (s.isEmpty()) {
                continue;
            }
            prefix.append('/').append(s);
            if (s.chars().allMatch(Character::isDigit)) {
                String id = scalars.get(prefix + "/id");
                b.append(id != null ? " '" + id + "'" : "[" + s + "]");
            } else {
                b.append(b.length() == 0 ? "" : ".").append(s);
            }
        }
        return b.toString();
    }
}
