package sensor.scenario;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import sensor.api.ConfigData;
import sensor.api.ConfigReader;
import sensor.api.PluginCatalog;
import sensor.api.PluginType;
import sensor.api.control.ControllerSpec;
import sensor.api.control.ControllerType;
import sensor.api.env.SensorEnvironment;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.AmbientMaterialType;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.scene.MagneticField;
import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.sensor.SensorType;
import sensor.api.world.KinematicWorld;
import sensor.scenario.Scenario.Body;
import sensor.scenario.Scenario.Item;
import sensor.scenario.Scenario.Joint;
import sensor.scenario.Scenario.PoseSpec;
import sensor.scenario.Scenario.SensorEntry;
import sensor.scenario.Scenario.ShapeSpec;

/**
 * Builds a read scenario into the environment: a fresh kinematic world, objects, materials, ambient,
 * magnetic field and sensors. Plugin configurations are read into each type's typed configuration class:
 * the type's default configuration with the scenario's fields laid over it (a few types get adapters:
 * {@link ConfigAdapters}). Every failure names the scenario part, with its line and column.
 */
public final class ScenarioBuilder {
    private final SensorEnvironment env;
    private final PluginCatalog catalog;
    private final boolean tolerant;

    /** What the run needs beyond the environment. */
    public record Built(double duration, List<String> formats, int lidarFrameStride, int sensors, boolean realtime) {}

    /** Overrides from the command line ({@code null}: the scenario's value). */
    public record Overrides(Long seed, Integer threads, Double duration) {}

    /** A builder into {@code env}, reading configurations with the types of {@code catalog}. */
    public ScenarioBuilder(SensorEnvironment env, PluginCatalog catalog) {
        this(env, catalog, false);
    }

    /**
     * A builder that, when {@code tolerant}, leaves absent sensor and material types to the environment (a
     * {@link sensor.api.env.Simulation} waits for them) instead of rejecting the scenario.
     */
    public ScenarioBuilder(SensorEnvironment env, PluginCatalog catalog, boolean tolerant) {
        this.env = env;
        this.catalog = catalog;
        this.tolerant = tolerant;
    }

    public Built build(ScenarioReader.Loaded loaded, Overrides overrides) throws ScenarioException {
        return build(loaded, overrides, true);
    }

    /**
     * Builds the scenario; with {@code objectsAndSensors} false only its world (bodies, joints, seed, magnetic field,
     * ambient): the live service adds objects and sensors as configurations.
     */
    public Built build(ScenarioReader.Loaded loaded, Overrides overrides, boolean objectsAndSensors) throws ScenarioException {
        Scenario s = loaded.scenario();
        ConfigReader adapters = catalog.reader(loaded.file().toAbsolutePath().getParent());
        if (!tolerant) {
            missingTypes(loaded, objectsAndSensors);
        }
        env.controllers().forEach(x -> env.removeController(x.spec().id()));
        env.sensors().forEach(x -> env.removeSensor(x.spec().id()));
        env.objects().forEach(x -> env.removeObject(x.id()));
        try {
            Vec3 g = s.gravity() == null ? new Vec3(0, 0, -9.81) : vec(s.gravity(), "gravity");
            double timeStep = s.timeStep() == null ? 0.001 : s.timeStep();
            ambient(loaded, s, adapters);
            lights(loaded, s);
            Map<String, MaterialSpec> materials = materials(loaded, s, adapters);
            List<ObjectSpec> objects = new ArrayList<>();
            for (Item o : objectsAndSensors || s.dynamics() != null ? s.objects() : List.<Item>of()) {
                try {
                    objects.add(new ObjectSpec(o.id(), shape(o.shape(), loaded.file().toAbsolutePath().getParent()), o.body(),
                            pose(o.pose()), material(materials, o.material())));
                } catch (IOException | RuntimeException e) {
                    throw loaded.error(o, "objects '" + o.id() + "': " + e.getMessage(), e);
                }
            }
            env.setWorld(s.dynamics() != null ? DynamicsWorlds.build(loaded, s, timeStep, g, objects, catalog, adapters)
                    : kinematic(loaded, s, timeStep, g));
            env.setSeed(overrides.seed() != null ? overrides.seed() : s.seed() == null ? 0 : s.seed());
            if (s.magneticField() != null) {
                var m = s.magneticField();
                try {
                    env.setMagneticField(MagneticField.fromElements(Math.toRadians(m.declination()),
                            Math.toRadians(m.inclination()), m.intensity()));
                } catch (RuntimeException e) {
                    throw loaded.error(m, "magneticField: " + e.getMessage(), e);
                }
            }
            for (int i = 0; objectsAndSensors && i < objects.size(); i++) {
                try {
                    env.addObject(objects.get(i));
                } catch (RuntimeException e) {
                    throw loaded.error(s.objects().get(i), "objects '" + objects.get(i).id() + "': " + e.getMessage(), e);
                }
            }
            for (SensorEntry e : objectsAndSensors ? s.sensors() : List.<SensorEntry>of()) {
                try {
                    Object config = sensorConfig(adapters, e, overrides.threads());
                    env.addSensor(new SensorSpec(e.id(), e.type(), config, new SensorMount(e.body(), pose(e.pose())),
                            e.frequency() == null ? 10 : e.frequency(), e.lag() == null ? 0 : e.lag()));
                } catch (RuntimeException ex) {
                    throw loaded.error(e, "sensors '" + e.id() + "': " + ex.getMessage(), ex);
                }
            }
            for (Scenario.ControllerEntry c : objectsAndSensors ? s.controllers() : List.<Scenario.ControllerEntry>of()) {
                try {
                    env.addController(controller(adapters, s, c));
                } catch (RuntimeException ex) {
                    throw loaded.error(c, "controllers '" + c.id() + "': " + ex.getMessage(), ex);
                }
            }
        } catch (ScenarioException e) {
            clear();
            throw e;
        } catch (RuntimeException e) {
            clear();
            throw loaded.error(s, e.getMessage(), e);
        }
        double duration = overrides.duration() != null ? overrides.duration() : s.duration() == null ? 10 : s.duration();
        var out = s.output();
        List<String> formats = out == null || out.formats() == null ? List.of("pcd", "csv", "mcap", "png") : out.formats();
        int stride = out == null || out.lidarFrameStride() == null ? 1 : out.lidarFrameStride();
        if (stride < 1) {
            throw loaded.error(out, "output.lidarFrameStride must be >= 1, got " + stride, null);
        }
        return new Built(duration, formats, stride, s.sensors().size(), Boolean.TRUE.equals(s.realtime()));
    }

