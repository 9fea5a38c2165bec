/**
 * Typed configurations of the IMU sensor types [T-IMU] and of the built-in triaxial stages. Records hold
 * values only; the sensor and stage types validate them in {@code create()}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.imu.config;
