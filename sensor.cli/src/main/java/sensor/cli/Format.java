package sensor.cli;

import java.util.Locale;

import sensor.api.frame.Channels;

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
        if (data instanceof Record r) { // fields by name; arrays and collections by their size, not their identity
            StringBuilder b = new StringBuilder();
            for (var c : r.getClass().getRecordComponents()) {
                Object v;
                try {
                    c.getAccessor().setAccessible(true);
                    v = c.getAccessor().invoke(r);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    continue;
                }
                b.append(b.length() == 0 ? "" : " ").append(c.getName()).append('=').append(brief(v));
            }
            return b.toString();
        }
        return String.valueOf(data);
    }

    private static String brief(Object v) {
        if (v != null && v.getClass().isArray()) {
            return v.getClass().getComponentType().getSimpleName() + "[" + java.lang.reflect.Array.getLength(v) + "]";
        }
        if (v instanceof java.util.Collection<?> c && c.size() > 8) {
            return c.size() + " items";
        }
        return String.valueOf(v);
    }
}
