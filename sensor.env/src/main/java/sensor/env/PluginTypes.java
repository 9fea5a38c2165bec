package sensor.env;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.control.ControllerType;
import sensor.api.material.AmbientMaterialType;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.sensor.SensorType;

/**
 * The one tracker of the plugin types the runtime has (sensor, controller, surface and ambient material types,
 * raytrace backends), fed by the service registry and shared by the default environment and every simulation:
 * each environment listens and re-creates, detaches or re-resolves what a coming or leaving type concerns. Plain
 * Java makes one and binds types into it directly. Listeners are called without this tracker's lock held.
 */
@Component(service = PluginTypes.class)
public final class PluginTypes {
    /** What an environment does when the serving type of an id changes. */
    interface Listener {
        /** {@code type} now serves its id; {@code before} served it until now (null: none). */
        void sensorTypeServes(SensorType<?> type, SensorType<?> before);

        /** {@code type}, which served its id, left; {@code replacement} serves it now (null: none). */
        void sensorTypeLeft(SensorType<?> type, SensorType<?> replacement);

        /** {@code type} now serves its id. */
        void controllerTypeServes(ControllerType<?> type);

        /** {@code type}, which served its id, left; {@code replacement} serves it now (null: none). */
        void controllerTypeLeft(ControllerType<?> type, ControllerType<?> replacement);

        /** A material type came or left ({@code ambient}: an ambient material type). */
        void materialTypesChanged(boolean ambient);
    }

    final TypeRegistry<SensorType<?>> sensors = new TypeRegistry<>("sensor");
    final TypeRegistry<ControllerType<?>> controllers = new TypeRegistry<>("controller");
    final TypeRegistry<SurfaceMaterialType<?>> surfaces = new TypeRegistry<>("surface material");
    final TypeRegistry<AmbientMaterialType<?>> ambients = new TypeRegistry<>("ambient material");
    private final Map<RaytraceBackend, Integer> backends = new LinkedHashMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    void listen(Listener l) {
        listeners.add(l);
    }

    void forget(Listener l) {
        listeners.remove(l);
    }

    /** The {@code service.ranking} of a service's properties (0 when absent). */
    static int ranking(Map<String, Object> properties) {
        return properties.get("service.ranking") instanceof Integer r ? r : 0;
    }

    @Reference(name = "sensorType", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindSensorType")
    void bindSensorType(SensorType<?> type, Map<String, Object> properties) {
        bindSensorType(type, ranking(properties));
    }

    /**
     * Binds a sensor type with its service ranking: when it serves its id (the highest ranking), environments create
     * that id's sensors with it.
     */
    public void bindSensorType(SensorType<?> type, int ranking) {
        SensorType<?> before;
        synchronized (sensors) {
            before = sensors.find(type.id());
            if (!sensors.add(type, ranking)) {
                return;
            }
        }
        listeners.forEach(l -> l.sensorTypeServes(type, before));
    }

    public void unbindSensorType(SensorType<?> type) {
        SensorType<?> replacement;
        synchronized (sensors) {
            if (!sensors.remove(type)) {
                return;
            }
            replacement = sensors.find(type.id());
        }
        listeners.forEach(l -> l.sensorTypeLeft(type, replacement));
    }

    @Reference(name = "controllerType", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindControllerType")
    void bindControllerType(ControllerType<?> type, Map<String, Object> properties) {
        bindControllerType(type, ranking(properties));
    }

    /** Binds a controller type with its service ranking; waiting or detached controllers of its id attach. */
    public void bindControllerType(ControllerType<?> type, int ranking) {
        if (controllers.add(type, ranking)) {
            listeners.forEach(l -> l.controllerTypeServes(type));
        }
    }

    public void unbindControllerType(ControllerType<?> type) {
        ControllerType<?> replacement;
        synchronized (controllers) {
            if (!controllers.remove(type)) {
                return;
            }
            replacement = controllers.find(type.id());
        }
        listeners.forEach(l -> l.controllerTypeLeft(type, replacement));
    }

    @Reference(name = "surfaceType", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindSurfaceMaterialType")
    void bindSurfaceMaterialType(SurfaceMaterialType<?> type, Map<String, Object> properties) {
        bindSurfaceMaterialType(type, ranking(properties));
    }

    /** Binds a surface material type with its service ranking; objects re-resolve their materials. */
    public void bindSurfaceMaterialType(SurfaceMaterialType<?> type, int ranking) {
        surfaces.add(type, ranking);
        listeners.forEach(l -> l.materialTypesChanged(false));
    }

    public void unbindSurfaceMaterialType(SurfaceMaterialType<?> type) {
        if (surfaces.remove(type)) {
            listeners.forEach(l -> l.materialTypesChanged(false));
        }
    }

    @Reference(name = "ambientType", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindAmbientMaterialType")
    void bindAmbientMaterialType(AmbientMaterialType<?> type, Map<String, Object> properties) {
        bindAmbientMaterialType(type, ranking(properties));
    }

    /** Binds an ambient material type with its service ranking; the ambient and volumes re-resolve. */
    public void bindAmbientMaterialType(AmbientMaterialType<?> type, int ranking) {
        ambients.add(type, ranking);
        listeners.forEach(l -> l.materialTypesChanged(true));
    }

    public void unbindAmbientMaterialType(AmbientMaterialType<?> type) {
        if (ambients.remove(type)) {
            listeners.forEach(l -> l.materialTypesChanged(true));
        }
    }

    @Reference(name = "backend", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindRaytraceBackend")
    void bindRaytraceBackend(RaytraceBackend backend, Map<String, Object> properties) {
        bindRaytraceBackend(backend, ranking(properties));
    }

    /** Binds a raytrace backend with its service ranking. */
    public synchronized void bindRaytraceBackend(RaytraceBackend backend, int ranking) {
        backends.put(backend, ranking);
    }

    public synchronized void unbindRaytraceBackend(RaytraceBackend backend) {
        backends.remove(backend);
    }

    /** The backends' ids, best-ranked first. */
    synchronized List<String> backendIds() {
        return backends.entrySet().stream().sorted(Map.Entry.<RaytraceBackend, Integer>comparingByValue().reversed())
                .map(e -> e.getKey().id()).toList();
    }

    /** The best-ranked backend as {@code <id>: <how it traces>}, or {@code none}. */
    synchronized String raytrace() {
        return backends.entrySet().stream().max(Map.Entry.comparingByValue()).map(e -> e.getKey().id() + ": "
                + e.getKey().describe()).orElse("none");
    }
}
