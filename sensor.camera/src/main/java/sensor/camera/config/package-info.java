/** Configuration of the {@code camera} sensor type. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.camera.config;
