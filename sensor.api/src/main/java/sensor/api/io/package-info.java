/** Output sinks: consumers of the frames sensors produce. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package sensor.api.io;
