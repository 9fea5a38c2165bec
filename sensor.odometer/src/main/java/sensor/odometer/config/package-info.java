/** Typed configuration of the odometer sensor type; validated by the type's {@code create()}. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.odometer.config;
