package sensor.lidar.unitree;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What this bundle reads in the copied Unitree SDK files: a constant of a C/C++ header ({@code int
 * points_num_of_scan = 120;}, {@code uint16_t ranges[300];}, a default argument {@code float range_max = 50,}) and the
 * points a README prints from a real unit ({@code (x, y, z, intensity, time, ring)} under {@code first 10 points}).
 * A file without what is asked is refused with the file and the form expected; a printed point of another form, at
 * its line.
 */
final class SdkText {
    private static final String NUMBER = "-?\\d+(?:\\.\\d+)?";
    private static final Pattern POINT = Pattern.compile("\\s*\\((" + NUMBER + "), (" + NUMBER + "), (" + NUMBER + "), ("
            + NUMBER + "), (" + NUMBER + "), (\\d+)\\)\\s*");
    /** The README's header line above the printed points. */
    static final String SAMPLE = "first 10 points (x,y,z,intensity,time,ring) =";

    private SdkText() {}

    /**
     * The first match of {@code regex} (one group: the value) in {@code text}, with its 1-based line.
     *
     * @param form what the line should look like, for the message
     */
    static Found first(String file, String text, String regex, String form) {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException(file + ": no line of the form '" + form + "'");
        }
        return new Found(m.group(1), line(text, m.start()));
    }

    /** A value read in a file and the line it is on. */
    record Found(String value, int line) {
        double number() {
            return Double.parseDouble(value);
        }
    }

    /** One printed point: line, position (m) and time into the cloud (s), as printed. */
    record Point(int line, double x, double y, double z, double time) {}

    /** The points printed under the first {@link #SAMPLE} line of {@code text}, up to the first other line. */
    static List<Point> sample(String file, String text) {
        String[] lines = text.split("\n", -1);
        int h = 0;
        while (h < lines.length && !lines[h].strip().equals(SAMPLE)) {
            h++;
        }
        if (h == lines.length) {
            throw new IllegalArgumentException(file + ": no line '" + SAMPLE + "' above printed points");
        }
        List<Point> points = new ArrayList<>();
        for (int i = h + 1; i < lines.length && lines[i].strip().startsWith("("); i++) {
            Matcher m = POINT.matcher(lines[i]);
            if (!m.matches()) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": a printed point must read (x, y, z,"
                        + " intensity, time, ring), got '" + lines[i].strip() + "'");
            }
            points.add(new Point(i + 1, Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                    Double.parseDouble(m.group(3)), Double.parseDouble(m.group(5))));
        }
        if (points.size() < 2) {
            throw new IllegalArgumentException(file + " line " + (h + 2) + ": at least two printed points expected");
        }
        return points;
    }

    /**
     * The sample period that the printed times {@code t_i} (to {@code 1e-6} s, {@code %f}) allow: the middle of the
     * periods τ with {@code |i·τ − t_i| ≤ 0.5 µs} for every point i ≥ 1 (point 0 printed at 0).
     */
    static double period(String file, List<Point> points) {
        if (points.get(0).time() != 0) {
            throw new IllegalArgumentException(file + " line " + points.get(0).line() + ": the first printed point"
                    + " must be at time 0, got " + points.get(0).time());
        }
        double lo = 0, hi = Double.POSITIVE_INFINITY;
        for (int i = 1; i < points.size(); i++) {
            double t = points.get(i).time();
            lo = Math.max(lo, (t - 0.5e-6) / i);
            hi = Math.min(hi, (t + 0.5e-6) / i);
        }
        if (!(lo < hi)) {
            throw new IllegalArgumentException(file + " line " + points.get(points.size() - 1).line() + ": the printed"
                    + " times are not evenly spaced to 1 µs");
        }
        return (lo + hi) / 2;
    }

    /** The 1-based line of character {@code at}. */
    static int line(String text, int at) {
        int n = 1;
        for (int i = 0; i < at; i++) {
            n += text.charAt(i) == '\n' ? 1 : 0;
        }
        return n;
    }
}
