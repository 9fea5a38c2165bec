package sensor.imu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorMount;
import sensor.api.world.KinematicWorld;
import sensor.imu.api.TriaxialStage;
import sensor.imu.api.TriaxialStageType;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.BiasConfig;
import sensor.imu.config.CrossAxisConfig;
import sensor.imu.config.Gyroscope;
import sensor.imu.config.ImuConfig;
import sensor.imu.config.NoiseConfig;
import sensor.imu.config.RandomWalkConfig;
import sensor.imu.config.RangeConfig;
import sensor.imu.config.SpectralNoiseConfig;
import sensor.imu.config.StageSpec;

/** Noise stages [T-23], [T-25], [T-RW]: statistics against closed forms; reproducibility; the stage SPI. */
class ImuNoiseTest {
    private static final double G = 9.81;

    private static ImuSensor sensor(ImuConfig config) {
        return ImuFactory.create(config, BuiltinStages.all());
    }

    /** Samples 1..n of a static sensor into [axis][sample]. */
    private static double[][] run(ImuSensor s, StaticContext ctx, int n, int channels) {
        double[][] out = new double[channels][n];
        for (int k = 0; k < n; k++) {
            double[] v = ((Channels) s.sample(ctx.at(k + 1))).values();
            for (int a = 0; a < channels; a++) {
                out[a][k] = v[a];
            }
        }
        return out;
    }

    private static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    private static double std(double[] x) {
        double m = mean(x), s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return Math.sqrt(s / (x.length - 1));
    }

    @Test
    void T23_totalNoiseHasTheConfiguredSigmaPerAxis() {
        Vec3 sigma = new Vec3(0.01, 0.05, 0.2);
        var s = sensor(ImuConfig.of(Accelerometer.of().withStages(StageSpec.noise(new NoiseConfig(sigma))))
                .withOutput("acc.x", "acc.y", "acc.z"));
        int n = 200_000;
        double[][] x = run(s, StaticContext.atRest("acc", 1, 100), n, 3);
        double[] expMean = {0, 0, G}, expSigma = {sigma.x(), sigma.y(), sigma.z()};
        for (int a = 0; a < 3; a++) {
            // sample std: relative standard error 1/sqrt(2(n-1)) = 0.16 %; mean: sigma/sqrt(n)
            assertEquals(expSigma[a], std(x[a]), 5 * expSigma[a] / Math.sqrt(2.0 * (n - 1)));
            assertEquals(expMean[a], mean(x[a]), 5 * expSigma[a] / Math.sqrt(n));
        }
    }

    @Test
    void T23_T25_statedVariancesAreTheWhiteNoisePowerOfTheChain() {
        // total noise sigma^2 [T-23] plus spectral noise N^2 nu [T-25] per axis; the bias [T-B] is not white: it counts 0
        double nu = 200;
        Vec3 sigma = new Vec3(0.01, 0.02, 0.03), density = new Vec3(0.002, 0.004, 0.001);
        var s = sensor(ImuConfig.of(Accelerometer.of().withStages(StageSpec.bias(new BiasConfig(new Vec3(0.5, 0.5, 0.5))),
                StageSpec.noise(new NoiseConfig(sigma)), StageSpec.spectralNoise(new SpectralNoiseConfig(density))))
                .withOutput("acc.x", "acc.y", "acc.z"));
        StaticContext ctx = StaticContext.atRest("acc", 3, nu);
        double[] stated = ((Channels) s.sample(ctx.at(1))).variances();
        double[] expected = {sigma.x() * sigma.x() + density.x() * density.x() * nu,
            sigma.y() * sigma.y() + density.y() * density.y() * nu, sigma.z() * sigma.z() + density.z() * density.z() * nu};
        assertArrayEquals(expected, stated, 1e-15);
        // and the samples have that variance: relative standard error of a sample variance sqrt(2/(n-1)) = 0.45 %
        int n = 100_000;
        double[][] x = run(s, ctx, n, 3);
        for (int a = 0; a < 3; a++) {
            double sd = std(x[a]);
            assertEquals(expected[a], sd * sd, 5 * expected[a] * Math.sqrt(2.0 / (n - 1)), "axis " + a);
        }
    }

