/** The sensor environment: objects sensors can see, shapes, sensors, ambient, magnetic field, time. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.5.0")
package sensor.api.env;
