package sensor.imu.config;

import java.util.List;

import sensor.api.geom.Pose;

/**
 * A triaxial sub-sensor of an IMU [T-IMU]: a unique name, its pose relative to the IMU frame and its stage
 * chain, applied in order to the ideal signal.
 */
@org.osgi.annotation.versioning.ProviderType
public sealed interface SubSensor permits Accelerometer, Gyroscope, Magnetometer {
    /** Unique name within the IMU; an id of letters, digits, '.', '_', '-' or '/'. */
    String name();

    /** Pose of the sub-sensor frame in the IMU frame. */
    Pose offset();

    /** Stage chain, applied in order. */
    List<StageSpec> stages();

    /** Unit of the signal, e.g. {@code m/s^2}. */
    String unit();
}
