package sensor.api.frame;

/**
 * The data of one sensor frame, one of a closed set so that every writer and view handles every frame: a
 * {@link PointCloud} (lidar, radar), {@link Channels} (scalar sensors) or a {@link CameraImage}. A new sensor
 * delivers one of these; a new kind of data is a new version of this contract.
 */
public sealed interface FrameData permits PointCloud, Channels, CameraImage {}
