/**
 * The lidar bundle's user API: the typed configuration of the {@code lidar} sensor type, Ouster models,
 * ray pattern factories, the packed output [O] and a blocking output queue.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.lidar.api;
