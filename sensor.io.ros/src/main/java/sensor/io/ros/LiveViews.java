package sensor.io.ros;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import org.osgi.service.component.annotations.Component;

import sensor.api.control.Teleoperation;
import sensor.api.io.LiveView;
import sensor.api.io.LiveViewFactory;

/**
 * Live views over the Foxglove WebSocket protocol, as a {@link LiveViewFactory} service; what their viewers publish is
 * the {@link Teleoperation} service (the latest message on a topic from any open view).
 */
@Component(service = {LiveViewFactory.class, Teleoperation.class},
        property = LiveViewFactory.PROTOCOL_PROPERTY + "=" + FoxgloveServer.PROTOCOL)
public class LiveViews implements LiveViewFactory, Teleoperation {
    private final List<FoxgloveServer> open = new CopyOnWriteArrayList<>();

    @Override
    public LiveView open(String host, int port) throws IOException {
        FoxgloveServer server = new FoxgloveServer(host, port);
        open.removeIf(FoxgloveServer::closed);
        open.add(server);
        return server;
    }

    @Override
    public TwistMessage twist(String topic) {
        return latest(s -> s.twist(topic));
    }

    @Override
    public JoyMessage joy(String topic) {
        return latest(s -> s.joy(topic));
    }

    private <T> T latest(Function<FoxgloveServer, T> read) {
        for (FoxgloveServer s : open) {
            T value = s.closed() ? null : read.apply(s);
            if (value != null) {
                return value;
            }
        }
        return null;
    }
}
