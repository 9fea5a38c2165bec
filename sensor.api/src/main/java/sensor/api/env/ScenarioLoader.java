package sensor.api.env;

import java.nio.file.Path;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Builds scenario files (the command line's JSON/YAML format) into the {@link SensorEnvironment}: its world,
 * objects, materials and sensors are replaced. Registered by the command-line bundle; test kits and tools use it
 * to set up a simulation from text.
 */
@ProviderType
public interface ScenarioLoader {
    /**
     * Reads and builds {@code scenario}; returns the scenario's duration in seconds.
     *
     * @throws IllegalArgumentException {@code file:line:column: message} when the scenario is invalid; the
     *                                  environment is left without objects and sensors
     */
    double load(Path scenario);
}
