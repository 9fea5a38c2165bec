package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import sensor.materials.impl.Atmosphere;
import sensor.materials.impl.IncompleteGamma;

/**
 * The CUDA atmosphere ({@code atmosphere.cuh}, {@code fdlibm_log.cuh}) run on the host against sensor.materials'
 * {@link IncompleteGamma} and {@link Atmosphere}, call by call. fdlibm's log1p and expm1 and everything that uses only
 * {@code + − × ÷} besides them are Java's bits. Where Java's {@code Math.exp}, {@code Math.log} and {@code Math.sin}
 * are involved (HotSpot intrinsics, against the C library here) results may differ in the last places: each test
 * counts the calls whose bits differ, asserts a bound on the difference and on the share of differing calls, and prints
 * both (the figures quoted in the issue).
 */
class AtmosphereOnHostTest {
    private static final int N = 20_000;
    /** How near 1 P's target is where sampleReturn's quantile is ill-conditioned (P resolved as 1 − Q, to 2^-53). */
    private static final double NEAR_ONE = 1e-9;
    private final SplittableRandom random = new SplittableRandom(14);

    /** Differences of one function's results from Java's, over a test's calls. */
    private static final class Stats {
        final String what;
        int calls, differ;
        double maxAbs, maxRel;
        long maxUlps;

        Stats(String what) {
            this.what = what;
        }

        /** Counts one call; false if its bits differ from Java's. NaNs are one value, ±0 two. */
        boolean add(double java, double cuda) {
            calls++;
            if (Double.doubleToLongBits(java) == Double.doubleToLongBits(cuda)) {
                return true;
            }
            differ++;
            double abs = Math.abs(java - cuda);
            maxAbs = Math.max(maxAbs, abs);
            maxRel = Math.max(maxRel, java == 0 ? Double.POSITIVE_INFINITY : abs / Math.abs(java));
            maxUlps = Math.max(maxUlps, HostProgram.ulps(java, cuda));
            return false;
        }

        double fraction() {
            return calls == 0 ? 0 : (double) differ / calls;
        }

        void print() {
            System.out.printf("%s: %d calls, %d differ from Java's bits (%.4f %%), max |Δ| %.3g, max |Δ|/|Java| %.3g, "
                    + "max %d ulps%n", what, calls, differ, 100 * fraction(), maxAbs, maxRel, maxUlps);
        }

        /** Prints, then asserts that at most {@code fraction} of the calls differ. */
        void assertDifferingBelow(double fraction) {
            print();
            assertTrue(calls > 0, what + ": no calls");
            assertTrue(fraction() <= fraction, what + ": " + differ + " of " + calls + " calls differ, more than "
                    + fraction * 100 + " %");
        }
    }

