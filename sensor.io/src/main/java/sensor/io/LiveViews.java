package sensor.io;

import java.io.IOException;

import org.osgi.service.component.annotations.Component;

import sensor.api.io.LiveView;
import sensor.api.io.LiveViewFactory;

/** Live views over the Foxglove WebSocket protocol, as a {@link LiveViewFactory} service. */
@Component(property = LiveViewFactory.PROTOCOL_PROPERTY + "=" + FoxgloveServer.PROTOCOL)
public class LiveViews implements LiveViewFactory {
    @Override
    public LiveView open(String host, int port) throws IOException {
        return new FoxgloveServer(host, port);
    }
}
