/** Typed configuration of the encoder sensor type; validated by the type's {@code create()}. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package sensor.encoder.config;
