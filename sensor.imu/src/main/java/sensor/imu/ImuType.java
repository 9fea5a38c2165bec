package sensor.imu;

import java.util.List;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.ImuConfig;

/**
 * The {@code imu} sensor type [T-IMU]: accelerometer [T-29], gyroscope [T-30] and magnetometer [T-M]
 * sub-sensors with their stage chains. Stage types are a static greedy reference: when one comes or goes this
 * component is re-activated, so the environment re-creates its sensors with the current stage types.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=imu")
public class ImuType implements SensorType<ImuConfig> {
    /** Type id. */
    public static final String ID = "imu";

    @Reference(service = TriaxialStageType.class, cardinality = ReferenceCardinality.MULTIPLE,
            policyOption = ReferencePolicyOption.GREEDY)
    List<TriaxialStageType<?>> stageTypes = List.of();

    /** For DS. */
    public ImuType() {}

    /** Outside a framework: with these stage types. */
    public ImuType(List<? extends TriaxialStageType<?>> stageTypes) {
        this.stageTypes = List.copyOf(stageTypes);
    }

    @Override
    public String id() { return ID; }

    @Override
    public Class<ImuConfig> configType() { return ImuConfig.class; }

    @Override
    public ImuConfig defaultConfig() { return ImuConfig.defaults(); }

    @Override
    public String description() { return "IMU: accelerometer, gyroscope and magnetometer sub-sensors with triaxial stages"; }

    @Override
    public ImuConfig readConfig(java.util.Map<String, Object> fields, sensor.api.ConfigReader reader) {
        return ScenarioConfigs.imu(fields, reader);
    }

    @Override
    public Sensor create(ImuConfig config) {
        return ImuFactory.create(config, stageTypes);
    }
}
