package sensor.odometer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.api.world.KinematicWorld.JointScript;
import sensor.env.Environment;
import sensor.odometer.config.OdometerConfig;

/** The odometer [OD] with [E-32] binning and [E-N] noise. */
class OdometerTest {
    private static List<SensorFrame> run(JointScript wheel, OdometerConfig config, double seconds, long seed) {
        Environment env = new Environment();
        KinematicWorld w = env.newKinematicWorld(0.001, new Vec3(0, 0, -9.81));
        w.addJoint("wheel", wheel);
        env.setWorld(w);
        env.setSeed(seed);
        env.bindSensorType(new OdometerType());
        List<SensorFrame> frames = new ArrayList<>();
        env.addOutputSink(frames::add);
        env.addSensor(SensorSpec.of("odo", OdometerType.ID, config, SensorMount.world(Pose.IDENTITY), 100));
        env.advance(seconds);
        return frames;
    }

    private static double distance(SensorFrame f) { return ((Channels) f.data()).value(0); }

    @ParameterizedTest
    @ValueSource(doubles = {2.5, -2.5})
    void OD_wheelRollingAKnownDistance(double speed) {
        double radius = 0.35, seconds = 4;
        // a wheel rolling without slip at ground speed v turns at v / R
        var frames = run(JointScript.constantRate(0, speed / radius), OdometerConfig.of("wheel", radius), seconds, 0);
        assertEquals(400, frames.size());
        assertEquals(speed * seconds, distance(frames.get(frames.size() - 1)), 1e-9);
        assertEquals(List.of("distance"), ((Channels) frames.get(0).data()).names());
        assertEquals(List.of("m"), ((Channels) frames.get(0).data()).units());
        for (SensorFrame f : frames) {
            assertEquals(speed * f.time(), distance(f), 1e-9);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {1.3, -1.3})
    void OD_E32_binnedWithTheEncoderCycle(double rate) {
        double radius = 0.5, cycle = 2 * Math.PI / 64;
        var frames = run(JointScript.constantRate(0.01, rate), OdometerConfig.of("wheel", radius).withEncoderCycle(cycle), 10, 0);
        for (SensorFrame f : frames) {
            double u = 0.01 + rate * f.time();
            double q = u / cycle;
            if (Math.abs(q - Math.rint(q)) < 1e-7) {
                continue;
            }
            long count = (long) Math.floor(q);
            assertEquals(radius * cycle * count, distance(f), 1e-9);
            double lag = radius * u - distance(f);
            assertTrue(lag >= 0 && lag < radius * cycle);
        }
    }

    @Test
    void O_theTypeDescribesItself() {
        assertTrue(new OdometerType().description().contains("wheel radius"), new OdometerType().description());
    }

    @Test
    void OD_EN_noiseOnTheAngleScalesWithRadius() {
        double radius = 0.4, sigma = 0.01, u0 = 3.0;
        var frames = run(JointScript.constantRate(u0, 0), OdometerConfig.of("wheel", radius).withNoise(sigma), 100, 21);
        int n = frames.size();
        double s = 0, s2 = 0;
        for (SensorFrame f : frames) {
            double e = distance(f) - radius * u0;
            s += e;
            s2 += e * e;
        }
        double mean = s / n, sd = Math.sqrt(s2 / n - mean * mean);
        assertEquals(0, mean, 5 * radius * sigma / Math.sqrt(n));
        assertEquals(radius * sigma, sd, 5 * radius * sigma / Math.sqrt(2.0 * n));
        var again = run(JointScript.constantRate(u0, 0), OdometerConfig.of("wheel", radius).withNoise(sigma), 1, 21);
        for (int i = 0; i < again.size(); i++) {
            assertArrayEquals(((Channels) frames.get(i).data()).values(), ((Channels) again.get(i).data()).values(), 0.0);
        }
    }

    private static void rejects(Executable e, String... parts) {
        var ex = assertThrows(IllegalArgumentException.class, e);
        for (String p : parts) {
            assertTrue(ex.getMessage().contains(p), () -> "message '" + ex.getMessage() + "' lacks '" + p + "'");
        }
    }

    @Test
    void OD_badInputIsRejected() {
        var type = new OdometerType();
        rejects(() -> type.create(type.defaultConfig()), "jointId", "null");
        rejects(() -> type.create(OdometerConfig.of("wheel", 0)), "odometer wheelRadius", "> 0");
        rejects(() -> type.create(OdometerConfig.of("wheel", -0.3)), "odometer wheelRadius", "> 0");
        rejects(() -> type.create(OdometerConfig.of("wheel", Double.NaN)), "odometer wheelRadius");
        rejects(() -> type.create(OdometerConfig.of("wheel", 0.3).withEncoderCycle(0.0)), "odometer encoderCycle", "> 0");
        rejects(() -> type.create(OdometerConfig.of("wheel", 0.3).withEncoderCycle(-1.0)), "odometer encoderCycle", "> 0");
        rejects(() -> type.create(OdometerConfig.of("wheel", 0.3).withNoise(-0.1)), "odometer noiseSigma", ">= 0");
        rejects(() -> type.create(null), "odometer config");
        Environment env = new Environment();
        env.bindSensorType(type);
        rejects(() -> env.addSensor(SensorSpec.of("o", OdometerType.ID, OdometerConfig.of("wheel", -1),
                SensorMount.world(Pose.IDENTITY), 10)), "wheelRadius");
        assertEquals(0, env.sensors().size());
    }
}
