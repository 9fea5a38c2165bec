package sensor.api.io;

import java.io.IOException;

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
}
