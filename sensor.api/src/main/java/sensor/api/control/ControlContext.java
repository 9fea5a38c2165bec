package sensor.api.control;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.sensor.SensorFrame;
import sensor.api.world.Command;

/** What a {@link Controller} sees and does at one step. */
@ProviderType
public interface ControlContext {
    /** The name of the simulation ({@link sensor.api.env.Simulation#name()}); empty for the default environment. */
    String simulation();

    /** The simulated time the world is at, s; the commands act from here to the next step. */
    double time();

    /** The dynamics time step, s. */
    double timeStep();

    /**
     * The frames delivered since the last call from the sensors the controller names, in delivery order (a frame is
     * delivered at its {@link SensorFrame#deliveredAt()}, so a sensor's lag delays it here as in the files).
     */
    List<SensorFrame> frames();

    /**
     * Sets a command for this step. Commands are checked when the controller returns: if any of its commands is not
     * finite, out of its actuator's range or names an unknown target, none of this step's commands of this controller
     * is applied, and one log line says why.
     */
    void command(Command command);
}