    /** The scripted world of the scenario's bodies and joints. */
    private KinematicWorld kinematic(ScenarioReader.Loaded loaded, Scenario s, double timeStep, Vec3 g)
            throws ScenarioException {
        KinematicWorld world = env.newKinematicWorld(timeStep, g);
        for (Body b : s.bodies()) {
            try {
                if (b.mass() != null || b.vehicle() != null) {
                    throw new IllegalArgumentException((b.mass() != null ? "mass" : "vehicle")
                            + " applies under a dynamics engine (add dynamics: {type: ode4j})");
                }
                world.addBody(b.id(), motion(b));
            } catch (RuntimeException e) {
                throw loaded.error(b, "bodies '" + b.id() + "': " + e.getMessage(), e);
            }
        }
        for (Joint j : s.joints()) {
            try {
                world.addJoint(j.id(), joint(j));
            } catch (RuntimeException e) {
                throw loaded.error(j, "joints '" + j.id() + "': " + e.getMessage(), e);
            }
        }
        return world;
    }

    /**
     * A controller entry as a spec, its configuration kept as data for its type; the sensors it names must be sensors of
     * the scenario.
     */
    private ControllerSpec controller(ConfigReader reader, Scenario s, Scenario.ControllerEntry c) {
        if (!tolerant) {
            require(ControllerType.class, c.type());
        }
        List<String> sensors = c.sensors() == null ? List.of() : c.sensors();
        List<String> known = s.sensors().stream().map(SensorEntry::id).toList();
        for (String id : sensors) {
            if (!known.contains(id)) {
                throw new IllegalArgumentException("sensors: '" + id + "' is not a sensor of the scenario; sensors: " + known);
            }
        }
        return new ControllerSpec(c.id(), c.type(), sensors, new ConfigData(ScenarioReader.fields(c.config()), reader));
    }

    private void clear() {
        env.controllers().forEach(x -> env.removeController(x.spec().id()));
        env.sensors().forEach(x -> env.removeSensor(x.spec().id()));
        env.objects().forEach(x -> env.removeObject(x.id()));
    }

    /**
     * The sensor's configuration as data, read by its type when the environment creates the sensor (so an
     * updated bundle reads it again); {@code --threads} applies to every type whose configuration has a
     * {@code threads} setting.
     */
    private Object sensorConfig(ConfigReader reader, SensorEntry e, Integer threads) {
        SensorType<?> t = tolerant ? catalog.find(SensorType.class, e.type()) : require(SensorType.class, e.type());
        Map<String, Object> fields = ScenarioReader.fields(e.config());
        if (t != null && threads != null && !fields.containsKey("threads") && hasSetting(t.configType(), "threads")) {
            fields.put("threads", threads);
        }
        return new ConfigData(fields, reader);
    }

