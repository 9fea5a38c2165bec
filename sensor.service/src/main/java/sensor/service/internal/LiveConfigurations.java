package sensor.service.internal;

import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Map;

import sensor.api.PluginCatalog;

import sensor.api.ConfigData;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.scenario.ScenarioReader;

/** What the configuration components share: finding the simulation and reading a type's fields from text. */
final class LiveConfigurations {
    static final System.Logger LOG = System.getLogger("sensor.cli");

    private LiveConfigurations() {}

    /**
     * The PIDs of configurations waiting for their simulation to open, by simulation name: a configuration made before
     * its simulation (one a feature carries into a distribution, a {@code .cfg} file dropped first) applies when the
     * live service opens it ({@link #opened}).
     */
    private static final Map<String, java.util.Set<String>> WAITING = new java.util.concurrent.ConcurrentHashMap<>();

    /** The simulation a configuration names is not open (yet). */
    static final class NotOpen extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        final String simulation;

        NotOpen(String simulation, String message) {
            super(message);
            this.simulation = simulation;
        }
    }

    /** The open simulation of that name; rejects an unknown one listing the open ones. */
    static Simulation simulation(SimulationFactory factory, String name) {
        return factory.simulations().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(
                () -> new NotOpen(name, "simulation '" + name + "' is not open; open simulations: "
                        + factory.simulations().stream().map(Simulation::name).toList()));
    }

    /** The PIDs that waited for {@code simulation}, which has just opened (they wait no longer). */
    static java.util.Set<String> opened(String simulation) {
        java.util.Set<String> pids = WAITING.remove(simulation);
        return pids == null ? java.util.Set.of() : pids;
    }

    /**
     * A type's fields given as JSON or YAML text ({@code {}} when blank), kept as data; relative file names in them
     * are taken from {@code baseDir} (blank: the working folder).
     */
    static ConfigData data(PluginCatalog catalog, String text, String baseDir) {
        return data(catalog, fields(text), baseDir);
    }

    private static ConfigData data(PluginCatalog catalog, Map<String, Object> fields, String baseDir) {
        return new ConfigData(fields, catalog.reader(Path.of(baseDir)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> fields(String text) {
        try {
            Map<String, Object> fields = text == null || text.isBlank() ? Map.of()
                    : ScenarioReader.mapper(Path.of("config.yaml"), null).readValue(text, Map.class);
            return fields == null ? Map.of() : fields;
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("config must be a JSON or YAML object of the type's fields: " + e.getMessage());
        }
    }

    /** A material of {@code type} from its fields as text; a {@code color} among them is the camera colour. */
    static sensor.api.scene.MaterialSpec material(PluginCatalog catalog, String type, String text, String baseDir) {
        Map<String, Object> fields = new java.util.LinkedHashMap<>(fields(text));
        Object color = fields.remove("color");
        java.util.List<Double> rgb = null;
        if (color != null) {
            rgb = color instanceof java.util.List<?> l ? l.stream().map(v -> v instanceof Number n ? n.doubleValue() : Double.NaN)
                    .toList() : java.util.List.of(Double.NaN);
            rgb = sensor.api.scene.Light.checkColor(rgb);
        }
        return new sensor.api.scene.MaterialSpec(type, data(catalog, fields, baseDir), rgb);
    }

    /** A pose from a position [x, y, z] (m) and roll, pitch, yaw (degrees). */
    static sensor.api.geom.Pose pose(double[] position, double[] rpy) {
        if (position.length != 3 || rpy.length != 3) {
            throw new IllegalArgumentException("position and rpy must hold 3 numbers each");
        }
        return new sensor.api.geom.Pose(new sensor.api.geom.Vec3(position[0], position[1], position[2]),
                sensor.api.geom.Quat.rollPitchYaw(Math.toRadians(rpy[0]), Math.toRadians(rpy[1]), Math.toRadians(rpy[2])));
    }

    /** Additions made from a scenario file are logged at debug level (its start line stands for them), the rest at info. */
    static Level level(boolean added, String scenario) {
        return added && !scenario.isEmpty() ? Level.DEBUG : Level.INFO;
    }

    static void warn(String pid, RuntimeException e) {
        if (e instanceof NotOpen n) {
            WAITING.computeIfAbsent(n.simulation, k -> java.util.concurrent.ConcurrentHashMap.newKeySet()).add(pid);
            LOG.log(Level.INFO, "configuration {0} waits for simulation ''{1}'' to open", pid, n.simulation);
            return;
        }
        LOG.log(Level.WARNING, "configuration {0} not applied: {1}", pid, e.getMessage());
    }
}
