package sensor.io.ros.msg;

import java.io.IOException;
import java.util.Map;

/** Where {@link Ros2Topics} publishes: schemas, channels and messages (an MCAP file, a live Foxglove server). */
public interface MessageChannels {
    /** Adds a schema; returns its id. */
    int schema(String name, String encoding, byte[] data) throws IOException;

    /** Adds a channel of schema {@code schemaId}; returns its id. */
    int channel(int schemaId, String topic, String messageEncoding, Map<String, String> metadata) throws IOException;

    /** Whether a message on {@code channel} would reach anyone (a live view with no subscriber to it: no); default yes. */
    default boolean wants(int channel) {
        return true;
    }

    /** Publishes a message on {@code channel}; times in ns. */
    void message(int channel, long logTime, long publishTime, byte[] data) throws IOException;
}
