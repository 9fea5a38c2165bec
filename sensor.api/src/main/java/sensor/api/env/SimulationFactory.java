package sensor.api.env;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/** Creates independent {@link Simulation}s that share the plugin types of the runtime. */
@ProviderType
public interface SimulationFactory {
    /** A new, empty simulation; rejects a name already in use. */
    Simulation create(String name);

    /** The open simulations, in creation order. */
    List<Simulation> simulations();
}
