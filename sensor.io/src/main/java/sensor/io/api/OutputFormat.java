package sensor.io.api;

/**
 * File formats a {@link RecordingSink} writes.
 * <ul>
 * <li>{@link #PCD_BINARY}, {@link #PCD_ASCII}: PCL's PCD v0.7, one file per lidar frame
 * ({@code .pcd}, {@code -ascii.pcd}).</li>
 * <li>{@link #PLY}: binary little-endian PLY, one file per lidar frame.</li>
 * <li>{@link #LAS}: LAS 1.4, point data record format 6 (+ extra bytes {@code ring}, {@code intensity}),
 * one file per lidar frame.</li>
 * <li>{@link #CSV}: one table per scalar sensor ({@code Channels} data; no value is an empty cell), and one per radar
 * frame ({@code <radar>/<radar>-NNNNNN.csv}: one row per detection).</li>
 * <li>{@link #MCAP}: one indexed {@code run.mcap} with every frame as ROS 2 messages in CDR, and its rosbag2
 * {@code metadata.yaml}.</li>
 * <li>{@link #PNG}: per lidar frame a range image and a bird's-eye view; per IMU a plot of the run.</li>
 * </ul>
 */
public enum OutputFormat {
    PCD_BINARY, PCD_ASCII, PLY, LAS, CSV, MCAP, PNG
}
