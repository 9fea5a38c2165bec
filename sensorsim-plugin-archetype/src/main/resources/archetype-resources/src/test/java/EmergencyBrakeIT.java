package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import sensor.testkit.ControllerTypeConformance;
import sensor.testkit.Frames;
import sensor.testkit.SensorsimFramework;

/**
 * In-framework test of the emergency brake with this project's range finder: a cart at 9 m/s heads for a wall whose
 * near face is at x = 30 m; the brake (full: 8 m/s² on a scripted body) stops it v²/2a = 5.06 m after the range falls
 * under 10 m, short of the wall. The conformance checks run on the same scenario.
 */
class EmergencyBrakeIT extends ControllerTypeConformance {
    private static final String SCENARIO = """
            version: 1
            duration: 4
            bodies:
              - {id: cart, motion: {type: constant-velocity, velocity: [9, 0, 0]}}
            objects:
              - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [30.1, 0, 0]}}
            sensors:
              - {id: probe, type: ${artifactId}, body: cart, frequency: 20, config: {maxRange: 50, sigma: 0.0}}
            controllers:
              - {id: brake, type: ${artifactId}-brake, sensors: [probe], config: {target: cart, distance: 10, level: 1}}
            """;

    @Override
    protected String scenario() { return SCENARIO; }

    @Override
    protected String controllerId() { return "brake"; }

    @Override
    protected String bundleSymbolicName() { return "${artifactId}"; }

    @Test
    void theCartStopsShortOfTheWall(SensorsimFramework fw) {
        Frames frames = fw.run(SCENARIO);
        double[] range = frames.channel("probe", "range");
        int first = 0;
        while (!(range[first] < 10)) {
            first++;
        }
        // braking starts at that frame's time (the controller sees it at the start of the next step), 9 m/s at 8 m/s²
        double expected = range[first] - 81 / 16.0;
        assertEquals(expected, range[range.length - 1], 1e-6, "the cart rests this far from the wall");
        assertTrue(range[range.length - 1] > 4, "short of the wall");
        assertEquals(1, frames.of("brake.brake.cart").size(), "one brake command, recorded");
    }
}
