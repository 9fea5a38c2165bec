/** Argument checks shared by every bundle: clear messages naming the parameter and the allowed range. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.0.0")
package sensor.api;
