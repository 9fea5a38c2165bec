package sensor.lidar;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.ComputePool;
import sensor.api.ConfigReader;
import sensor.api.PluginCatalog;
import sensor.api.PluginType;
import sensor.api.lidar.LidarModelType;
import sensor.api.frame.CloudLayout;
import sensor.api.frame.OutputField;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.RayPatternType;
import sensor.lidar.api.ReturnMode;
import sensor.api.lidar.OutputNoise;
import sensor.api.lidar.OutputNoiseType;
import sensor.api.lidar.RayDistortion;
import sensor.api.lidar.RayDistortionType;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.lidar.api.LidarBackend;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.StageSpec;

/**
 * The {@code lidar} sensor type. Its stages (ray distortions, output noise) are discovered as services by
 * id; the raytrace backend is the best-ranked one registered, switched at run time when a better one
 * arrives or the current one leaves. Lidar models ({@link LidarModelType}) are found by id the same way. The default
 * configuration is the model {@value #DEFAULT_MODEL} in its default mode when a bundle offers it.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=" + LidarSensorType.ID)
public class LidarSensorType implements SensorType<LidarConfig> {
    /** Type id. */
    public static final String ID = "lidar";
    /** The model of a lidar that names none. */
    public static final String DEFAULT_MODEL = "OS1-64";

    /** Where the stage types are found by id (the runtime's catalogue; no map of its own). */
    @Reference
    volatile PluginCatalog catalog;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile RaytraceBackend backend;

    @Override
    public String id() { return ID; }

    @Override
    public Class<LidarConfig> configType() { return LidarConfig.class; }

    @Override
    public LidarConfig defaultConfig() {
        LidarModelType m = catalog == null ? null : catalog.find(LidarModelType.class, DEFAULT_MODEL);
        return m != null ? LidarConfig.of(m, m.defaultConfig())
                : new LidarConfig().setPattern(Patterns.sweep(1024, 10, Math.toRadians(-15), Math.toRadians(-5),
                        Math.toRadians(5), Math.toRadians(15)));
    }

    @Override
    public String description() {
        return "raytraced lidar: catalog models (lidar model types) or custom ray patterns, materials, weather, noise";
    }

    /** The runtime's one worker pool ({@code threads} of a lidar caps how many of its workers one lidar uses). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile ComputePool pool;

    /** Sets the catalogue directly (plain Java use without DS), e.g. a {@code sensor.env.FixedCatalog} of stage types. */
    public void setCatalog(PluginCatalog c) { catalog = c; }

    /**
     * Lidar fields of a scenario, all optional: {@code model}/{@code mode} (a catalog model with its range and
     * divergence; default {@value #DEFAULT_MODEL}) or {@code pattern: {type: <ray pattern id>, ...}}, then the settings of
     * {@link LidarConfig}; {@code distortions} and {@code noise} are lists of {@code {type: <stage id>, ...}}.
     */
    record Spec(String model, String mode, Map<String, Object> pattern, List<Double> range, Double divergenceHalfAngle,
            List<Double> optics, Integer heapDepth, ReturnMode returnMode, Integer beamSamples, Double minIntensity,
            Integer timeSlices, Boolean emitMisses, List<Map<String, Object>> distortions, List<Map<String, Object>> noise,
            List<OutputField> fields, Integer threads, String cloudLayout, Object detection, Double darkShare, Double pulseWidth,
            String calibration, LidarBackend backend) {}

    /**
     * A datasheet line of a scenario [L-DET]: {@code range} m and {@code reflectivity} (0–1) required; {@code ambient}
     * klx (default 100), {@code probability} (default 0.9), {@code falseAlarmRate} per ray (default 1e-4),
     * {@code channels} (1-based, default all), {@code precision} (a list of {@code {snr, sigma}}, σ in m; default none).
     */
    record DetectionSpec(Double range, Double reflectivity, Double ambient, Double probability, Double falseAlarmRate,
            List<Integer> channels, List<LidarModelType.RangePrecision> precision) {
        LidarModelType.DetectionLine line() {
            if (range == null || reflectivity == null) {
                throw new IllegalArgumentException("detection needs range (m) and reflectivity (0-1), e.g. "
                        + "{range: 40, reflectivity: 0.1, ambient: 100}");
            }
            return new LidarModelType.DetectionLine(range, reflectivity, ambient == null ? 100 : ambient,
                    probability == null ? 0.9 : probability, falseAlarmRate == null ? 1e-4 : falseAlarmRate, channels,
                    precision, "scenario");
        }
    }

    /** {@code detection: off}, one line {@code {range, reflectivity, ...}} or a list of lines. */
    private static List<LidarModelType.DetectionLine> detection(Object value, ConfigReader reader) {
        if ("off".equals(value) || Boolean.FALSE.equals(value)) {
            return List.of();
        }
        List<?> items = value instanceof List<?> l ? l : List.of(value);
        List<LidarModelType.DetectionLine> lines = new ArrayList<>();
        for (Object item : items) {
            if (!(item instanceof Map<?, ?>)) {
                throw new IllegalArgumentException("detection must be off, {range, reflectivity, ambient, probability, "
                        + "falseAlarmRate, channels, precision} or a list of those, got " + item);
            }
            lines.add(reader.convert(item, DetectionSpec.class).line());
        }
        return lines;
    }

    /**
     * Version-1 scenarios of release 0.1.0 gave a custom pattern as {@code sweep: {columns, rate, elevations}}; it is
     * read as {@code pattern: {type: sweep, columns, rate, elevations}}, which is the form from 0.2.0 on.
     */
    static Map<String, Object> sweepAsPattern(Map<String, Object> fields) {
        if (fields == null || !fields.containsKey("sweep")) {
            return fields;
        }
        if (fields.containsKey("pattern")) {
            throw new IllegalArgumentException("sweep (the 0.1.0 form) and pattern exclude each other; write "
                    + "pattern: {type: sweep, columns, rate, elevations}");
        }
        if (!(fields.get("sweep") instanceof Map<?, ?> sweep)) {
            throw new IllegalArgumentException("sweep must be {columns, rate, elevations}; from 0.2.0 on it is written "
                    + "pattern: {type: sweep, columns, rate, elevations}");
        }
        Map<String, Object> pattern = new java.util.LinkedHashMap<>();
        pattern.put("type", "sweep");
        sweep.forEach((k, v) -> pattern.put(String.valueOf(k), v));
        Map<String, Object> read = new java.util.LinkedHashMap<>(fields);
        read.remove("sweep");
        read.put("pattern", pattern);
        return read;
    }

    @Override
    public LidarConfig readConfig(Map<String, Object> fields, ConfigReader reader) {
        Spec s = reader.convert(sweepAsPattern(fields), Spec.class);
        LidarConfig c = new LidarConfig();
        if (s.pattern() != null) {
            if (s.model() != null || s.mode() != null || s.calibration() != null) {
                throw new IllegalArgumentException("pattern and model/mode/calibration exclude each other: give one");
            }
            var p = reader.plugin(s.pattern(), RayPatternType.class);
            c.setPattern(createPattern(p.type(), p.config()));
        } else {
            LidarModelType m = model(s.model() == null ? DEFAULT_MODEL : s.model());
            if (s.calibration() != null) {
                m = calibrated(m, reader.path(s.calibration()));
            }
            c.setModel(m, s.mode() == null ? m.defaultConfig() : m.mode(s.mode()));
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
        if (s.threads() != null) c.setThreads(s.threads());
        if (s.backend() != null) c.setBackend(s.backend());
        if (s.cloudLayout() != null) c.setCloudLayout(CloudLayout.of(s.cloudLayout()));
        if (s.detection() != null) c.setDetection(detection(s.detection(), reader));
        if (s.darkShare() != null) c.setDarkShare(s.darkShare());
        if (s.pulseWidth() != null) c.setPulseWidth(s.pulseWidth());
        c.setDistortions(stages(s.distortions(), RayDistortionType.class, reader));
        c.setNoises(stages(s.noise(), OutputNoiseType.class, reader));
        if (s.cloudLayout() != null) {
            PlanarGeometry.checked(c);
        }
        return c;
    }

    /** {@code m} with the beams of the unit's calibration file {@code file}, read by the model's vendor reader. */
    static LidarModelType calibrated(LidarModelType m, java.nio.file.Path file) {
        String text;
        try {
            text = java.nio.file.Files.readString(file);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException("calibration file " + file + " does not exist");
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new IllegalArgumentException("calibration file " + file + " cannot be read as UTF-8 text: " + e.getMessage());
        }
        return m.calibrated(file.getFileName().toString(), text);
    }

    /** The model of that id (exactly, else ignoring case); an unknown one is refused with the models present. */
    LidarModelType model(String id) {
        return model(catalog, id);
    }

    static LidarModelType model(PluginCatalog catalog, String id) {
        LidarModelType m = catalog.find(LidarModelType.class, id);
        if (m == null) {
            m = catalog.types(LidarModelType.class).stream().filter(t -> t.id().equalsIgnoreCase(id)).findFirst().orElse(null);
        }
        if (m == null) {
            throw new IllegalArgumentException("model '" + id + "' is unknown; known lidar models: "
                    + catalog.ids(LidarModelType.class) + (catalog.ids(LidarModelType.class).isEmpty()
                            ? " (no lidar model bundle is installed: sensor.lidar.ouster, sensor.lidar.velodyne, ...)" : ""));
        }
        return m;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static RayPatternGenerator createPattern(RayPatternType type, Object config) {
        return type.create(config);
    }

    private static <K extends PluginType<?>> List<StageSpec> stages(List<Map<String, Object>> nodes, Class<K> kind,
            ConfigReader reader) {
        List<StageSpec> list = new ArrayList<>();
        for (Map<String, Object> n : nodes == null ? List.<Map<String, Object>>of() : nodes) {
            var p = reader.plugin(n, kind);
            list.add(new StageSpec(p.type().id(), p.config()));
        }
        return list;
    }

    /** Sets the backend directly (plain Java use without DS). */
    public void setBackend(RaytraceBackend b) { backend = b; }

    @Override
    public Sensor create(LidarConfig config) {
        if (config.pattern() == null) {
            throw new IllegalArgumentException("lidar pattern must be set (setModel or setPattern)");
        }
        List<LidarStages.PluginStage<RayDistortion>> distortions = new ArrayList<>();
        for (StageSpec s : config.distortions()) {
            distortions.add(new LidarStages.PluginStage<>(s.typeId(), (RayDistortion) create(RayDistortionType.class, s)));
        }
        List<LidarStages.PluginStage<OutputNoise>> noises = new ArrayList<>();
        for (StageSpec s : config.noises()) {
            noises.add(new LidarStages.PluginStage<>(s.typeId(), (OutputNoise) create(OutputNoiseType.class, s)));
        }
        return new LidarSensor(config, List.copyOf(distortions), List.copyOf(noises), () -> backend,
                pool != null ? pool : ComputePool.serial());
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private Object create(Class<? extends PluginType> kind, StageSpec spec) {
        PluginType type = catalog.find((Class) kind, spec.typeId());
        if (type == null) {
            String name = PluginCatalog.kindName(kind.getName());
            throw new IllegalArgumentException(name + " typeId '" + spec.typeId() + "' is unknown; known: "
                    + catalog.ids((Class) kind));
        }
        Object config = type.configFrom(spec.config());
        return type instanceof RayDistortionType d ? d.create(config) : ((OutputNoiseType) type).create(config);
    }
}
