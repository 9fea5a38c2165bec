package sensor.env;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

import sensor.api.Args;
import sensor.api.control.ControllerSpec;
import sensor.api.control.ControllerType;
import sensor.api.scene.MagneticField;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.env.Simulation;
import sensor.api.geom.Vec3;
import sensor.api.io.OutputSink;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.AmbientMaterialType;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorSpec;
import sensor.api.sensor.SensorType;
import sensor.api.world.KinematicWorld;
import sensor.api.world.WorldSource;

/**
 * One simulation: world, scene, sensors, controllers, clock and sinks, over the runtime's shared {@link PluginTypes}.
 * The framework's default environment ({@link EnvironmentComponent}) and every simulation of {@link Simulations} are
 * one of these; plain Java makes one with {@code new Environment()}. Plugin types come and go: when a sensor type
 * leaves, its sensors are closed and detached (the simulation goes on)
 * and re-created when a type with the same id returns; objects whose material type leaves fall back to
 * the default material (one warning) and get theirs back when it returns. Each step advances the world, then
 * the sensors sample within it on their multi-rate schedule [L-T] ({@link SensorSchedule}) and the frames due are
 * delivered to the sinks; controllers act at the start of every step ({@link Controllers}).
 */
public final class Environment implements Simulation, PluginTypes.Listener {
    /** Longest history of world states kept for interpolation, s. */
    static final double MAX_HISTORY = 1.0;

    /** Configuration (PID {@code sensor.env.Environment}). */
    @ObjectClassDefinition(name = "Sensor environment")
    public @interface Config {
        @AttributeDefinition(description = "Dynamics time step of the default kinematic world, s (> 0)")
        double timeStep() default 0.001;

        @AttributeDefinition(description = "Seed of every noise stream")
        long seed() default 0;
    }

    private final PluginTypes types;
    private final List<OutputSink> sinks = new CopyOnWriteArrayList<>();
    private final Scene scene;

    private WorldSource world = new KinematicWorldImpl(0.001, new Vec3(0, 0, -9.81));
    private WorldHistory history = new WorldHistory(WorldSnapshot.of(world));
    private MagneticField magneticField = MagneticField.uniform(Vec3.ZERO);
    private long seed;
    private long steps;
    /** Whether absent types are waited for (simulations) instead of rejected (the default environment). */
    private final boolean tolerant;
    private final Interruptions interruptions = new Interruptions();
    private final SensorSchedule sensors = new SensorSchedule(interruptions);
    private final Controllers controllers;

    private final String name;
    private final java.util.function.Consumer<Environment> onClose;

    /** A plain-Java environment with its own plugin types (bind them with the {@code bind...} methods). */
    public Environment() {
        this(new PluginTypes(), false, "", e -> {});
    }

    /**
     * An environment named {@code name} (empty for the default environment) over the shared {@code types}; it waits for absent sensor, controller and
     * material types when {@code tolerant} (simulations) and rejects them otherwise (the default environment).
     * {@code onClose} is told when it closes.
     */
    Environment(PluginTypes types, boolean tolerant, String name, java.util.function.Consumer<Environment> onClose) {
        this.types = types;
        this.tolerant = tolerant;
        this.name = name;
        this.onClose = onClose;
        this.scene = new Scene(types.surfaces, types.ambients);
        this.controllers = new Controllers(types.controllers, interruptions, this::time, tolerant);
        scene.tolerate(tolerant, interruptions, this::time);
        controllers.simulation(name);
        types.listen(this);
    }

    /** Applies the configuration (PID {@code sensor.env.Environment}). */
    synchronized void configure(Config config) {
        Args.positive("timeStep", config.timeStep());
        if (world instanceof KinematicWorldImpl k && k.bodyIds().isEmpty() && config.timeStep() != k.timeStep()) {
            setWorld(newKinematicWorld(config.timeStep(), k.gravity()));
        }
        seed = config.seed();
    }

    // ---- plugin types ---------------------------------------------------------------------------

    /** Binds a sensor type into this environment's plugin types (plain Java use: ranking 0). */
    public void bindSensorType(SensorType<?> type) {
        types.bindSensorType(type, 0);
    }

    /** Binds a sensor type with a ranking (plain Java use). */
    public void bindSensorType(SensorType<?> type, int ranking) {
        types.bindSensorType(type, ranking);
    }

    public void unbindSensorType(SensorType<?> type) {
        types.unbindSensorType(type);
    }

    /** Binds a controller type with a ranking (plain Java use). */
    public void bindControllerType(ControllerType<?> type, int ranking) {
        types.bindControllerType(type, ranking);
    }

    public void unbindControllerType(ControllerType<?> type) {
        types.unbindControllerType(type);
    }

    /** Binds a surface material type (plain Java use: ranking 0). */
    public void bindSurfaceMaterialType(SurfaceMaterialType<?> type) {
        types.bindSurfaceMaterialType(type, 0);
    }

    /** Binds a surface material type with a ranking (plain Java use). */
    public void bindSurfaceMaterialType(SurfaceMaterialType<?> type, int ranking) {
        types.bindSurfaceMaterialType(type, ranking);
    }

