package sensor.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The in-framework conformance on the ground-truth sensor type, and a run checked against the closed form. */
class GroundTruthConformanceTest extends SensorTypeConformance {
    private static final String SCENARIO = """
            version: 1
            duration: 1
            bodies:
              - {id: cart, motion: {type: constant-velocity, pose: {position: [1, 2, 0]}, velocity: [3, 0, 0]}}
            sensors:
              - {id: truth, type: ground-truth, body: cart, frequency: 10}
            """;

    @Override
    protected String scenario() { return SCENARIO; }

    @Override
    protected String sensorId() { return "truth"; }

    @Override
    protected String bundleSymbolicName() { return "sensor.groundtruth"; }

    @Test
    void framesFollowTheBodyExactly(SensorsimFramework fw) {
        Frames frames = fw.run(SCENARIO);
        double[] x = frames.channel("truth", "x"), y = frames.channel("truth", "y");
        assertEquals(10, x.length);
        for (int i = 0; i < x.length; i++) {
            double t = frames.of("truth").get(i).time();
            assertEquals(1 + 3 * t, x[i], 1e-9, "x at t = " + t);
            assertEquals(2, y[i], 1e-12);
        }
    }
}
