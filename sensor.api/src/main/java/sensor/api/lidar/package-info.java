/** Lidar contracts: lidar models, ray patterns, ray distortions and output-stage noise (the point cloud and its fields: {@code sensor.api.frame}) [O]. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.2.0")
package sensor.api.lidar;
