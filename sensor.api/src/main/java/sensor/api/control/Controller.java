package sensor.api.control;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The software under test, or a stand-in for it, closing the loop: at every dynamics step, before the world advances,
 * the environment calls {@link #control} with the frames its sensors delivered since the last call, and the
 * controller sets commands. Every controller's commands take effect in the same step, in the order the controllers
 * were added.
 */
@ConsumerType
public interface Controller {
    /** Reads the new frames and sets commands through {@link ControlContext#command}. */
    void control(ControlContext context);

    /** Releases resources; called when the controller is removed or its type goes away. */
    default void close() {}
}
