package sensor.scenario.run;

import java.util.List;
import java.util.Locale;

import sensor.api.PluginCatalog;
import sensor.api.env.SensorEnvironment;
import sensor.api.io.RecorderFactory;

/** The listing of {@code sensorsim types} and the shells' {@code types} commands. */
public final class PluginTypes {
    private PluginTypes() {}

    /** A model's detection in {@code types}: its datasheet ranges with how each is cited, or that every return is kept. */
    private static String detection(sensor.api.lidar.LidarModelType m) {
        return m.detection().isEmpty() ? "no datasheet line: every return kept" : "datasheet: " + m.detection().stream()
                .map(l -> String.format(Locale.ROOT, "%.0f m @ %.0f %% (%s)", l.range(), 100 * l.reflectivity(),
                        l.citation())).distinct()
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** What an approximate model's line and the count below the models say about it. */
    static final String APPROXIMATE = "geometry only approximated (from a datasheet's field of view and point rate, or a vendor's formula with assumed angles)";

    /** A model's provenance in {@code types}; an approximate model says so in capitals. */
    private static String provenance(sensor.api.lidar.LidarModelType m) {
        String p = m.source().provenance().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return approximate(m) ? p.toUpperCase(Locale.ROOT) : p;
    }

    private static boolean approximate(sensor.api.lidar.LidarModelType m) {
        return m.source().provenance() == sensor.api.lidar.LidarModelType.Provenance.APPROXIMATE;
    }

    /**
     * The distribution's id (where the launcher names it), then one line per kind: {@code <kind> types: [ids]}; one
     * line per lidar model with its vendor, source file and provenance (an approximate model marked as such, and counted
     * apart from the exact ones); then output formats and raytrace backends.
     */
    public static String listing(PluginCatalog catalog, RecorderFactory recorders, SensorEnvironment env) {
        StringBuilder b = new StringBuilder();
        String distribution = RunManifest.distribution(RunManifest.DISTRIBUTION);
        if (distribution != null) {
            b.append("distribution: ").append(distribution).append('\n');
        }
        catalog.all().forEach((kind, ids) -> b.append(kind).append(" types: ").append(ids).append('\n'));
        List<sensor.api.lidar.LidarModelType> models = catalog.types(sensor.api.lidar.LidarModelType.class);
        if (!models.isEmpty()) {
            b.append("lidar models (id, vendor, source file, provenance, detection):\n");
            models.stream().sorted(java.util.Comparator.comparing(sensor.api.lidar.LidarModelType::vendor)
                    .thenComparing(sensor.api.lidar.LidarModelType::id)).forEach(m -> b.append(String.format(Locale.ROOT,
                            "  %-22s %-10s %-48s %-17s %s%s%n", m.id(), m.vendor(), m.source().file(), provenance(m),
                            detection(m), approximate(m) ? "; approximate: " + APPROXIMATE + ", not an exact model" : "")));
            long approximate = models.stream().filter(PluginTypes::approximate).count();
            if (approximate > 0) {
                b.append(String.format(Locale.ROOT, "  %d catalog lidar models, and %d APPROXIMATE ones (%s) not counted"
                        + " among them%n", models.size() - approximate, approximate, APPROXIMATE));
            }
        }
        b.append("output formats: ").append(recorders == null ? List.of() : recorders.formats()).append('\n');
        b.append("raytrace backends: ").append(env.raytraceBackends()).append('\n');
        if (!catalog.bundles().isEmpty()) {
            b.append("bundles: ").append(String.join(", ", catalog.bundles())).append('\n');
        }
        return b.toString();
    }
}
