package sensor.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A field path into a scenario tree: names separated by dots, each optionally followed by selectors — {@code [N]}
 * (the N-th element of a list, from 0) or {@code [key=value]} (the one element whose {@code key} reads
 * {@code value}) — e.g. {@code sensors[id=os1].config.model} or {@code objects[2].pose.position}.
 */
final class FieldPath {
    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z_][A-Za-z0-9_-]*)((?:\\[[^\\[\\]]+\\])*)");
    private static final Pattern SELECTOR = Pattern.compile("\\[([^\\[\\]]+)\\]");

    /** One step: a field name, then zero or more selectors. */
    record Segment(String name, List<String> selectors) {}

    private FieldPath() {}

    /** Splits a path into its steps; throws naming what is malformed. */
    static List<Segment> parse(String path) {
        List<Segment> out = new ArrayList<>();
        for (String part : path.split("\\.(?![^\\[]*\\])", -1)) {
            Matcher m = SEGMENT.matcher(part);
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + path + "' is not a field path: expected names separated by dots, "
                        + "each with optional [N] or [key=value], e.g. sensors[id=os1].config.model");
            }
            List<String> selectors = new ArrayList<>();
            Matcher s = SELECTOR.matcher(m.group(2));
            while (s.find()) {
                selectors.add(s.group(1).strip());
            }
            out.add(new Segment(m.group(1), selectors));
        }
        return out;
    }

    /**
     * Sets the field at {@code path} in {@code root} to {@code value}. Missing fields on the way are created as
     * objects; a selector must match an existing element. Throws naming the path and what is missing.
     */
    static void set(ObjectNode root, String path, JsonNode value) {
        List<Segment> segments = parse(path);
        JsonNode node = root;
        for (int i = 0; i < segments.size(); i++) {
            Segment seg = segments.get(i);
            boolean last = i == segments.size() - 1;
            if (!(node instanceof ObjectNode o)) {
                throw new IllegalArgumentException("'" + path + "': the value before '" + seg.name() + "' is not an object");
            }
            if (last && seg.selectors().isEmpty()) {
                o.set(seg.name(), value);
                return;
            }
            JsonNode child = o.get(seg.name());
            if (child == null || child.isNull()) {
                if (!seg.selectors().isEmpty()) {
                    throw new IllegalArgumentException("'" + path + "': the scenario has no list '" + seg.name() + "'");
                }
                child = o.putObject(seg.name());
            }
            for (int k = 0; k < seg.selectors().size(); k++) {
                String sel = seg.selectors().get(k);
                if (!(child instanceof ArrayNode list)) {
                    throw new IllegalArgumentException("'" + path + "': '" + seg.name() + "' is not a list, so [" + sel
                            + "] selects nothing");
                }
                int at = select(list, sel, path, seg.name());
                if (last && k == seg.selectors().size() - 1) {
                    list.set(at, value);
                    return;
                }
                child = list.get(at);
            }
            node = child;
        }
    }

    /** The index of the element {@code selector} picks in {@code list}. */
    private static int select(ArrayNode list, String selector, String path, String name) {
        int eq = selector.indexOf('=');
        if (eq < 0) {
            int i;
            try {
                i = Integer.parseInt(selector);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + path + "': [" + selector + "] must be [N] or [key=value]");
            }
            if (i < 0 || i >= list.size()) {
                throw new IllegalArgumentException("'" + path + "': " + name + "[" + i + "] does not exist; the list has "
                        + list.size() + " elements");
            }
            return i;
        }
        String key = selector.substring(0, eq).strip(), value = selector.substring(eq + 1).strip();
        int found = -1;
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode v = list.get(i).get(key);
            if (v != null && v.isValueNode()) {
                seen.add(v.asText());
                if (v.asText().equals(value)) {
                    if (found >= 0) {
                        throw new IllegalArgumentException("'" + path + "': " + name + "[" + selector + "] matches more than one element");
                    }
                    found = i;
                }
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("'" + path + "': no element of " + name + " has " + key + " = " + value
                    + "; the list has " + key + " " + seen);
        }
        return found;
    }
}
