package sensor.lidar.sick;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Readers of the sick_scan_xd C++ sources copied into this bundle: the {@code ScannerBasicParam} constants of each
 * scanner family ({@code sick_generic_parser.cpp}), the family names ({@code sick_generic_parser.h}), the layer table
 * of the point cloud ({@code sick_scan_common.cpp}) and the sign of the telegram's layer angle
 * ({@code sick_lmd_scandata_parser.cpp}). Each reader finds the statements it needs and refuses any other form of
 * them with the file and line.
 */
final class DriverSource {
    /** The geometry setters read from a family's block; the others (protocol, fields, IMU) are not geometry. */
    static final List<String> SETTERS = List.of("setNumberOfLayers", "setNumberOfShots", "setNumberOfMaximumEchos",
            "setAngularDegreeResolution", "setElevationDegreeResolution", "setExpectedFrequency", "setScanAngleShift",
            "setScanMirroredAndShifted");

    private static final Pattern IF = Pattern.compile("if \\(basicParams\\[i\\]\\.getScannerName\\(\\)\\.compare\\(");
    private static final Pattern NAME = Pattern.compile("compare\\((SICK_SCANNER_\\w+)\\)");
    private static final Pattern SET = Pattern.compile("basicParams\\[i\\]\\.(set\\w+)\\((.*)\\);");
    private static final Pattern NUMBER = Pattern.compile("[+-]?\\d+(\\.\\d+)?");
    private static final Pattern PI = Pattern.compile("([+-]?)M_PI(\\s*/\\s*(\\d+))?");

    private DriverSource() {}

    /** A constant and the line setting it (the line of the family's {@code if} where the driver's default 0 holds). */
    record Value(double value, int line) {}

    /**
     * The geometry constants of one family.
     *
     * @param name   the driver's name constant, {@code SICK_SCANNER_TIM_5XX_NAME}
     * @param line   the line of the family's {@code if}
     * @param values setter → value; a setter the block does not call keeps the constructor's 0
     */
    record Params(String name, int line, Map<String, Value> values) {
        Value get(String setter) {
            return values.getOrDefault(setter, new Value(0, line));
        }
    }

    /** Every family block of {@code sick_generic_parser.cpp}, by name constant. */
    static Map<String, Params> basicParams(String file, String text) {
        String[] lines = text.split("\n", -1);
        Map<String, Params> families = new LinkedHashMap<>();
        for (int i = 0; i < lines.length; i++) {
            if (!IF.matcher(code(lines[i])).find()) {
                continue;
            }
            int start = i;
            List<String> names = new ArrayList<>();
            while (true) {
                Matcher n = NAME.matcher(code(lines[i]));
                while (n.find()) {
                    names.add(n.group(1));
                }
                if (code(lines[i]).contains("{")) {
                    break;
                }
                if (++i == lines.length) {
                    throw error(file, start + 1, "the if of " + names + " has no block");
                }
            }
            Map<String, Value> values = new LinkedHashMap<>();
            for (int depth = 0;; i++) {
                if (i == lines.length) {
                    throw error(file, start + 1, "the block of " + names + " is never closed");
                }
                String c = code(lines[i]);
                Matcher s = SET.matcher(c);
                if (s.find() && SETTERS.contains(s.group(1))) {
                    Value old = values.put(s.group(1), new Value(value(file, i + 1, s.group(1), s.group(2).trim()), i + 1));
                    if (old != null) {
                        throw error(file, i + 1, s.group(1) + " is called again for " + names + " (first on line "
                                + old.line() + ")");
                    }
                }
                depth += count(c, '{') - count(c, '}');
                if (depth == 0) {
                    break;
                }
            }
            for (String n : names) {
                families.put(n, new Params(n, start + 1, values));
            }
        }
        return families;
    }

