/**
 * The lidar bundle's user API: the typed configuration of the {@code lidar} sensor type,
 * ray pattern factories for catalog models and custom patterns, the packed output [O] and a blocking output queue.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.1.0")
package sensor.lidar.api;