    private static boolean hasSetting(Class<?> type, String name) {
        if (type.isRecord() && java.util.Arrays.stream(type.getRecordComponents()).anyMatch(c -> c.getName().equals(name))) {
            return true; // a record configuration (the camera's) read from fields
        }
        String setter = "set" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        return java.util.Arrays.stream(type.getMethods()).anyMatch(m -> m.getName().equals(setter) && m.getParameterCount() == 1);
    }

    /**
     * Refuses a scenario that needs two or more sensor or material types this runtime lacks with one message naming
     * them all, each with where it is used and where it ships (one missing type is refused where it is used, below).
     */
    private void missingTypes(ScenarioReader.Loaded loaded, boolean sensors) throws ScenarioException {
        record Missing(String kind, String id) {}
        Scenario s = loaded.scenario();
        Map<Missing, List<String>> missing = new java.util.LinkedHashMap<>(); // each type -> where it is used
        Object first = null;
        for (SensorEntry e : sensors ? s.sensors() : List.<SensorEntry>of()) {
            if (e.type() != null && catalog.find(SensorType.class, e.type()) == null) {
                missing.computeIfAbsent(new Missing("sensor", e.type()), k -> new ArrayList<>()).add("sensors '" + e.id() + "'");
                first = first == null ? e : first;
            }
        }
        for (Scenario.ControllerEntry c : sensors ? s.controllers() : List.<Scenario.ControllerEntry>of()) {
            if (c.type() != null && catalog.find(ControllerType.class, c.type()) == null) {
                missing.computeIfAbsent(new Missing("controller", c.type()), k -> new ArrayList<>()).add("controllers '" + c.id() + "'");
                first = first == null ? c : first;
            }
        }
        for (var m : s.materials().entrySet()) {
            JsonNode type = m.getValue() == null ? null : m.getValue().get("type");
            if (type != null && type.isTextual() && catalog.find(SurfaceMaterialType.class, type.asText()) == null
                    && catalog.find(AmbientMaterialType.class, type.asText()) == null) {
                missing.computeIfAbsent(new Missing("surface material", type.asText()), k -> new ArrayList<>())
                        .add("materials '" + m.getKey() + "'");
            }
        }
        if (missing.size() < 2) {
            return;
        }
        StringBuilder b = new StringBuilder(missing.size() + " types this scenario needs are not installed:");
        missing.forEach((t, uses) -> b.append("\n  ").append(t.kind()).append(" type '").append(t.id()).append("' (")
                .append(String.join(", ", uses)).append(')')
                .append(Distributions.whereShipped(t.kind(), t.id()).replaceFirst("^; ", ": ")));
        throw first != null ? loaded.error(first, b.toString(), null) : loaded.errorAtKey("materials", b.toString(), null);
    }

    /** The type of {@code kind} with {@code id}; an unknown id names the kind, the known ids and where the type ships. */
    private <K extends PluginType<?>> K require(Class<K> kind, String id) {
        K t = catalog.find(kind, id);
        if (t == null) {
            String name = PluginCatalog.kindName(kind.getName());
            throw new IllegalArgumentException(name + " type '" + id + "' is not installed; installed " + name + " types: "
                    + catalog.ids(kind) + Distributions.whereShipped(name, id));
        }
        return t;
    }

    private void ambient(ScenarioReader.Loaded loaded, Scenario s, ConfigReader adapters) throws ScenarioException {
        JsonNode a = s.ambient();
        if (a == null) {
            env.setAmbient(AmbientMaterial.defaultAir());
            return;
        }
        try {
            String type = text(a, "type");
            if (type.equals("clear")) {
                env.setAmbient(AmbientMaterial.clear(a.path("refractiveIndex").asDouble(1.000273),
                        a.path("attenuation").asDouble(0.000402272)));
            } else {
                require(AmbientMaterialType.class, type);
                env.setAmbient(type, new ConfigData(ScenarioReader.fields(withoutType(a)), adapters));
            }
        } catch (RuntimeException e) {
            throw loaded.errorAtKey("ambient", "ambient: " + e.getMessage(), e);
        }
    }

