package sensor.cli.scenario;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import sensor.api.PluginType;
import sensor.api.env.SensorEnvironment;
import sensor.api.lidar.OutputField;
import sensor.cli.scenario.Scenario.PoseSpec;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.Gyroscope;
import sensor.imu.config.ImuConfig;
import sensor.imu.config.Magnetometer;
import sensor.imu.config.OutputAxis;
import sensor.imu.config.SubSensor;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.OusterModel;
import sensor.lidar.api.RayPatterns;
import sensor.lidar.api.ReturnMode;
import sensor.lidar.api.StageSpec;
import sensor.materials.api.AtmosphereMaterial;

/**
 * Reads plugin configurations from scenario nodes. Lidars, IMUs and the atmosphere get adapters (their
 * configurations are fluent objects or sealed hierarchies); every other type — third-party ones
 * included — gets its default configuration with the scenario's fields laid over it.
 */
final class ConfigAdapters {
    private final ObjectMapper mapper;
    private final PluginCatalog catalog;

    ConfigAdapters(ObjectMapper mapper, PluginCatalog catalog) {
        this.mapper = mapper;
        this.catalog = catalog;
    }

    /** Lidar configuration fields (all optional). */
    record LidarSpec(String model, String mode, Sweep sweep, List<Double> range, Double divergenceHalfAngle,
            List<Double> optics, Integer heapDepth, ReturnMode returnMode, Integer beamSamples, Double minIntensity,
            Integer timeSlices, Boolean emitMisses, List<JsonNode> distortions, List<JsonNode> noise,
            List<OutputField> fields) {}

    /** A horizontal sweep pattern: columns per rotation, rotation rate (Hz), elevations (degrees). */
    record Sweep(int columns, double rate, List<Double> elevations) {}

    /** An IMU: sub-sensors and the output axes (e.g. "acc.x"; none: all). */
    record ImuSpec(List<SubSpec> sensors, List<String> output) {}

    /** An IMU sub-sensor: kind (accelerometer, gyroscope, magnetometer), name, pose in the IMU frame, stages. */
    record SubSpec(String kind, String name, PoseSpec pose, List<JsonNode> stages) {}

    Object sensorConfig(SensorEnvironment env, String type, JsonNode config, Integer threads) throws IOException {
        JsonNode fields = config == null ? mapper.createObjectNode() : config;
        return switch (type) {
            case "lidar" -> lidar(mapper.treeToValue(fields, LidarSpec.class), threads);
            case "imu" -> imu(mapper.treeToValue(fields, ImuSpec.class));
            case "accelerometer", "gyroscope", "magnetometer" -> {
                ObjectNode n = fields.deepCopy();
                n.put("kind", type);
                yield sub(mapper.treeToValue(n, SubSpec.class));
            }
            default -> generic(catalog.sensorTypes(), "sensor", env.sensorTypes(), type, fields);
        };
    }

    Object surfaceConfig(SensorEnvironment env, String type, JsonNode node) throws IOException {
        if (!catalog.surfaceTypes().containsKey(type)) {
            throw new IllegalArgumentException("surface material type '" + type + "' is unknown; known surface material "
                    + "types: " + new TreeSet<>(env.surfaceMaterialTypes()) + ", ambient material types (volumes): "
                    + new TreeSet<>(env.ambientMaterialTypes()));
        }
        return generic(catalog.surfaceTypes(), "surface material", env.surfaceMaterialTypes(), type,
                ScenarioBuilder.withoutType(node));
    }

    Object ambientConfig(SensorEnvironment env, String type, JsonNode node) throws IOException {
        if (!type.equals("atmosphere")) {
            return generic(catalog.ambientTypes(), "ambient material", env.ambientMaterialTypes(), type,
                    ScenarioBuilder.withoutType(node));
        }
        ObjectNode fields = ScenarioBuilder.withoutType(node);
        JsonNode fog = fields.remove("fog"), rain = fields.remove("rain"), snow = fields.remove("snow"),
                air = fields.remove("air");
        AtmosphereMaterial m = new AtmosphereMaterial();
        if (air != null) {
            m.configureAsAir(air.path("visibility").asDouble(Double.NaN));
        }
        if (fog != null) {
            m.configureAsFog(fog.path("visibility").asDouble(Double.NaN), fog.path("wavelength").asDouble(865),
                    fog.path("maritimeness").asDouble(0));
        }
        if (rain != null) {
            m.configureAsRainfall(rain.path("rate").asDouble(Double.NaN), rain.path("tropicalness").asDouble(0));
        }
        if (snow != null) {
            m.configureAsSnowfall(snow.path("rate").asDouble(Double.NaN), snow.path("wavelength").asDouble(865),
                    snow.path("wet").asBoolean(false) ? AtmosphereMaterial.Snow.WET : AtmosphereMaterial.Snow.DRY);
        }
        return ScenarioBuilder.merge(mapper, m, fields, AtmosphereMaterial.class);
    }

