package sensor.console;

import java.io.IOException;
import java.nio.file.Path;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import sensor.scenario.run.LiveService;
import sensor.service.ConsoleFactory;
import sensor.service.Simulations;

/** The {@link WebConsole} as the live service's console: present only where this bundle and the HTTP service are. */
@Component
public class WebConsoleFactory implements ConsoleFactory {
    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @Override
    public String token(Path file) {
        return WebConsole.token(file);
    }

    @Override
    public AutoCloseable open(Simulations simulations, Path deploy, LiveService.Console options, String token)
            throws IOException, InterruptedException {
        return WebConsole.start(context, simulations, deploy, options, token);
    }
}
