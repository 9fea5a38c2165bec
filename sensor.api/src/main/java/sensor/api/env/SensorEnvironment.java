package sensor.api.env;

import java.util.List;
import java.util.Set;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.control.ControllerSpec;
import sensor.api.geom.Vec3;
import sensor.api.io.OutputSink;
import sensor.api.material.AmbientMaterial;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.api.world.WorldSource;
import sensor.api.scene.SceneView;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.MagneticField;
import sensor.api.scene.Light;

/**
 * The sensor environment: the objects sensors can see, the sensors, the ambient material, the magnetic
 * field and simulated time over a {@link WorldSource}. Stepping advances the dynamics one step and
 * samples every sensor whose sample times fall in the step, at its own frequency ([L-T]). Every method
 * validates its input first and changes nothing when it throws.
 */
@ProviderType
public interface SensorEnvironment {
    /** Simulated time, s (the world's time). */
    double time();

    /** Number of dynamics steps taken. */
    long stepCount();

    /** The dynamics source. */
    WorldSource world();

    /** Replaces the dynamics source; sensors restart their sample schedule at the new world's time. */
    void setWorld(WorldSource world);

    /** A new, empty kinematic world with the given step (s, > 0) and gravity (finite). */
    KinematicWorld newKinematicWorld(double timeStep, Vec3 gravity);

    /** Seed of every noise stream (sensors key their counter-based generators with it and their id). */
    long seed();

    /** Sets the seed. */
    void setSeed(long seed);

    /** Advances one dynamics step, samples due sensors and delivers due frames. */
    void step();

    /**
     * Steps until at least {@code duration} seconds (> 0) have passed, or until the calling thread is interrupted
     * (then after the current step, the interrupt left set); returns the number of steps.
     */
    long advance(double duration);

    /** Adds an object; rejects a duplicate id or an unknown material type (listing the known ones). */
    void addObject(ObjectSpec object);

    /** Removes an object; rejects an unknown id. */
    void removeObject(String objectId);

    /**
     * Moves the vertices of a triangle-mesh object (a deforming mesh: cloth, a flexing structure): same vertex
     * count, finite values, the triangles unchanged. Backends refit their structures instead of rebuilding.
     * Rejects an unknown id, another shape or a wrong size.
     */
    void deformMesh(String objectId, float[] vertices);

    /** The objects, in insertion order. */
    List<ObjectSpec> objects();

    /** The scene as raytracing sensors see it. */
    SceneView scene();

    /** Sets the ambient material by type id and configuration ({@code null} = the type's default). */
    void setAmbient(String typeId, Object config);

    /** Sets the ambient material directly. */
    void setAmbient(AmbientMaterial ambient);

    /** Sets the lights cameras see (replacing the earlier ones); none by default. */
    void setLights(List<Light> lights);

    /** The ambient material (default: {@link AmbientMaterial#defaultAir()}). */
    AmbientMaterial ambient();

    /** The magnetic field (default: zero). */
    MagneticField magneticField();

    /** Sets the magnetic field. */
    void setMagneticField(MagneticField field);

    /**
     * Adds a sensor; rejects a duplicate id, an unknown type id (listing the known ones), an unknown body
     * or a configuration the type refuses.
     */
    void addSensor(SensorSpec spec);

    /** Removes a sensor (active or detached); rejects an unknown id. */
    void removeSensor(String sensorId);

    /** Every sensor with its state. */
    List<SensorInfo> sensors();

    /**
     * Adds a controller, called at every step from the next one on; rejects a duplicate id, an unknown type id (listing
     * the known ones; a {@link Simulation} waits for it instead) or a configuration the type refuses.
     */
    void addController(ControllerSpec spec);

    /** Removes a controller (active or waiting); rejects an unknown id. Its last commands stay in effect. */
    void removeController(String controllerId);

    /** Every controller with its state. */
    List<ControllerInfo> controllers();

    /** Ids of the controller types currently available. */
    Set<String> controllerTypes();

    /** Adds an output sink that receives every delivered frame. */
    void addOutputSink(OutputSink sink);

    /** Removes an output sink added with {@link #addOutputSink}. */
    void removeOutputSink(OutputSink sink);

    /** Ids of the sensor types currently available. */
    Set<String> sensorTypes();

    /** Ids of the surface material types currently available. */
    Set<String> surfaceMaterialTypes();

    /** Ids of the ambient material types currently available. */
    Set<String> ambientMaterialTypes();

    /** Ids of the raytrace backends currently available, best-ranked first. */
    List<String> raytraceBackends();

    /**
     * The best-ranked raytrace backend as {@code <id>: <how it traces>} ({@code RaytraceBackend#describe}), or
     * {@code none} without one.
     */
    String raytrace();

    /** A controller, its state, and how many of its commands were applied and refused. */
    record ControllerInfo(ControllerSpec spec, SensorInfo.State state, long applied, long refused) {}

    /** A sensor, its state, and its line for the run's summary ({@code Sensor#summary}; null for none). */
    record SensorInfo(SensorSpec spec, State state, long samples, String summary) {
        /** ACTIVE: sampled each due step; DETACHED: its type is absent, it returns with the type. */
        public enum State { ACTIVE, DETACHED }

        /** Without a summary line (the 2.0 form). */
        public SensorInfo(SensorSpec spec, State state, long samples) {
            this(spec, state, samples, null);
        }
    }
}
