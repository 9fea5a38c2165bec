/**
 * ROS 2 messages as CDR bytes and the topics a run publishes them on: shared by every ROS 2 output (the MCAP file, the
 * Foxglove live view, the DDS bridge), so that each carries the same bytes.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package sensor.io.ros.msg;