    public void unbindSurfaceMaterialType(SurfaceMaterialType<?> type) {
        types.unbindSurfaceMaterialType(type);
    }

    /** Binds an ambient material type (plain Java use: ranking 0). */
    public void bindAmbientMaterialType(AmbientMaterialType<?> type) {
        types.bindAmbientMaterialType(type, 0);
    }

    /** Binds an ambient material type with a ranking (plain Java use). */
    public void bindAmbientMaterialType(AmbientMaterialType<?> type, int ranking) {
        types.bindAmbientMaterialType(type, ranking);
    }

    public void unbindAmbientMaterialType(AmbientMaterialType<?> type) {
        types.unbindAmbientMaterialType(type);
    }

    /** Binds a raytrace backend with its service properties (plain Java use). */
    public void bindRaytraceBackend(RaytraceBackend backend, Map<String, Object> properties) {
        types.bindRaytraceBackend(backend, PluginTypes.ranking(properties));
    }

    public void unbindRaytraceBackend(RaytraceBackend backend) {
        types.unbindRaytraceBackend(backend);
    }

    /**
     * A sensor type serves its id: sensors of that id are created with it (waiting or detached ones attach, and
     * those of a lower-ranked type are re-created).
     */
    @Override
    public synchronized void sensorTypeServes(SensorType<?> type, SensorType<?> before) {
        sensors.attach(type, before, time());
    }

    /** A sensor type left: its sensors move to the replacement, or are detached until a type of their id returns. */
    @Override
    public synchronized void sensorTypeLeft(SensorType<?> type, SensorType<?> replacement) {
        sensors.detach(type, replacement, time());
    }

    @Override
    public synchronized void controllerTypeServes(ControllerType<?> type) {
        controllers.attach(type);
    }

    @Override
    public synchronized void controllerTypeLeft(ControllerType<?> type, ControllerType<?> replacement) {
        controllers.detach(type, replacement);
    }

    @Override
    public synchronized void materialTypesChanged(boolean ambient) {
        if (ambient) {
            scene.resolveAmbient();
        }
        scene.resolveMaterials();
    }

    /** Adds a sink every frame is delivered to (as {@link #addOutputSink}). */
    public void bindOutputSink(OutputSink sink) {
        sinks.add(sink);
    }

    public void unbindOutputSink(OutputSink sink) {
        sinks.remove(sink);
    }

    // ---- world and time -------------------------------------------------------------------------

    @Override
    public synchronized double time() { return world.time(); }

    @Override
    public synchronized long stepCount() { return steps; }

    @Override
    public synchronized WorldSource world() { return world; }

    @Override
    public synchronized void setWorld(WorldSource newWorld) {
        Args.notNull("world", newWorld);
        Args.positive("world timeStep", newWorld.timeStep());
        for (SensorSlot slot : sensors.slots()) {
            checkBody(newWorld, slot.spec.mount().bodyId(), "sensor '" + slot.spec.id() + "' mount bodyId");
        }
        for (ObjectSpec o : scene.objects()) {
            checkBody(newWorld, o.bodyId(), "object '" + o.id() + "' bodyId");
        }
        world = newWorld;
        history = new WorldHistory(WorldSnapshot.of(world));
        sensors.restart(world.time());
        controllers.newWorld();
    }

    @Override
    public KinematicWorld newKinematicWorld(double timeStep, Vec3 gravity) {
        return new KinematicWorldImpl(timeStep, gravity);
    }

    @Override
    public synchronized long seed() { return seed; }

    @Override
    public synchronized void setSeed(long seed) { this.seed = seed; }

    /** Advances one step; due frames reach the sinks after the environment's lock is released. */
    @Override
    public void step() {
        deliver(stepLocked());
    }

    /** One dynamics step and the sensor samples in it; returns the frames due for delivery. */
    private synchronized List<SensorFrame> stepLocked() {
        double start = world.time();
        sensors.schedule(controllers.control(world, start));
        world.step();
        steps++;
        history.add(WorldSnapshot.of(world), historySpan());
        double end = world.time();
        WorldHistory[] frozen = {null}; // made on the first sample of the step
        List<SensorFrame> due = sensors.step(start, end, 1e-9 * Math.max(1, Math.abs(end)), (slot, t) -> {
            if (frozen[0] == null) {
                frozen[0] = history.frozen();
            }
            return new Sampling(this, slot, t, start, frozen[0], seed);
        });
        controllers.deliver(due);
        return due;
    }

    private void deliver(List<SensorFrame> frames) {
        for (SensorFrame frame : frames) {
            for (OutputSink sink : sinks) {
                sink.accept(frame);
            }
        }
    }

    @Override
    public long advance(double duration) {
        Args.positive("duration", duration);
        double target;
        synchronized (this) {
            target = world.time() + duration;
        }
        long n = 0;
        while (true) {
            List<SensorFrame> due;
            synchronized (this) {
                if (!(world.time() < target - 1e-9 * Math.max(1, Math.abs(target)))
                        || Thread.currentThread().isInterrupted()) { // interrupted: ends after the current step
                    return n;
                }
                due = stepLocked();
            }
            deliver(due);
            n++;
        }
    }

