/** Surface and ambient material types and the material contracts the lidar pipeline evaluates. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package sensor.api.material;
