/**
 * The triaxial stage SPI: a {@link sensor.imu.api.TriaxialStageType} registered as an OSGi service adds a
 * stage that IMU sub-sensors (accelerometer, gyroscope, magnetometer) can list in their stage chain.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package sensor.imu.api;
