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
import sensor.imu.config.Magnetometer;
import sensor.imu.config.ImuConfig;

/**
 * The {@code magnetometer} sensor type [T-M]: a stand-alone magnetometer, i.e. an IMU [T-IMU] with this one sub-sensor and its
 * three axes out (channels {@code name.x}, {@code name.y}, {@code name.z}).
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=magnetometer")
public class MagnetometerType implements SensorType<Magnetometer> {
    /** Type id. */
    public static final String ID = "magnetometer";

    @Reference(service = TriaxialStageType.class, cardinality = ReferenceCardinality.MULTIPLE,
            policyOption = ReferencePolicyOption.GREEDY)
    List<TriaxialStageType<?>> stageTypes = List.of();

    /** For DS. */
    public MagnetometerType() {}

    /** Outside a framework: with these stage types. */
    public MagnetometerType(List<? extends TriaxialStageType<?>> stageTypes) {
        this.stageTypes = List.copyOf(stageTypes);
    }

    @Override
    public String id() { return ID; }

    @Override
    public Class<Magnetometer> configType() { return Magnetometer.class; }

    @Override
    public Magnetometer defaultConfig() { return Magnetometer.of(); }

    @Override
    public String description() { return "magnetometer [T-M] with triaxial stages"; }

    @Override
    public Magnetometer readConfig(java.util.Map<String, Object> fields, sensor.api.ConfigReader reader) {
        return (Magnetometer) ScenarioConfigs.single("magnetometer", fields, reader);
    }

    @Override
    public Sensor create(Magnetometer config) {
        Args.notNull("magnetometer config", config);
        return ImuFactory.create(ImuConfig.of(config), stageTypes);
    }
}
