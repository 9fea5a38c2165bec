package sensor.imu.config;

/** One output channel of an IMU [T-IMU]: axis {@code x}, {@code y} or {@code z} of the named sub-sensor. */
public record OutputAxis(String sensor, String axis) {
    /** Parses {@code "sensor.axis"}, e.g. {@code "acc.x"} (the axis is after the last dot). */
    public static OutputAxis parse(String text) {
        int dot = text == null ? -1 : text.lastIndexOf('.');
        if (dot <= 0 || dot == text.length() - 1) {
            throw new IllegalArgumentException("output axis must read 'sensor.axis' with axis x, y or z, got "
                    + (text == null ? "null" : "'" + text + "'"));
        }
        return new OutputAxis(text.substring(0, dot), text.substring(dot + 1));
    }

    /** Parses several {@code "sensor.axis"} names. */
    public static java.util.List<OutputAxis> parseAll(String... texts) {
        return java.util.Arrays.stream(texts).map(OutputAxis::parse).toList();
    }

    @Override
    public String toString() {
        return sensor + "." + axis;
    }
}
