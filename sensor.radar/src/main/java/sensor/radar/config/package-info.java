/** The configuration of the {@code radar} sensor type. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.radar.config;
