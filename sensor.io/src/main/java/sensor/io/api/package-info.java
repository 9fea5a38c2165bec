/**
 * Recording of sensor frames into files that robotics tools open: per-frame point clouds (PCD, PLY,
 * LAS 1.4), PNG previews, CSV tables of scalar sensors and one MCAP file (ROS 2 CDR) per run.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package sensor.io.api;
