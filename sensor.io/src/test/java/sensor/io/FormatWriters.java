package sensor.io;

import java.util.LinkedHashMap;
import java.util.Map;

import sensor.api.io.FrameWriter;

/**
 * The shipped formats found on the class path, by id, for plain Java use and tests (in a runtime each is a
 * {@link FrameWriter} service of its bundle: CSV in sensor.io, the point clouds in sensor.io.cloud, the pictures in
 * sensor.io.png, KITTI in sensor.io.kitti, MCAP in sensor.io.ros). A test gets the formats of the bundles it depends on.
 */
public final class FormatWriters {
    private static final Map<String, String> SHIPPED = Map.of("csv", "sensor.io.CsvWriter",
            "pcd", "sensor.io.cloud.PcdWriter", "pcd-ascii", "sensor.io.cloud.PcdAsciiWriter",
            "ply", "sensor.io.cloud.PlyWriter", "las", "sensor.io.cloud.LasWriter", "laz", "sensor.io.cloud.LazWriter",
            "png", "sensor.io.png.PngWriter", "kitti", "sensor.io.kitti.KittiWriter", "mcap", "sensor.io.ros.McapWriter");

    private FormatWriters() {}

    /** Every shipped format on the class path by its {@code output.format} id, with its default configuration. */
    public static Map<String, FrameWriter> all() {
        Map<String, FrameWriter> all = new LinkedHashMap<>();
        SHIPPED.forEach((id, type) -> {
            try {
                all.put(id, (FrameWriter) Class.forName(type).getConstructor().newInstance());
            } catch (ClassNotFoundException e) {
                // that format's bundle is not a dependency of this test
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(type, e);
            }
        });
        return Map.copyOf(all);
    }
}
