/** The configuration of the {@code gnss} sensor type. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.gnss.config;