    private Map<String, MaterialSpec> materials(ScenarioReader.Loaded loaded, Scenario s, ConfigReader adapters)
            throws ScenarioException {
        Map<String, MaterialSpec> specs = new HashMap<>();
        for (var e : s.materials().entrySet()) {
            try {
                String type = text(e.getValue(), "type");
                // an ambient material type makes the objects that use it volumes (fog banks)
                boolean known = catalog.find(SurfaceMaterialType.class, type) != null
                        || catalog.find(AmbientMaterialType.class, type) != null;
                if (!known && !tolerant) {
                    require(SurfaceMaterialType.class, type);
                }
                ObjectNode fields = withoutType(e.getValue());
                List<Double> color = color(fields.remove("color"));
                ConfigData data = new ConfigData(ScenarioReader.fields(fields), adapters);
                check(catalog.find(SurfaceMaterialType.class, type), data);
                check(catalog.find(AmbientMaterialType.class, type), data);
                specs.put(e.getKey(), new MaterialSpec(type, data, color));
            } catch (RuntimeException ex) {
                throw loaded.errorAtKey(e.getKey(), "materials '" + e.getKey() + "': " + ex.getMessage(), ex);
            }
        }
        return specs;
    }

    /** A material's visible-light colour for cameras: [r, g, b] linear, each in [0, 1]; null when absent. */
    private static List<Double> color(JsonNode c) {
        if (c == null) {
            return null;
        }
        List<Double> rgb = new ArrayList<>();
        c.forEach(v -> rgb.add(v.isNumber() ? v.asDouble() : Double.NaN));
        if (!c.isArray()) {
            rgb.add(Double.NaN);
        }
        return sensor.api.scene.Light.checkColor(rgb);
    }

    private void lights(ScenarioReader.Loaded loaded, Scenario s) throws ScenarioException {
        List<sensor.api.scene.Light> lights = new ArrayList<>();
        for (Scenario.LightSpec l : s.lights()) {
            try {
                lights.add(new sensor.api.scene.Light(l.kind(), l.direction() == null ? null : vec(l.direction(), "direction"),
                        l.irradiance(), l.color()));
            } catch (RuntimeException e) {
                throw loaded.error(l, "lights: " + e.getMessage(), e);
            }
        }
        env.setLights(lights);
    }

    /** Reads and creates a material once, so a bad value is reported even when no object uses the material. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void check(PluginType type, ConfigData data) {
        if (type instanceof SurfaceMaterialType t) {
            t.create(t.configFrom(data));
        } else if (type instanceof AmbientMaterialType t) {
            t.create(t.configFrom(data));
        }
    }

    private static MaterialSpec material(Map<String, MaterialSpec> materials, String name) {
        if (name == null) {
            return null;
        }
        MaterialSpec m = materials.get(name);
        if (m == null) {
            throw new IllegalArgumentException("material '" + name + "' is not defined; materials: " + new TreeSet<>(materials.keySet()));
        }
        return m;
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("'" + field + "' must be given as text");
        }
        return v.asText();
    }

    /** The fields of {@code node} without {@code type}. */
    static ObjectNode withoutType(JsonNode node) {
        ObjectNode copy = ((ObjectNode) node).deepCopy();
        copy.remove("type");
        return copy;
    }

    static Vec3 vec(List<Double> v, String name) {
        if (v == null || v.size() != 3 || v.contains(null)) {
            throw new IllegalArgumentException(name + " must be [x, y, z], got " + v);
        }
        return new Vec3(v.get(0), v.get(1), v.get(2));
    }

    /** A pose from its scenario entry (identity when absent). */
    public static Pose pose(PoseSpec p) {
        if (p == null) {
            return Pose.IDENTITY;
        }
        Vec3 position = p.position() == null ? Vec3.ZERO : vec(p.position(), "position");
        Quat q = p.rpy() == null ? Quat.IDENTITY : Quat.rollPitchYaw(Math.toRadians(p.rpy().get(0)),
                Math.toRadians(p.rpy().get(1)), Math.toRadians(p.rpy().get(2)));
        return new Pose(position, q);
    }

    private static KinematicWorld.Motion motion(Body b) {
        var m = b.motion();
        if (m == null || m.type() == null) {
            throw new IllegalArgumentException("motion.type must be one of fixed, constant-velocity, "
                    + "constant-angular-velocity, waypoints");
        }
        return switch (m.type()) {
            case "fixed" -> new KinematicWorld.Fixed(pose(m.pose()));
            case "constant-velocity" -> new KinematicWorld.ConstantVelocity(pose(m.pose()), vec(m.velocity(), "velocity"));
            case "constant-angular-velocity" -> new KinematicWorld.ConstantAngularVelocity(pose(m.pose()),
                    m.velocity() == null ? Vec3.ZERO : vec(m.velocity(), "velocity"), vec(m.angularVelocity(), "angularVelocity"));
            case "waypoints" -> {
                if (m.points() == null) {
                    throw new IllegalArgumentException("waypoints need points: [[x, y, z], ...]");
                }
                List<Vec3> points = new ArrayList<>();
                for (int i = 0; i < m.points().size(); i++) {
                    points.add(vec(m.points().get(i), "points[" + i + "]"));
                }
                String how = m.interpolation() == null ? "spline" : m.interpolation();
                if (!how.equals("spline") && !how.equals("linear")) {
                    throw new IllegalArgumentException("interpolation must be spline or linear, got '" + how + "'");
                }
                yield new KinematicWorld.Waypoints(m.times(), points, how.equals("spline")
                        ? KinematicWorld.Waypoints.Interpolation.SPLINE : KinematicWorld.Waypoints.Interpolation.LINEAR);
            }
            default -> throw new IllegalArgumentException("motion.type '" + m.type() + "' is unknown; expected one of "
                    + "fixed, constant-velocity, constant-angular-velocity, waypoints");
        };
    }

