package sensor.imu;

import java.util.List;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.Args;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.ImuConfig;

/**
 * The {@code accelerometer} sensor type [T-29]: a stand-alone accelerometer, i.e. an IMU [T-IMU] with this one sub-sensor and its
 * three axes out (channels {@code name.x}, {@code name.y}, {@code name.z}).
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=accelerometer")
public class AccelerometerType implements SensorType<Accelerometer> {
    /** Type id. */
    public static final String ID = "accelerometer";

    @Reference(service = TriaxialStageType.class, cardinality = ReferenceCardinality.MULTIPLE,
            policyOption = ReferencePolicyOption.GREEDY)
    List<TriaxialStageType<?>> stageTypes = List.of();

    /** For DS. */
    public AccelerometerType() {}

    /** Outside a framework: with these stage types. */
    public AccelerometerType(List<? extends TriaxialStageType<?>> stageTypes) {
        this.stageTypes = List.copyOf(stageTypes);
    }

    @Override
    public String id() { return ID; }

    @Override
    public Class<Accelerometer> configType() { return Accelerometer.class; }

    @Override
    public Accelerometer defaultConfig() { return Accelerometer.of(); }

    @Override
    public String description() { return "accelerometer [T-29] with triaxial stages"; }

    @Override
    public Accelerometer readConfig(java.util.Map<String, Object> fields, sensor.api.ConfigReader reader) {
        return (Accelerometer) ScenarioConfigs.single("accelerometer", fields, reader);
    }

    @Override
    public Sensor create(Accelerometer config) {
        Args.notNull("accelerometer config", config);
        return ImuFactory.create(ImuConfig.of(config), stageTypes);
    }
}
