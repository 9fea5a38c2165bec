package sensor.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

import sensor.api.env.SensorEnvironment;
import sensor.api.env.SensorEnvironment.SensorInfo.State;

/**
 * Conformance of a sensor type, in a real framework: it produces frames from a scenario, its output is the
 * same for the same seed, and its sensors survive a stop and start of the bundle that provides the type
 * (detached while it is stopped, producing again once it is back). Extend it and give a scenario.
 */
@SensorsimTest
public abstract class SensorTypeConformance {
    /** A scenario (YAML) with at least 1 s of duration and the sensor {@link #sensorId()} of the type under test. */
    protected abstract String scenario();

    /** The sensor of the scenario that uses the type under test. */
    protected abstract String sensorId();

    /** Symbolic name of the bundle that provides the type. */
    protected abstract String bundleSymbolicName();

    @Test
    public void producesFramesAtItsFrequency(SensorsimFramework fw) {
        Frames frames = fw.run(scenario());
        assertTrue(frames.count(sensorId()) > 0, "sensor '" + sensorId() + "' delivered no frame");
    }

    @Test
    public void isRegisteredUnderItsIdProperty(SensorsimFramework fw) throws Exception {
        fw.load(scenario());
        String type = fw.environment().sensors().stream().filter(s -> s.spec().id().equals(sensorId())).findFirst()
                .orElseThrow(() -> new AssertionError("sensor '" + sensorId() + "' is not in the scenario")).spec().typeId();
        var refs = fw.context().getServiceReferences(sensor.api.sensor.SensorType.class,
                "(" + sensor.api.sensor.SensorType.ID_PROPERTY + "=" + type + ")");
        assertTrue(!refs.isEmpty(), "register the type with the service property " + sensor.api.sensor.SensorType.ID_PROPERTY
                + "=" + type + " so that target filters and the catalogue find it");
    }

    @Test
    public void sameSeedGivesTheSameOutput(SensorsimFramework fw) {
        Frames a = fw.run(scenario()), b = fw.run(scenario());
        assertEquals(a.count(sensorId()), b.count(sensorId()));
        for (int i = 0; i < a.count(sensorId()); i++) {
            Object x = a.of(sensorId()).get(i).data(), y = b.of(sensorId()).get(i).data();
            if (x instanceof sensor.api.frame.Channels cx && y instanceof sensor.api.frame.Channels cy) {
                assertArrayEquals(cx.values(), cy.values(), "frame " + i);
            } else {
                assertEquals(String.valueOf(x), String.valueOf(y), "frame " + i);
            }
        }
    }

    @Test
    public void survivesStopAndStartOfItsBundle(SensorsimFramework fw) throws Exception {
        fw.load(scenario());
        SensorEnvironment env = fw.environment();
        Bundle bundle = fw.bundle(bundleSymbolicName());
        try (Frames frames = fw.record()) {
            env.advance(0.3);
            int before = frames.count(sensorId());
            assertTrue(before > 0, "no frame before the stop");
            bundle.stop();
            assertEquals(State.DETACHED, state(env), "sensor state while its type's bundle is stopped");
            env.advance(0.3);
            int during = frames.count(sensorId());
            bundle.start();
            assertEquals(State.ACTIVE, state(env), "sensor state once its type's bundle is back");
            env.advance(0.3);
            assertTrue(frames.count(sensorId()) > during, "no frame after the bundle started again");
            assertTrue(during - before <= 1, "frames while detached: " + (during - before) + " (at most one in flight)");
        } finally {
            if (bundle.getState() != Bundle.ACTIVE) {
                bundle.start();
            }
        }
    }

    private State state(SensorEnvironment env) {
        return env.sensors().stream().filter(s -> s.spec().id().equals(sensorId())).findFirst()
                .orElseThrow(() -> new AssertionError("sensor '" + sensorId() + "' is not in the environment")).state();
    }
}