    /** Non-overlapping Allan deviation of rate samples {@code y} at cluster size {@code m}. */
    private static double allanDeviation(double[] y, int m) {
        int clusters = y.length / m;
        double[] avg = new double[clusters];
        for (int c = 0; c < clusters; c++) {
            double s = 0;
            for (int i = 0; i < m; i++) {
                s += y[c * m + i];
            }
            avg[c] = s / m;
        }
        double sum = 0;
        for (int c = 0; c + 1 < clusters; c++) {
            sum += (avg[c + 1] - avg[c]) * (avg[c + 1] - avg[c]);
        }
        return Math.sqrt(sum / (2.0 * (clusters - 1)));
    }

    @Test
    void T25_allanDeviationAtOneSecondRecoversTheDensity() {
        double nu = 100;
        Vec3 density = new Vec3(0.002, 0.005, 0.0008); // (m/s^2)/sqrt(Hz): velocity random walk
        var s = sensor(ImuConfig.of(Accelerometer.of().withStages(StageSpec.spectralNoise(new SpectralNoiseConfig(density))))
                .withOutput("acc.x", "acc.y", "acc.z"));
        int seconds = 20_000, n = (int) (seconds * nu);
        double[][] x = run(s, StaticContext.atRest("acc", 42, nu), n, 3);
        double[] d = {density.x(), density.y(), density.z()};
        for (int a = 0; a < 3; a++) {
            // per-sample sigma = N sqrt(nu) [T-25]; white noise: ADEV(tau) = N / sqrt(tau)
            assertEquals(d[a] * Math.sqrt(nu), std(x[a]), 0.01 * d[a] * Math.sqrt(nu));
            double adev = allanDeviation(x[a], (int) nu);
            assertEquals(d[a], adev, 0.03 * d[a], "ADEV(1 s) axis " + a);
            assertEquals(d[a] / Math.sqrt(10), allanDeviation(x[a], (int) (10 * nu)), 0.05 * d[a] / Math.sqrt(10));
        }
    }

    @Test
    void TRW_biasVarianceGrowsLinearlyInTime() {
        double nu = 100, dt = 1 / nu;
        Vec3 b0 = new Vec3(0.02, 0.01, 0.05), tb = new Vec3(2, 0.5, 10), mu = new Vec3(0, 1e-4, 0);
        var config = ImuConfig.of(Gyroscope.of().withStages(StageSpec.randomWalk(new RandomWalkConfig(mu, b0, tb))));
        int streams = 2000, n = 400;
        int[] checks = {50, 100, 200, 400};
        double[][][] at = new double[3][checks.length][streams];
        for (int sIdx = 0; sIdx < streams; sIdx++) {
            var s = sensor(config);
            var ctx = StaticContext.atRest("gyro-" + sIdx, 9, nu);
            int c = 0;
            for (int k = 1; k <= n; k++) {
                double[] v = ((Channels) s.sample(ctx.at(k))).values();
                if (k == checks[c]) {
                    for (int a = 0; a < 3; a++) {
                        at[a][c][sIdx] = v[a];
                    }
                    c = Math.min(c + 1, checks.length - 1);
                }
            }
        }
        double[] b = {b0.x(), b0.y(), b0.z()}, t = {tb.x(), tb.y(), tb.z()}, m = {mu.x(), mu.y(), mu.z()};
        for (int a = 0; a < 3; a++) {
            for (int c = 0; c < checks.length; c++) {
                int k = checks[c];
                double var = k * b[a] * b[a] * dt / t[a]; // = b0^2 t / t_b with t = k dt
                double sd = std(at[a][c]);
                // relative standard error of a sample variance: sqrt(2/(n-1)) = 3.2 %
                assertEquals(var, sd * sd, 4 * Math.sqrt(2.0 / (streams - 1)) * var, "variance axis " + a + " k " + k);
                assertEquals(k * m[a], mean(at[a][c]), 4 * Math.sqrt(var / streams), "mean axis " + a + " k " + k);
            }
        }
    }

