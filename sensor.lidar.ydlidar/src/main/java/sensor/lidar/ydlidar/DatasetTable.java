package sensor.lidar.ydlidar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The model table of YDLidar-SDK's {@code doc/Dataset.md}: the first Markdown table of the file, its columns found by
 * their header ({@code LIDAR}, {@code SampleRate(K)}, {@code Range(m)}, {@code Frequency(HZ)}), each cell read as the
 * table writes it. A cell of another form is refused with the file, the line and the form expected.
 */
final class DatasetTable {
    static final String NAME = "LIDAR", RATE = "SampleRate(K)", RANGE = "Range(m)", FREQUENCY = "Frequency(HZ)";

    private static final String NUMBER = "\\d+(?:\\.\\d+)?";
    private static final Pattern NAMES = Pattern.compile("[A-Za-z0-9]+(?: [A-Za-z0-9]+)*");
    private static final Pattern RATES = Pattern.compile(NUMBER + "(?:/" + NUMBER + ")*");
    private static final Pattern RANGES = Pattern.compile("(" + NUMBER + "(?:/" + NUMBER + ")*)~(" + NUMBER + ")");
    private static final Pattern FREQUENCIES = Pattern.compile("(" + NUMBER + ") ?[~-] ?(" + NUMBER + ") ?(\\(PWM\\))?");

    private DatasetTable() {}

    /**
     * One row of the table.
     *
     * @param line        its line in the file
     * @param names       the models it holds ({@code X2/X2L/X2N}: three)
     * @param sampleRates the sample rates it lists, samples per second, the first first
     * @param rangeMins   the nearest ranges, m: one, or one per sample rate
     * @param rangeMax    the farthest range, m
     * @param minHz       the lowest scan frequency, Hz
     * @param maxHz       the highest scan frequency, Hz
     * @param pwm         whether the frequency is set by the motor's PWM duty cycle
     * @param cells       the row's cells of sample rate, range and frequency, as written
     */
    record Row(int line, List<String> names, double[] sampleRates, double[] rangeMins, double rangeMax, double minHz,
            double maxHz, boolean pwm, List<String> cells) {}

    /** The rows of the table, in file order. */
    static List<Row> read(String file, String text) {
        String[] lines = text.split("\n", -1);
        int h = 0;
        while (h < lines.length && !lines[h].startsWith("|")) {
            h++;
        }
        if (h >= lines.length - 1) {
            throw new IllegalArgumentException(file + ": no table (a header row and a separator row starting with '|')");
        }
        List<String> header = cells(lines[h]);
        int name = column(file, h, header, NAME), rate = column(file, h, header, RATE);
        int range = column(file, h, header, RANGE), frequency = column(file, h, header, FREQUENCY);
        if (!lines[h + 1].matches("\\|( *:?-+:? *\\|)+")) {
            throw error(file, h + 2, "expected the table's separator row (|---|...), got '" + lines[h + 1] + "'");
        }
        List<Row> rows = new ArrayList<>();
        for (int i = h + 2; i < lines.length && lines[i].startsWith("|"); i++) {
            List<String> c = cells(lines[i]);
            int line = i + 1;
            if (c.size() != header.size()) {
                throw error(file, line, "a row must have the header's " + header.size() + " cells, got " + c.size());
            }
            String n = c.get(name), r = c.get(rate), g = c.get(range), f = c.get(frequency);
            List<String> names = Arrays.stream(n.split("/", -1)).map(String::strip).toList();
            for (String s : names) {
                require(NAMES.matcher(s).matches(), file, line, NAME + " must name models of letters, digits and"
                        + " spaces, several separated by '/', got '" + n + "'");
            }
            require(RATES.matcher(r).matches(), file, line, RATE + " must be a number of thousands of samples per"
                    + " second, several separated by '/' (9/8/4), got '" + r + "'");
            double[] rates = Arrays.stream(r.split("/")).mapToDouble(s -> 1000 * Double.parseDouble(s)).toArray();
            Matcher m = RANGES.matcher(g);
            require(m.matches(), file, line, RANGE + " must be min~max in m, one min per sample rate where there are"
                    + " several (0.28/0.26/0.1~16), got '" + g + "'");
            double[] mins = Arrays.stream(m.group(1).split("/")).mapToDouble(Double::parseDouble).toArray();
            double max = Double.parseDouble(m.group(2));
            require(mins.length == 1 || mins.length == rates.length, file, line, RANGE + " must give one min or one per"
                    + " sample rate (" + rates.length + "), got " + mins.length + " in '" + g + "'");
            for (int k = 0; k < rates.length; k++) {
                require(rates[k] > 0, file, line, RATE + " must be positive, got '" + r + "'");
            }
            for (double min : mins) {
                require(max > min, file, line, RANGE + ": the max must exceed each min, got '" + g + "'");
            }
            Matcher q = FREQUENCIES.matcher(f);
            require(q.matches(), file, line, FREQUENCY + " must be min~max or min-max in Hz, optionally followed by"
                    + " (PWM), got '" + f + "'");
            double lo = Double.parseDouble(q.group(1)), hi = Double.parseDouble(q.group(2));
            require(lo > 0 && hi >= lo, file, line, FREQUENCY + " must be a range of positive frequencies, low to high,"
                    + " got '" + f + "'");
            rows.add(new Row(line, names, rates, mins, max, lo, hi, q.group(3) != null, List.of(r, g, f)));
        }
        return rows;
    }

    /** The cells of a table line {@code | a | b |}, each stripped of white space. */
    static List<String> cells(String line) {
        String inner = line.strip();
        inner = inner.substring(1, inner.endsWith("|") && inner.length() > 1 ? inner.length() - 1 : inner.length());
        return Arrays.stream(inner.split("\\|", -1)).map(String::strip).toList();
    }

    private static int column(String file, int h, List<String> header, String name) {
        int k = header.indexOf(name);
        if (k < 0) {
            throw error(file, h + 1, "the table has no column '" + name + "'; its columns: " + header);
        }
        return k;
    }

    private static void require(boolean ok, String file, int line, String message) {
        if (!ok) {
            throw error(file, line, message);
        }
    }

    static IllegalArgumentException error(String file, int line, String what) {
        return new IllegalArgumentException(file + " line " + line + ": " + what);
    }
}
