/** Typed configurations of the built-in controller types; validated by the types' {@code create()}. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.control.config;
