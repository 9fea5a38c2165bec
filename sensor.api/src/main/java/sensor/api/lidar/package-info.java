/** Lidar contracts: lidar models, ray patterns, ray distortions, output-stage noise, the columnar point cloud and the output fields [O]. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.5.0")
package sensor.api.lidar;
