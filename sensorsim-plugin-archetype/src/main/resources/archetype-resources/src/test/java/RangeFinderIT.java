package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import sensor.testkit.Frames;
import sensor.testkit.SensorTypeConformance;
import sensor.testkit.SensorsimFramework;

/**
 * In-framework test (run by failsafe after the bundle is packaged): the test kit boots Felix with the kernel,
 * the environment, the CPU raytrace backend and this bundle. The conformance checks (frames, determinism,
 * stop and start of this bundle) run on the scenario below, and the ranges are checked against geometry.
 */
class RangeFinderIT extends SensorTypeConformance {
    /** The probe rides a cart towards a wall whose near face is at x = 5 m, at 1 m/s: range = 5 - t. */
    private static final String SCENARIO = """
            version: 1
            duration: 1
            bodies:
              - {id: cart, motion: {type: constant-velocity, velocity: [1, 0, 0]}}
            materials:
              moon: {type: ${artifactId}-material, reflectivity: 0.6, k: 1.5}
            objects:
              - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5.1, 0, 0]}, material: moon}
            sensors:
              - {id: probe, type: ${artifactId}, body: cart, frequency: 10, config: {maxRange: 50, sigma: 0.0}}
            """;

    @Override
    protected String scenario() { return SCENARIO; }

    @Override
    protected String sensorId() { return "probe"; }

    @Override
    protected String bundleSymbolicName() { return "${artifactId}"; }

    @Test
    void rangeIsTheDistanceToTheWall(SensorsimFramework fw) {
        Frames frames = fw.run(SCENARIO);
        double[] range = frames.channel("probe", "range");
        assertEquals(10, range.length);
        for (int i = 0; i < range.length; i++) {
            double t = frames.of("probe").get(i).time();
            assertEquals(5 - t, range[i], 1e-6, "range at t = " + t);
        }
    }

    @Test
    void nothingInRangeGivesNaN(SensorsimFramework fw) {
        Frames frames = fw.run(SCENARIO.replace("maxRange: 50", "maxRange: 2"));
        for (double r : frames.channel("probe", "range")) {
            assertTrue(Double.isNaN(r), "range " + r + " beyond maxRange");
        }
    }
}
