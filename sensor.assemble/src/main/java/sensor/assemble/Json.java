package sensor.assemble;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON as the OSGi Feature Service (chapter 159) and the Configurator read it: standard JSON plus {@code //} and
 * {@code /* *}{@code /} comments. Every value keeps its line and column so that a refusal can point at it; a key given
 * twice in one object is refused (for {@code configurations} that is a duplicate PID).
 */
final class Json {
    /** A value (a {@code Map<String, Node>}, {@code List<Node>}, String, BigDecimal, Boolean or null) and where it starts. */
    record Node(Object value, int line, int column) {
        String where() {
            return line + ":" + column;
        }

        @SuppressWarnings("unchecked")
        Map<String, Node> object() {
            return (Map<String, Node>) value;
        }

        @SuppressWarnings("unchecked")
        List<Node> array() {
            return (List<Node>) value;
        }
    }

    /** A syntax error at a line and column. */
    static final class SyntaxError extends Exception {
        final int line, column;

        SyntaxError(String message, int line, int column) {
            super(message);
            this.line = line;
            this.column = column;
        }
    }

    private final String text;
    private int pos, line = 1, lineStart;

    private Json(String text) {
        this.text = text;
    }

    /** Parses a whole document: one value and nothing but comments and space after it. */
    static Node parse(String text) throws SyntaxError {
        Json j = new Json(text);
        Node n = j.value();
        j.space();
        if (j.pos < text.length()) {
            throw j.error("unexpected '" + text.charAt(j.pos) + "' after the document's end");
        }
        return n;
    }

    private Node value() throws SyntaxError {
        space();
        if (pos >= text.length()) {
            throw error("the document ends where a value was expected");
        }
        int l = line, c = pos - lineStart + 1;
        char ch = text.charAt(pos);
        Object v;
        if (ch == '{') {
            v = object();
        } else if (ch == '[') {
            v = array();
        } else if (ch == '"') {
            v = string();
        } else if (ch == '-' || Character.isDigit(ch)) {
            v = number();
        } else if (text.startsWith("true", pos) || text.startsWith("false", pos) || text.startsWith("null", pos)) {
            v = ch == 'n' ? null : ch == 't';
            pos += ch == 'f' ? 5 : 4;
        } else {
            throw error("unexpected '" + ch + "': expected an object, array, string, number, true, false or null");
        }
        return new Node(v, l, c);
    }

    private Map<String, Node> object() throws SyntaxError {
        Map<String, Node> m = new LinkedHashMap<>();
        pos++;
        space();
        if (peek() == '}') {
            pos++;
            return m;
        }
        while (true) {
            space();
            if (peek() != '"') {
                throw error("expected a quoted key");
            }
            int l = line, c = pos - lineStart + 1;
            String key = string();
            space();
            expect(':');
            Node v = value();
            if (m.containsKey(key)) {
                throw new SyntaxError("'" + key + "' is given twice in one object (first at " + m.get(key).where() + ")", l, c);
            }
            m.put(key, v);
            space();
            if (peek() == ',') {
                pos++;
                continue;
            }
            expect('}');
            return m;
        }
    }

    private List<Node> array() throws SyntaxError {
        List<Node> list = new ArrayList<>();
        pos++;
        space();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            list.add(value());
            space();
            if (peek() == ',') {
                pos++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    private String string() throws SyntaxError {
        StringBuilder b = new StringBuilder();
        int startLine = line, startColumn = pos - lineStart + 1;
        pos++;
        while (pos < text.length()) {
            char ch = text.charAt(pos++);
            if (ch == '"') {
                return b.toString();
            }
            if (ch == '\n') {
                break;
            }
            if (ch != '\\') {
                b.append(ch);
                continue;
            }
            char e = pos < text.length() ? text.charAt(pos++) : '?';
            switch (e) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case '"', '\\', '/' -> b.append(e);
                case 'u' -> {
                    if (pos + 4 > text.length() || !text.substring(pos, pos + 4).matches("[0-9a-fA-F]{4}")) {
                        throw error("\\u needs four hexadecimal digits");
                    }
                    b.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> throw error("unknown escape '\\" + e + "'");
            }
        }
        throw new SyntaxError("a string is not closed on its line", startLine, startColumn);
    }

    private BigDecimal number() throws SyntaxError {
        int start = pos;
        while (pos < text.length() && "+-.eE0123456789".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        String s = text.substring(start, pos);
        if (!s.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            pos = start;
            throw error("'" + s + "' is not a JSON number");
        }
        return new BigDecimal(s);
    }

    /** Skips white space and comments. */
    private void space() throws SyntaxError {
        while (pos < text.length()) {
            char ch = text.charAt(pos);
            if (ch == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (Character.isWhitespace(ch)) {
                pos++;
            } else if (text.startsWith("//", pos)) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (text.startsWith("/*", pos)) {
                int end = text.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw error("a comment /* is not closed");
                }
                for (int i = pos; i < end; i++) {
                    if (text.charAt(i) == '\n') {
                        line++;
                        lineStart = i + 1;
                    }
                }
                pos = end + 2;
            } else {
                return;
            }
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void expect(char ch) throws SyntaxError {
        if (peek() != ch) {
            throw error(pos < text.length() ? "expected '" + ch + "' but found '" + text.charAt(pos) + "'"
                    : "the document ends where '" + ch + "' was expected");
        }
        pos++;
    }

    private SyntaxError error(String message) {
        return new SyntaxError(message, line, pos - lineStart + 1);
    }

    /** {@code v} written as JSON (objects in their order), for the configurations and the lock. */
    static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(v instanceof Node n ? n.value() : v, b);
        return b.toString();
    }

    private static void write(Object v, StringBuilder b) {
        if (v instanceof Node n) {
            write(n.value(), b);
        } else if (v instanceof Map<?, ?> m) {
            b.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : m.entrySet()) {
                b.append(sep);
                quote(e.getKey().toString(), b);
                b.append(": ");
                write(e.getValue(), b);
                sep = ", ";
            }
            b.append('}');
        } else if (v instanceof List<?> l) {
            b.append('[');
            for (int i = 0; i < l.size(); i++) {
                b.append(i == 0 ? "" : ", ");
                write(l.get(i), b);
            }
            b.append(']');
        } else if (v instanceof String s) {
            quote(s, b);
        } else if (v instanceof BigDecimal d) {
            b.append(d.toString());
        } else {
            b.append(v); // Boolean, a number, null
        }
    }

    static void quote(String s, StringBuilder b) {
        b.append('"');
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        b.append(String.format("\\u%04x", (int) ch));
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        b.append('"');
    }
}
