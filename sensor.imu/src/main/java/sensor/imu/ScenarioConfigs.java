package sensor.imu;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import sensor.api.ConfigReader;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.Gyroscope;
import sensor.imu.config.ImuConfig;
import sensor.imu.config.Magnetometer;
import sensor.imu.config.OutputAxis;
import sensor.imu.config.StageSpec;
import sensor.imu.config.SubSensor;

/**
 * Reads IMU and single-sensor configurations from scenario data: {@code sensors: [{kind, name, pose, stages}]}
 * and {@code output: ["acc.x", ...]}; each stage is {@code {type: <triaxial stage id>, ...}}.
 */
final class ScenarioConfigs {
    private ScenarioConfigs() {}

    /** An IMU: sub-sensors and the output axes (none: all). */
    record ImuSpec(List<Map<String, Object>> sensors, List<String> output) {}

    /** A sub-sensor: kind (accelerometer, gyroscope, magnetometer), name, pose in the IMU frame, stages. */
    record SubSpec(String kind, String name, Object pose, List<Map<String, Object>> stages) {}

    static ImuConfig imu(Map<String, Object> fields, ConfigReader reader) {
        ImuSpec s = reader.convert(fields, ImuSpec.class);
        if (s.sensors() == null) {
            return ImuConfig.defaults().withOutput(s.output() == null ? new String[0] : s.output().toArray(String[]::new));
        }
        List<SubSensor> subs = new ArrayList<>();
        for (Map<String, Object> sub : s.sensors()) {
            subs.add(sub(reader.convert(sub, SubSpec.class), reader));
        }
        List<OutputAxis> out = s.output() == null ? List.of() : OutputAxis.parseAll(s.output().toArray(String[]::new));
        return new ImuConfig(subs, out);
    }

    /** A stand-alone sub-sensor of {@code kind}. */
    static SubSensor single(String kind, Map<String, Object> fields, ConfigReader reader) {
        Map<String, Object> f = new LinkedHashMap<>(fields);
        f.put("kind", kind);
        return sub(reader.convert(f, SubSpec.class), reader);
    }

    private static SubSensor sub(SubSpec s, ConfigReader reader) {
        List<StageSpec> stages = new ArrayList<>();
        for (Map<String, Object> n : s.stages() == null ? List.<Map<String, Object>>of() : s.stages()) {
            var p = reader.plugin(n, TriaxialStageType.class);
            stages.add(StageSpec.of(p.type().id(), p.config()));
        }
        var offset = reader.pose(s.pose());
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
}