    private static KinematicWorld.JointScript joint(Joint j) {
        if (j.type() == null) {
            throw new IllegalArgumentException("type must be one of constant-rate, sine (hinge, slider, ball, fixed need a "
                    + "dynamics engine: dynamics: {type: ode4j})");
        }
        return switch (j.type()) {
            case "constant-rate" -> KinematicWorld.JointScript.constantRate(j.start() == null ? 0 : j.start(),
                    j.rate() == null ? 0 : j.rate());
            case "sine" -> KinematicWorld.JointScript.sine(j.amplitude() == null ? 0 : j.amplitude(),
                    j.frequency() == null ? 1 : j.frequency());
            default -> throw new IllegalArgumentException("type '" + j.type() + "' is unknown; expected one of constant-rate, sine"
                    + (List.of("hinge", "slider", "ball", "fixed").contains(j.type())
                            ? " (" + j.type() + " needs a dynamics engine: dynamics: {type: ode4j})" : ""));
        };
    }

    /** A shape from its scenario entry; mesh files are taken from {@code baseDir}. */
    public static Shape shape(ShapeSpec s, Path baseDir) throws IOException {
        if (s == null || s.type() == null) {
            throw new IllegalArgumentException("shape.type must be one of box, sphere, cylinder, plane, mesh, heightfield");
        }
        return switch (s.type()) {
            case "box" -> {
                Vec3 size = vec(s.size(), "shape.size");
                yield new Shape.Box(size.x() / 2, size.y() / 2, size.z() / 2);
            }
            case "sphere" -> new Shape.Sphere(number(s.radius(), "shape.radius"));
            case "cylinder" -> new Shape.Cylinder(number(s.radius(), "shape.radius"), number(s.height(), "shape.height"));
            case "plane" -> new Shape.Plane();
            case "mesh" -> {
                if (s.file() == null) {
                    throw new IllegalArgumentException("shape.file must name an .obj, .gltf or .glb file");
                }
                var dir = baseDir;
                yield Meshes.load(dir.resolve(s.file()), s.scale() == null ? 1 : s.scale());
            }
            case "heightfield" -> heightfield(s);
            default -> throw new IllegalArgumentException("shape.type '" + s.type()
                    + "' is unknown; expected one of box, sphere, cylinder, plane, mesh, heightfield");
        };
    }

    private static Shape.Heightfield heightfield(ShapeSpec s) {
        int c = (int) number(s.columns() == null ? null : s.columns().doubleValue(), "shape.columns");
        int r = (int) number(s.rows() == null ? null : s.rows().doubleValue(), "shape.rows");
        double dx = number(s.dx(), "shape.dx"), dy = number(s.dy(), "shape.dy");
        float[] h = new float[Math.max(0, c * r)];
        if (s.heights() != null) {
            if (s.heights().size() != h.length) {
                throw new IllegalArgumentException("shape.heights must hold columns*rows = " + h.length + " values, got "
                        + s.heights().size());
            }
            for (int i = 0; i < h.length; i++) {
                h[i] = s.heights().get(i).floatValue();
            }
        } else {
            double a = number(s.amplitude(), "shape.amplitude (or heights)"), l = number(s.wavelength(), "shape.wavelength");
            for (int j = 0; j < r; j++) {
                for (int i = 0; i < c; i++) {
                    double x = (i - (c - 1) / 2.0) * dx, y = (j - (r - 1) / 2.0) * dy;
                    h[j * c + i] = (float) (a * Math.sin(2 * Math.PI * x / l) * Math.cos(2 * Math.PI * y / l));
                }
            }
        }
        return new Shape.Heightfield(c, r, dx, dy, h);
    }

    private static double number(Double v, String name) {
        if (v == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        return v;
    }
}
