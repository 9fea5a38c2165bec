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
import sensor.imu.config.Gyroscope;
import sensor.imu.config.ImuConfig;

/**
 * The {@code gyroscope} sensor type [T-30]: a stand-alone gyroscope, i.e. an IMU [T-IMU] with this one sub-sensor and its
 * three axes out (channels {@code name.x}, {@code name.y}, {@code name.z}).
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=gyroscope")
public class GyroscopeType implements SensorType<Gyroscope> {
    /** Type id. */
    public static final String ID = "gyroscope";

    @Reference(service = TriaxialStageType.class, cardinality = ReferenceCardinality.MULTIPLE,
            policyOption = ReferencePolicyOption.GREEDY)
    List<TriaxialStageType<?>> stageTypes = List.of();

    /** For DS. */
    public GyroscopeType() {}

    /** Outside a framework: with these stage types. */
    public GyroscopeType(List<? extends TriaxialStageType<?>> stageTypes) {
        this.stageTypes = List.copyOf(stageTypes);
    }

    @Override
    public String id() { return ID; }

    @Override
    public Class<Gyroscope> configType() { return Gyroscope.class; }

    @Override
    public Gyroscope defaultConfig() { return Gyroscope.of(); }

    @Override
    public String description() { return "gyroscope [T-30] with triaxial stages"; }

    @Override
    public Gyroscope readConfig(java.util.Map<String, Object> fields, sensor.api.ConfigReader reader) {
        return (Gyroscope) ScenarioConfigs.single("gyroscope", fields, reader);
    }

    @Override
    public Sensor create(Gyroscope config) {
        Args.notNull("gyroscope config", config);
        return ImuFactory.create(ImuConfig.of(config), stageTypes);
    }
}
