package sensor.api.env;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.MaterialSpec;

/**
 * One simulation among several in a runtime, made by a {@link SimulationFactory}: its own world, scene,
 * sensors, clock and output sinks. Unlike the framework's default environment it tolerates absent plugin
 * types: a sensor whose type is not installed waits (one log line) and starts when a bundle provides the type;
 * an object whose material type is absent uses the default material until it arrives. Every such gap is kept
 * in {@link #interruptions()}.
 */
@ProviderType
public interface Simulation extends SensorEnvironment, AutoCloseable {
    /** The name given at creation. */
    String name();

    /**
     * Gives an object another material from the next step on (rejects an unknown object id; an absent type
     * means the default material until it arrives).
     */
    void setMaterial(String objectId, MaterialSpec material);

    /** Replaces an object (same id, same place in the scene) from the next step on; rejects an unknown id. */
    void replaceObject(ObjectSpec object);

    /** Sensors that waited or were detached, and objects that fell back to the default material, with when. */
    List<Interruption> interruptions();

    /** Closes every sensor and removes every sink; the factory forgets the simulation. Idempotent. */
    @Override
    void close();

    /**
     * A sensor without its type, or an object without its material type, from {@code from} to {@code to}
     * (simulated s; {@code to} is NaN while it lasts).
     *
     * @param kind   {@code sensor}, {@code controller} or {@code material}
     * @param id     the sensor, controller or object id
     * @param typeId the absent type
     * @param from   when it started, s
     * @param to     when it ended, s, or NaN
     */
    record Interruption(String kind, String id, String typeId, double from, double to) {}
}
