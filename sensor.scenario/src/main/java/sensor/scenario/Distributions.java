package sensor.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Which shipped distributions carry a plugin type (and that the running one, named by its id, lacks it), read from
 * {@code distributions.properties} (keys
 * {@code <kind>/<id>}, e.g. {@code sensor/lidar}); the distribution tests check the table against what each
 * distribution's {@code types} command lists, so it cannot drift.
 */
public final class Distributions {
    private static final Properties TABLE = load();

    private Distributions() {}

    /** A clause for an error message: where the type ships, or that no shipped distribution has it. */
    public static String whereShipped(String kind, String id) {
        String where = TABLE.getProperty(kind.replace(' ', '-') + "/" + id);
        String here = sensor.scenario.run.RunManifest.distribution(sensor.scenario.run.RunManifest.DISTRIBUTION);
        String lacks = here == null ? "" : "; the distribution " + here + " lacks it";
        return where == null ? "; no shipped distribution has it: install the bundle that provides it (--plugins DIR)"
                : lacks + "; it ships in the distributions " + where + " (or install a bundle that provides it with "
                        + "--plugins DIR, or assemble a distribution with it: sensorsim assemble --help)";
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Distributions.class.getResourceAsStream("distributions.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