    private Object generic(Map<String, PluginType<?>> types, String kind, java.util.Set<String> known, String type,
            JsonNode fields) throws IOException {
        PluginType<?> t = types.get(type);
        if (t == null) {
            throw new IllegalArgumentException(kind + " type '" + type + "' is unknown; known " + kind + " types: "
                    + new TreeSet<>(known));
        }
        return ScenarioBuilder.merge(mapper, t.defaultConfig(), fields, t.configType());
    }

    private LidarConfig lidar(LidarSpec s, Integer threads) throws IOException {
        LidarConfig c = new LidarConfig();
        if (s.sweep() != null) {
            double[] el = s.sweep().elevations().stream().mapToDouble(Math::toRadians).toArray();
            c.setPattern(RayPatterns.horizontalSweep(s.sweep().columns(), s.sweep().rate(), el));
        } else {
            c.setModel(OusterModel.parse(s.model() == null ? "OS1-64" : s.model(), s.mode() == null ? "1024x10" : s.mode()));
        }
        if (s.range() != null) {
            if (s.range().size() != 2) {
                throw new IllegalArgumentException("range must be [min, max] in m, got " + s.range());
            }
            c.setRange(s.range().get(0), s.range().get(1));
        }
        if (s.divergenceHalfAngle() != null) c.setDivergenceHalfAngle(s.divergenceHalfAngle());
        if (s.optics() != null) {
            if (s.optics().size() != 3) {
                throw new IllegalArgumentException("optics must be [emitterRadius, detectorRadius, detectorOffset] in m");
            }
            c.setOptics(s.optics().get(0), s.optics().get(1), s.optics().get(2));
        }
        if (s.heapDepth() != null) c.setHeapDepth(s.heapDepth());
        if (s.returnMode() != null) c.setReturnMode(s.returnMode());
        if (s.beamSamples() != null) c.setBeamSamples(s.beamSamples());
        if (s.minIntensity() != null) c.setMinIntensity(s.minIntensity());
        if (s.timeSlices() != null) c.setTimeSlices(s.timeSlices());
        if (s.emitMisses() != null) c.setEmitMisses(s.emitMisses());
        if (s.fields() != null) c.setFields(s.fields());
        if (threads != null) c.setThreads(threads);
        c.setDistortions(stages(s.distortions()).stream().map(x -> new StageSpec(x.typeId(), x.config())).toList());
        c.setNoises(stages(s.noise()).stream().map(x -> new StageSpec(x.typeId(), x.config())).toList());
        return c;
    }

    private ImuConfig imu(ImuSpec s) throws IOException {
        if (s.sensors() == null) {
            return ImuConfig.defaults().withOutput(s.output() == null ? new String[0] : s.output().toArray(String[]::new));
        }
        List<SubSensor> subs = new ArrayList<>();
        for (SubSpec sub : s.sensors()) {
            subs.add(sub(sub));
        }
        List<OutputAxis> out = s.output() == null ? List.of() : OutputAxis.parseAll(s.output().toArray(String[]::new));
        return new ImuConfig(subs, out);
    }

    private SubSensor sub(SubSpec s) throws IOException {
        var stages = stages(s.stages()).stream().map(x -> sensor.imu.config.StageSpec.of(x.typeId(), x.config())).toList();
        var offset = ScenarioBuilder.pose(s.pose());
        if (s.kind() == null) {
            throw new IllegalArgumentException("kind must be one of accelerometer, gyroscope, magnetometer");
        }
        return switch (s.kind()) {
            case "accelerometer" -> new Accelerometer(s.name() == null ? Accelerometer.DEFAULT_NAME : s.name(), offset, stages);
            case "gyroscope" -> new Gyroscope(s.name() == null ? Gyroscope.DEFAULT_NAME : s.name(), offset, stages);
            case "magnetometer" -> new Magnetometer(s.name() == null ? "mag" : s.name(), offset, stages);
            default -> throw new IllegalArgumentException("kind '" + s.kind()
                    + "' is unknown; expected one of accelerometer, gyroscope, magnetometer");
        };
    }

    /** A stage by type id with its configuration read into the stage type's class. */
    private record Stage(String typeId, Object config) {}

    private List<Stage> stages(List<JsonNode> nodes) throws IOException {
        List<Stage> list = new ArrayList<>();
        if (nodes == null) {
            return list;
        }
        for (JsonNode n : nodes) {
            String type = ScenarioBuilder.text(n, "type");
            PluginType<?> t = catalog.stageTypes().get(type);
            if (t == null) {
                throw new IllegalArgumentException("stage type '" + type + "' is unknown; known stage types: "
                        + new TreeSet<>(catalog.stageTypes().keySet()));
            }
            list.add(new Stage(type, ScenarioBuilder.merge(mapper, t.defaultConfig(), ScenarioBuilder.withoutType(n), t.configType())));
        }
        return list;
    }
}
