package sensor.service;

import java.io.IOException;
import java.nio.file.Path;

import sensor.scenario.run.LiveService;

/** The web console of {@code serve --console}, offered as a service by the sensor.console bundle where it is present. */
public interface ConsoleFactory {
    /**
     * The first line of {@code file}, or a new random token when null.
     *
     * @throws IllegalArgumentException when the file cannot be read or its token is too short
     */
    String token(Path file);

    /**
     * Opens the console on the options' address and port for {@code simulations}, uploads going into {@code deploy},
     * behind {@code token}; closing it stops the listener.
     *
     * @throws IOException when the listener does not start
     */
    AutoCloseable open(Simulations simulations, Path deploy, LiveService.Console options, String token)
            throws IOException, InterruptedException;
}
