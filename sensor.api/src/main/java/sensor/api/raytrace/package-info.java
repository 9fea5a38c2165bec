/** The raytrace backend SPI: closest-hit queries over the scene. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.0.0")
package sensor.api.raytrace;
