package sensor.io;

import java.util.Map;

import sensor.api.io.FrameWriter;

/** This bundle's formats by id, for plain Java use and tests (in a runtime each is a {@link FrameWriter} service). */
public final class FormatWriters {
    private FormatWriters() {}

    /** Every format of this bundle by its {@code output.format} id, with its default configuration. */
    public static Map<String, FrameWriter> all() {
        return Map.of("pcd", new PcdWriter(), "pcd-ascii", new PcdAsciiWriter(), "ply", new PlyWriter(), "las",
                new LasWriter(), "laz", new LazWriter(), "csv", new CsvWriter(), "png", new PngWriter(), "mcap", new McapWriter(), "kitti",
                new KittiWriter());
    }
}
