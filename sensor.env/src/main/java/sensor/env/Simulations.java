package sensor.env;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;

/**
 * The {@link SimulationFactory} service: each simulation is an {@link Environment} of its own (world, scene, sensors,
 * clock, sinks) in tolerant mode, over the runtime's one {@link PluginTypes}, which tells every open simulation
 * of the types that come and go. Deactivation closes every simulation.
 */
@Component(service = SimulationFactory.class)
public class Simulations implements SimulationFactory {
    private static final System.Logger LOG = System.getLogger("sensor.env");

    private final PluginTypes types;
    private final Map<String, Environment> open = new LinkedHashMap<>();

    /** Simulations over the runtime's plugin types. */
    @Activate
    public Simulations(@Reference PluginTypes types) {
        this.types = types;
    }

    /** Plain Java: simulations over plugin types of their own, bound through {@link #types()}. */
    public Simulations() {
        this(new PluginTypes());
    }

    /** The plugin types every simulation of this factory uses. */
    public PluginTypes types() {
        return types;
    }

    @Override
    public synchronized Simulation create(String name) {
        sensor.api.Args.id("name", name);
        if (open.containsKey(name)) {
            throw new IllegalArgumentException("a simulation named '" + name + "' is already open; open: " + open.keySet());
        }
        Environment sim = new Environment(types, true, name, this::forget);
        open.put(name, sim);
        LOG.log(Level.DEBUG, "simulation ''{0}'' created", name);
        return sim;
    }

    @Override
    public synchronized List<Simulation> simulations() {
        return List.copyOf(open.values());
    }

    @Deactivate
    void deactivate() {
        List<Environment> all;
        synchronized (this) {
            all = new ArrayList<>(open.values());
        }
        all.forEach(Environment::close);
    }

    private synchronized void forget(Environment sim) {
        if (open.remove(sim.name(), sim)) {
            LOG.log(Level.DEBUG, "simulation ''{0}'' closed", sim.name());
        }
    }
}
