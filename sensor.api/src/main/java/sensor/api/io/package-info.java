/** Output sinks: consumers of the frames sensors produce. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.0.0")
package sensor.api.io;
