package sensor.encoder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import sensor.encoder.config.EncoderConfig;
import sensor.encoder.config.EncoderMode;
import sensor.env.Environment;

/** The encoder [E-N], [E-32], [E-33], [E-34], [E-V] against closed forms. */
class EncoderTest {
    private static final double TWO_PI = 2 * Math.PI;

    /** Runs one encoder on joint "j" following {@code script}; returns its frames. */
    private static List<SensorFrame> run(JointScript script, EncoderConfig config, double dt, double frequency,
                                         double seconds, long seed) {
        Environment env = new Environment();
        KinematicWorld w = env.newKinematicWorld(dt, new Vec3(0, 0, -9.81));
        w.addJoint("j", script);
        env.setWorld(w);
        env.setSeed(seed);
        env.bindSensorType(new EncoderType());
        List<SensorFrame> frames = new ArrayList<>();
        env.addOutputSink(frames::add);
        env.addSensor(SensorSpec.of("enc", EncoderType.ID, config, SensorMount.world(Pose.IDENTITY), frequency));
        env.advance(seconds);
        return frames;
    }

    private static double pos(SensorFrame f) { return ((Channels) f.data()).value(0); }

    private static double speed(SensorFrame f) { return ((Channels) f.data()).value(1); }

    /** True when {@code x} is within 1e-9 of a multiple of {@code step} (floor is ill-conditioned there). */
    private static boolean nearEdge(double x, double step) {
        double q = x / step;
        return Math.abs(q - Math.rint(q)) < 1e-7;
    }

    @ParameterizedTest
    @ValueSource(doubles = {2.3, -2.3, 7.9, -7.9})
    void E33_E32_incrementalWrapsBinnedCountsOverSeveralTurns(double rate) {
        int counts = 360;
        double res = TWO_PI / counts, p0 = 0.37;
        var frames = run(JointScript.constantRate(p0, rate), EncoderConfig.of("j").withResolution(res), 0.001, 500, 6, 0);
        assertEquals(3000, frames.size());
        assertTrue(Math.abs(rate) * 6 > 2 * TWO_PI, "several turns");
        int checked = 0;
        for (SensorFrame f : frames) {
            double p = p0 + rate * f.time();
            if (nearEdge(p, res)) {
                continue;
            }
            long count = (long) Math.floor(p / res); // whole counts since zero, either direction
            assertEquals(Math.floorMod(count, (long) counts) * res, pos(f), 1e-9, "t = " + f.time());
            assertTrue(pos(f) >= 0 && pos(f) < TWO_PI);
            checked++;
        }
        assertTrue(checked > 2900);
    }

    @Test
    void E33_incrementalWrapWithoutBinningInAnOffsetRange() {
        double lower = -Math.PI, upper = Math.PI, rate = -3.1;
        var cfg = EncoderConfig.of("j").withResolution(null).withMode(EncoderMode.INCREMENTAL, lower, upper);
        for (SensorFrame f : run(JointScript.constantRate(1.0, rate), cfg, 0.001, 100, 8, 0)) {
            double p = 1.0 + rate * f.time();
            // the representative of p in [-pi, pi): p - 2 pi k with k = round(p / 2 pi) (away from the edge)
            double expected = p - TWO_PI * Math.rint(p / TWO_PI);
            if (Math.abs(Math.abs(expected) - Math.PI) < 1e-9) {
                continue;
            }
            assertEquals(expected, pos(f), 1e-9);
        }
    }

    /**
     * [E-33] signed mode on a steering joint swept through zero (±0.3 rad at 0.5 Hz): every reading is the binned
     * signed angle, floor(p/res)·res, and the speed never jumps by a turn. The default incremental range [0, 2π)
     * reads the same joint at about 6 rad whenever it turns right.
     */
    @Test
    void E33_E32_signedModeReadsASteeringSweepThroughZero() {
        double amplitude = 0.3, res = EncoderConfig.DEFAULT_RESOLUTION;
        var signed = run(JointScript.sine(amplitude, 0.5), EncoderConfig.of("j").withMode(EncoderMode.SIGNED, 0, TWO_PI),
                0.001, 100, 4, 0);
        int negative = 0, positive = 0;
        for (SensorFrame f : signed) {
            double p = amplitude * Math.sin(Math.PI * f.time());
            if (nearEdge(p, res)) {
                continue;
            }
            assertEquals(Math.floor(p / res) * res, pos(f), 1e-12, "t " + f.time());
            assertTrue(Math.abs(speed(f)) <= amplitude * Math.PI + res * 100, "speed " + speed(f) + " at " + f.time());
            negative += p < -res ? 1 : 0;
            positive += p > res ? 1 : 0;
        }
        assertTrue(negative > 150 && positive > 150, negative + " negative, " + positive + " positive");
        var wrapped = run(JointScript.sine(amplitude, 0.5), EncoderConfig.of("j"), 0.001, 100, 4, 0);
        assertTrue(wrapped.stream().anyMatch(f -> pos(f) > 6), "the unsigned default wraps right turns to about 2π");
    }

