package sensor.api.world;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.PluginType;

/**
 * A rigid-body dynamics engine, registered as a service with {@link #ID_PROPERTY}: it turns a {@link DynamicsModel}
 * into a {@link WorldSource} that integrates it. The environment reads the world and never writes it; the engine
 * knows nothing of sensors. {@code C} is the engine's own configuration (solver, contact parameters).
 */
@ConsumerType
public interface DynamicsEngineType<C> extends PluginType<C> {
    /** Service property carrying the engine id (e.g. {@code ode4j}). */
    String ID_PROPERTY = "dynamics.engine";

    /** A world of {@code model} integrated with {@code config}; invalid models throw {@link IllegalArgumentException}. */
    WorldSource create(C config, DynamicsModel model);
}
