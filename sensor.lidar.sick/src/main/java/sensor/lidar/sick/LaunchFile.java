package sensor.lidar.sick;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sick_scan_xd roslaunch file as the driver reads it: the {@code <param name="..." value="..."/>} outside XML
 * comments, {@code $(arg x)} replaced by the {@code <arg name="x" default="..."/>}.
 *
 * @param file   as named in messages
 * @param params name → value and line
 */
record LaunchFile(String file, Map<String, Param> params) {
    /** A parameter's value and the line of its {@code <param}. */
    record Param(String value, int line) {}

    private static final Pattern ARG = Pattern.compile("<arg\\s+name=\"(\\w+)\"\\s+default=\"([^\"]*)\"");
    private static final Pattern PARAM = Pattern.compile("<param\\s+name=\"(\\w+)\"[^>]*?\\svalue=\"([^\"]*)\"");
    private static final Pattern REF = Pattern.compile("\\$\\(arg (\\w+)\\)");
    private static final Pattern NUMBER = Pattern.compile("[+-]?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");

    /** Reads the parameters; an unclosed comment or an unknown arg is refused. */
    static LaunchFile parse(String file, String text) {
        StringBuilder code = new StringBuilder(text);
        for (int open = code.indexOf("<!--"); open >= 0; open = code.indexOf("<!--", open)) {
            int close = code.indexOf("-->", open + 4);
            if (close < 0) {
                throw new IllegalArgumentException(file + " line " + line(text, open) + ": comment is never closed");
            }
            for (int k = open; k < close + 3; k++) {
                if (code.charAt(k) != '\n') {
                    code.setCharAt(k, ' ');
                }
            }
        }
        Map<String, String> args = new LinkedHashMap<>();
        Matcher a = ARG.matcher(code);
        while (a.find()) {
            args.put(a.group(1), a.group(2));
        }
        Map<String, Param> params = new LinkedHashMap<>();
        Matcher p = PARAM.matcher(code);
        while (p.find()) {
            int line = line(text, p.start());
            String value = p.group(2);
            Matcher ref = REF.matcher(value);
            if (ref.matches()) {
                if (!args.containsKey(ref.group(1))) {
                    throw new IllegalArgumentException(file + " line " + line + ": " + p.group(1) + " refers to arg '"
                            + ref.group(1) + "', which the file does not declare");
                }
                value = args.get(ref.group(1));
            }
            params.put(p.group(1), new Param(value, line)); // as in roslaunch, the last setting holds
        }
        return new LaunchFile(file, params);
    }

    /** The number parameter {@code name}, or null where the file does not set it. */
    Double number(String name) {
        Param p = params.get(name);
        if (p == null) {
            return null;
        }
        if (!NUMBER.matcher(p.value().trim()).matches()) {
            throw new IllegalArgumentException(file + " line " + p.line() + ": " + name + " must be a number, got '"
                    + p.value() + "'");
        }
        return Double.parseDouble(p.value().trim());
    }

    /** The line setting {@code name}. */
    int line(String name) {
        return params.get(name).line();
    }

    private static int line(String text, int offset) {
        int line = 1;
        for (int k = 0; k < offset; k++) {
            if (text.charAt(k) == '\n') {
                line++;
            }
        }
        return line;
    }
}
