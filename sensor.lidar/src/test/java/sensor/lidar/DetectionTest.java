package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import sensor.api.material.AmbientMaterial;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Light;
import sensor.api.geom.Vec3;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.RangePrecision;
import sensor.api.frame.OutputField;
import sensor.api.lidar.RayInterval;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.RayPatterns;

/**
 * [L-DET] through the whole lidar: walls of Lambertian reflectance under a sun, hit by many rays of the same geometry
 * (each ray its own draw), the detected fraction against the law evaluated here with its own normal distribution
 * (Simpson's rule) and the detected power ratio of [L-21] written out.
 */
class DetectionTest {
    /** The OS1 gen-1 datasheet line: 40 m at 10 %, 100 klx; P_fa 1e-4; P_d 0.9 (the later datasheets' wording). */
    static final DetectionLine OS1_GEN1 = new DetectionLine(40, 0.1, 100, 0.9, 1e-4, List.of(), "test");
    static final double DIVERGENCE = 0.001, EMITTER = 0.005, DETECTOR = 0.005;

    /** Φ by Simpson's rule over the density from −12 (independent of the code's erfc). */
    static double phi(double x) {
        if (x < -12) {
            return 0;
        }
        int n = 20_000;
        double h = (x + 12) / n, sum = 0;
        for (int i = 0; i <= n; i++) {
            double t = -12 + i * h, w = i == 0 || i == n ? 1 : i % 2 == 1 ? 4 : 2;
            sum += w * Math.exp(-t * t / 2);
        }
        return sum * h / 3 / Math.sqrt(2 * Math.PI);
    }

