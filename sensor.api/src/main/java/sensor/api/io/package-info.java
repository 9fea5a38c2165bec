/** Output sinks: consumers of the frames sensors produce. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.1.0")
package sensor.api.io;
