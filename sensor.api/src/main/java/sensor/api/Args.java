package sensor.api;

/**
 * Argument checks used at every public entry point. Each failure is an {@link IllegalArgumentException}
 * whose message names the parameter, the value given and the allowed range.
 */
public final class Args {
    private Args() {}

    /** Requires a finite number. */
    public static double finite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number, got " + value);
        }
        return value;
    }

    /** Requires a finite number {@code > 0}. */
    public static double positive(String name, double value) {
        if (!(Double.isFinite(value) && value > 0)) {
            throw new IllegalArgumentException(name + " must be finite and > 0, got " + value);
        }
        return value;
    }

    /** Requires a finite number {@code >= 0}. */
    public static double nonNegative(String name, double value) {
        if (!(Double.isFinite(value) && value >= 0)) {
            throw new IllegalArgumentException(name + " must be finite and >= 0, got " + value);
        }
        return value;
    }

    /** Requires a finite number in the closed range {@code [min, max]}. */
    public static double inRange(String name, double value, double min, double max) {
        if (!(Double.isFinite(value) && value >= min && value <= max)) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "], got " + value);
        }
        return value;
    }

    /** Requires an int in the closed range {@code [min, max]}. */
    public static int inRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "], got " + value);
        }
        return value;
    }

    /** Requires a non-null value. */
    public static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /** Requires a non-blank identifier of letters, digits, '.', '_', '-' or '/'. */
    public static String id(String name, String value) {
        if (value == null || !value.matches("[A-Za-z0-9._/-]+")) {
            throw new IllegalArgumentException(
                    name + " must be a non-empty id of letters, digits, '.', '_', '-' or '/', got " + quote(value));
        }
        return value;
    }

    private static String quote(String s) {
        return s == null ? "null" : "'" + s + "'";
    }
}
