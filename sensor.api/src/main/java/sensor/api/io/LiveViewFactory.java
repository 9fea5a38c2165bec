package sensor.api.io;

import java.io.IOException;
import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Opens live views, registered as a service by an output bundle with the property {@code live.protocol} (e.g.
 * {@code foxglove.websocket.v1}); the command line finds it through this contract only.
 */
@ConsumerType
public interface LiveViewFactory {
    /** Service property naming the protocol viewers speak. */
    String PROTOCOL_PROPERTY = "live.protocol";

    /**
     * Starts serving on {@code host}:{@code port} ({@code port} 0: any free port).
     *
     * @throws IOException naming the address when it cannot be bound
     */
    LiveView open(String host, int port) throws IOException;

    /**
     * Starts serving as {@link #open(String, int)}, with the protocol's settings (for ROS 2, a scenario's per-topic
     * {@code qos}). Default: no settings are understood, so any is refused.
     *
     * @throws IllegalArgumentException naming a setting the protocol refuses and what it allows
     * @throws IOException naming the address when it cannot be bound
     */
    default LiveView open(String host, int port, Map<String, Object> settings) throws IOException {
        if (!settings.isEmpty()) {
            throw new IllegalArgumentException("this live view takes no settings, got " + settings.keySet());
        }
        return open(host, port);
    }
}
