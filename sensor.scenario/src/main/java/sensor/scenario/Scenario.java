package sensor.scenario;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A scenario file, version 1: the world (bodies, joints, objects, materials, ambient, magnetic field),
 * the sensor rig, the controllers, the duration, the seed and the outputs. Field-by-field reference:
 * docs/scenarios.md. Records validate what they can alone; references between parts are checked when the scenario
 * is built.
 */
public record Scenario(int version, String name, Long seed, Double duration, Double timeStep, List<Double> gravity,
        Output output, JsonNode ambient, MagneticFieldSpec magneticField, Map<String, JsonNode> materials,
        List<Body> bodies, List<Joint> joints, List<Item> objects, List<SensorEntry> sensors, Boolean realtime,
        JsonNode dynamics, List<LightSpec> lights, List<ControllerEntry> controllers, Ros2Spec ros2) {

    /** The only version this reader understands. */
    public static final int VERSION = 1;

    /** A scenario without {@code ros2} (the components of release 1.0). */
    public Scenario(int version, String name, Long seed, Double duration, Double timeStep, List<Double> gravity,
            Output output, JsonNode ambient, MagneticFieldSpec magneticField, Map<String, JsonNode> materials,
            List<Body> bodies, List<Joint> joints, List<Item> objects, List<SensorEntry> sensors, Boolean realtime,
            JsonNode dynamics, List<LightSpec> lights, List<ControllerEntry> controllers) {
        this(version, name, seed, duration, timeStep, gravity, output, ambient, magneticField, materials, bodies, joints,
                objects, sensors, realtime, dynamics, lights, controllers, null);
    }

    @com.fasterxml.jackson.annotation.JsonCreator
    public Scenario {
        if (version != VERSION) {
            throw new IllegalArgumentException("version must be " + VERSION + ", got " + version);
        }
        materials = materials == null ? Map.of() : materials;
        bodies = bodies == null ? List.of() : bodies;
        joints = joints == null ? List.of() : joints;
        objects = objects == null ? List.of() : objects;
        sensors = sensors == null ? List.of() : sensors;
        lights = lights == null ? List.of() : lights;
        controllers = controllers == null ? List.of() : controllers;
        if (duration != null && !(duration > 0 && duration <= 86400)) {
            throw new IllegalArgumentException("duration must be in (0, 86400] s, got " + duration);
        }
        within("timeStep", timeStep, 1e-6, 1, "s");
        if (gravity != null && (gravity.size() != 3 || gravity.stream().anyMatch(g -> g == null || !(Math.abs(g) <= 1000)))) {
            throw new IllegalArgumentException("gravity must be [x, y, z] in m/s², each in [-1000, 1000], got " + gravity);
        }
    }

    /** Rejects a value outside [lo, hi] (null: absent, allowed), naming the field, the range and the unit. */
    static void within(String field, Number value, double lo, double hi, String unit) {
        if (value != null && !(value.doubleValue() >= lo && value.doubleValue() <= hi)) {
            throw new IllegalArgumentException(field + " must be in [" + plain(lo) + ", " + plain(hi) + "]"
                    + (unit.isEmpty() ? "" : " " + unit) + ", got " + value);
        }
    }

    /** Rejects a value outside (0, hi], as {@link #within}. */
    static void positive(String field, Number value, double hi, String unit) {
        if (value != null && !(value.doubleValue() > 0 && value.doubleValue() <= hi)) {
            throw new IllegalArgumentException(field + " must be in (0, " + plain(hi) + "]" + (unit.isEmpty() ? "" : " " + unit)
                    + ", got " + value);
        }
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /**
     * A light for cameras: {@code sun} (parallel light travelling along {@code direction}, irradiance W/m² facing it) or
     * {@code sky} (from the whole sky, irradiance W/m² on an upward surface); {@code color} a linear RGB tint.
     */
    public record LightSpec(sensor.api.scene.Light.Kind type, List<Double> direction, double irradiance, List<Double> color) {
        public LightSpec {
            if (type == null) {
                throw new IllegalArgumentException("lights: type must be sun or sky");
            }
            if (type == sensor.api.scene.Light.Kind.SUN && direction == null) {
                throw new IllegalArgumentException("lights: a sun needs a direction [x, y, z] (from the sun towards the scene)");
            }
            within("irradiance", irradiance, 0, 1e5, "W/m²");
        }

        /** The kind of light. */
        public sensor.api.scene.Light.Kind kind() {
            return type;
        }
    }

    /** Output selection: formats (pcd, pcd-ascii, ply, las, csv, mcap, png) and every n-th lidar frame. */
    /**
     * The outputs: the format ids, the lidar frame stride of per-frame files, and per format an object of its settings
     * ({@code mcap: {chunkSize: 1048576}}), any other field being the settings of the format of that name.
     */
    public record Output(List<String> formats, Integer lidarFrameStride,
            @com.fasterxml.jackson.annotation.JsonAnySetter Map<String, JsonNode> settings) {
        public Output {
            within("lidarFrameStride", lidarFrameStride, 1, 1_000_000, "");
            settings = settings == null ? Map.of() : Map.copyOf(settings);
        }
    }

    /** A pose: position (m) and roll-pitch-yaw (degrees, applied x, then y, then z). */
    public record PoseSpec(List<Double> position, List<Double> rpy) {
        public PoseSpec {
            if (position != null && position.size() != 3) {
                throw new IllegalArgumentException("position must be [x, y, z] in m, got " + position);
            }
            if (rpy != null && rpy.size() != 3) {
                throw new IllegalArgumentException("rpy must be [roll, pitch, yaw] in degrees, got " + rpy);
            }
        }
    }

    /** Uniform magnetic field from declination, inclination (degrees) and intensity (T). */
    public record MagneticFieldSpec(double declination, double inclination, double intensity) {
        public MagneticFieldSpec {
            within("declination", declination, -180, 180, "°");
            within("inclination", inclination, -90, 90, "°");
            within("intensity", intensity, 0, 1e-2, "T");
        }
    }

    /**
     * A body. Under the kinematic world (no {@code dynamics} section) its motion {@code type}: {@code fixed} (pose), {@code constant-velocity} (pose,
     * velocity), {@code constant-angular-velocity} (pose, velocity, angularVelocity in rad/s) or
     * {@code waypoints} (times, points, interpolation {@code spline} (default) or {@code linear}; the body faces its
     * direction of travel). Under a dynamics engine: {@code mass} (kg), initial {@code pose}, {@code velocity} and
     * {@code angularVelocity}; its collision shapes are the objects on it.
     */
    public record Body(String id, Motion motion, Double mass, PoseSpec pose, List<Double> velocity,
            List<Double> angularVelocity, VehicleSpec vehicle) {
        public Body {
            within("mass", mass, 1e-9, 1e12, "kg");
        }
    }

    /**
     * A body that is an Ackermann-steered, rear-wheel-driven car (a dynamics engine builds its four wheels and their
     * joints): wheelbase, track and wheel radius (m), wheel mass (kg; default mass / 50), the largest steering angle
     * (degrees; default 35), top speed (m/s; default 15), drive torque per rear wheel and brake torque per wheel (N·m;
     * defaults: half a g of acceleration, a locked wheel at μ = 1.2). The body's frame is the centre of the rear axle at
     * wheel-centre height.
     */
    public record VehicleSpec(Double wheelbase, Double track, Double wheelRadius, Double wheelMass, Double maxSteer,
            Double maxSpeed, Double driveTorque, Double brakeTorque) {
        public VehicleSpec {
            positive("vehicle.wheelbase", wheelbase, 100, "m");
            positive("vehicle.track", track, 100, "m");
            positive("vehicle.wheelRadius", wheelRadius, 10, "m");
            positive("vehicle.wheelMass", wheelMass, 1e6, "kg");
            within("vehicle.maxSteer", maxSteer, 0, 80, "°");
            within("vehicle.maxSpeed", maxSpeed, 0, 200, "m/s");
            within("vehicle.driveTorque", driveTorque, 0, 1e7, "N·m");
            within("vehicle.brakeTorque", brakeTorque, 0, 1e7, "N·m");
        }
    }

    /** A body motion; see {@link Body}. */
    public record Motion(String type, PoseSpec pose, List<Double> velocity, List<Double> angularVelocity,
            List<Double> times, List<List<Double>> points, String interpolation) {}

    /**
     * A joint. Scripted (the kinematic world): {@code constant-rate} (start, rate) or {@code sine} (amplitude,
     * frequency). Simulated (a dynamics engine): {@code hinge}, {@code slider}, {@code ball} or {@code fixed} between
     * {@code bodies} (one: to the world; two), at {@code anchor} along {@code axis} (world frame), with an optional
     * {@code motor} and {@code limits: [lower, upper]}.
     */
    public record Joint(String id, String type, Double start, Double rate, Double amplitude, Double frequency,
            List<String> bodies, List<Double> anchor, List<Double> axis, Motor motor, List<Double> limits) {
        public Joint {
            within("rate", rate, -1e5, 1e5, "rad/s");
            within("amplitude", amplitude, -1e4, 1e4, "rad");
            positive("frequency", frequency, 1e4, "Hz");
        }
    }

    /** A joint motor: target {@code velocity} (rad/s or m/s) reached with at most {@code maxForce} (N·m or N). */
    public record Motor(Double velocity, Double maxForce) {
        public Motor {
            within("motor.velocity", velocity, -1e5, 1e5, "rad/s or m/s");
            within("motor.maxForce", maxForce, 0, 1e12, "N·m or N");
        }
    }

    /**
     * An object sensors can see: a shape, a pose (relative to its body, if any) and a material name from
     * {@code materials} (none: the default Lambertian, C_D = 0.8).
     */
    public record Item(String id, ShapeSpec shape, PoseSpec pose, String body, String material) {}

    /**
     * A shape: {@code box} (size [x, y, z] m), {@code sphere} (radius), {@code cylinder} (radius, height),
     * {@code plane}, {@code mesh} (file: .obj or .gltf/.glb, relative to the scenario; scale) or
     * {@code heightfield} (columns, rows, dx, dy and either heights, row by row, or waves: amplitude,
     * wavelength).
     */
    public record ShapeSpec(String type, List<Double> size, Double radius, Double height, String file, Double scale,
            Integer columns, Integer rows, Double dx, Double dy, List<Double> heights, Double amplitude,
            Double wavelength) {
        /** The fields each shape type takes. */
        private static final Map<String, List<String>> FIELDS = Map.of("box", List.of("size"), "sphere", List.of("radius"),
                "cylinder", List.of("radius", "height"), "plane", List.of(), "mesh", List.of("file", "scale"),
                "heightfield", List.of("columns", "rows", "dx", "dy", "heights", "amplitude", "wavelength"));

        /** Rejects a field that belongs to another shape type, naming the shape and the fields it takes. */
        public ShapeSpec {
            List<String> allowed = FIELDS.get(type);
            if (allowed != null) {
                Map<String, Object> given = new java.util.LinkedHashMap<>();
                given.put("size", size);
                given.put("radius", radius);
                given.put("height", height);
                given.put("file", file);
                given.put("scale", scale);
                given.put("columns", columns);
                given.put("rows", rows);
                given.put("dx", dx);
                given.put("dy", dy);
                given.put("heights", heights);
                given.put("amplitude", amplitude);
                given.put("wavelength", wavelength);
                for (var e : given.entrySet()) {
                    if (e.getValue() != null && !allowed.contains(e.getKey())) {
                        throw new IllegalArgumentException("'" + e.getKey() + "' does not belong to a " + type
                                + "; a " + type + " takes " + (allowed.isEmpty() ? "no fields" : allowed));
                    }
                }
            }
            positive("scale", scale, 1e6, "");
            if (size != null && (size.size() != 3 || size.stream().anyMatch(v -> v == null || !(v > 0 && v <= 1e5)))) {
                throw new IllegalArgumentException("size must be [x, y, z], each in (0, 100000] m, got " + size);
            }
            positive("radius", radius, 1e5, "m");
            positive("height", height, 1e5, "m");
            within("columns", columns, 2, 100_000, "");
            within("rows", rows, 2, 100_000, "");
            positive("dx", dx, 1e4, "m");
            positive("dy", dy, 1e4, "m");
            within("amplitude", amplitude, 0, 1e4, "m");
            positive("wavelength", wavelength, 1e6, "m");
        }
    }

    /**
     * A sensor: id, type id (e.g. lidar, imu, encoder, odometer, ground-truth), the body it is mounted on
     * (none: the world), its pose there, frequency (Hz), lag (s) and the type's configuration.
     */
    public record SensorEntry(String id, String type, String body, PoseSpec pose, Double frequency, Double lag,
            JsonNode config) {
        public SensorEntry {
            positive("frequency", frequency, 1e5, "Hz");
            within("lag", lag, 0, 60, "s");
        }
    }

    /**
     * A controller: id, type id (e.g. schedule), the ids of the sensors whose frames it receives, and the type's
     * configuration.
     */
    public record ControllerEntry(String id, String type, List<String> sensors, JsonNode config) {}

    /**
     * Live ROS 2 over DDS for {@code run}: {@code ros2: true} or an object turns it on, as {@code --ros2} does (whose
     * domain and interface, when given, win). {@code domain} in [0, 232] (default {@code $ROS_DOMAIN_ID}, else 0),
     * {@code interface} a network interface's name or IPv4 address, {@code qos} per topic (as {@code /os1/points}) its
     * {@link TopicQos}.
     */
    public record Ros2Spec(boolean enabled, Integer domain,
            @com.fasterxml.jackson.annotation.JsonProperty("interface") String networkInterface, Map<String, TopicQos> qos) {
        @com.fasterxml.jackson.annotation.JsonCreator
        public Ros2Spec(@com.fasterxml.jackson.annotation.JsonProperty("enabled") Boolean enabled,
                @com.fasterxml.jackson.annotation.JsonProperty("domain") Integer domain,
                @com.fasterxml.jackson.annotation.JsonProperty("interface") String networkInterface,
                @com.fasterxml.jackson.annotation.JsonProperty("qos") Map<String, TopicQos> qos) {
            this(enabled == null || enabled, domain, networkInterface, qos);
        }

        public Ros2Spec {
            within("ros2.domain", domain, 0, 232, "");
            if (networkInterface != null && networkInterface.isBlank()) {
                throw new IllegalArgumentException("ros2.interface must name a network interface (as lo) or an IPv4 address");
            }
            qos = qos == null ? Map.of() : Map.copyOf(qos);
            for (Map.Entry<String, TopicQos> e : qos.entrySet()) {
                if (!e.getKey().matches("/[A-Za-z0-9_/]*[A-Za-z0-9_]")) {
                    throw new IllegalArgumentException("ros2.qos: '" + e.getKey() + "' must be a topic as the run publishes "
                            + "it, an absolute ROS 2 name such as /os1/points (letters, digits, _ and /)");
                }
                if (e.getValue() == null) {
                    throw new IllegalArgumentException("ros2.qos: '" + e.getKey() + "' needs a profile: default, "
                            + "sensor_data or {reliability, durability, depth}");
                }
            }
        }

        /** {@code ros2: true} (on, defaults) or {@code false} (off). */
        @com.fasterxml.jackson.annotation.JsonCreator(mode = com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING)
        public static Ros2Spec of(boolean enabled) {
            return new Ros2Spec(enabled, null, null, null);
        }

        /** The QoS as the bridge's settings: {@code qos} → topic → {reliability, durability, depth}. */
        public Map<String, Object> settings() {
            Map<String, Object> topics = new java.util.TreeMap<>();
            qos.forEach((topic, q) -> {
                Map<String, Object> fields = new java.util.LinkedHashMap<>();
                fields.put("reliability", q.reliability());
                fields.put("durability", q.durability());
                fields.put("depth", q.depth());
                topics.put(topic, fields);
            });
            return topics.isEmpty() ? Map.of() : Map.of("qos", topics);
        }
    }

    /**
     * A topic's DDS quality of service: {@code reliability} reliable or best_effort, {@code durability} volatile or
     * transient_local (late subscribers get the last {@code depth} messages), {@code depth} the messages kept, in [1,
     * 1000]. Unset fields take ROS 2's default profile (reliable, volatile, 10); the name {@code sensor_data} stands for
     * ROS 2's sensor-data profile (best_effort, volatile, 5), {@code default} for the default one.
     */
    public record TopicQos(String reliability, String durability, int depth) {
        @com.fasterxml.jackson.annotation.JsonCreator
        public TopicQos(@com.fasterxml.jackson.annotation.JsonProperty("reliability") String reliability,
                @com.fasterxml.jackson.annotation.JsonProperty("durability") String durability,
                @com.fasterxml.jackson.annotation.JsonProperty("depth") Integer depth) {
            this(reliability == null ? "reliable" : reliability, durability == null ? "volatile" : durability,
                    depth == null ? 10 : depth);
        }

        public TopicQos {
            if (!reliability.equals("reliable") && !reliability.equals("best_effort")) {
                throw new IllegalArgumentException("reliability must be reliable or best_effort, got '" + reliability + "'");
            }
            if (!durability.equals("volatile") && !durability.equals("transient_local")) {
                throw new IllegalArgumentException("durability must be volatile or transient_local, got '" + durability + "'");
            }
            within("depth", depth, 1, 1000, "messages");
        }

        /** A ROS 2 profile by name: {@code default} or {@code sensor_data}. */
        @com.fasterxml.jackson.annotation.JsonCreator(mode = com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING)
        public static TopicQos profile(String name) {
            return switch (name) {
                case "default" -> new TopicQos("reliable", "volatile", 10);
                case "sensor_data" -> new TopicQos("best_effort", "volatile", 5);
                default -> throw new IllegalArgumentException("a QoS profile must be default or sensor_data, or "
                        + "{reliability, durability, depth}; got '" + name + "'");
            };
        }
    }
}
