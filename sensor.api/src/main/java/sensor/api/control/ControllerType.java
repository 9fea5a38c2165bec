package sensor.api.control;

import java.util.Set;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * A controller type, registered as a service and found by id like a sensor type: the environment creates a
 * {@link Controller} from each controller entry of that type, waits while the type is absent and detaches the
 * controllers when the type's bundle leaves (creating them again when it returns).
 *
 * @param <C> the configuration type
 */
@ConsumerType
public interface ControllerType<C> extends PluginType<C> {
    /** The service property carrying the type id, for target filters: {@code (controller.type=<id>)}. */
    String ID_PROPERTY = "controller.type";

    /**
     * Creates a controller from a validated configuration.
     *
     * @throws IllegalArgumentException naming the parameter and its allowed range when the configuration is invalid
     */
    Controller create(C config);

    /**
     * The commands a controller of {@code config} sets in a run of {@code duration} simulated seconds, each as
     * {@code kind.target} (e.g. {@code steering.car}). A run records each in a series of its own,
     * {@code <controller id>.<kind>.<target>}, so a run's estimate counts their files from this. Default: none known.
     */
    default Set<String> commands(C config, double duration) {
        return Set.of();
    }
}