    @Test
    void E33_signedModeCentresAnyRangeOnZero() {
        var cfg = EncoderConfig.of("j").withResolution(null).withMode(EncoderMode.SIGNED, 2, 3);
        for (SensorFrame f : run(JointScript.constantRate(0.2, 0.7), cfg, 0.001, 100, 3, 0)) {
            double p = 0.2 + 0.7 * f.time(), expected = p - Math.floor(p + 0.5);
            if (Math.abs(Math.abs(expected) - 0.5) > 1e-9) {
                assertEquals(expected, pos(f), 1e-9, "t " + f.time());
            }
        }
    }

    @Test
    void E34_E32_absoluteClampsBinnedPositionBothDirections() {
        double lower = -1, upper = 2, res = 0.01, amplitude = 3;
        var cfg = EncoderConfig.of("j").withMode(EncoderMode.ABSOLUTE, lower, upper).withResolution(res).withUnit("m");
        var frames = run(JointScript.sine(amplitude, 0.5), cfg, 0.001, 200, 4, 0);
        int low = 0, high = 0;
        for (SensorFrame f : frames) {
            double p = amplitude * Math.sin(2 * Math.PI * 0.5 * f.time());
            if (p >= upper) {
                assertEquals(upper, pos(f), 0.0);
                high++;
            } else if (p < lower) {
                assertEquals(lower, pos(f), 0.0);
                low++;
            } else if (!nearEdge(p, res)) {
                // binned: a multiple of res with 0 <= p - u < res
                double u = pos(f);
                assertEquals(Math.rint(u / res), u / res, 1e-9);
                assertTrue(p - u >= 0 && p - u < res, () -> "p " + p + " u " + u);
            }
        }
        assertTrue(low > 50 && high > 50);
        assertEquals(List.of("m", "m/s"), ((Channels) frames.get(0).data()).units());
    }

    @Test
    void EN_noiseHasSigmaBeforeBinning() {
        double sigma = 0.02, p0 = 1.234;
        var cfg = EncoderConfig.of("j").withResolution(null).withMode(EncoderMode.ABSOLUTE, -10, 10).withNoise(sigma);
        var frames = run(JointScript.constantRate(p0, 0), cfg, 0.001, 1000, 50, 11);
        double s = 0, s2 = 0;
        for (SensorFrame f : frames) {
            s += pos(f) - p0;
            s2 += (pos(f) - p0) * (pos(f) - p0);
        }
        int n = frames.size();
        double mean = s / n, sd = Math.sqrt(s2 / n - mean * mean);
        assertEquals(0, mean, 5 * sigma / Math.sqrt(n));
        assertEquals(sigma, sd, 5 * sigma / Math.sqrt(2.0 * n));
        // with binning every value is still a bin edge
        var binned = run(JointScript.constantRate(p0, 0), cfg.withResolution(0.01), 0.001, 1000, 1, 11);
        for (SensorFrame f : binned) {
            assertEquals(Math.rint(pos(f) / 0.01), pos(f) / 0.01, 1e-9);
        }
    }

