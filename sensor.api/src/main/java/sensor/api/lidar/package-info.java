/** Lidar contracts: ray patterns, ray distortions, output-stage noise and the packed output fields [O]. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package sensor.api.lidar;