    static double inversePhi(double p) {
        double lo = -12, hi = 12;
        while (hi - lo > 1e-10) {
            double mid = (lo + hi) / 2;
            if (phi(mid) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** [L-21] detected power ratio with the test's optics (no lateral offset). */
    static double ratio(double x) {
        double w = x * Math.tan(DIVERGENCE) + EMITTER;
        return (1 - Math.exp(-2 * DETECTOR * DETECTOR / (w * w))) / (1 - Math.exp(-2));
    }

    /** The law: probability of detecting a Lambertian ρ at range x, incidence θ, sun E klx head-on, dark share d. */
    static double law(DetectionLine l, double rho, double x, double theta, double sunKlx, double d) {
        double z = inversePhi(1 - l.falseAlarmRate());
        double k = (z + inversePhi(l.detectionProbability())) / (l.reflectivity() / Math.PI * ratio(l.range()));
        double signal = k * rho / Math.PI * Math.cos(theta) * ratio(x);
        double background = sunKlx * rho * Math.cos(theta); // the sun behind the sensor: along the rays
        double sigma = Math.sqrt(d + (1 - d) * background / (l.ambientKlx() * l.reflectivity()));
        return phi(signal / sigma - z);
    }

    /** Fraction of {@code n} rays at incidence θ on a wall {@code x} m away (along the ray) detected, the sun behind. */
    static double detected(DetectionLine line, double rho, double x, double theta, double sunKlx, int n, long seed) {
        return detected(List.of(line), rho, x, theta, sunKlx, n, seed);
    }

    /** As above, with these datasheet lines. */
    static double detected(List<DetectionLine> lines, double rho, double x, double theta, double sunKlx, int n, long seed) {
        LidarRig rig = new LidarRig();
        rig.env.setSeed(seed);
        rig.material("wall", new Lambertian(rho));
        rig.wallAtX("wall", x * Math.cos(theta), "wall");
        Vec3 d = new Vec3(Math.cos(theta), Math.sin(theta), 0);
        rig.env.setLights(sunKlx > 0 ? List.of(Light.sun(d, sunKlx / Detection.KLX_PER_W_M2)) : List.of());
        Vec3[] dirs = new Vec3[n];
        java.util.Arrays.fill(dirs, d);
        LidarConfig c = new LidarConfig().setPattern(RayPatterns.generic(LidarRig.rays(dirs), List.of(new RayInterval(0, n))))
                .setRange(0.3, 500).setHeapDepth(1).setOptics(EMITTER, DETECTOR, 0).setDivergenceHalfAngle(DIVERGENCE)
                .setFields(List.of(OutputField.DISTANCE_F32)).setDetection(lines);
        var out = rig.run(c);
        return out == null ? 0 : out.count() / (double) n;
    }

    /**
     * The sunlight background is what surfaces reflect [L-DET]: an atmospheric (fog) return has none, so in a scene of fog
     * alone, 2,000 rays give the same cloud under a 100 klx sun as in the dark, point for point, while some of the fog
     * returns are dropped (the law decides them, with the dark noise).
     */
    @Test
    void fogReturnsAreDecidedWithTheDarkNoiseWhateverTheSunLDET() {
        AmbientMaterial fog = new AmbientMaterial() { // a return on every segment, uniform along it
            @Override public double refractiveIndex() { return 1; }
            @Override public double attenuation() { return 0.02; }
            @Override public double returnProbability(double x0, double x1) { return 1; }
            @Override public double sampleReturn(double x0, double x1, double u) { return x0 + u * (x1 - x0); }
        };
        float[][] clouds = new float[2][];
        for (int k = 0; k < 2; k++) {
            LidarRig rig = new LidarRig();
            rig.env.setAmbient(fog);
            rig.env.setLights(k == 0 ? List.of() : List.of(Light.sun(Vec3.X, 100 / Detection.KLX_PER_W_M2)));
            Vec3[] dirs = new Vec3[2000];
            java.util.Arrays.fill(dirs, Vec3.X);
            var out = rig.run(new LidarConfig().setPattern(RayPatterns.generic(LidarRig.rays(dirs),
                    List.of(new RayInterval(0, dirs.length)))).setRange(0.3, 60).setHeapDepth(1).setOptics(EMITTER,
                            DETECTOR, 0).setDivergenceHalfAngle(DIVERGENCE).setFields(List.of(OutputField.DISTANCE_F32))
                    .setDetection(List.of(new DetectionLine(2, 0.1, 100, 0.9, 1e-4, List.of(), "t"))));
            clouds[k] = new float[out.count()];
            for (int i = 0; i < clouds[k].length; i++) {
                clouds[k][i] = out.getFloat(i, OutputField.DISTANCE_F32, 0);
            }
        }
        assertTrue(clouds[0].length > 100 && clouds[0].length < 1900, "the law decides: " + clouds[0].length + " kept");
        assertArrayEquals(clouds[0], clouds[1], "the same points in the sun");
    }

    @Test
    void theDatasheetConditionIsDetectedWithItsProbabilityLDET() {
        // 20,000 rays: the standard error of the fraction is 0.21 pp, so 3 pp is 14 of them; without the model every
        // ray would be detected (10 pp off), and a signal scale off by 10 % moves the fraction by about 4 pp
        double f = detected(OS1_GEN1, 0.1, 40, 0, 100, 20_000, 1);
        assertEquals(0.9, f, 0.03, "40 m, 10 %, 100 klx");
        assertEquals(0.9, law(OS1_GEN1, 0.1, 40, 0, 100, LidarConfig.DEFAULT_DARK_SHARE), 1e-6, "the law meets its datasheet");
    }

    /**
     * Ouster's rev-6 OS1 datasheet gives two probabilities for one target (10 %, 100 klx): &gt; 90 % at 45 m and &gt; 50 %
     * at 55 m. With both lines, 20,000 rays detect each with its probability (3 pp, 14 standard errors); the 90 % line
     * alone detects only about 35 % at 55 m. The pair implies the false-alarm rate 1 − Φ(z) with
     * z = Φ⁻¹(0.9)·I(55)/(I(45) − I(55)), I the detected intensity, checked here to 1e-6.
     */
    @Test
    void twoProbabilitiesAtTwoRangesAreBothMetLDET() {
        String page = "Ouster rev 6 OS1 datasheet";
        DetectionLine near = new DetectionLine(45, 0.1, 100, 0.9, 1e-4, List.of(), page),
                far = new DetectionLine(55, 0.1, 100, 0.5, 1e-4, List.of(), page);
        assertEquals(0.9, detected(List.of(near, far), 0.1, 45, 0, 100, 20_000, 3), 0.03, "45 m");
        assertEquals(0.5, detected(List.of(far, near), 0.1, 55, 0, 100, 20_000, 4), 0.03, "55 m");
        assertTrue(detected(near, 0.1, 55, 0, 100, 20_000, 4) < 0.42, "one line alone misses the second figure");
        Detection d = new Detection(List.of(near, far), 1, new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0),
                LidarConfig.DEFAULT_DARK_SHARE);
        double z = inversePhi(0.9) * ratio(55) / (ratio(45) - ratio(55));
        assertEquals(1 - phi(z), d.falseAlarmRate(0), 1e-6);
        var e = assertThrows(IllegalArgumentException.class, () -> new Detection(List.of(near,
                new DetectionLine(55, 0.1, 100, 0.95, 1e-4, List.of(), page)), 1, new BeamDivergence(DIVERGENCE, EMITTER,
                DETECTOR, 0), 0.1));
        assertEquals("detection: the lines of channel 1 (0.9 at 45.0 m, 0.95 at 55.0 m) contradict each other: the nearer"
                + " range must have the higher detection probability", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Detection(List.of(near, far, near), 1,
                new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0), 0.1));
        assertEquals("detection: channel 1 has 3 lines; at most two (one probability at each of two ranges) may cover a"
                + " channel", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Detection(List.of(near,
                new DetectionLine(55, 0.8, 100, 0.5, 1e-4, List.of(), page)), 1, new BeamDivergence(DIVERGENCE, EMITTER,
                DETECTOR, 0), 0.1));
        assertTrue(e.getMessage().startsWith("detection: the two lines of channel 1 must share their reflectivity and"
                + " sunlight"), e.getMessage());
    }

    /**
     * A grid of reflectivity (5–90 %), range, incidence and sun against the law: χ² over the cells with 24 degrees of
     * freedom below 51.2 (p = 0.001). Power: the same grid with the dark share 0.5 instead of 0.1 in the law gives a
     * χ² above 1,000, so a wrong background model fails.
     */
    @Test
    void detectionOverAGridFollowsTheLawLDET() {
        double[] rhos = {0.05, 0.1, 0.3, 0.9}, ranges = {30, 60, 120};
        double[][] incidenceAndSun = {{0, 100}, {Math.toRadians(45), 100}};
        int n = 3000;
        double chi2 = 0, chi2Wrong = 0;
        int cells = 0;
        List<String> worst = new ArrayList<>();
        for (double rho : rhos) {
            for (double x : ranges) {
                for (double[] is : incidenceAndSun) {
                    double p = law(OS1_GEN1, rho, x, is[0], is[1], LidarConfig.DEFAULT_DARK_SHARE);
                    double wrong = law(OS1_GEN1, rho, x, is[0], is[1], 0.5);
                    double f = detected(OS1_GEN1, rho, x, is[0], is[1], n, cells + 11);
                    double var = Math.max(p * (1 - p), 1e-4) / n;
                    chi2 += (f - p) * (f - p) / var;
                    chi2Wrong += (f - wrong) * (f - wrong) / (Math.max(wrong * (1 - wrong), 1e-4) / n);
                    worst.add(rho + "@" + x + "m/" + Math.round(Math.toDegrees(is[0])) + "°: " + f + " vs " + p);
                    cells++;
                }
            }
        }
        assertEquals(24, cells);
        assertTrue(chi2 < 51.2, "χ² " + chi2 + " " + worst);
        assertTrue(chi2Wrong > 1000, "the test tells a wrong dark share: χ² " + chi2Wrong);
    }

    @Test
    void theSunShortensTheRangeAndNightLengthensItLDET() {
        double day = detected(OS1_GEN1, 0.1, 50, 0, 100, 4000, 3), night = detected(OS1_GEN1, 0.1, 50, 0, 0, 4000, 3);
        assertEquals(law(OS1_GEN1, 0.1, 50, 0, 100, 0.1), day, 0.03);
        assertEquals(law(OS1_GEN1, 0.1, 50, 0, 0, 0.1), night, 0.03);
        assertTrue(night > day + 0.3, "at night only the dark noise: " + night + " against " + day);
    }

    /**
     * False alarms: rays into empty space report a point with P_fa, at a range uniform over the sensor's range (one per
     * ray in the dual-return mode too).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(value = sensor.lidar.api.ReturnMode.class, names = {"STRONGEST", "DUAL"})
    void raysIntoEmptySpaceReportFalseAlarmsAtTheirRateLDET(sensor.lidar.api.ReturnMode mode) {
        DetectionLine line = new DetectionLine(40, 0.1, 100, 0.9, 0.01, List.of(), "test");
        LidarRig rig = new LidarRig();
        int n = 100_000;
        Vec3[] dirs = new Vec3[n];
        java.util.Arrays.fill(dirs, Vec3.Z);
        LidarConfig c = new LidarConfig().setPattern(RayPatterns.generic(LidarRig.rays(dirs), List.of(new RayInterval(0, n))))
                .setRange(1, 101).setReturnMode(mode).setFields(List.of(OutputField.DISTANCE_F32, OutputField.ENTITY_ID_I32,
                        OutputField.INTENSITY_F32)).setDetection(List.of(line));
        // a false alarm's intensity: the threshold with the datasheet's noise, z / K
        double z = inversePhi(0.99), k = (z + inversePhi(0.9)) / (0.1 / Math.PI * ratio(40));
        var out = rig.run(c);
        // expected 1,000 ± 31.5: within 4 standard errors
        assertEquals(1000, out.count(), 126);
        double mean = 0;
        for (int i = 0; i < out.count(); i++) {
            assertEquals(-1, out.getInt(i, OutputField.ENTITY_ID_I32), "no object");
            assertEquals(z / k, out.getFloat(i, OutputField.INTENSITY_F32, 0), 1e-6 * z / k);
            double r = out.getFloat(i, OutputField.DISTANCE_F32, 0);
            assertTrue(r >= 1 && r <= 101, "range " + r);
            mean += r / out.count();
        }
        assertEquals(51, mean, 4 * 28.9 / Math.sqrt(out.count()), "uniform over [1, 101] m: mean 51, σ 28.9");
    }

    /** {@code detection: off} and a model without a line give the outputs of before, byte for byte. */
    @Test
    void withoutALineOrWithDetectionOffTheOutputIsUnchanged() {
        java.util.function.Function<LidarConfig, java.nio.ByteBuffer> run = c -> {
            LidarRig rig = new LidarRig();
            rig.env.setLights(List.of(Light.sun(Vec3.X, 1000)));
            rig.wallAtX("wall", 30, null);
            return rig.run(c).data();
        };
        LidarConfig plain = TestModels.os1_32("512x10");
        var before = run.apply(plain);
        assertEquals(before, run.apply(TestModels.os1_32("512x10").setDetection(List.of())));
        assertNotEquals(before, run.apply(TestModels.os1_32("512x10").setDetection(List.of(OS1_GEN1))),
                "with a line, returns are dropped");
    }

    @Test
    void theNormalDistributionAndItsInverseAreAccurate() {
        for (double x : new double[] {-6, -3.719, -1.2816, 0, 0.5, 1.2816, 3.719}) {
            assertEquals(phi(x), Detection.normal(x), 2e-8 + 2e-7 * phi(x), "Φ(" + x + ")");
        }
        assertEquals(3.719016, Detection.inverseNormal(1 - 1e-4), 1e-5, "Φ⁻¹(1 − 10⁻⁴)");
        assertEquals(1.281552, Detection.inverseNormal(0.9), 1e-5);
        assertThrows(IllegalArgumentException.class, () -> Detection.inverseNormal(1));
        assertThrows(IllegalArgumentException.class, () -> Detection.inverseNormal(0));
        var optics = new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0);
        for (double share : new double[] {0, 1}) { // the ends of the dark share are allowed
            assertEquals(0.9, probability(new Detection(List.of(OS1_GEN1), 1, optics, share), 0, 0.1 / Math.PI * ratio(40), 10),
                    1e-6);
        }
        // a line without sunlight: the sun does not change detection
        Detection dark = new Detection(List.of(new DetectionLine(40, 0.1, 0, 0.9, 1e-4, List.of(), "t")), 1, optics, 0.1);
        assertEquals(0.9, probability(dark, 0, 0.1 / Math.PI * ratio(40), 50), 1e-6);
        assertThrows(IllegalArgumentException.class, () -> new Detection(List.of(OS1_GEN1), 1,
                new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0), 1.5));
    }

    @Test
    void perChannelLinesDecideTheirChannelsOnly() {
        DetectionLine near = new DetectionLine(50, 0.1, 100, 0.9, 1e-4, List.of(1, 2), "test"),
                far = new DetectionLine(80, 0.1, 100, 0.9, 1e-4, List.of(3), "test");
        Detection d = new Detection(List.of(near, far), 4, new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0), 0.1);
        assertTrue(d.decides(0) && d.decides(1) && d.decides(2));
        assertFalse(d.decides(3), "channel 4 has no line: every return kept");
        double at50 = 0.1 / Math.PI * ratio(50), at80 = 0.1 / Math.PI * ratio(80);
        assertEquals(0.9, probability(d, 0, at50, 10), 1e-6);
        assertEquals(0.9, probability(d, 2, at80, 10), 1e-6);
        assertTrue(probability(d, 0, at80, 10) < 0.5, "the 50 m channel at 80 m");
    }

    /** The code's detection probability of a return of {@code intensity} with background {@code b} on channel c. */
    static double probability(Detection d, int c, double intensity, double b) {
        return d.probability(c, d.snr(c, intensity, b));
    }

    /** The gen-1 OS1 repeatability read as 1σ at three SNRs. */
    static final List<RangePrecision> OS1_GEN1_PRECISION =
            List.of(new RangePrecision(250, 0.015), new RangePrecision(100, 0.03), new RangePrecision(12, 0.10));

    /** Distances of {@code n} rays along +x to a wall of Lambertian ρ at x, without sun (dark noise only). */
    static double[] distances(DetectionLine line, double rho, double x, int n, long seed) {
        LidarRig rig = new LidarRig();
        rig.env.setSeed(seed);
        rig.material("wall", new Lambertian(rho));
        rig.wallAtX("wall", x, "wall");
        Vec3[] dirs = new Vec3[n];
        java.util.Arrays.fill(dirs, Vec3.X);
        LidarConfig c = new LidarConfig().setPattern(RayPatterns.generic(LidarRig.rays(dirs), List.of(new RayInterval(0, n))))
                .setRange(0.3, 500).setHeapDepth(1).setOptics(EMITTER, DETECTOR, 0).setDivergenceHalfAngle(DIVERGENCE)
                .setFields(List.of(OutputField.DISTANCE_F32)).setDetection(List.of(line));
        var out = rig.run(c);
        double[] d = new double[out.count()];
        for (int i = 0; i < d.length; i++) {
            d[i] = out.getFloat(i, OutputField.DISTANCE_F32, 0);
        }
        return d;
    }

    /**
     * Range noise grows as the SNR falls, through the datasheet's figures: 4,000 returns each at SNR 250, 100 and 12 (the
     * OS1 gen-1 repeatability), 30 and 160 (between two figures: the power law through them, σ = 10 cm·(30/12)^p with
     * p = ln(0.3)/ln(100/12), 3 cm·1.6^(ln 0.5 / ln 2.5)) and 6 (below the lowest figure: the lowest segment's law
     * continued). The reflectance is
     * solved here for each SNR from the law (signal K·I over the dark noise √d). The sample standard deviation has a
     * relative standard error of 1/√8000 = 1.1 %; 4 % is 3.6 of them, and a σ law off by 10 % fails. The mean stays the
     * wall's distance (no bias).
     */
    @Test
    void rangeNoiseFollowsTheDatasheetPrecisionAtItsSnrLDET() {
        DetectionLine line = OS1_GEN1.withPrecision(OS1_GEN1_PRECISION);
        double x = 10, z = inversePhi(1 - 1e-4), k = (z + inversePhi(0.9)) / (0.1 / Math.PI * ratio(40));
        double p = Math.log(0.3) / Math.log(100 / 12.0);
        double p2 = Math.log(0.5) / Math.log(2.5);
        double[][] snrAndSigma = {{250, 0.015}, {100, 0.03}, {12, 0.10}, {30, 0.10 * Math.pow(30 / 12.0, p)},
            {6, 0.10 * Math.pow(6 / 12.0, p)}, {160, 0.03 * Math.pow(1.6, p2)}};
        for (double[] ss : snrAndSigma) {
            double rho = ss[0] * Math.sqrt(LidarConfig.DEFAULT_DARK_SHARE) * Math.PI / (k * ratio(x));
            double[] d = distances(line, rho, x, 4000, (long) ss[0]);
            assertTrue(d.length > 3800, "SNR " + ss[0] + ": detected " + d.length);
            double mean = java.util.Arrays.stream(d).average().orElseThrow();
            double var = java.util.Arrays.stream(d).map(v -> (v - mean) * (v - mean)).sum() / (d.length - 1);
            assertEquals(ss[1], Math.sqrt(var), 0.04 * ss[1], "σ at SNR " + ss[0]);
            assertEquals(x, mean, 4 * ss[1] / Math.sqrt(d.length), "mean at SNR " + ss[0]);
        }
        // above the best figure the best figure holds; a line without figures adds no range noise
        double rho = 400 * Math.sqrt(LidarConfig.DEFAULT_DARK_SHARE) * Math.PI / (k * ratio(x));
        double[] d = distances(line, rho, x, 4000, 400);
        double mean = java.util.Arrays.stream(d).average().orElseThrow();
        double sd = Math.sqrt(java.util.Arrays.stream(d).map(v -> (v - mean) * (v - mean)).sum() / (d.length - 1));
        assertEquals(0.015, sd, 0.04 * 0.015, "SNR 400");
        for (double v : distances(OS1_GEN1, rho, x, 100, 1)) {
            assertEquals(x, v, 1e-5);
        }
    }

    /**
     * Below SNR 1 (the noise's own level) the range σ holds at its value there, σ(1) = 10 cm · 12^0.569 = 41 cm for the
     * OS1 gen-1 figures, instead of growing without bound: a return kept by chance at an SNR near 0 (zero intensity
     * included) lands near its target, never at an infinite or undefined range. A line whose figures go below SNR 1
     * keeps them.
     */
    @Test
    void rangeSigmaHoldsBelowSnrOneLDET() {
        Detection d = new Detection(List.of(OS1_GEN1.withPrecision(OS1_GEN1_PRECISION)), 1,
                new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0), 0.1);
        double p = Math.log(0.3) / Math.log(100 / 12.0), atOne = 0.10 * Math.pow(1 / 12.0, p);
        assertEquals(0.41, atOne, 0.005);
        assertEquals(atOne, d.rangeSigma(0, 1), 1e-15);
        assertEquals(0.10 * Math.pow(2 / 12.0, p), d.rangeSigma(0, 2), 1e-15, "the law still holds above 1");
        for (double snr : new double[] {0.5, 1e-3, 1e-300, 0}) {
            assertEquals(atOne, d.rangeSigma(0, snr), 1e-15, "SNR " + snr);
        }
        Detection low = new Detection(List.of(OS1_GEN1.withPrecision(List.of(new RangePrecision(0.25, 0.5),
                new RangePrecision(4, 0.1)))), 1, new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0), 0.1);
        assertEquals(0.5 * Math.pow(0.5 / 0.25, Math.log(0.2) / Math.log(16)), low.rangeSigma(0, 0.5), 1e-15,
                "figures below SNR 1 are used");
        assertEquals(0.5, low.rangeSigma(0, 0.01), 1e-15, "held at the lowest figure below it");
    }

    /** One precision figure: σ whatever the SNR. */
    @Test
    void aSinglePrecisionFigureHoldsAtEverySnrLDET() {
        Detection d = new Detection(List.of(OS1_GEN1.withPrecision(List.of(new RangePrecision(50, 0.02)))), 1,
                new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0), 0.1);
        for (double snr : new double[] {3, 50, 1000}) {
            assertEquals(0.02, d.rangeSigma(0, snr), 1e-15);
        }
        assertEquals(0, new Detection(List.of(OS1_GEN1), 1, new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0), 0.1)
                .rangeSigma(0, 50));
    }

    /**
     * The calibrated reflectivity field [L-DET] is the target's reflectance times the incidence cosine whatever the
     * range (a Lambertian target, clear air, detection off): ρ = 0.3 at 25 m and 60 m head-on, and at 60° incidence 0.15.
     */
    @Test
    void reflectivityIsTheRangeCalibratedReflectanceLDET() {
        for (double[] xt : new double[][] {{25, 0}, {60, 0}, {25, 60}}) {
            LidarRig rig = new LidarRig();
            rig.material("wall", new Lambertian(0.3));
            double theta = Math.toRadians(xt[1]);
            rig.wallAtX("wall", xt[0] * Math.cos(theta), "wall");
            LidarConfig c = new LidarConfig().setPattern(RayPatterns.generic(LidarRig.rays(new Vec3(Math.cos(theta),
                    Math.sin(theta), 0)), List.of(new RayInterval(0, 1)))).setRange(0.3, 500).setHeapDepth(1)
                    .setOptics(EMITTER, DETECTOR, 0).setDivergenceHalfAngle(DIVERGENCE)
                    .setFields(List.of(OutputField.INTENSITY_F32, OutputField.REFLECTIVITY_F32));
            var out = rig.run(c);
            assertEquals(0.3 * Math.cos(theta), out.getFloat(0, OutputField.REFLECTIVITY_F32, 0), 1e-6, "at " + xt[0] + " m");
            assertEquals(0.3 / Math.PI * Math.cos(theta) * ratio(xt[0]), out.getFloat(0, OutputField.INTENSITY_F32, 0), 1e-7,
                    "the intensity falls with range");
        }
        assertEquals(0, LidarStages.reflectivity(new BeamDivergence(DIVERGENCE, EMITTER, DETECTOR, 0), 0.1, 0), "a miss");
    }

    /**
     * The background is the sunlight and skylight the target's BRDF sends towards the sensor [L-DET]: a glossy isotropic
     * material, f = ρ/π·(1 + l·v), on a tilted wall (normal (−1, −0.3, 0.5), through x = 80 and 95 m) seen at 45°, lit
     * by a sun off every axis (B = E·π·f(s, v)·cos θ_s) or by the sky alone (B = E_sky·π·f(n, v)·(1 + n_z)/2). 24,000
     * rays each, within 4 standard errors of the law with these backgrounds; with a Lambertian background (the BRDF's
     * direction ignored) the sun cell's law differs by more than 10 standard errors.
     */
    @Test
    void theBackgroundIsTheLightTheBrdfSendsTowardsTheSensorLDET() {
        double rho = 0.3, theta = Math.toRadians(45);
        double[] walls = {80, 95}; // x where the wall crosses the x axis in each cell: detection near one half
        Vec3 d = new Vec3(Math.cos(theta), Math.sin(theta), 0), v = d.times(-1), n = new Vec3(-1, -0.3, 0.5).normalized();
        Vec3 s = new Vec3(-0.6, 0.3, 0.74).normalized();
        SurfaceMaterial glossy = (lx, ly, lz, vx, vy, vz) -> lz > 0 && vz > 0 ? rho / Math.PI * (1 + lx * vx + ly * vy + lz * vz) : 0;
        double cos = -d.dot(n);
        double sunKlx = 80, skyKlx = 30;
        double sunB = sunKlx * rho * (1 + s.dot(v)) * s.dot(n), skyB = skyKlx * rho * (1 + n.dot(v)) * (1 + n.z()) / 2;
        double lambertSunB = sunKlx * rho * s.dot(n);
        Light[][] lights = {{Light.sun(s.times(-1), sunKlx / Detection.KLX_PER_W_M2)},
            {Light.sky(skyKlx / Detection.KLX_PER_W_M2)}};
        double[] backgrounds = {sunB, skyB};
        int rays = 24_000;
        for (int k = 0; k < 2; k++) {
            LidarRig rig = new LidarRig();
            rig.env.setSeed(40 + k);
            rig.material("glossy", glossy);
            rig.add("wall", new sensor.api.scene.Shape.Plane(), new sensor.api.geom.Pose(new Vec3(walls[k], 0, 0),
                    SweepPattern.zTo(n)), "glossy"); // through (x, 0, 0), facing the sensor and tilted up
            rig.env.setLights(List.of(lights[k]));
            Vec3[] dirs = new Vec3[rays];
            java.util.Arrays.fill(dirs, d);
            LidarConfig c = new LidarConfig().setPattern(RayPatterns.generic(LidarRig.rays(dirs), List.of(new RayInterval(0, rays))))
                    .setRange(0.3, 500).setHeapDepth(1).setOptics(EMITTER, DETECTOR, 0).setDivergenceHalfAngle(DIVERGENCE)
                    .setFields(List.of(OutputField.DISTANCE_F32)).setDetection(List.of(OS1_GEN1));
            double f = rig.run(c).count() / (double) rays;
            double range = walls[k] * n.x() / d.dot(n); // along the ray to the plane
            double signal = rho / Math.PI * (1 + 1) * cos * ratio(range); // f(v, v)·cos·η
            double want = lawOf(OS1_GEN1, signal, backgrounds[k], LidarConfig.DEFAULT_DARK_SHARE);
            double se = Math.sqrt(want * (1 - want) / rays);
            assertEquals(want, f, 4 * se, (k == 0 ? "sun" : "sky") + ": " + f + " vs " + want);
            assertTrue(want > 0.2 && want < 0.8, "a cell where the background matters: " + want);
            if (k == 0) {
                assertTrue(Math.abs(lawOf(OS1_GEN1, signal, lambertSunB, 0.1) - want) > 10 * se, "the test tells the BRDF's lobe");
            }
        }
    }

    /** The law for a return of {@code intensity} with background {@code b} (klx), written out as in {@link #law}. */
    static double lawOf(DetectionLine l, double intensity, double b, double d) {
        double z = inversePhi(1 - l.falseAlarmRate());
        double k = (z + inversePhi(l.detectionProbability())) / (l.reflectivity() / Math.PI * ratio(l.range()));
        return phi(k * intensity / Math.sqrt(d + (1 - d) * b / (l.ambientKlx() * l.reflectivity())) - z);
    }

    /**
     * Dual returns are decided each on its own [L-DET]: a pane (Lambertian 8.3 %, half the light passing) at 80 m in front
     * of a wall (20 %) at 100 m, at night; the pane is the strongest return, the wall the last. 20,000 rays: each range's
     * count within 4 standard errors of n·P_d of its own intensity (the wall's with the pane's transmission, 0.5).
     */
    @Test
    void dualReturnsAreDetectedEachWithItsOwnProbabilityLDET() {
        SurfaceMaterial pane = new SurfaceMaterial() {
            @Override public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) {
                return lz > 0 && vz > 0 ? 0.083 / Math.PI : 0;
            }
            @Override public double transmittance(double cos) { return 0.5; }
        };
        LidarRig rig = new LidarRig();
        rig.env.setSeed(9);
        rig.material("pane", pane);
        rig.material("wall", new Lambertian(0.2));
        rig.wallAtX("pane", 80, "pane");
        rig.wallAtX("wall", 100, "wall");
        int n = 20_000;
        Vec3[] dirs = new Vec3[n];
        for (int i = 0; i < n; i++) { // every other ray 1° to the side: a return read from the wrong ray leaves its plane
            dirs[i] = i % 2 == 0 ? Vec3.X : new Vec3(Math.cos(0.01745), Math.sin(0.01745), 0);
        }
        LidarConfig c = new LidarConfig().setPattern(RayPatterns.generic(LidarRig.rays(dirs), List.of(new RayInterval(0, n))))
                .setRange(0.3, 500).setHeapDepth(2).setReturnMode(sensor.lidar.api.ReturnMode.DUAL)
                .setOptics(EMITTER, DETECTOR, 0).setDivergenceHalfAngle(DIVERGENCE)
                .setFields(List.of(OutputField.XYZ_VEC3_F32)).setDetection(List.of(OS1_GEN1));
        var out = rig.run(c);
        int atPane = 0, atWall = 0;
        for (int i = 0; i < out.count(); i++) {
            double x = out.getFloat(i, OutputField.XYZ_VEC3_F32, 0);
            atPane += Math.abs(x - 80) < 1e-4 ? 1 : 0;
            atWall += Math.abs(x - 100) < 1e-4 ? 1 : 0;
        }
        assertEquals(out.count(), atPane + atWall, "every point on the pane or the wall");
        double pPane = lawOf(OS1_GEN1, 0.083 / Math.PI * ratio(80), 0, LidarConfig.DEFAULT_DARK_SHARE);
        double pWall = lawOf(OS1_GEN1, 0.5 * 0.2 / Math.PI * ratio(100), 0, LidarConfig.DEFAULT_DARK_SHARE);
        assertTrue(pPane > 0.3 && pPane < 0.7 && pWall > 0.1 && pWall < 0.4, pPane + " " + pWall);
        assertEquals(n * pPane, atPane, 4 * Math.sqrt(n * pPane * (1 - pPane)), "pane");
        assertEquals(n * pWall, atWall, 4 * Math.sqrt(n * pWall * (1 - pWall)), "wall");
    }
}
