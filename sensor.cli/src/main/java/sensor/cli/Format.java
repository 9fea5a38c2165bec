package sensor.cli;

import java.util.Locale;

import sensor.api.sensor.Channels;

/** Short human-readable renderings of sensor data. */
final class Format {
    private Format() {}

    static String data(Object data) {
        if (data instanceof Channels c) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < c.names().size(); i++) {
                b.append(i == 0 ? "" : " ").append(c.names().get(i)).append('=')
                        .append(String.format(Locale.ROOT, "%.4g", c.value(i)));
            }
            return b.toString();
        }
        return String.valueOf(data);
    }
}