    private static void assertSameBits(double expected, double actual, String what) {
        assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
                () -> what + ": Java " + expected + ", CUDA " + actual);
    }

    /** 10^e for e uniform in [lo, hi). */
    private double decades(double lo, double hi) {
        return Math.pow(10, random.nextDouble(lo, hi));
    }

    // ---------------------------------------------------------------- fdlibm and the C library

    /** fdlibm's log1p and expm1 as Java's Math.log1p and Math.expm1 (StrictMath, fdlibm) to the bit. */
    @Test
    void fdlibmLog1pAndExpm1AreJavasToTheBit() {
        double ln2 = Math.log(2);
        double[] special = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
            -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, -1, -1 - 1e-15, -2, 1, 0x1p-29,
            -0x1p-29, 0x1p-54, -0x1p-54, 0.41422, -0.2929, 0x1p53, 0x1p54, 709.782712893384, 709.79, -709.79, 56 * ln2,
            -56 * ln2, 0.5 * ln2, -0.5 * ln2, 1.5 * ln2, -1.5 * ln2, 19.5 * ln2, 20 * ln2, 20.5 * ln2, -2 * ln2, -0.25,
            1e-300, -1e-300};
        List<double[]> args = new ArrayList<>();
        for (double x : special) {
            args.add(new double[] {x});
            args.add(new double[] {Math.nextUp(x)});
            args.add(new double[] {Math.nextDown(x)});
        }
        for (long high : new long[] {0x3FDA827AL, 0xbfd2bec3L, 0x3e200000L, 0x3c900000L, 0x43400000L, 0x4043687AL,
            0x40862E42L, 0x3fd62e42L, 0x3FF0A2B2L}) { // the thresholds of both algorithms
            for (int i = 0; i < 2_000; i++) {
                long bits = high << 32 | (random.nextInt() & 0xffffffffL);
                args.add(new double[] {Double.longBitsToDouble(bits)});
                args.add(new double[] {Double.longBitsToDouble(bits ^ 1L << 63)});
            }
        }
        for (int i = 0; i < 50_000; i++) {
            args.add(new double[] {switch (i % 5) {
                case 0 -> Double.longBitsToDouble(random.nextLong()); // every exponent
                case 1 -> random.nextDouble(-60, 60); // every k of expm1's reduction
                case 2 -> random.nextDouble(-1, 2); // log1p's k = 0 range and its borders
                case 3 -> -random.nextDouble() * decades(-20, 0); // the log-linear arguments: small and negative
                default -> decades(-20, 300);
            }});
        }
        double[][] cuda = HostProgram.run("log1p_expm1", args);
        for (int i = 0; i < args.size(); i++) {
            double x = args.get(i)[0];
            assertSameBits(Math.log1p(x), cuda[i][0], "log1p(" + x + ")");
            assertSameBits(StrictMath.log1p(x), cuda[i][0], "StrictMath.log1p(" + x + ")");
            assertSameBits(Math.expm1(x), cuda[i][1], "expm1(" + x + ")");
        }
        System.out.printf("fdlibm log1p, expm1: %d calls each, all Java's bits%n", args.size());
    }

    /**
     * The C library's exp, log and sin against Java's Math.exp, Math.log and Math.sin (HotSpot intrinsics): the root of
     * every difference measured below. Both are within an ulp of the truth, so they differ by at most one.
     */
    @Test
    void cLibraryExpLogSinAgainstHotSpotIntrinsics() {
        List<double[]> args = HostProgram.rows(3 * N, i -> new double[] {switch (i % 6) {
            case 0 -> random.nextDouble(-745, 709.7); // exp's range
            case 1 -> random.nextDouble(-1, 1);
            case 2 -> decades(-300, 300); // log's range
            case 3 -> random.nextDouble(0.5, 2); // log near 1
            case 4 -> random.nextDouble(0, Math.PI / 2); // sin(πx) of ln Γ's reflection
            default -> random.nextDouble(1, 250); // log(t), log(s) of Lanczos, log(z) of the Newton steps
        }});
        double[][] cuda = HostProgram.run("libm", args);
        Stats exp = new Stats("C exp vs Math.exp"), log = new Stats("C log vs Math.log"),
                sin = new Stats("C sin vs Math.sin");
        for (int i = 0; i < args.size(); i++) {
            double x = args.get(i)[0];
            exp.add(Math.exp(x), cuda[i][0]);
            log.add(Math.log(x), cuda[i][1]);
            sin.add(Math.sin(x), cuda[i][2]);
        }
        for (Stats s : List.of(exp, log, sin)) {
            s.assertDifferingBelow(0.01);
            assertTrue(s.maxUlps <= 1, s.what + ": " + s.maxUlps + " ulps");
        }
    }

    // ---------------------------------------------------------------- IncompleteGamma [L-14]

    /** ln Γ over (0, 200], the reflection below 0.5 included: |Δ| <= 1e-14 max(1, |ln Γ|). */
    @Test
    void lnGammaL14() {
        double[] special = {Double.MIN_VALUE, 1e-300, 1e-20, 0.5, Math.nextDown(0.5), 1, 2, 3, 10, 171, 200};
        List<double[]> args = HostProgram.rows(N, i -> new double[] {i < special.length ? special[i] : switch (i % 4) {
            case 0 -> random.nextDouble(0, 0.5); // reflection
            case 1 -> decades(-10, Math.log10(200));
            case 2 -> random.nextDouble(0.5, 3); // around the zeros at 1 and 2
            default -> random.nextDouble(0, 200);
        }});
        double[][] cuda = HostProgram.run("ln_gamma", args);
        Stats s = new Stats("[L-14] ln Γ");
        for (int i = 0; i < N; i++) {
            double x = args.get(i)[0], java = IncompleteGamma.lnGamma(x), c = cuda[i][0];
            if (!s.add(java, c)) {
                assertTrue(Math.abs(java - c) <= 1e-14 * Math.max(1, Math.abs(java)), "ln Γ(" + x + "): Java " + java
                        + ", CUDA " + c);
            }
        }
        s.assertDifferingBelow(0.005);
    }

    /**
     * P and Q over a in (0, 200] and both branches (series below a + 1, continued fraction above), the tails, x = 0,
     * x < 0 and x = +∞ (those exact). The one computed directly (P by the series, Q by the fraction) within 1e-12
     * relative; the other, 1 minus it, within 1e-12 of the direct one plus 2^-52 absolute (the subtraction's rounding).
     */
    @Test
    void incompleteGammaPAndQL14() {
        List<double[]> args = HostProgram.rows(N, i -> {
            double a = switch (i % 5) {
                case 0 -> random.nextDouble(0, 1);
                case 1 -> decades(-3, Math.log10(200));
                default -> random.nextDouble(0, 200);
            };
            double x = switch (i % 13) {
                case 0 -> 0;
                case 1 -> Double.POSITIVE_INFINITY;
                case 2 -> -1;
                case 3 -> a + 1; // the branches' border
                case 4 -> Math.nextDown(a + 1);
                case 5 -> a * decades(-300, -3); // far lower tail
                case 6 -> a + 1 + decades(1, 4); // far upper tail, down to underflow
                default -> a * decades(-3, 1.5);
            };
            return new double[] {a, x};
        });
        double[][] cuda = HostProgram.run("igamma_pq", args);
        Stats p = new Stats("[L-14] P"), q = new Stats("[L-14] Q");
        int series = 0, fraction = 0;
        for (int i = 0; i < N; i++) {
            double a = args.get(i)[0], x = args.get(i)[1];
            double jp = IncompleteGamma.p(a, x), jq = IncompleteGamma.q(a, x);
            String call = "(" + a + ", " + x + ")";
            if (x <= 0 || x == Double.POSITIVE_INFINITY) {
                assertSameBits(jp, cuda[i][0], "P" + call);
                assertSameBits(jq, cuda[i][1], "Q" + call);
            }
            boolean bySeries = x < a + 1;
            series += bySeries && x > 0 ? 1 : 0;
            fraction += !bySeries && x < Double.POSITIVE_INFINITY ? 1 : 0;
            double direct = bySeries ? jp : jq;
            within(p, jp, cuda[i][0], bySeries, direct, "P" + call);
            within(q, jq, cuda[i][1], !bySeries, direct, "Q" + call);
        }
        p.assertDifferingBelow(0.01);
        q.assertDifferingBelow(0.01);
        assertTrue(series > N / 4 && fraction > N / 4, "series " + series + ", continued fraction " + fraction);
    }

    /**
     * The bound of {@link #incompleteGammaPAndQL14}: 1e-12 relative where computed directly (1e-300 absolute besides,
     * for a subnormal tail); 1e-12 of the direct one plus 2^-52 where 1 − it.
     */
    private static void within(Stats s, double java, double cuda, boolean isDirect, double direct, String call) {
        if (!s.add(java, cuda)) {
            double d = Math.abs(java - cuda);
            assertTrue(isDirect ? d <= 1e-12 * Math.abs(java) + 1e-300 : d <= 1e-12 * direct + 0x1p-52, call
                    + ": Java " + java + ", CUDA " + cuda + (isDirect ? "" : " (1 − the other)"));
        }
    }

    /** The gamma pdf, x = 0 with k < 1, k = 1 and k > 1, x < 0 and x = +∞ exact; elsewhere within 1e-12 relative. */
    @Test
    void gammaPdfL14() {
        List<double[]> args = HostProgram.rows(N, i -> {
            double k = switch (i % 4) {
                case 0 -> random.nextDouble(0, 1);
                case 1 -> 1;
                default -> decades(-2, Math.log10(200));
            };
            double theta = decades(-2, 3);
            double x = switch (i % 11) {
                case 0 -> 0;
                case 1 -> -1;
                case 2 -> Double.POSITIVE_INFINITY;
                case 3 -> theta * decades(-300, -3);
                default -> theta * k * decades(-3, 2.5);
            };
            return new double[] {x, k, theta, IncompleteGamma.lnGamma(k)};
        });
        double[][] cuda = HostProgram.run("gamma_pdf", args);
        Stats s = new Stats("[L-14] gamma pdf");
        for (int i = 0; i < N; i++) {
            double[] a = args.get(i);
            double java = IncompleteGamma.gammaPdf(a[0], a[1], a[2], a[3]);
            String call = "pdf(" + a[0] + "; " + a[1] + ", " + a[2] + ")";
            if (a[0] <= 0 || a[0] == Double.POSITIVE_INFINITY) {
                assertSameBits(java, cuda[i][0], call);
            }
            if (!s.add(java, cuda[i][0])) {
                assertTrue(Math.abs(java - cuda[i][0]) <= 1e-12 * Math.abs(java) + 1e-300, call + ": Java " + java
                        + ", CUDA " + cuda[i][0]);
            }
        }
        s.assertDifferingBelow(0.01);
    }

    // ---------------------------------------------------------------- Atmosphere [L-13] [L-14]

    /** An atmosphere's parameters: n, α, A, k, θ; A = 0 and A = 1, k = 1 now and then. */
    private double[] atmosphere(int i) {
        double alpha = i % 10 == 0 ? 0 : decades(-5, 0);
        double scaling = switch (i % 13) {
            case 0 -> 0;
            case 1 -> 1;
            default -> random.nextDouble();
        };
        double k = i % 17 == 0 ? 1 : decades(-1.3, 1.7);
        return new double[] {1 + random.nextDouble(0, 1e-3), alpha, scaling, k, decades(-1, 2.3)};
    }

    /** A segment [x0, x1) (OPL from the medium entry) for shape k and scale θ: every path of sampleReturn. */
    private double[] segment(int i, double k, double theta) {
        double z0 = switch (i % 7) {
            case 0 -> 0;
            case 1, 2 -> random.nextDouble(0, 3 * k); // both sides of the mode, lower and upper branch
            case 3 -> k + 750 + random.nextDouble(0, 5_000); // far upper tail: Q underflows, log-linear
            case 4 -> 1e-300 * random.nextDouble(); // far lower tail: P underflows for k > 1, log-linear
            case 5 -> k + random.nextDouble(0, 700); // upper tail, Q still representable
            default -> k * decades(-6, 0);
        };
        double x0 = theta * z0;
        double x1 = switch (i % 5) {
            case 0 -> x0; // empty
            case 1 -> Double.POSITIVE_INFINITY;
            case 2 -> x0 + Math.max(x0, theta) * decades(-14, -6); // short
            case 3 -> x0 + theta * random.nextDouble(0, 5);
            default -> x0 + theta * decades(-300, -1); // down to a segment shorter than x0's ulp
        };
        return new double[] {x0, Math.max(x0, x1)};
    }

    /**
     * The path Java's sampleReturn takes (ATM_SAMPLE_*: 0 empty, 1 lower, 2 upper, 3 log-linear) and, where it inverts
     * P or Q, the target value, as Atmosphere.sampleReturn computes them.
     */
    private static double[] javaInversion(double k, double theta, double x0, double x1, double u) {
        if (x1 == x0) {
            return new double[] {0, Double.NaN};
        }
        double lnGammaK = IncompleteGamma.lnGamma(k), z0 = x0 / theta, z1 = x1 / theta;
        boolean upper = z0 >= k;
        double c0 = upper ? IncompleteGamma.q(k, z0, lnGammaK) : IncompleteGamma.p(k, z0, lnGammaK);
        double c1 = upper ? IncompleteGamma.q(k, z1, lnGammaK) : IncompleteGamma.p(k, z1, lnGammaK);
        double mass = upper ? c0 - c1 : c1 - c0;
        if (!(mass > 0)) {
            return new double[] {3, Double.NaN};
        }
        return new double[] {upper ? 2 : 1, upper ? c0 - u * mass : c0 + u * mass};
    }

    /**
     * [L-13] transmittance and [L-14] ln Γ(k), CDF, pdf, bound, return probability and sampled OPL of random
     * atmospheres and segments: each path of sampleReturn (empty, P inverted, Q inverted in the upper tail, the
     * log-linear fallback where the mass underflows), x1 = +∞ and x1 = x0. The bound, the empty segment and the
     * log-linear fallback (+ − × ÷ and fdlibm only) are Java's bits; the sampled OPLs within 1e-9 m, but where P is
     * inverted at a target within {@link #NEAR_ONE} of 1 (u near 1 on a segment reaching far into the tail: Java's
     * quantile there is fixed only to P's last bit, 1 − Q rounded, so an ulp moves it by up to centimetres, in Java as
     * here), where the two OPLs' Q agree within 2^-50; the return probabilities within 1e-14 absolute (they are
     * compared with a uniform double); transmittance, CDF and pdf within 1e-12 relative (the CDF, where it is 1 − Q,
     * within 1e-12 Q + 2^-52).
     */
    @Test
    void atmosphereAndSampledReturnsL13L14() {
        List<double[]> args = HostProgram.rows(N, i -> {
            double[] m = atmosphere(i), s = segment(i / 13, m[3], m[4]);
            double u = switch (i % 19) {
                case 0 -> 0;
                case 1 -> Math.nextDown(1.0);
                case 2 -> 1 - decades(-16, -6); // P's target near 1
                default -> random.nextDouble();
            };
            return MaterialsOnHostTest.concat(m, s, new double[] {u});
        });
        double[][] cuda = HostProgram.run("atmosphere", args);
        Stats lnGamma = new Stats("[L-14] ln Γ(k) of the constructor"), transmittance = new Stats("[L-13] transmittance"),
                cdf = new Stats("[L-14] returnCdf"), pdf = new Stats("[L-14] returnPdf"),
                probability = new Stats("[L-14] returnProbability"), sample = new Stats("[L-14] sampleReturn (OPL, m)"),
                nearOne = new Stats("[L-14] sampleReturn, P inverted at a target above 1 − 1e-9 (OPL, m)");
        Stats[] byPath = {new Stats("[L-14] sampleReturn, empty segment"), new Stats("[L-14] sampleReturn, P inverted"),
            new Stats("[L-14] sampleReturn, Q inverted (upper tail)"), new Stats("[L-14] sampleReturn, log-linear")};
        int[] paths = new int[4];
        int pathsDiffer = 0, infinite = 0;
        for (int i = 0; i < N; i++) {
            double[] a = args.get(i);
            double[] c = cuda[i];
            Atmosphere atm = new Atmosphere(a[0], a[1], a[2], a[3], a[4]);
            double x0 = a[5], x1 = a[6], u = a[7];
            String call = atm + ", [" + x0 + ", " + x1 + "), u = " + u;
            double jLnGamma = IncompleteGamma.lnGamma(a[3]);
            if (!lnGamma.add(jLnGamma, c[0])) {
                assertTrue(Math.abs(jLnGamma - c[0]) <= 1e-14 * Math.max(1, Math.abs(jLnGamma)), "ln Γ: " + call);
            }
            relative(transmittance, atm.transmittance(x0), c[1], "transmittance, " + call);
            relative(pdf, atm.returnPdf(x0), c[3], "pdf, " + call);
            double jCdf = atm.returnCdf(x0);
            boolean bySeries = x0 / a[4] < a[3] + 1;
            within(cdf, jCdf, c[2], bySeries, bySeries ? jCdf : 1 - jCdf, "CDF, " + call);
            assertSameBits(atm.maxReturnProbability(), c[4], "bound, " + call);
            double jProbability = atm.returnProbability(x0, x1);
            if (a[2] == 0 || x1 == x0) {
                assertSameBits(jProbability, c[5], "probability, " + call);
            }
            if (!probability.add(jProbability, c[5])) {
                assertTrue(Math.abs(jProbability - c[5]) <= 1e-14, "probability, " + call + ": Java " + jProbability
                        + ", CUDA " + c[5]);
            }
            double jSample = atm.sampleReturn(x0, x1, u);
            double[] inversion = javaInversion(a[3], a[4], x0, x1, u);
            int path = (int) inversion[0], cudaPath = (int) c[7];
            paths[path]++;
            infinite += x1 == Double.POSITIVE_INFINITY ? 1 : 0;
            if (path != cudaPath) {
                pathsDiffer++;
                System.out.println("paths differ (Java " + path + ", CUDA " + cudaPath + "): " + call);
            } else if (path == 0 || path == 3) {
                assertSameBits(jSample, c[6], "sampleReturn, path " + path + ", " + call);
            }
            byPath[path].add(jSample, c[6]);
            if (path == 1 && inversion[1] > 1 - NEAR_ONE) {
                // P's target within 1e-9 of 1: P is 1 − Q there, resolved to 2^-53 only, so the quantile is as
                // ill-conditioned in Java as here; the two OPLs agree in Q, the tail's own measure
                double qJava = IncompleteGamma.q(a[3], jSample / a[4]), qCuda = IncompleteGamma.q(a[3], c[6] / a[4]);
                if (!nearOne.add(jSample, c[6])) {
                    assertTrue(Math.abs(qJava - qCuda) <= 0x1p-50, "sampleReturn near P = 1, " + call + ": Java "
                            + jSample + " (Q " + qJava + "), CUDA " + c[6] + " (Q " + qCuda + ")");
                }
            } else if (!sample.add(jSample, c[6])) {
                assertTrue(Math.abs(jSample - c[6]) <= 1e-9, "sampleReturn, " + call + ": Java " + jSample + ", CUDA "
                        + c[6]);
            }
            assertTrue(c[6] >= x0 && (c[6] < x1 || x1 == x0), "sampled OPL in the segment, " + call);
        }
        lnGamma.assertDifferingBelow(0.005);
        transmittance.assertDifferingBelow(0.01);
        cdf.assertDifferingBelow(0.01);
        pdf.assertDifferingBelow(0.01);
        probability.assertDifferingBelow(0.01);
        sample.assertDifferingBelow(0.02);
        nearOne.assertDifferingBelow(0.05);
        for (Stats s : byPath) {
            s.print();
        }
        System.out.printf("[L-14] sampleReturn paths (empty, P, Q, log-linear): %d %d %d %d, x1 = +inf %d, paths "
                + "differing %d%n", paths[0], paths[1], paths[2], paths[3], infinite, pathsDiffer);
        for (int p : paths) {
            assertTrue(p > N / 50, "every path taken often: " + java.util.Arrays.toString(paths));
        }
        assertTrue(pathsDiffer <= N / 1000, "paths differ in " + pathsDiffer + " calls");
        assertTrue(infinite > N / 10, "x1 = +inf: " + infinite);
    }

    private static void relative(Stats s, double java, double cuda, String call) {
        if (!s.add(java, cuda)) {
            assertTrue(Math.abs(java - cuda) <= 1e-12 * Math.abs(java) + 1e-300, call + ": Java " + java + ", CUDA "
                    + cuda);
        }
    }

    /**
     * [L-14] ReturnPipeline.shade's atmospheric candidate: the first uniform drawn only below a positive bound on a
     * non-empty segment, the bound tested first, the return probability, the sampled OPL from the medium's entry and
     * the intensity prior·exp(−(τ + α (xa − x0)))/π. The decisions are Java's but for a uniform within the
     * probabilities' difference (none expected); the OPLs within 1e-9 m, the intensities within 1e-12 relative.
     */
    @Test
    void atmosphericCandidateAsReturnPipelineShadeL14() {
        List<double[]> args = HostProgram.rows(N, i -> {
            double[] m = atmosphere(i), s = segment(i / 13, m[3], m[4]);
            double entry = i % 3 == 0 ? 0 : random.nextDouble(0, 100);
            double bound = Math.min(1, 2 * m[2]);
            // uniforms mostly below the bound, where the return probability decides
            double u = i % 11 == 0 ? random.nextDouble() : bound * random.nextDouble() * decades(-3, 0);
            return MaterialsOnHostTest.concat(m, new double[] {entry + s[0], entry + s[1], entry,
                random.nextDouble(1e-3, 1), random.nextDouble(0, 5), u, random.nextDouble()});
        });
        double[][] cuda = HostProgram.run("atmosphere_candidate", args);
        Stats opl = new Stats("[L-14] atmospheric candidate OPL (m)"),
                intensity = new Stats("[L-14] atmospheric candidate intensity");
        int returns = 0, drawn = 0, decisionsDiffer = 0;
        for (int i = 0; i < N; i++) {
            double[] a = args.get(i), c = cuda[i];
            Atmosphere atm = new Atmosphere(a[0], a[1], a[2], a[3], a[4]);
            double x0 = a[5], x1 = a[6], entry = a[7], prior = a[8], tau = a[9], alpha = atm.attenuation();
            // ReturnPipeline.shade's lines, with the node's candidate slot empty
            double bound = atm.maxReturnProbability(), u = 1;
            boolean draws = bound > 0 && x1 > x0;
            if (draws) {
                u = a[10];
            }
            boolean hit = false;
            double xa = -1, in = -1;
            if (u < bound && u < atm.returnProbability(x0 - entry, x1 - entry)) {
                hit = true;
                xa = entry + atm.sampleReturn(x0 - entry, x1 - entry, a[11]);
                in = prior * Math.exp(-(tau + alpha * (xa - x0))) / Math.PI;
            }
            String call = atm + ", [" + x0 + ", " + x1 + "), entry " + entry + ", u = " + u;
            assertEquals(draws, c[0] != 0, "drawn, " + call);
            drawn += draws ? 1 : 0;
            if (hit != (c[1] != 0)) {
                decisionsDiffer++;
                System.out.println("decisions differ (Java " + hit + "): " + call);
                continue;
            }
            if (hit) {
                returns++;
                if (!opl.add(xa, c[2])) {
                    assertTrue(Math.abs(xa - c[2]) <= 1e-9, "OPL, " + call + ": Java " + xa + ", CUDA " + c[2]);
                }
                relative(intensity, in, c[3], "intensity, " + call);
            }
        }
        opl.assertDifferingBelow(0.02);
        intensity.assertDifferingBelow(0.01);
        System.out.printf("[L-14] atmospheric candidates: %d segments, %d drew u, %d returns, %d decisions differ%n", N,
                drawn, returns, decisionsDiffer);
        assertTrue(returns > N / 10, "returns: " + returns);
        assertTrue(decisionsDiffer <= N / 10_000, "decisions differ: " + decisionsDiffer);
    }
}