    /** A setter's argument: a decimal number, {@code true}/{@code false} (1/0) or {@code ±M_PI[/n]} (rad). */
    static double value(String file, int line, String setter, String arg) {
        if (arg.equals("true") || arg.equals("false")) {
            return arg.equals("true") ? 1 : 0;
        }
        Matcher pi = PI.matcher(arg);
        if (pi.matches()) {
            double v = pi.group(3) == null ? Math.PI : Math.PI / Integer.parseInt(pi.group(3));
            return pi.group(1).equals("-") ? -v : v;
        }
        if (!NUMBER.matcher(arg).matches()) {
            throw error(file, line, setter + " must be a decimal number, true, false or ±M_PI[/n], got '" + arg + "'");
        }
        return Double.parseDouble(arg);
    }

    /** The {@code #define SICK_SCANNER_..._NAME "..."} of the header: name constant → scanner type. */
    static Map<String, String> names(String text) {
        Map<String, String> names = new LinkedHashMap<>();
        Matcher m = Pattern.compile("#define (SICK_SCANNER_\\w+) \"([^\"]+)\"").matcher(text);
        while (m.find()) {
            names.put(m.group(1), m.group(2));
        }
        return names;
    }

    /** The parser's default range filter, {@code override_range_min_((float) x)}: {min, max} with their lines. */
    static Value[] rangeDefaults(String file, String text) {
        String[] lines = text.split("\n", -1);
        Value[] range = new Value[2];
        Pattern p = Pattern.compile("override_range_(min|max)_\\(\\(float\\) ?([^)]*)\\)");
        for (int i = 0; i < lines.length; i++) {
            Matcher m = p.matcher(code(lines[i]));
            if (m.find()) {
                range[m.group(1).equals("min") ? 0 : 1] = new Value(value(file, i + 1, "override_range_" + m.group(1)
                        + "_", m.group(2).trim()), i + 1);
            }
        }
        for (int k = 0; k < 2; k++) {
            if (range[k] == null) {
                throw new IllegalArgumentException(file + ": no override_range_" + (k == 0 ? "min" : "max") + "_");
            }
        }
        return range;
    }

    /**
     * One layer of the point cloud.
     *
     * @param telegram the layer angle of the scan telegram ({@code elevAngleX200})
     * @param row      the point cloud row the driver puts it in ({@code layer - baseLayer})
     * @param layer    the driver's layer index ({@code layer})
     */
    record Layer(int telegram, int row, int layer) {}

    /**
     * The point cloud rows of a multi-layer scanner, from the {@code switch (numOfLayers)} of
     * {@code sick_scan_common.cpp}: for 4 layers its table of telegram angles and layer indices, for 24 layers its
     * formula {@code layer = (elevAngleX200 - (o)) / s; layer = (a - layer) - b}, read for the 24 telegram angles
     * {@code o + s·k}, k = 0..23, in the order the scanner sends them.
     *
     * @param layers in telegram order
     * @param line   the line of the case
     */
    record LayerTable(List<Layer> layers, int line) {}

