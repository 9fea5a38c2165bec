/** Sensor types as discoverable services, sensors, their mounts, sampling context and frames. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package sensor.api.sensor;
