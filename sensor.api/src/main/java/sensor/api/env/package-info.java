/** The sensor environment: a simulation of a scene (see {@code sensor.api.scene}), its sensors, controllers, world and time. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.1.0")
package sensor.api.env;