    // ---- scene ----------------------------------------------------------------------------------

    @Override
    public synchronized void addObject(ObjectSpec object) {
        Args.notNull("object", object);
        checkBody(world, object.bodyId(), "object '" + object.id() + "' bodyId");
        scene.add(object);
    }

    @Override
    public synchronized void removeObject(String objectId) { scene.remove(objectId); }

    /** Replaces an object from the next step on (see {@link sensor.api.env.Simulation#replaceObject}). */
    public synchronized void replaceObject(ObjectSpec object) {
        Args.notNull("object", object);
        checkBody(world, object.bodyId(), "object '" + object.id() + "' bodyId");
        scene.replace(object);
    }

    /** Gives an object another material from the next step on (see {@link sensor.api.env.Simulation#setMaterial}). */
    public synchronized void setMaterial(String objectId, sensor.api.scene.MaterialSpec material) {
        ObjectSpec o = scene.objects().stream().filter(x -> x.id().equals(objectId)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("objectId '" + objectId + "' is unknown; known objects: "
                        + scene.objects().stream().map(ObjectSpec::id).toList()));
        scene.replace(o.withMaterial(material));
    }

    @Override
    public synchronized void deformMesh(String objectId, float[] vertices) { scene.deform(objectId, vertices); }

    @Override
    public synchronized List<ObjectSpec> objects() { return scene.objects(); }

    @Override
    public synchronized SceneView scene() { return scene.view(history); }

    @Override
    public synchronized void setAmbient(String typeId, Object config) { scene.setAmbient(typeId, config); }

    @Override
    public synchronized void setAmbient(AmbientMaterial ambient) { scene.setAmbient(Args.notNull("ambient", ambient)); }

    @Override
    public synchronized void setLights(List<sensor.api.scene.Light> lights) {
        Args.notNull("lights", lights).forEach(l -> Args.notNull("light", l));
        scene.setLights(lights);
    }

    @Override
    public synchronized AmbientMaterial ambient() { return scene.ambient(); }

    @Override
    public synchronized MagneticField magneticField() { return magneticField; }

    @Override
    public synchronized void setMagneticField(MagneticField field) { magneticField = Args.notNull("field", field); }

    // ---- sensors --------------------------------------------------------------------------------

    @Override
    public synchronized void addSensor(SensorSpec spec) {
        Args.notNull("spec", spec);
        SensorType<?> type = tolerant ? types.sensors.find(spec.typeId()) : types.sensors.get(spec.typeId());
        checkBody(world, spec.mount().bodyId(), "sensor '" + spec.id() + "' mount bodyId");
        sensors.add(spec, type, world.time());
    }

    @Override
    public synchronized void removeSensor(String sensorId) {
        sensors.remove(sensorId, time());
    }

    /** The interruptions so far (sensors without their type, objects without their material type). */
    public synchronized List<sensor.api.env.Simulation.Interruption> interruptions() {
        return interruptions.list(time());
    }

    @Override
    public String name() {
        return name;
    }

    /** Closes every sensor and controller, forgets the sinks and stops following the plugin types. Idempotent. */
    @Override
    public void close() {
        types.forget(this);
        synchronized (this) {
            sensors.removeAll(time());
            controllers.removeAll();
            sinks.clear();
        }
        onClose.accept(this);
    }

    @Override
    public synchronized List<SensorInfo> sensors() {
        return sensors.infos();
    }

    @Override
    public synchronized void addController(ControllerSpec spec) { controllers.add(spec); }

    @Override
    public synchronized void removeController(String controllerId) { controllers.remove(controllerId); }

    @Override
    public synchronized List<ControllerInfo> controllers() { return controllers.list(); }

    @Override
    public synchronized Set<String> controllerTypes() { return controllers.typeIds(); }

    @Override
    public void addOutputSink(OutputSink sink) { sinks.add(Args.notNull("sink", sink)); }

    @Override
    public void removeOutputSink(OutputSink sink) { sinks.remove(sink); }

    @Override
    public Set<String> sensorTypes() { return types.sensors.ids(); }

    @Override
    public Set<String> surfaceMaterialTypes() { return types.surfaces.ids(); }

    @Override
    public Set<String> ambientMaterialTypes() { return types.ambients.ids(); }

    @Override
    public List<String> raytraceBackends() {
        return types.backendIds();
    }

    @Override
    public String raytrace() {
        return types.raytrace();
    }

    /** How far back states are kept: the longest sample period of any sensor, at most {@link #MAX_HISTORY} s. */
    private double historySpan() {
        return Math.min(MAX_HISTORY, sensors.longestPeriod()) + world.timeStep();
    }

    // ---- helpers --------------------------------------------------------------------------------

    private static void checkBody(WorldSource w, String bodyId, String parameter) {
        if (bodyId != null && !w.bodyIds().contains(bodyId)) {
            throw new IllegalArgumentException(parameter + " '" + bodyId + "' is not a body of the world; known bodies: "
                    + new HashSet<>(w.bodyIds()));
        }
    }
}
