package sensor.api.frame;

import java.util.Locale;

/**
 * How a lidar's points are laid out in a ROS 2 {@code sensor_msgs/PointCloud2}: the fields, types and offsets a
 * vendor's own ROS 2 driver publishes, so software written against that driver reads simulated clouds unchanged.
 * A lidar carries its layout on its {@link PointCloud}; writers of other formats ignore it.
 */
public enum CloudLayout {
    /** Every field the lidar was asked for, each at its natural alignment; {@code time} is the absolute firing time. */
    GENERIC,
    /**
     * velodyne_pointcloud's {@code PointXYZIRT}: {@code x y z intensity} FLOAT32, {@code ring} UINT16, {@code time}
     * FLOAT32 (s since the scan's first point), packed, 22 bytes per point.
     */
    VELODYNE,
    /**
     * ouster-ros's {@code ouster_ros::Point}: {@code x y z} FLOAT32 at 0/4/8, {@code intensity} FLOAT32 at 16,
     * {@code t} UINT32 (ns since the scan's first point) at 20, {@code reflectivity} UINT16 at 24, {@code ring} UINT16
     * at 26, {@code ambient} UINT16 at 28, {@code range} UINT32 (mm) at 32, 48 bytes per point.
     */
    OUSTER,
    /**
     * livox_ros_driver2's custom PointCloud2: {@code x y z intensity} FLOAT32, {@code tag} UINT8, {@code line} UINT8,
     * {@code timestamp} FLOAT64 (absolute, ns), packed, 26 bytes per point.
     */
    LIVOX;

    /** The layout's name in a scenario: the constant's name in lower case. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The layout of a vendor's driver ({@code "Ouster"} gives {@link #OUSTER}), else {@link #GENERIC}. */
    public static CloudLayout ofVendor(String vendor) {
        for (CloudLayout l : values()) {
            if (l != GENERIC && l.name().equalsIgnoreCase(vendor)) {
                return l;
            }
        }
        return GENERIC;
    }

    /** The layout named {@code id} (any case); an unknown name is refused with the names there are. */
    public static CloudLayout of(String id) {
        for (CloudLayout l : values()) {
            if (l.name().equalsIgnoreCase(id)) {
                return l;
            }
        }
        throw new IllegalArgumentException("cloudLayout '" + id + "' is unknown; the layouts: "
                + java.util.Arrays.stream(values()).map(CloudLayout::id).toList());
    }
}