    /** The 4- or 24-layer case of the point cloud's {@code switch (numOfLayers)}. */
    static LayerTable layers(String file, String text, int count) {
        String[] lines = text.split("\n", -1);
        int sw = find(lines, 0, "switch (numOfLayers)");
        if (sw < 0) {
            throw new IllegalArgumentException(file + ": no switch (numOfLayers)");
        }
        int at = find(lines, sw, "case " + count + ":");
        if (at < 0) {
            throw error(file, sw + 1, "the switch (numOfLayers) has no case " + count);
        }
        Integer base = null, pending = null, offset = null, step = null, a = null, b = null;
        List<Layer> layers = new ArrayList<>();
        Map<Integer, Integer> table = new LinkedHashMap<>();
        for (int i = at; !code(lines[i]).contains("break;"); i++) {
            if (i + 1 == lines.length) {
                throw error(file, at + 1, "case " + count + " never reaches its break");
            }
            String c = code(lines[i]);
            Matcher m;
            if ((m = Pattern.compile("\\bbaseLayer = (-?\\d+);").matcher(c)).find()) {
                base = Integer.valueOf(m.group(1));
            }
            if ((m = Pattern.compile("elevAngleX200 == (-?\\d+)").matcher(c)).find()) {
                pending = Integer.valueOf(m.group(1));
            }
            if ((m = Pattern.compile("\\{ layer = (-?\\d+); \\}").matcher(c)).find()) {
                if (pending == null) {
                    throw error(file, i + 1, "layer " + m.group(1) + " is set without an elevAngleX200 test before it");
                }
                table.put(pending, Integer.valueOf(m.group(1)));
                pending = null;
            }
            if ((m = Pattern.compile("layer = \\(elevAngleX200 - \\((-?\\d+)\\)\\) / (\\d+);").matcher(c)).find()) {
                offset = Integer.valueOf(m.group(1));
                step = Integer.valueOf(m.group(2));
            }
            if ((m = Pattern.compile("layer = \\((\\d+) - layer\\) - (\\d+);").matcher(c)).find()) {
                a = Integer.valueOf(m.group(1));
                b = Integer.valueOf(m.group(2));
            }
        }
        if (base == null) {
            throw error(file, at + 1, "case " + count + " sets no baseLayer");
        }
        if (offset != null && step != null && a != null && b != null) {
            for (int k = 0; k < count; k++) {
                int v = offset + step * k, layer = a - (v - offset) / step - b;
                layers.add(new Layer(v, layer - base, layer));
            }
        } else {
            for (Map.Entry<Integer, Integer> e : table.entrySet()) {
                layers.add(new Layer(e.getKey(), e.getValue() - base, e.getValue()));
            }
        }
        boolean[] seen = new boolean[count];
        for (Layer l : layers) {
            if (l.row() < 0 || l.row() >= count || seen[l.row()]) {
                throw error(file, at + 1, "case " + count + " must put the " + count + " layers in rows 0 to "
                        + (count - 1) + " once each, got " + layers.stream().map(Layer::row).toList());
            }
            seen[l.row()] = true;
        }
        if (layers.size() != count) {
            throw error(file, at + 1, "case " + count + " must give " + count + " layers, got " + layers.size());
        }
        return new LayerTable(layers, at + 1);
    }

    /** {@code elevAngleTelegramValToDeg = 1.0 / d} where it is declared (the MRS6000 scale): d with its line. */
    static Value telegramScale(String file, String text) {
        String[] lines = text.split("\n", -1);
        int at = find(lines, 0, "double elevAngleTelegramValToDeg = ");
        if (at < 0) {
            throw new IllegalArgumentException(file + ": no double elevAngleTelegramValToDeg");
        }
        Matcher m = Pattern.compile("= 1\\.0 / (\\S+);").matcher(code(lines[at]));
        double d = m.find() && NUMBER.matcher(m.group(1)).matches() ? Double.parseDouble(m.group(1)) : 0;
        if (!(d > 0)) {
            throw error(file, at + 1, "elevAngleTelegramValToDeg must be 1.0 / a positive number");
        }
        return new Value(d, at + 1);
    }

    /** The sign of {@code elevationAngleInRad = ±elevAngleX200 * elevAngleTelegramValToDeg * deg2rad_const}. */
    static Value elevationSign(String file, String text) {
        String[] lines = text.split("\n", -1);
        Pattern p = Pattern.compile("elevationAngleInRad = (-?)elevAngleX200 \\* elevAngleTelegramValToDeg \\* deg2rad_const;");
        for (int i = 0; i < lines.length; i++) {
            Matcher m = p.matcher(code(lines[i]));
            if (m.find()) {
                return new Value(m.group(1).isEmpty() ? 1 : -1, i + 1);
            }
        }
        throw new IllegalArgumentException(file
                + ": no elevationAngleInRad = ±elevAngleX200 * elevAngleTelegramValToDeg * deg2rad_const");
    }

    /** The first line from {@code from} whose code holds {@code s}, or -1. */
    private static int find(String[] lines, int from, String s) {
        for (int i = from; i < lines.length; i++) {
            if (code(lines[i]).contains(s)) {
                return i;
            }
        }
        return -1;
    }

    /** A line without its {@code //} comment. */
    static String code(String line) {
        int c = line.indexOf("//");
        return c < 0 ? line : line.substring(0, c);
    }

    private static int count(String s, char c) {
        return (int) s.chars().filter(x -> x == c).count();
    }

    static IllegalArgumentException error(String file, int line, String what) {
        return new IllegalArgumentException(file + " line " + line + ": " + what);
    }
}
