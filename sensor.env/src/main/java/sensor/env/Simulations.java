package sensor.env;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.control.ControllerType;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.api.material.AmbientMaterialType;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.sensor.SensorType;

/**
 * The {@link SimulationFactory} service: each simulation is its own {@link Environment} (world, scene, sensors,
 * clock, sinks) in tolerant mode; the plugin types the runtime has are bound into every open simulation as they
 * come and go. Deactivation closes every simulation.
 */
@Component(service = SimulationFactory.class)
public class Simulations implements SimulationFactory {
    private static final System.Logger LOG = System.getLogger("sensor.env");

    private final Map<String, Sim> open = new LinkedHashMap<>();
    private final Map<SensorType<?>, Integer> sensorTypes = new LinkedHashMap<>();
    private final Map<ControllerType<?>, Integer> controllerTypes = new LinkedHashMap<>();
    private final Map<SurfaceMaterialType<?>, Integer> surfaceTypes = new LinkedHashMap<>();
    private final Map<AmbientMaterialType<?>, Integer> ambientTypes = new LinkedHashMap<>();
    private final Map<RaytraceBackend, Map<String, Object>> backends = new LinkedHashMap<>();

    @Override
    public synchronized Simulation create(String name) {
        sensor.api.Args.id("name", name);
        if (open.containsKey(name)) {
            throw new IllegalArgumentException("a simulation named '" + name + "' is already open; open: " + open.keySet());
        }
        Sim sim = new Sim(name);
        sensorTypes.forEach(sim::bindSensorType);
        controllerTypes.forEach(sim::bindControllerType);
        surfaceTypes.forEach(sim::bindSurfaceMaterialType);
        ambientTypes.forEach(sim::bindAmbientMaterialType);
        backends.forEach(sim::bindRaytraceBackend);
        open.put(name, sim);
        LOG.log(Level.DEBUG, "simulation ''{0}'' created", name);
        return sim;
    }

    @Override
    public synchronized List<Simulation> simulations() {
        return List.copyOf(open.values());
    }

    @Deactivate
    synchronized void deactivate() {
        new ArrayList<>(open.values()).forEach(Sim::close);
    }

    private synchronized void forget(Sim sim) {
        if (open.remove(sim.name(), sim)) {
            LOG.log(Level.DEBUG, "simulation ''{0}'' closed", sim.name());
        }
    }

    @Reference(name = "sensorType", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindSensorType")
    void bindSensorType(SensorType<?> t, Map<String, Object> properties) {
        bindSensorType(t, Environment.ranking(properties));
    }

    /** Binds a type into every open simulation, with its service ranking (plain Java use: any). */
    public synchronized void bindSensorType(SensorType<?> t, int ranking) {
        sensorTypes.put(t, ranking);
        open.values().forEach(s -> s.bindSensorType(t, ranking));
    }

    public synchronized void unbindSensorType(SensorType<?> t) {
        sensorTypes.remove(t);
        open.values().forEach(s -> s.unbindSensorType(t));
    }

    @Reference(name = "controllerType", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindControllerType")
    void bindControllerType(ControllerType<?> t, Map<String, Object> properties) {
        bindControllerType(t, Environment.ranking(properties));
    }

    /** Binds a type into every open simulation, with its service ranking (plain Java use: any). */
    public synchronized void bindControllerType(ControllerType<?> t, int ranking) {
        controllerTypes.put(t, ranking);
        open.values().forEach(s -> s.bindControllerType(t, ranking));
    }

    public synchronized void unbindControllerType(ControllerType<?> t) {
        controllerTypes.remove(t);
        open.values().forEach(s -> s.unbindControllerType(t));
    }

    @Reference(name = "surfaceType", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindSurfaceType")
    void bindSurfaceType(SurfaceMaterialType<?> t, Map<String, Object> properties) {
        bindSurfaceType(t, Environment.ranking(properties));
    }

    /** Binds a type into every open simulation, with its service ranking (plain Java use: any). */
    public synchronized void bindSurfaceType(SurfaceMaterialType<?> t, int ranking) {
        surfaceTypes.put(t, ranking);
        open.values().forEach(s -> s.bindSurfaceMaterialType(t, ranking));
    }

    public synchronized void unbindSurfaceType(SurfaceMaterialType<?> t) {
        surfaceTypes.remove(t);
        open.values().forEach(s -> s.unbindSurfaceMaterialType(t));
    }

    @Reference(name = "ambientType", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindAmbientType")
    void bindAmbientType(AmbientMaterialType<?> t, Map<String, Object> properties) {
        bindAmbientType(t, Environment.ranking(properties));
    }

    /** Binds a type into every open simulation, with its service ranking (plain Java use: any). */
    public synchronized void bindAmbientType(AmbientMaterialType<?> t, int ranking) {
        ambientTypes.put(t, ranking);
        open.values().forEach(s -> s.bindAmbientMaterialType(t, ranking));
    }

    public synchronized void unbindAmbientType(AmbientMaterialType<?> t) {
        ambientTypes.remove(t);
        open.values().forEach(s -> s.unbindAmbientMaterialType(t));
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    public synchronized void bindBackend(RaytraceBackend b, Map<String, Object> properties) {
        backends.put(b, properties);
        open.values().forEach(s -> s.bindRaytraceBackend(b, properties));
    }

    public synchronized void unbindBackend(RaytraceBackend b) {
        backends.remove(b);
        open.values().forEach(s -> s.unbindRaytraceBackend(b));
    }

    /** One simulation: a tolerant environment with a name. */
    private final class Sim extends Environment implements Simulation {
        private final String name;

        Sim(String name) {
            super(true);
            this.name = name;
            simulationName(name);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void close() {
            closeAll();
            forget(this);
        }
    }
}
