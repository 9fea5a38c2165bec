/** The raytrace backend SPI: closest-hit and occlusion queries over the scene. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.3.0")
package sensor.api.raytrace;
