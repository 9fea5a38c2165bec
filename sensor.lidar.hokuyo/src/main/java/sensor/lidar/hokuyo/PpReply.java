package sensor.lidar.hokuyo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One SCIP 2.0 {@code PP} (parameter) reply of a Hokuyo URG-family scanner, as the unit sends it: the echo {@code PP},
 * the status {@code 00P}, the lines {@code MODL DMIN DMAX ARES AMIN AMAX AFRT SCAN} in that order, each
 * {@code NAME:value;c} with c the SCIP checksum of {@code NAME:value}, and an empty line that ends the reply.
 *
 * @param line   the line of the echo
 * @param fields name → value and line
 */
record PpReply(int line, Map<String, Field> fields) {
    /** The parameter lines of a reply, in the order the unit sends them. */
    static final List<String> NAMES = List.of("MODL", "DMIN", "DMAX", "ARES", "AMIN", "AMAX", "AFRT", "SCAN");

    /** A parameter's value (after {@code NAME:}) and its line. */
    record Field(String value, int line) {}

    /** The value of {@code name}. */
    String text(String name) {
        return fields.get(name).value();
    }

    /** The line of {@code name}. */
    int line(String name) {
        return fields.get(name).line();
    }

    /**
     * The SCIP checksum of {@code data}: the sum of its bytes, its low 6 bits, plus 0x30 (urg_c's {@code scip_checksum}).
     */
    static char checksum(String data) {
        int sum = 0;
        for (byte b : data.getBytes(StandardCharsets.UTF_8)) {
            sum += b; // a byte over 127 counts as b + 256, the same low 6 bits
        }
        return (char) ((sum & 0x3f) + 0x30);
    }

    /**
     * Every reply of {@code text}, in file order; replies may be separated by empty lines. A line out of place, a wrong
     * checksum or a reply cut short is refused with the file, the line and what was expected there.
     */
    static List<PpReply> read(String file, String text) {
        String[] lines = text.split("\n", -1);
        List<PpReply> replies = new ArrayList<>();
        int i = 0;
        while (i < lines.length) {
            if (lines[i].isEmpty()) {
                i++;
                continue;
            }
            int start = i + 1;
            expect(file, lines[i++], start, "PP", "the echo 'PP' that begins a PP reply");
            expect(file, at(file, lines, i++, start, "the status '00P'"), i, "00P",
                    "the status '00P' (00: no error, P its checksum)");
            Map<String, Field> fields = new LinkedHashMap<>();
            for (String name : NAMES) {
                String l = at(file, lines, i++, start, "the line " + name);
                fields.put(name, new Field(value(file, i, name, l), i));
            }
            expect(file, at(file, lines, i++, start, "the empty line that ends it"), i, "",
                    "the empty line that ends a PP reply");
            replies.add(new PpReply(start, fields));
        }
        return replies;
    }

    /** Line {@code i} (0-based) of a reply begun on line {@code start}; the file must not end before it. */
    private static String at(String file, String[] lines, int i, int start, String what) {
        if (i >= lines.length) {
            throw new IllegalArgumentException(file + ": the PP reply begun on line " + start + " ends before " + what);
        }
        return lines[i];
    }

    private static void expect(String file, String got, int line, String want, String what) {
        if (!got.equals(want)) {
            throw error(file, line, "expected " + what + ", got '" + got + "'");
        }
    }

    /** The value of a {@code NAME:value;c} line after checking its form and checksum. */
    static String value(String file, int line, String name, String l) {
        int n = l.length();
        if (!l.startsWith(name + ":") || l.charAt(n - 2) != ';') {
            throw error(file, line, "expected '" + name + ":<value>;<checksum>', got '" + l + "'");
        }
        String data = l.substring(0, n - 2);
        char want = checksum(data), got = l.charAt(n - 1);
        if (got != want) {
            throw error(file, line, "the checksum of '" + data + "' must be '" + want + "', got '" + got + "'");
        }
        return data.substring(name.length() + 1);
    }

    static IllegalArgumentException error(String file, int line, String what) {
        return new IllegalArgumentException(file + " line " + line + ": " + what);
    }
}
