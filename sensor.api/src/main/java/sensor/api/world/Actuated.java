package sensor.api.world;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A {@link WorldSource} whose actuators take {@link Command}s. The environment checks every command of a controller's
 * step before it applies any of them, so a command is applied whole or not at all.
 */
@ConsumerType
public interface Actuated {
    /**
     * Refuses a command this world cannot apply, changing nothing: an unknown target, or a value out of the actuator's
     * range, named with its allowed range in the message of the {@link IllegalArgumentException}.
     */
    void check(Command command);

    /** Applies a checked command from the next step on; it holds until the next command of its kind for its target. */
    void apply(Command command);
}
