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

    /**
     * The distribution's id (where the launcher names it), then one line per kind: {@code <kind> types: [ids]}; one
     * line per lidar model with its vendor, source file and
     * provenance; then output formats and raytrace backends.
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
                            "  %-22s %-10s %-48s %-17s %s%n", m.id(), m.vendor(), m.source().file(),
                            m.source().provenance().name().toLowerCase(Locale.ROOT).replace('_', ' '), detection(m))));
        }
        b.append("output formats: ").append(recorders == null ? List.of() : recorders.formats()).append('\n');
        b.append("raytrace backends: ").append(env.raytraceBackends()).append('\n');
        if (!catalog.bundles().isEmpty()) {
            b.append("bundles: ").append(String.join(", ", catalog.bundles())).append('\n');
        }
        return b.toString();
    }
}
