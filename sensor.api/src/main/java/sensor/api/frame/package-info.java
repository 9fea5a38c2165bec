/**
 * What a sensor delivers: the sealed {@link sensor.api.frame.FrameData} of a frame, a point cloud (lidar, radar),
 * named channels (IMU, encoder, GNSS, ...) or a camera image, with the point fields and layouts of clouds.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package sensor.api.frame;
