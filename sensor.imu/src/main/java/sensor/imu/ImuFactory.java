package sensor.imu;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import sensor.api.Args;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.Gyroscope;
import sensor.imu.config.ImuConfig;
import sensor.imu.config.OutputAxis;
import sensor.imu.config.StageSpec;
import sensor.imu.config.SubSensor;

/**
 * Validates an {@link ImuConfig} [T-IMU] completely, then builds the sensor; a rejected configuration leaves
 * nothing behind. Stage types are looked up by id among those given (the first of an id serves).
 */
final class ImuFactory {
    private static final List<String> AXES = List.of("x", "y", "z");

    private ImuFactory() {}

    static ImuSensor create(ImuConfig config, List<? extends TriaxialStageType<?>> stageTypes) {
        Args.notNull("IMU config", config);
        Map<String, TriaxialStageType<?>> types = new LinkedHashMap<>();
        for (TriaxialStageType<?> t : stageTypes) {
            types.putIfAbsent(t.id(), t);
        }
        List<SubSensor> sensors = config.sensors();
        if (sensors.isEmpty()) {
            throw new IllegalArgumentException("IMU sensors must list at least one sub-sensor (accelerometer, gyroscope or magnetometer), got none");
        }
        Map<String, Integer> byName = new HashMap<>();
        ImuSensor.Sub[] subs = new ImuSensor.Sub[sensors.size()];
        for (int i = 0; i < subs.length; i++) {
            SubSensor s = sensors.get(i);
            String where = "sensors[" + i + "]";
            Args.notNull(where, s);
            Args.id(where + ".name", s.name());
            if (byName.putIfAbsent(s.name(), i) != null) {
                throw new IllegalArgumentException(where + ".name '" + s.name() + "' is already used; sub-sensor names must be unique");
            }
            List<StageSpec> specs = s.stages();
            TriaxialStage[] stages = new TriaxialStage[specs.size()];
            for (int k = 0; k < stages.length; k++) {
                stages[k] = stage(where + " '" + s.name() + "' stages[" + k + "]", specs.get(k), types);
            }
            ImuSensor.Kind kind = s instanceof Accelerometer ? ImuSensor.Kind.ACCELEROMETER
                    : s instanceof Gyroscope ? ImuSensor.Kind.GYROSCOPE : ImuSensor.Kind.MAGNETOMETER;
            subs[i] = new ImuSensor.Sub(kind, s.offset(), stages);
        }
        List<OutputAxis> output = config.output();
        if (output.isEmpty()) {
            output = new ArrayList<>();
            for (SubSensor s : sensors) {
                for (String a : AXES) {
                    output.add(new OutputAxis(s.name(), a));
                }
            }
        }
        int n = output.size();
        int[] outSub = new int[n], outAxis = new int[n];
        List<String> names = new ArrayList<>(n), units = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            OutputAxis o = output.get(j);
            String where = "output[" + j + "]";
            Args.notNull(where, o);
            Integer sub = o.sensor() == null ? null : byName.get(o.sensor());
            if (sub == null) {
                throw new IllegalArgumentException(where + ".sensor " + quote(o.sensor())
                        + " is not a sub-sensor of this IMU; sub-sensors: " + new TreeSet<>(byName.keySet()));
            }
            int axis = o.axis() == null ? -1 : AXES.indexOf(o.axis());
            if (axis < 0) {
                throw new IllegalArgumentException(where + ".axis " + quote(o.axis()) + " must be one of " + AXES);
            }
            outSub[j] = sub;
            outAxis[j] = axis;
            names.add(o.sensor() + "." + o.axis());
            units.add(sensors.get(sub).unit());
        }
        return new ImuSensor(subs, outSub, outAxis, names, units);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TriaxialStage stage(String where, StageSpec spec, Map<String, TriaxialStageType<?>> types) {
        Args.notNull(where, spec);
        Args.id(where + ".typeId", spec.typeId());
        TriaxialStageType type = types.get(spec.typeId());
        if (type == null) {
            throw new IllegalArgumentException(where + ".typeId '" + spec.typeId()
                    + "' is unknown; known triaxial stage types: " + new TreeSet<>(types.keySet()));
        }
        Object config = configOf(type, spec.config(), where);
        TriaxialStage stage;
        try {
            stage = type.create(config);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + " (" + spec.typeId() + "): " + e.getMessage(), e);
        }
        if (stage == null) {
            throw new IllegalStateException(where + ": stage type '" + spec.typeId() + "' created no stage");
        }
        return stage;
    }

    private static String quote(String s) {
        return s == null ? "null" : "'" + s + "'";
    }

    private static Object configOf(sensor.api.PluginType<?> type, Object config, String where) {
        try {
            return type.configOrDefault(config);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ".config: " + e.getMessage(), e);
        }
    }
}
