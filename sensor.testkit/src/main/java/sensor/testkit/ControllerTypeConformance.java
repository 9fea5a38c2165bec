package sensor.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

import sensor.api.control.ControllerType;
import sensor.api.env.SensorEnvironment;
import sensor.api.env.SensorEnvironment.ControllerInfo;
import sensor.api.env.SensorEnvironment.SensorInfo.State;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;

/**
 * Conformance of a controller type, in a real framework: in its scenario the controller sets commands that the world
 * accepts (none refused), the recorded commands are the same for the same seed, and the controller survives a stop and
 * start of the bundle that provides its type (detached while it is stopped, commanding again once it is back). Extend
 * it and give a scenario in which the controller commands at least once.
 */
@SensorsimTest
public abstract class ControllerTypeConformance {
    /** A scenario (YAML) with the controller {@link #controllerId()} of the type under test. */
    protected abstract String scenario();

    /** The controller of the scenario that uses the type under test. */
    protected abstract String controllerId();

    /** Symbolic name of the bundle that provides the type. */
    protected abstract String bundleSymbolicName();

    @Test
    public void isRegisteredUnderItsIdProperty(SensorsimFramework fw) throws Exception {
        fw.load(scenario());
        String type = info(fw.environment()).spec().typeId();
        var refs = fw.context().getServiceReferences(ControllerType.class, "(" + ControllerType.ID_PROPERTY + "=" + type + ")");
        assertTrue(!refs.isEmpty(), "register the type with the service property " + ControllerType.ID_PROPERTY + "=" + type
                + " so that target filters and the catalogue find it");
    }

    @Test
    public void commandsTheWorldWithoutARefusal(SensorsimFramework fw) {
        Frames frames = fw.run(scenario());
        assertTrue(!commands(frames).isEmpty(), "controller '" + controllerId() + "' set no command in its scenario");
        ControllerInfo info = info(fw.environment());
        assertTrue(info.applied() > 0, "no command applied");
        assertEquals(0, info.refused(), "commands refused (the log says why)");
    }

    @Test
    public void sameSeedGivesTheSameCommands(SensorsimFramework fw) {
        List<SensorFrame> a = commands(fw.run(scenario())), b = commands(fw.run(scenario()));
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.get(i).sensorId(), b.get(i).sensorId(), "command " + i);
            assertEquals(a.get(i).time(), b.get(i).time(), "time of command " + i);
            assertArrayEquals(((Channels) a.get(i).data()).values(), ((Channels) b.get(i).data()).values(), "command " + i);
        }
    }

    @Test
    public void survivesStopAndStartOfItsBundle(SensorsimFramework fw) throws Exception {
        fw.load(scenario());
        SensorEnvironment env = fw.environment();
        Bundle bundle = fw.bundle(bundleSymbolicName());
        try {
            assertEquals(State.ACTIVE, info(env).state());
            bundle.stop();
            assertEquals(State.DETACHED, info(env).state(), "controller state while its type's bundle is stopped");
            env.advance(0.1);
            bundle.start();
            assertEquals(State.ACTIVE, info(env).state(), "controller state once its type's bundle is back");
        } finally {
            if (bundle.getState() != Bundle.ACTIVE) {
                bundle.start();
            }
        }
    }

    /** The frames recording this controller's commands, in order. */
    private List<SensorFrame> commands(Frames frames) {
        return frames.all().stream().filter(f -> f.sensorId().startsWith(controllerId() + ".")).toList();
    }

    private ControllerInfo info(SensorEnvironment env) {
        return env.controllers().stream().filter(c -> c.spec().id().equals(controllerId())).findFirst()
                .orElseThrow(() -> new AssertionError("controller '" + controllerId() + "' is not in the scenario"));
    }
}
