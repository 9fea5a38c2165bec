package sensor.cli;

import java.util.logging.Level;
import java.util.logging.Logger;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Keeps libraries that log at info level on every start (SPI Fly registering the JSON provider the Configurator
 * uses) out of the output; their warnings and errors still print. The runtime starts this bundle before them.
 */
@Component(immediate = true, service = {})
public class QuietLibraries {
    /** Held so that the level stays set (java.util.logging keeps loggers weakly). */
    private static final Logger SPI_FLY = Logger.getLogger("org.apache.aries.spifly");

    @Activate
    void activate() {
        SPI_FLY.setLevel(Level.WARNING);
    }
}