    @Test
    void EN_reproducibleBySeed() {
        var cfg = EncoderConfig.of("j").withNoise(0.01);
        var a = run(JointScript.constantRate(0, 1), cfg, 0.001, 100, 1, 3);
        var b = run(JointScript.constantRate(0, 1), cfg, 0.001, 100, 1, 3);
        var c = run(JointScript.constantRate(0, 1), cfg, 0.001, 100, 1, 4);
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(((Channels) a.get(i).data()).values(), ((Channels) b.get(i).data()).values(), 0.0);
        }
        assertFalse(a.stream().map(EncoderTest::pos).toList().equals(c.stream().map(EncoderTest::pos).toList()));
    }

    @ParameterizedTest
    @ValueSource(doubles = {2.0, -2.0})
    void EV_speedOnConstantMotionAcrossTheWrap(double rate) {
        double res = TWO_PI / 1000, f = 10_000, dt = 1e-4;
        var frames = run(JointScript.constantRate(0.1, rate), EncoderConfig.of("j").withResolution(res), dt, f, 8, 0);
        // changes every res/|rate| = 3.14 ms; each is seen up to one sample period late, so an estimate lies
        // within |rate| * period / (interval - period) of the rate
        double interval = res / Math.abs(rate), period = 1 / f;
        double bound = Math.abs(rate) * period / (interval - period) + 1e-9;
        double sum = 0;
        int n = 0;
        for (SensorFrame fr : frames) {
            if (fr.time() < 0.5) {
                continue;
            }
            assertEquals(rate, speed(fr), bound, "t = " + fr.time());
            sum += speed(fr);
            n++;
        }
        assertEquals(rate, sum / n, 0.005 * Math.abs(rate));
    }

    @Test
    void EV_speedOfFastMotionIsTheAverageRatePerSample() {
        double rate = 40, res = TWO_PI / 4096, f = 100; // 0.4 rad per sample, many counts
        var frames = run(JointScript.constantRate(0, rate), EncoderConfig.of("j").withResolution(res), 0.001, f, 3, 0);
        for (SensorFrame fr : frames.subList(2, frames.size())) {
            // delta of binned values over one period: |error| < res / period
            assertEquals(rate, speed(fr), res * f + 1e-9);
        }
    }

    @Test
    void EV_theFirstSampleReportsNoSpeedWhereverTheJointStarts() {
        // the joint already at 5 rad, turning at 2 rad/s: no earlier reading, so no speed yet, then the rate
        var frames = run(JointScript.constantRate(5, 2), EncoderConfig.of("j").withResolution(null), 0.001, 10, 0.3, 0);
        assertEquals(0.0, speed(frames.get(0)));
        assertEquals(2.0, speed(frames.get(1)), 1e-9);
    }

    @Test
    void EV_withoutBinningASpeedOfZeroIsPositiveZero() {
        // turning backwards, then stopped: the stopped joint reads speed 0.0 (never -0.0 in the files)
        JointScript stopping = new JointScript() {
            @Override public double position(double t) { return -Math.min(t, 0.5); }
            @Override public double velocity(double t) { return t < 0.5 ? -1 : 0; }
        };
        var frames = run(stopping, EncoderConfig.of("j").withResolution(null), 0.001, 10, 1, 0);
        assertEquals(-1.0, speed(frames.get(3)), 1e-9);
        assertEquals(0.0, speed(frames.get(frames.size() - 1))); // bitwise: +0.0
    }

    @Test
    void E32_theTypeDescribesItself() {
        assertTrue(new EncoderType().description().contains("encoder"), new EncoderType().description());
    }

    @Test
    void EV_speedDecaysToZeroAfterTheJointStops() {
        double rate = 1.0, stop = 1.0, res = TWO_PI / 1000;
        JointScript stopping = new JointScript() {
            @Override public double position(double t) { return rate * Math.min(t, stop); }
            @Override public double velocity(double t) { return t < stop ? rate : 0; }
        };
        var frames = run(stopping, EncoderConfig.of("j").withResolution(res), 0.001, 1000, 3, 0);
        SensorFrame last = frames.get(frames.size() - 1);
        // no change since (at latest) the stop: the estimate is at most res / (time since the last change)
        assertTrue(Math.abs(speed(last)) <= res / (last.time() - stop) + 1e-12, "speed " + speed(last));
        assertTrue(speed(last) >= 0);
        SensorFrame before = frames.get(900);
        assertEquals(rate, speed(before), 0.2 * rate);
    }

    private static void rejects(Executable e, String... parts) {
        var ex = assertThrows(IllegalArgumentException.class, e);
        for (String p : parts) {
            assertTrue(ex.getMessage().contains(p), () -> "message '" + ex.getMessage() + "' lacks '" + p + "'");
        }
    }

    @Test
    void E32_E33_E34_EN_badInputIsRejected() {
        var type = new EncoderType();
        var ok = EncoderConfig.of("j");
        rejects(() -> type.create(type.defaultConfig()), "jointId", "null");
        rejects(() -> type.create(EncoderConfig.of("a joint")), "jointId");
        rejects(() -> type.create(ok.withResolution(0.0)), "encoder resolution", "> 0");
        rejects(() -> type.create(ok.withResolution(-0.1)), "encoder resolution", "> 0");
        rejects(() -> type.create(ok.withResolution(Double.NaN)), "encoder resolution");
        rejects(() -> type.create(ok.withMode(EncoderMode.ABSOLUTE, 2, 1)), "encoder lower", "< encoder upper");
        rejects(() -> type.create(ok.withMode(EncoderMode.INCREMENTAL, 1, 1)), "encoder lower", "< encoder upper");
        rejects(() -> type.create(ok.withMode(EncoderMode.ABSOLUTE, Double.NEGATIVE_INFINITY, 1)), "encoder lower", "finite");
        rejects(() -> type.create(ok.withMode(null, 0, 1)), "encoder mode");
        rejects(() -> type.create(ok.withNoise(-0.01)), "encoder noiseSigma", ">= 0");
        rejects(() -> type.create(ok.withNoise(Double.POSITIVE_INFINITY)), "encoder noiseSigma");
        rejects(() -> type.create(null), "encoder config");
        // nothing half-applied: the environment holds no sensor after a rejected add
        Environment env = new Environment();
        env.bindSensorType(type);
        rejects(() -> env.addSensor(SensorSpec.of("e", EncoderType.ID, ok.withNoise(-1), SensorMount.world(Pose.IDENTITY), 10)),
                "noiseSigma");
        assertEquals(0, env.sensors().size());
    }
}
