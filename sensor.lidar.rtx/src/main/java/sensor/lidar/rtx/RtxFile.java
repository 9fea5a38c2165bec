package sensor.lidar.rtx;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of an NVIDIA Isaac Sim RTX-lidar configuration file ({@code profile} of a {@code "type": "lidar"} file)
 * that give a model's rays: the scan type, rotation, rates, range limits, the datasheet's minimum-reflectance line and
 * one emitter state's per-emitter azimuth, elevation (degrees) and firing time (ns). Read with a small reader of our
 * own: every key is looked up by name, every refusal names the file and line.
 *
 * @param rotary            {@code scanType} rotary (the emitters turn with the head) rather than solidState (each
 *                          emitter is one ray of the frame)
 * @param scanRate          {@code scanRateBaseHz}, frames per second
 * @param reportRate        {@code reportRateBaseHz}, columns per second of a rotary file
 * @param nearRange         {@code nearRangeM}
 * @param farRange          {@code farRangeM}
 * @param minReflectance    {@code minReflectance}, 0 where absent
 * @param minReflectanceRange {@code minReflectanceRange}, m, 0 where absent
 * @param maxReturns        {@code maxReturns}
 * @param azimuths          {@code azimuthDeg}, degrees
 * @param elevations        {@code elevationDeg}, degrees
 * @param fireTimes         {@code fireTimeNs}, ns
 * @param vertOffsets       {@code vertOffsetM}, m, each emitter's height above the sensor origin; 0 where absent
 */
record RtxFile(boolean rotary, double scanRate, double reportRate, double nearRange, double farRange,
        double minReflectance, double minReflectanceRange, int maxReturns, double[] azimuths, double[] elevations,
        double[] fireTimes, double[] vertOffsets) {

    /** Reads {@code text}, the content of {@code file}. */
    static RtxFile parse(String file, String text) {
        String scan = string(file, text, "scanType");
        boolean rotary = scan.equalsIgnoreCase("rotary");
        if (!rotary && !scan.equalsIgnoreCase("solidState")) {
            throw new IllegalArgumentException(file + " line " + line(text, "scanType") + ": scanType must be rotary or"
                    + " solidState, got '" + scan + "'");
        }
        if (rotary && !string(file, text, "rotationDirection").equals("CW")) {
            throw new IllegalArgumentException(file + " line " + line(text, "rotationDirection")
                    + ": a rotary file must turn clockwise (rotationDirection CW), as every published one does");
        }
        double states = number(file, text, "emitterStateCount", 1);
        if (states != 1) {
            throw new IllegalArgumentException(file + " line " + line(text, "emitterStateCount")
                    + ": emitterStateCount must be 1 (one emitter state), got " + plain(states));
        }
        double[] az = array(file, text, "azimuthDeg"), el = array(file, text, "elevationDeg");
        double[] fire = array(file, text, "fireTimeNs");
        int emitters = (int) number(file, text, "numberOfEmitters", az.length);
        double[] vert = find(text, "vertOffsetM") == null ? new double[emitters] : array(file, text, "vertOffsetM");
        for (String key : new String[] {"azimuthDeg", "elevationDeg", "fireTimeNs", "vertOffsetM"}) {
            int n = key.equals("azimuthDeg") ? az.length : key.equals("elevationDeg") ? el.length
                    : key.equals("fireTimeNs") ? fire.length : vert.length;
            if (n != emitters) {
                throw new IllegalArgumentException(file + " line " + line(text, key) + ": " + key + " holds " + n
                        + " values but numberOfEmitters is " + emitters);
            }
        }
        for (int i = 0; i < el.length; i++) {
            if (!(Math.abs(el[i]) <= 90)) {
                throw new IllegalArgumentException(file + " line " + line(text, "elevationDeg") + ": elevationDeg[" + i
                        + "] must be in [-90, 90] degrees, got " + plain(el[i]));
            }
        }
        double scanRate = positive(file, text, "scanRateBaseHz");
        return new RtxFile(rotary, scanRate, positive(file, text, "reportRateBaseHz"), number(file, text, "nearRangeM", 0),
                positive(file, text, "farRangeM"), number(file, text, "minReflectance", 0),
                number(file, text, "minReflectanceRange", 0), (int) number(file, text, "maxReturns", 1), az, el, fire,
                vert);
    }

    /**
     * The fewest whole columns that cover one rotation at the file's column rate (as the Velodyne bundle's modes), for
     * a file whose report rate is no whole multiple of its scan rate.
     */
    int coveringColumns() {
        return (int) Math.ceil(reportRate / scanRate - 1e-9);
    }

    /** Columns per rotation of a rotary file: report rate over scan rate, which must be whole. */
    int columns(String file) {
        double c = reportRate / scanRate;
        if (Math.abs(c - Math.rint(c)) > 1e-9 || c < 1) {
            throw new IllegalArgumentException(file + ": reportRateBaseHz / scanRateBaseHz must be a whole number of"
                    + " columns per rotation, got " + c);
        }
        return (int) Math.rint(c);
    }

    private static final String NUMBER = "([-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?)";

    private static Matcher find(String text, String key) {
        Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*").matcher(text);
        return m.find() ? m : null;
    }

    /** The 1-based line of {@code key}'s first occurrence (of the file's end where it is missing). */
    static int line(String text, String key) {
        Matcher m = find(text, key);
        int end = m == null ? text.length() : m.start();
        return 1 + (int) text.substring(0, end).chars().filter(c -> c == '\n').count();
    }

    private static String string(String file, String text, String key) {
        Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*\"([^\"]*)\"").matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException(file + ": no " + key);
        }
        return m.group(1);
    }

    private static double number(String file, String text, String key, double missing) {
        Matcher m = find(text, key);
        if (m == null) {
            return missing;
        }
        Matcher v = Pattern.compile(NUMBER + "\\s*[,}\\n]").matcher(text);
        if (!v.find(m.end()) || v.start() != m.end()) {
            throw new IllegalArgumentException(file + " line " + line(text, key) + ": " + key + " must be a number");
        }
        return Double.parseDouble(v.group(1));
    }

    private static double positive(String file, String text, String key) {
        double v = number(file, text, key, Double.NaN);
        if (Double.isNaN(v)) {
            throw new IllegalArgumentException(file + ": no " + key);
        }
        if (!(v > 0)) {
            throw new IllegalArgumentException(file + " line " + line(text, key) + ": " + key + " must be > 0, got " + plain(v));
        }
        return v;
    }

    private static double[] array(String file, String text, String key) {
        Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException(file + ": no " + key);
        }
        String[] cells = m.group(1).split(",");
        double[] v = new double[cells.length];
        int at = m.start(1);
        for (int i = 0; i < cells.length; i++) {
            String cell = cells[i].strip();
            try {
                v[i] = Double.parseDouble(cell);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + " line " + lineOf(text, at, cells[i]) + ": " + key + "[" + i
                        + "] is '" + cell + "', not a number");
            }
            at += cells[i].length() + 1;
        }
        return v;
    }

    /** {@code v} as written in a file: without a fraction where it is whole. */
    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }

    /** The line of the first non-blank character of {@code cell}, which starts at {@code at}. */
    private static int lineOf(String text, int at, String cell) {
        int lead = cell.length() - cell.stripLeading().length();
        return 1 + (int) text.substring(0, at + lead).chars().filter(c -> c == '\n').count();
    }
}