    @Test
    void TRW_singleStreamIsAWalkWithIndependentIncrements() {
        double nu = 200;
        var s = sensor(ImuConfig.of(Gyroscope.of().withStages(StageSpec.randomWalk(
                new RandomWalkConfig(Vec3.ZERO, new Vec3(0.1, 0.1, 0.1), new Vec3(1, 1, 1))))).withOutput("gyro.x"));
        int n = 100_000;
        double[] x = run(s, StaticContext.atRest("g", 3, nu), n, 1)[0];
        double[] inc = new double[n - 1];
        for (int i = 1; i < n; i++) {
            inc[i - 1] = x[i] - x[i - 1];
        }
        double sigma = 0.1 * Math.sqrt(1 / nu);
        assertEquals(sigma, std(inc), 5 * sigma / Math.sqrt(2.0 * n));
        double lag1 = 0;
        for (int i = 1; i < inc.length; i++) {
            lag1 += inc[i] * inc[i - 1];
        }
        assertEquals(0, lag1 / inc.length / (sigma * sigma), 5 / Math.sqrt(n));
    }

    private static List<Channels> fullChainRun(long seed) {
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, G);
        w.addBody("b", new KinematicWorld.ConstantAngularVelocity(Pose.IDENTITY, new Vec3(1, 0, 0), new Vec3(0, 0, 0.5)));
        rig.use(w);
        rig.env.setSeed(seed);
        rig.add("imu", ImuType.ID, ImuConfig.of(BenchmarkChain.accelerometer(), BenchmarkChain.gyroscope()),
                SensorMount.on("b", Pose.translation(0.1, 0, 0)), 250).advance(1.0);
        List<Channels> out = new ArrayList<>();
        rig.frames("imu").forEach(f -> out.add((Channels) f.data()));
        return out;
    }

    @Test
    void T23_T25_TRW_reproducibleBySeed() {
        List<Channels> a = fullChainRun(5), b = fullChainRun(5), c = fullChainRun(6);
        assertEquals(250, a.size());
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(a.get(i).values(), b.get(i).values(), 0.0);
        }
        assertFalse(java.util.Arrays.equals(a.get(100).values(), c.get(100).values()));
    }

    /** A third-party stage stating {@code variance} per axis and drawing {@code gaussian(channel)} once. */
    private static TriaxialStageType<double[]> stating(int channel) {
        return new TriaxialStageType<>() {
            @Override public String id() { return "stating"; }
            @SuppressWarnings("unchecked") @Override public Class<double[]> configType() { return double[].class; }
            @Override public double[] defaultConfig() { return new double[3]; }
            @Override public TriaxialStage create(double[] variance) {
                return new TriaxialStage() {
                    @Override public void apply(double[] u, sensor.imu.api.StageContext c) { c.gaussian(channel); }
                    @Override public double[] whiteNoiseVariance(double frequency) { return variance.clone(); }
                };
            }
        };
    }

    private static Channels sampleWith(TriaxialStageType<double[]> stage, double[] variance) {
        List<TriaxialStageType<?>> types = new ArrayList<>(BuiltinStages.all());
        types.add(stage);
        var s = ImuFactory.create(ImuConfig.of(Accelerometer.of().withStages(StageSpec.of("stating", variance)))
                .withOutput("acc.x", "acc.y", "acc.z"), types);
        return (Channels) s.sample(StaticContext.atRest("acc", 0, 10).at(1));
    }

    @Test
    void TIMU_aThirdPartyStageStatesItsVarianceAndInvalidStatementsCountAsNone() {
        assertArrayEquals(new double[] {1, 2, 0}, sampleWith(stating(0), new double[] {1, 2, 0}).variances(), 0.0);
        assertArrayEquals(new double[] {0, 0, 0}, sampleWith(stating(0),
                new double[] {Double.NaN, -1, Double.POSITIVE_INFINITY}).variances(), 0.0);
    }

    @Test
    void TIMU_stagesDrawFromChannels0To65535() {
        sampleWith(stating(0xFFFF), new double[3]);
        assertThrows(IllegalArgumentException.class, () -> sampleWith(stating(0x10000), new double[3]));
        assertThrows(IllegalArgumentException.class, () -> sampleWith(stating(-1), new double[3]));
    }

    /** A stage sees the sample's index, time and period, and the sample's own context. */
    @Test
    void TIMU_aStageSeesTheSamplesIndexTimeAndContext() {
        List<Object> seen = new ArrayList<>();
        TriaxialStageType<Double> probe = new TriaxialStageType<>() {
            @Override public String id() { return "probe"; }
            @Override public Class<Double> configType() { return Double.class; }
            @Override public Double defaultConfig() { return 0.0; }
            @Override public TriaxialStage create(Double k) {
                return (u, c) -> seen.addAll(List.of(c.index(), c.time(), c.period(), c.frequency(), c.sample().sensorId()));
            }
        };
        List<TriaxialStageType<?>> types = new ArrayList<>(BuiltinStages.all());
        types.add(probe);
        var s = ImuFactory.create(ImuConfig.of(Accelerometer.of().withStages(StageSpec.of("probe", 0.0))), types);
        s.sample(StaticContext.atRest("acc", 0, 10).at(7));
        assertEquals(List.of(7L, 0.7, 0.1, 10.0, "acc"), seen);
    }

    @Test
    void TIMU_thirdPartyStageTypeIsUsedById() {
        TriaxialStageType<Double> scale = new TriaxialStageType<>() {
            @Override public String id() { return "scale"; }
            @Override public Class<Double> configType() { return Double.class; }
            @Override public Double defaultConfig() { return 1.0; }
            @Override public TriaxialStage create(Double k) {
                return (u, c) -> {
                    for (int i = 0; i < 3; i++) {
                        u[i] *= k;
                    }
                };
            }
        };
        List<TriaxialStageType<?>> types = new ArrayList<>(BuiltinStages.all());
        types.add(scale);
        var s = ImuFactory.create(ImuConfig.of(Accelerometer.of().withStages(StageSpec.of("scale", 2.0),
                StageSpec.bias(new BiasConfig(new Vec3(0, 0, 1))))), types);
        double[] v = ((Channels) s.sample(StaticContext.atRest("acc", 0, 10).at(1))).values();
        assertArrayEquals(new double[] {0, 0, 2 * G + 1}, v, 1e-12);
    }

    @Test
    void T23_rangeClampsNoisySignal() {
        var s = sensor(ImuConfig.of(Accelerometer.of().withStages(StageSpec.noise(new NoiseConfig(new Vec3(1, 1, 1))),
                StageSpec.range(new RangeConfig(new Vec3(-0.5, -0.5, 9), new Vec3(0.5, 0.5, 10))))));
        double[][] x = run(s, StaticContext.atRest("acc", 1, 100), 10_000, 3);
        for (int a = 0; a < 3; a++) {
            for (double v : x[a]) {
                assertTrue(v >= (a == 2 ? 9 : -0.5) && v <= (a == 2 ? 10 : 0.5));
            }
        }
    }

    /** Also exercises an identity cross-axis stage after noise: must not change the statistics. */
    @Test
    void T22_identityCrossAxisChangesNothing() {
        var plain = sensor(ImuConfig.of(Accelerometer.of().withStages(StageSpec.noise(new NoiseConfig(new Vec3(1, 1, 1))))));
        var cross = sensor(ImuConfig.of(Accelerometer.of().withStages(StageSpec.noise(new NoiseConfig(new Vec3(1, 1, 1))),
                StageSpec.crossAxis(CrossAxisConfig.NONE))));
        var c1 = StaticContext.atRest("acc", 1, 100);
        var c2 = StaticContext.atRest("acc", 1, 100);
        for (int k = 1; k <= 100; k++) {
            assertArrayEquals(((Channels) plain.sample(c1.at(k))).values(), ((Channels) cross.sample(c2.at(k))).values(), 0.0);
        }
    }
}
