/** Sensor types as discoverable services, sensors, their mounts, sampling context and frames (their data: {@code sensor.api.frame}). */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.1.0")
package sensor.api.sensor;
