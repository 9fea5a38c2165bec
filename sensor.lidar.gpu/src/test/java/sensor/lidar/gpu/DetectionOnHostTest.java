package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import sensor.api.frame.PointBuffer;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.RangePrecision;
import sensor.api.random.CounterRandom;
import sensor.lidar.DetectionReference;
import sensor.lidar.DetectionReference.Beams;
import sensor.lidar.DetectionReference.Calibration;
import sensor.lidar.NoiseStages;
import sensor.lidar.api.NoiseConfigs.AngularNoise;
import sensor.lidar.api.NoiseConfigs.Axis;
import sensor.lidar.api.NoiseConfigs.DistanceNoise;

/**
 * The CUDA detection chain ({@code random.cuh}, {@code detection.cuh}) run on the host against the Java stages, call
 * by call. Philox, the uniforms, expm1, the beam radius, the SNR and the threshold intensity use {@code + − × ÷ √},
 * integer operations and fdlibm code: Java's bits, asserted. What goes through exp, log, cos or sin (HotSpot's
 * intrinsics in Java, the C library here, CUDA's on the GPU) is held to {@link #RELATIVE} and counted, the counts and
 * largest differences printed; a point's float coordinates to one float ulp. The per-beam decision runs over 100,000
 * beams against LidarStages.detect itself: a beam may keep other returns only where its uniform lies within
 * {@link #RELATIVE} of the probability.
 */
class DetectionOnHostTest {
    /** The relative bound on what exp, log, cos and sin touch: a few ulps (2.2e-16 each) with a wide margin. */
    static final double RELATIVE = 1e-12;
    /** A kept return's range: within 1e-9 m of Java's. */
    static final double RANGE = 1e-9;
    private static final int N = 20_000;
    private final SplittableRandom random = new SplittableRandom(2024);

    // ---------------------------------------------------------------- helpers

