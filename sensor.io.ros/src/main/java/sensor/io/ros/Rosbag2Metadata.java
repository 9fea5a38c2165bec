package sensor.io.ros;

import java.util.List;
import java.util.Locale;

/**
 * The {@code metadata.yaml} of a rosbag2 bag (format version 5, storage {@code mcap}) describing one MCAP file, so
 * that an output folder is a bag for {@code ros2 bag info} and {@code ros2 bag play} (ROS 2 Humble and later):
 * duration, starting time, message count, and per topic its type, serialization format, offered QoS profiles and
 * message count, from what the {@link McapFile} wrote.
 */
public final class Rosbag2Metadata {
    private Rosbag2Metadata() {}

    /** The YAML text for {@code file} (relative to the bag folder) as written by {@code mcap}. */
    public static String of(String file, McapFile mcap) {
        long[] range = mcap.timeRange();
        long duration = range[1] - range[0];
        StringBuilder y = new StringBuilder();
        y.append("rosbag2_bagfile_information:\n");
        y.append("  version: 5\n");
        y.append("  storage_identifier: mcap\n");
        y.append("  duration:\n    nanoseconds: ").append(duration).append('\n');
        y.append("  starting_time:\n    nanoseconds_since_epoch: ").append(range[0]).append('\n');
        y.append("  message_count: ").append(mcap.messageCount()).append('\n');
        y.append("  topics_with_message_count:\n");
        List<McapFile.Channel> channels = mcap.channels();
        for (int id = 0; id < channels.size(); id++) {
            McapFile.Channel c = channels.get(id);
            y.append("    - topic_metadata:\n");
            y.append("        name: ").append(quoted(c.topic())).append('\n');
            y.append("        type: ").append(quoted(c.schema())).append('\n');
            y.append("        serialization_format: ").append(quoted(c.messageEncoding())).append('\n');
            y.append("        offered_qos_profiles: ").append(quoted(c.metadata().getOrDefault("offered_qos_profiles", "")))
                    .append('\n');
            y.append("      message_count: ").append(mcap.messageCount(id)).append('\n');
        }
        y.append("  compression_format: \"\"\n");
        y.append("  compression_mode: \"\"\n");
        y.append("  relative_file_paths:\n    - ").append(quoted(file)).append('\n');
        y.append("  files:\n");
        y.append("    - path: ").append(quoted(file)).append('\n');
        y.append("      starting_time:\n        nanoseconds_since_epoch: ").append(range[0]).append('\n');
        y.append("      duration:\n        nanoseconds: ").append(duration).append('\n');
        y.append("      message_count: ").append(mcap.messageCount()).append('\n');
        return y.toString();
    }

    /** A YAML double-quoted scalar. */
    static String quoted(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                default -> {
                    if (ch < 0x20) {
                        q.append(String.format(Locale.ROOT, "\\x%02x", (int) ch));
                    } else {
                        q.append(ch);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
