package sensor.lidar.sick;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sick_scan_xd roslaunch file as the driver reads it: the {@code <param name="..." value="..."/>} outside XML
 * comments, {@code $(arg x)} replaced by the {@code <arg name="x" default="..."/>}; and the table of the scanner's
 * modes some files carry in a comment, SICK's list of the scan configurations {@code scan_cfg_list_entry} selects.
 *
 * @param file   as named in messages
 * @param params name → value and line
 * @param modes  mode number → its row of the table (empty where the file has none)
 */
record LaunchFile(String file, Map<String, Param> params, Map<Integer, ScanMode> modes) {
    /** A parameter's value and the line of its {@code <param}. */
    record Param(String value, int line) {}

    /**
     * A row of the modes table, e.g. {@code 1 12.5Hz & 0.040 deg 0x 12.5 Hz 12.5 Hz 0.040 deg 0.040 deg 360 deg} or
     * {@code |1 |0x |8 Hz |8 Hz |0.25° |0.25° |360° |0 ... 360° |...}: after the last frequency (the resulting scan
     * frequency) come the resolution, the total resolution and the field of view.
     *
     * @param entry       mode number
     * @param interlaced  interlacing factor (0 for none)
     * @param rate        resulting scan frequency, Hz
     * @param step        angular resolution, degrees
     * @param fieldOfView degrees
     * @param line        the row's line
     */
    record ScanMode(int entry, int interlaced, double rate, double step, double fieldOfView, int line) {}

    private static final Pattern ROW = Pattern.compile("^[\\s|]*(\\d+)[\\s|].*?\\b(\\d+)x\\b");
    private static final Pattern HZ = Pattern.compile("([0-9.]+)\\s*Hz");
    private static final Pattern ANGLE = Pattern.compile("([0-9.]+)\\s*(?:deg|°)");

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
        return new LaunchFile(file, params, modes(text));
    }

    /** The rows of a modes table: a mode number first, an interlacing {@code nx}, frequencies, then three angles. */
    static Map<Integer, ScanMode> modes(String text) {
        Map<Integer, ScanMode> modes = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher row = ROW.matcher(lines[i]);
            Matcher hz = HZ.matcher(lines[i]);
            double rate = Double.NaN;
            int end = -1;
            while (hz.find()) {
                rate = Double.parseDouble(hz.group(1));
                end = hz.end();
            }
            if (!row.find() || end < 0) {
                continue;
            }
            Matcher angle = ANGLE.matcher(lines[i]).region(end, lines[i].length());
            double[] a = new double[3];
            int k = 0;
            while (k < 3 && angle.find()) {
                a[k++] = Double.parseDouble(angle.group(1));
            }
            if (k == 3) {
                modes.putIfAbsent(Integer.parseInt(row.group(1)), new ScanMode(Integer.parseInt(row.group(1)),
                        Integer.parseInt(row.group(2)), rate, a[0], a[2], i + 1));
            }
        }
        return modes;
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
