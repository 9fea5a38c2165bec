package sensor.service;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import sensor.scenario.ScenarioException;

/** The live service's simulations as a client such as the web console sees them: listed, inspected, stopped, checked. */
public interface Simulations {
    /** Names of the simulations started and not stopped (running or finished). */
    Set<String> names();

    /** One simulation's state (name, state, times, members) as JSON-ready values, or null when none has that name. */
    Map<String, Object> snapshot(String name);

    /** Stops a simulation and closes its files; returns false when none has that name. */
    boolean stop(String name);

    /**
     * Checks a scenario given as the content of file {@code scenario} (not yet written there), as a dropped file would
     * be: read and built in a scratch simulation.
     *
     * @throws ScenarioException with the message a dropped file would log
     */
    void check(Path scenario, byte[] content) throws ScenarioException;
}