    private static void assertSameBits(double expected, double actual, String what) {
        assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual), // one NaN, ±0 apart
                () -> what + ": Java " + expected + " (" + Double.toHexString(expected) + "), CUDA " + actual + " ("
                        + Double.toHexString(actual) + ")");
    }

    /** A 64-bit integer as detection_cases.cu reads it: its high and its low word. */
    private static double[] words(long v) {
        return new double[] {v >>> 32, v & 0xffffffffL};
    }

    /** Differences of one bounded quantity: how many calls, how many not Java's bits, the largest in ulps and relative. */
    private static final class Tally {
        final String name;
        int calls, differing;
        long maxUlps;
        double maxRelative;

        Tally(String name) {
            this.name = name;
        }

        /** Counts the pair and asserts Java's bits, both NaN, or a relative difference within RELATIVE (1e-300 absolute). */
        void check(double java, double cuda, String what) {
            calls++;
            if (Double.doubleToLongBits(java) == Double.doubleToLongBits(cuda)) {
                return;
            }
            differing++;
            double d = Math.abs(java - cuda), rel = d / Math.abs(java);
            maxUlps = Math.max(maxUlps, HostProgram.ulps(java, cuda));
            if (d > 1e-300) {
                maxRelative = Math.max(maxRelative, rel);
            }
            assertTrue(d <= RELATIVE * Math.abs(java) || d <= 1e-300,
                    () -> name + " " + what + ": Java " + java + ", CUDA " + cuda + " (relative " + rel + ")");
        }

        void print() {
            System.out.printf("%s: %d of %d calls differ from Java's bits, at most %d ulps, relative %.3g%n", name,
                    differing, calls, maxUlps, maxRelative);
        }
    }

    private double logUniform(double lo, double hi) {
        return Math.exp(random.nextDouble(Math.log(lo), Math.log(hi)));
    }

    // ---------------------------------------------------------------- Philox and the draws

    /** Philox4x32-10, the step's key folding and the uniform are CounterRandom's to the bit; the Gaussian to RELATIVE. */
    @Test
    void philoxDrawsAreCounterRandomsLDETLDN() {
        long[] keys = {0, -1, 0x0123456789abcdefL, Long.MIN_VALUE};
        long[] steps = {0, 1, 0xffffffffL, 1L << 32, -1, Long.MAX_VALUE, (7L << 32) + 3};
        long[] indices = {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 1L << 40, Long.MIN_VALUE};
        List<long[]> calls = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            long key = i % 10 == 0 ? keys[random.nextInt(keys.length)] : random.nextLong();
            long step = i % 7 == 0 ? steps[random.nextInt(steps.length)]
                    : i % 3 == 0 ? random.nextLong() : random.nextLong(0, 1_000_000);
            long index = i % 11 == 0 ? indices[random.nextInt(indices.length)]
                    : i % 5 == 0 ? random.nextLong() : random.nextInt(0, 1 << 24);
            long draw = i % 13 == 0 ? random.nextInt() : random.nextInt(0, 8);
            calls.add(new long[] {key, step, index, draw});
        }
        double[][] cuda = HostProgram.run("philox_draws", HostProgram.rows(N, i -> {
            long[] c = calls.get(i);
            return MaterialsOnHostTest.concat(words(c[0]), words(c[1]), words(c[2]), new double[] {c[3]});
        }));
        Tally gaussian = new Tally("CounterRandom.gaussian");
        int[] w = new int[4];
        for (int i = 0; i < N; i++) {
            long key = calls.get(i)[0], step = calls.get(i)[1], index = calls.get(i)[2];
            int draw = (int) calls.get(i)[3];
            int[] k = Philox.keyWords(key, step);
            CounterRandom.ofKey((k[0] & 0xffffffffL) | ((long) k[1] << 32))
                    .block((int) index, (int) (index >>> 32), (int) step, draw, w);
            for (int q = 0; q < 4; q++) {
                assertEquals(w[q] & 0xffffffffL, (long) cuda[i][q], "word " + q + " of call " + i);
            }
            CounterRandom g = CounterRandom.ofKey(key);
            assertSameBits(g.uniform(step, index, draw), cuda[i][4], "uniform of call " + i);
            gaussian.check(g.gaussian(step, index, draw), cuda[i][5], "of call " + i);
        }
        gaussian.print();
        assertTrue(gaussian.differing <= N / 100, "Gaussians off Java's bits: " + gaussian.differing);
    }

    // ---------------------------------------------------------------- [L-21] [L-SPEC]

    /** fdlibm's expm1 as Expm1 and StrictMath.expm1, to the bit: every branch, the specials and the optics' range. */
    @Test
    void expm1IsJavasToTheBitL21() {
        double ln2 = Math.log(2);
        double[] special = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, 0x1p-54, -0x1p-54, 0x1p-55, 0x1p-53, 1e-300, -1e-300,
            ln2 / 2, -ln2 / 2, Math.nextUp(ln2 / 2), 1.5 * ln2, -1.5 * ln2, Math.nextDown(1.5 * ln2), 1, -1, 0.25,
            -0.25, -0.2500001, 56 * ln2, -56 * ln2, 57 * ln2, -57 * ln2, 709.78, 709.782712893384, 709.79, -709.79,
            -745.2, 1000, -1000, 20 * ln2, 19.6 * ln2, 20.4 * ln2, 55.5 * ln2, 56.5 * ln2, -2 * ln2, -1.6 * ln2,
            Double.MAX_VALUE, -Double.MAX_VALUE};
        List<double[]> args = HostProgram.rows(N, i -> new double[] {i < special.length ? special[i]
                : switch (i % 4) {
                    case 0 -> random.nextDouble(-60, 60);
                    case 1 -> (random.nextBoolean() ? 1 : -1) * Math.pow(10, random.nextDouble(-20, 2.9));
                    case 2 -> -random.nextDouble(0, 20); // −R²·2/w², the optics' arguments
                    default -> random.nextDouble(-1, 1);
                }});
        double[][] cuda = HostProgram.run("lidar_expm1", args);
        for (int i = 0; i < N; i++) {
            double x = args.get(i)[0];
            assertSameBits(DetectionReference.expm1(x), cuda[i][0], "expm1(" + x + ")");
            assertSameBits(StrictMath.expm1(x), cuda[i][0], "StrictMath.expm1(" + x + ")");
        }
    }

    /** halfAngle, E, R, r_D, x, cos of one divergence call, now and then an edge. */
    private double[] opticsCall(int i) {
        double halfAngle = i % 17 == 0 ? 0 : i % 19 == 0 ? 0.09 : logUniform(1e-5, 0.05);
        double e = i % 8 == 0 ? 0 : random.nextDouble(0, 0.01);
        double r = i % 10 == 0 ? 0 : random.nextDouble(1e-4, 0.02);
        double rd = i % 2 == 0 ? 0 : random.nextDouble(0, 0.03);
        double x = switch (i % 23) {
            case 0 -> 0;
            case 1 -> 1e-160; // w² underflows: 2/w² is infinite
            case 2 -> Double.POSITIVE_INFINITY;
            default -> logUniform(1e-3, 1e3);
        };
        double cos = switch (i % 9) {
            case 0 -> 1;
            case 1 -> Math.sqrt(0.5);
            case 2 -> Math.nextUp(Math.sqrt(0.5));
            case 3 -> random.nextDouble(0, 0.7);
            default -> 1 - logUniform(1e-12, 0.29);
        };
        return new double[] {halfAngle, e, r, rd, x, cos};
    }

    /**
     * [L-21] The radius is Java's to the bit, and so is the detected ratio without a detector offset (e^0 = 1); with an
     * offset, e^(−2 r_D²/w²) is the platform's exp. The platform's tan θ_D is counted too (the host hands a kernel
     * Java's tan).
     */
    @Test
    void beamDivergenceIsJavasL21() {
        List<double[]> calls = HostProgram.rows(N, this::opticsCall);
        double[][] cuda = HostProgram.run("beam_divergence", HostProgram.rows(N,
                i -> MaterialsOnHostTest.concat(new double[] {Math.tan(calls.get(i)[0])}, calls.get(i))));
        Tally ratio = new Tally("BeamDivergence.detectedRatio with r_D > 0"), tan = new Tally("tan θ_D");
        int exact = 0;
        for (int i = 0; i < N; i++) {
            double[] c = calls.get(i);
            double[] java = DetectionReference.divergence(c[0], c[1], c[2], c[3], c[4], c[5]);
            String what = "call " + i + " " + List.of(c[0], c[1], c[2], c[3], c[4]);
            assertSameBits(java[0], cuda[i][0], "radius, " + what);
            if (c[3] == 0) {
                assertSameBits(java[1], cuda[i][1], "detectedRatio, " + what);
                exact++;
            } else {
                ratio.check(java[1], cuda[i][1], what);
            }
            tan.check(Math.tan(c[0]), cuda[i][3], "tan(" + c[0] + ")");
        }
        ratio.print();
        tan.print();
        System.out.printf("BeamDivergence.detectedRatio with r_D = 0: %d calls, all Java's bits%n", exact);
        assertTrue(exact > N / 3 && ratio.calls > N / 3);
        assertTrue(ratio.differing <= ratio.calls / 100, "detected ratios off Java's bits: " + ratio.differing);
    }

    /** [L-SPEC] The mirror return: expm1 is fdlibm's, e^(−2s²/w²) the platform's (exact where s = 0). */
    @Test
    void mirrorReturnIsJavasLSPEC() {
        List<double[]> calls = HostProgram.rows(N, this::opticsCall);
        double[][] cuda = HostProgram.run("beam_divergence", HostProgram.rows(N,
                i -> MaterialsOnHostTest.concat(new double[] {Math.tan(calls.get(i)[0])}, calls.get(i))));
        Tally mirror = new Tally("BeamDivergence.mirrorReturn");
        int returning = 0;
        for (int i = 0; i < N; i++) {
            double[] c = calls.get(i);
            double java = DetectionReference.divergence(c[0], c[1], c[2], c[3], c[4], c[5])[2];
            mirror.check(java, cuda[i][2], "call " + i + " " + List.of(c[0], c[1], c[2], c[3], c[4], c[5]));
            returning += java > 0 ? 1 : 0;
        }
        mirror.print();
        assertTrue(returning > N / 4, "mirror returns among the calls: " + returning);
        assertTrue(mirror.differing <= N / 100, "mirror returns off Java's bits: " + mirror.differing);
    }

    // ---------------------------------------------------------------- [L-DET]

    /** Perpendicular Lambertian targets of the datasheets below: 1 mrad, 5 mm emitter and detector. */
    private static final double HALF_ANGLE = 0.001, EMITTER = 0.005, DETECTOR = 0.005;

    /**
     * Five channels: one line with three precision figures (100 klx); two lines (fitted scale and threshold) with
     * a figure each; a line without figures and a 20 % false-alarm rate; none (not decided); one figure, no sunlight.
     */
    private static Calibration channelsA() {
        List<DetectionLine> lines = List.of(
                new DetectionLine(100, 0.1, 100, 0.9, 1e-4, List.of(1),
                        List.of(new RangePrecision(10, 0.03), new RangePrecision(100, 0.01), new RangePrecision(1000, 0.005)), "a"),
                new DetectionLine(80, 0.1, 0, 0.9, 1e-4, List.of(2), List.of(new RangePrecision(5, 0.05)), "b"),
                new DetectionLine(120, 0.1, 0, 0.5, 1e-4, List.of(2), List.of(new RangePrecision(50, 0.02)), "c"),
                new DetectionLine(50, 0.8, 50, 0.5, 0.2, List.of(3), "d"),
                new DetectionLine(30, 0.5, 0, 0.99, 1e-3, List.of(5), List.of(new RangePrecision(20, 0.02)), "e"));
        return new Calibration(lines, 5, HALF_ANGLE, EMITTER, DETECTOR, 0, 0.1);
    }

    /** Three channels under one line for all, the detector 2 mm off the emitter, a dark share of 0.3. */
    private static Calibration channelsB() {
        List<DetectionLine> lines = List.of(new DetectionLine(200, 0.1, 80, 0.5, 0.01, List.of(),
                List.of(new RangePrecision(3, 0.1), new RangePrecision(30, 0.02)), "f"));
        return new Calibration(lines, 3, HALF_ANGLE, EMITTER, DETECTOR, 0.002, 0.3);
    }

    /** An intensity around channel c's threshold (a decided channel) or any (another), now and then an edge. */
    private double intensity(Calibration cal, int c, int i) {
        return switch (i % 29) {
            case 0 -> 0;
            case 1 -> 1e-300;
            case 2 -> 1e10;
            default -> (cal.decides(c) ? cal.thresholdIntensity(c) : 1e-3) * Math.exp(random.nextDouble(-4, 3));
        };
    }

    /**
     * Detection's per-return work on two calibrations: the SNR, the threshold intensity, the false-alarm rate and whether
     * a channel is decided are Java's bits; Φ, erfc (exp) and the range sigma (log, exp) are held to RELATIVE.
     */
    @Test
    void detectionPerReturnIsJavasLDET() {
        Calibration[] cals = {channelsA(), channelsB()};
        double[] specialSnr = {0, -1, 1e-300, 1e300, Double.POSITIVE_INFINITY, 3, 30, 10, 1000};
        double[] specialX = {0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-300, -1e-300, 8, -8, 26,
            -26, 27.5, -27.5, 39, -39};
        List<double[]> calls = new ArrayList<>();
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            int which = i % 2;
            Calibration cal = cals[which];
            int c = random.nextInt(cal.channels);
            double in = intensity(cal, c, i), b = i % 5 == 0 ? 0 : random.nextDouble(0, 200) * random.nextDouble();
            double snr = i % 9 == 0 ? specialSnr[random.nextInt(specialSnr.length)] : cal.snr(c, in, b);
            double x = i % 7 == 0 ? specialX[random.nextInt(specialX.length)] : random.nextDouble(-40, 40);
            calls.add(new double[] {which, c, in, b, snr, x});
            rows.add(MaterialsOnHostTest.concat(cal.tables(), new double[] {c, in, b, snr, x}));
        }
        double[][] cuda = HostProgram.run("detection_return", rows);
        Tally probability = new Tally("Detection.probability"), sigma = new Tally("Detection.rangeSigma"),
                normal = new Tally("Detection.normal"), erfc = new Tally("Detection.erfc");
        for (int i = 0; i < N; i++) {
            double[] a = calls.get(i);
            Calibration cal = cals[(int) a[0]];
            int c = (int) a[1];
            String what = "call " + i + " channel " + c + " " + List.of(a[2], a[3], a[4], a[5]);
            assertEquals(cal.decides(c) ? 1.0 : 0.0, cuda[i][7], "decides, " + what);
            if (!cal.decides(c)) {
                continue; // NaN tables: nothing a kernel reads
            }
            assertSameBits(cal.snr(c, a[2], a[3]), cuda[i][0], "snr, " + what);
            probability.check(cal.probability(c, a[4]), cuda[i][1], what);
            sigma.check(cal.rangeSigma(c, a[4]), cuda[i][2], what);
            assertSameBits(cal.thresholdIntensity(c), cuda[i][3], "thresholdIntensity, " + what);
            assertSameBits(cal.falseAlarmRate(c), cuda[i][4], "falseAlarmRate, " + what);
            normal.check(DetectionReference.normal(a[5]), cuda[i][5], what);
            erfc.check(DetectionReference.erfc(a[5]), cuda[i][6], what);
        }
        for (Tally t : List.of(probability, sigma, normal, erfc)) {
            t.print();
            assertTrue(t.differing <= t.calls / 20, t.name + " off Java's bits: " + t.differing + " of " + t.calls);
        }
    }

    /** Beams per row of the detection_beams case (DETECTION_ROW_BEAMS in detection_cases.cu). */
    private static final int ROW_BEAMS = 100;

    /**
     * LidarStages.detect (the Java stage itself) against detection_beam over 100,000 beams, dual returns on channels A
     * and one return on channels B (whose step has a high word, folded into the key): the kept returns, false alarms
     * and undecided channels. A beam's outcome (which returns it keeps, or its false alarm) may differ only where a
     * return's uniform lies within RELATIVE of its probability; otherwise the intensity, object and slot are Java's,
     * and the range Java's bits unless it scattered, then within RANGE (or RELATIVE of a range beyond 10 km: Detection's
     * power law, continued far below the lowest SNR figure, gives returns near zero intensity a σ of up to 1e117 m).
     */
    @Test
    void detectionDecisionPerBeamIsJavasLDET() {
        int differing = frame(channelsA(), 2, 60_000, 0x5eedL, 12_345)
                + frame(channelsB(), 1, 40_000, -77, (5L << 32) + 9);
        System.out.printf("detection decision: %d of 100000 beams with another outcome than Java's%n", differing);
    }

    /** One frame of {@code n} beams; returns the number of beams with another outcome (each one allowed). */
    private int frame(Calibration cal, int perBeam, int n, long sensorKey, long step) {
        int[] channelOf = random.ints(n, 0, cal.channels).toArray();
        Beams in = new Beams(n, perBeam), ref = new Beams(n, perBeam);
        for (int i = 0; i < n; i++) {
            in.patternIndex[i] = (int) ((i * 7919L) % n); // every pattern index once, out of order
            int c = channelOf[in.patternIndex[i]];
            in.count[i] = random.nextInt(perBeam + 1);
            for (int k = 0; k < perBeam; k++) {
                int j = i * perBeam + k;
                in.opl[j] = random.nextDouble(0.3, 150);
                in.intensity[j] = intensity(cal, c, i * perBeam + k + 3);
                in.entity[j] = random.nextInt(0, 1000);
                in.slot[j] = j;
                in.candBackground[j] = k == 1 && i % 3 == 0 ? 0 : random.nextDouble(0, 100);
            }
        }
        copy(in, ref);
        double rangeMin = 0.3, rangeMax = 150;
        long streamKey = DetectionReference.detect(cal, channelOf, sensorKey, step, rangeMin, rangeMax, ref);

        double[] head = MaterialsOnHostTest.concat(cal.tables(), words(streamKey), words(step),
                new double[] {rangeMin, rangeMax, perBeam});
        List<double[]> rows = new ArrayList<>();
        for (int first = 0; first < n; first += ROW_BEAMS) {
            double[] row = new double[head.length + ROW_BEAMS * (3 + 5 * perBeam)];
            System.arraycopy(head, 0, row, 0, head.length);
            for (int b = 0; b < ROW_BEAMS; b++) {
                int i = Math.min(first + b, n - 1), p = head.length + b * (3 + 5 * perBeam);
                row[p] = in.patternIndex[i];
                row[p + 1] = channelOf[in.patternIndex[i]];
                row[p + 2] = in.count[i];
                for (int k = 0; k < perBeam; k++) {
                    int j = i * perBeam + k;
                    row[p + 3 + 5 * k] = in.opl[j];
                    row[p + 4 + 5 * k] = in.intensity[j];
                    row[p + 5 + 5 * k] = in.entity[j];
                    row[p + 6 + 5 * k] = in.slot[j];
                    row[p + 7 + 5 * k] = in.candBackground[in.slot[j]];
                }
            }
            rows.add(row);
        }
        double[][] cuda = HostProgram.run("detection_beams", rows);

        CounterRandom stream = CounterRandom.ofKey(streamKey);
        int differing = 0, kept = 0, dropped = 0, falseAlarms = 0, undecided = 0, scattered = 0, offBits = 0;
        int wild = 0, infinite = 0;
        double maxRange = 0, maxWild = 0;
        for (int i = 0; i < n; i++) {
            double[] out = cuda[i / ROW_BEAMS];
            int o = 9 * (i % ROW_BEAMS), m = (int) out[o], key = in.patternIndex[i], c = channelOf[key];
            if (!cal.decides(c)) {
                undecided++;
            }
            boolean same = m == ref.count[i];
            for (int k = 0; same && k < m; k++) {
                int j = i * perBeam + k;
                same = ref.entity[j] == (int) out[o + 3 + 4 * k] && ref.slot[j] == (int) out[o + 4 + 4 * k];
            }
            if (!same) {
                differing++;
                boolean near = false;
                for (int k = 0; k < in.count[i]; k++) {
                    int j = i * perBeam + k;
                    double p = cal.probability(c, cal.snr(c, in.intensity[j], in.candBackground[in.slot[j]]));
                    near |= Math.abs(stream.uniform(step, key, 2 * k) - p) <= RELATIVE * p;
                }
                assertTrue(near, "beam " + i + ": Java keeps " + ref.count[i] + ", CUDA " + m
                        + ", and no uniform lies within " + RELATIVE + " of its probability");
                continue;
            }
            dropped += cal.decides(c) ? in.count[i] : 0;
            for (int k = 0; k < m; k++) {
                int j = i * perBeam + k;
                String what = "beam " + i + " return " + k;
                assertSameBits(ref.intensity[j], out[o + 2 + 4 * k], "intensity, " + what);
                if (ref.slot[j] < 0) {
                    falseAlarms++;
                    assertSameBits(ref.opl[j], out[o + 1 + 4 * k], "false alarm's range, " + what);
                    continue;
                }
                dropped -= cal.decides(c) ? 1 : 0;
                kept++;
                boolean moved = ref.opl[j] != in.opl[ref.slot[j]];
                scattered += moved ? 1 : 0;
                double jo = ref.opl[j], co = out[o + 1 + 4 * k];
                infinite += Double.isFinite(jo) ? 0 : 1;
                if (!(Math.abs(jo) <= 1e4)) {
                    wild++; // σ extrapolated far below the lowest SNR figure (or infinite at SNR 0)
                }
                if (!moved) {
                    assertSameBits(jo, co, "range, " + what);
                } else if (Double.doubleToLongBits(jo) != Double.doubleToLongBits(co)) {
                    offBits++;
                    double d = Math.abs(jo - co);
                    if (Math.abs(jo) <= 1e4) {
                        maxRange = Math.max(maxRange, d);
                    } else {
                        maxWild = Math.max(maxWild, d / Math.abs(jo));
                    }
                    assertTrue(d <= RANGE || d <= RELATIVE * Math.abs(jo), what + ": range " + jo + " in Java, " + co);
                }
            }
        }
        System.out.printf("detection thresholds z %s, false-alarm rates %s%n", Arrays.toString(cal.threshold),
                Arrays.toString(cal.falseAlarm));
        System.out.printf("detection, %d beams of %d returns: %d kept (%d scattered in range, %d of them off Java's bits:"
                + " at most %.3g m, or relative %.3g beyond 10 km; %d kept ranges beyond 10 km, %d of them not finite),"
                + " %d dropped, %d false alarms, %d on undecided channels, %d other outcomes%n", n, perBeam, kept, scattered, offBits,
                maxRange, maxWild, wild, infinite, dropped, falseAlarms, undecided, differing);
        boolean someUndecided = IntStream.range(0, cal.channels).anyMatch(c -> !cal.decides(c));
        assertTrue(kept > n / 10 && dropped > n / 10 && falseAlarms > n / 1000
                && (undecided > n / 100 || !someUndecided), "the frame exercises every path");
        assertTrue(perBeam == 1 || scattered > n / 10, "ranges scattered: " + scattered);
        return differing;
    }

    private static void copy(Beams from, Beams to) {
        System.arraycopy(from.patternIndex, 0, to.patternIndex, 0, from.patternIndex.length);
        System.arraycopy(from.count, 0, to.count, 0, from.count.length);
        System.arraycopy(from.entity, 0, to.entity, 0, from.entity.length);
        System.arraycopy(from.slot, 0, to.slot, 0, from.slot.length);
        System.arraycopy(from.opl, 0, to.opl, 0, from.opl.length);
        System.arraycopy(from.intensity, 0, to.intensity, 0, from.intensity.length);
        System.arraycopy(from.candBackground, 0, to.candBackground, 0, from.candBackground.length);
    }

    // ---------------------------------------------------------------- [L-DN] [N-2]

    /** n points in a buffer: directions all round, distances 0.1–200 m, now and then a miss or a point at the origin. */
    private PointBuffer points(int n) {
        PointBuffer p = new PointBuffer(n);
        for (int i = 0; i < n; i++) {
            double z = random.nextDouble(-1, 1), phi = random.nextDouble(0, 2 * Math.PI), s = Math.sqrt(1 - z * z);
            double d = logUniform(0.1, 200);
            p.xyz[3 * i] = (float) (d * s * Math.cos(phi));
            p.xyz[3 * i + 1] = (float) (d * s * Math.sin(phi));
            p.xyz[3 * i + 2] = (float) (d * z);
            p.distance[i] = (float) d;
            switch (i % 41) {
                case 0 -> p.distance[i] = 0; // a miss: left as it is
                case 1 -> p.distance[i] = -1;
                case 2 -> { p.xyz[3 * i] = 0; p.xyz[3 * i + 1] = 0; p.xyz[3 * i + 2] = 0; } // r = 0: k = 1
                default -> { }
            }
            p.patternIndex[i] = i % 37 == 0 ? random.nextInt() : random.nextInt(0, 1 << 20);
        }
        p.count(n);
        return p;
    }

    /** Counts the float coordinates (and distances) off Java's bits; asserts one float ulp at most. */
    private static final class FloatTally {
        final String name;
        int values, differing;
        double maxUlps;

        FloatTally(String name) {
            this.name = name;
        }

        void check(float java, double cuda, String what) {
            values++;
            if (Float.floatToRawIntBits(java) == Float.floatToRawIntBits((float) cuda)) {
                return;
            }
            differing++;
            double u = Math.abs(java - cuda) / Math.ulp(java);
            maxUlps = Math.max(maxUlps, u);
            assertTrue(u <= 1, () -> name + " " + what + ": Java " + java + ", CUDA " + cuda);
        }

        void print() {
            System.out.printf("%s: %d of %d floats differ from Java's bits, at most %.0f float ulp%n", name, differing,
                    values, maxUlps);
        }
    }

    /** [L-DN] NoiseStages.Distance against distance_noise, point by point, under four configurations. */
    @Test
    void distanceNoiseIsJavasLDN() {
        DistanceNoise[] configs = {new DistanceNoise(0, 0.01, 0.0005), new DistanceNoise(0.02, 0.005, 0.001),
            new DistanceNoise(-0.01, 0.03, 0), new DistanceNoise(0.05, 0, 0)};
        FloatTally tally = new FloatTally("distance noise [L-DN]");
        int moved = 0;
        for (DistanceNoise cfg : configs) {
            int n = 10_000;
            long key = random.nextLong(), step = random.nextBoolean() ? random.nextLong(0, 100_000) : random.nextLong();
            PointBuffer p = points(n);
            List<double[]> rows = HostProgram.rows(n, i -> MaterialsOnHostTest.concat(
                    new double[] {cfg.mean(), cfg.sigmaBase(), cfg.sigmaSlope()}, words(key), words(step),
                    new double[] {p.patternIndex[i], p.xyz[3 * i], p.xyz[3 * i + 1], p.xyz[3 * i + 2], p.distance[i]}));
            float[] before = p.distance.clone();
            new NoiseStages.Distance().create(cfg).apply(p, CounterRandom.ofKey(key), step);
            double[][] cuda = HostProgram.run("distance_noise", rows);
            for (int i = 0; i < n; i++) {
                String what = "point " + i + " of " + cfg;
                for (int q = 0; q < 3; q++) {
                    tally.check(p.xyz[3 * i + q], cuda[i][q], what);
                }
                tally.check(p.distance[i], cuda[i][3], what);
                moved += p.distance[i] != before[i] ? 1 : 0;
            }
        }
        tally.print();
        assertTrue(moved > 3 * 10_000, "points moved: " + moved);
        assertTrue(tally.differing <= tally.values / 1000, "floats off Java's bits: " + tally.differing);
    }

    /** [N-2] NoiseStages.HitpointAngle against hitpoint_angle_noise, point by point, about each axis. */
    @Test
    void hitpointAngleNoiseIsJavasN2() {
        AngularNoise[] configs = {new AngularNoise(Axis.X, 0, 0.001), new AngularNoise(Axis.Y, 0.002, 0.01),
            new AngularNoise(Axis.Z, 0, 0.001), new AngularNoise(Axis.Z, -0.1, 0.5), new AngularNoise(Axis.Y, 0.01, 0)};
        FloatTally tally = new FloatTally("hitpoint angular noise [N-2]");
        for (AngularNoise cfg : configs) {
            int n = 8_000;
            long key = random.nextLong(), step = random.nextBoolean() ? random.nextLong(0, 100_000) : random.nextLong();
            PointBuffer p = points(n);
            List<double[]> rows = HostProgram.rows(n, i -> MaterialsOnHostTest.concat(
                    new double[] {cfg.axis().ordinal(), cfg.mean(), cfg.sigma()}, words(key), words(step),
                    new double[] {p.patternIndex[i], p.xyz[3 * i], p.xyz[3 * i + 1], p.xyz[3 * i + 2]}));
            new NoiseStages.HitpointAngle().create(cfg).apply(p, CounterRandom.ofKey(key), step);
            double[][] cuda = HostProgram.run("hitpoint_angle_noise", rows);
            for (int i = 0; i < n; i++) {
                for (int q = 0; q < 3; q++) {
                    tally.check(p.xyz[3 * i + q], cuda[i][q], "point " + i + " of " + cfg);
                }
            }
        }
        tally.print();
        assertTrue(tally.differing <= tally.values / 1000, "floats off Java's bits: " + tally.differing);
    }
}
