package sensor.api.random;

import java.nio.charset.StandardCharsets;

/**
 * A counter-based random generator: Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as
 * 1, 2, 3", SC'11). A number is a pure function of (key, step, index, draw), so a noise stage gives the
 * same values whatever the thread count, the order of evaluation or the backend (the GPU kernels use
 * the same function). The key mixes the scenario seed with a stream name, normally the sensor id.
 */
public final class CounterRandom {
    private static final int M0 = 0xD2511F53, M1 = 0xCD9E8D57, W0 = 0x9E3779B9, W1 = 0xBB67AE85;
    private static final double TWO_POW_M53 = 0x1.0p-53;

    private final long key;

    private CounterRandom(long key) {
        this.key = key;
    }

    /** A generator for one stream of a seeded run; equal arguments give equal numbers. */
    public static CounterRandom of(long seed, String stream) {
        long h = 0xcbf29ce484222325L; // FNV-1a 64 over the UTF-8 bytes of the stream name
        for (byte b : stream.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return new CounterRandom(mix(seed ^ mix(h)));
    }

    /** A generator with a raw 64-bit Philox key (low word k0, high word k1). */
    public static CounterRandom ofKey(long key) {
        return new CounterRandom(key);
    }

    /** The 64-bit Philox key of this generator. */
    public long key() {
        return key;
    }

    /**
     * One Philox4x32-10 block for the 128-bit counter (c0, c1, c2, c3) and this key; writes 4 words.
     */
    public void block(int c0, int c1, int c2, int c3, int[] out) {
        int k0 = (int) key, k1 = (int) (key >>> 32);
        for (int round = 0; round < 10; round++) {
            long p0 = (M0 & 0xffffffffL) * (c0 & 0xffffffffL);
            long p1 = (M1 & 0xffffffffL) * (c2 & 0xffffffffL);
            int n0 = (int) (p1 >>> 32) ^ c1 ^ k0;
            int n1 = (int) p1;
            int n2 = (int) (p0 >>> 32) ^ c3 ^ k1;
            int n3 = (int) p0;
            c0 = n0; c1 = n1; c2 = n2; c3 = n3;
            k0 += W0;
            k1 += W1;
        }
        out[0] = c0; out[1] = c1; out[2] = c2; out[3] = c3;
    }

    /**
     * Uniform double in [0, 1) for (step, index, draw): counter = (index low, index high, step low, draw),
     * with the high word of the step folded into the key.
     */
    public double uniform(long step, long index, int draw) {
        int[] w = new int[4];
        blockFor(step, index, draw, w);
        return toUnit(w[0], w[1]);
    }

    /** Standard normal deviate for (step, index, draw), by the Box–Muller transform of one block. */
    public double gaussian(long step, long index, int draw) {
        int[] w = new int[4];
        blockFor(step, index, draw, w);
        double u1 = 1.0 - toUnit(w[0], w[1]); // (0, 1]
        double u2 = toUnit(w[2], w[3]);
        return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    /** Normal deviate with mean {@code mean} and standard deviation {@code sigma}. */
    public double gaussian(long step, long index, int draw, double mean, double sigma) {
        return mean + sigma * gaussian(step, index, draw);
    }

    private void blockFor(long step, long index, int draw, int[] w) {
        CounterRandom g = (step >>> 32) == 0 ? this : new CounterRandom(mix(key ^ (step >>> 32)));
        g.block((int) index, (int) (index >>> 32), (int) step, draw, w);
    }

    private static double toUnit(int hi, int lo) {
        long bits = ((hi & 0xffffffffL) << 21) ^ ((lo & 0xffffffffL) >>> 11);
        return (bits & ((1L << 53) - 1)) * TWO_POW_M53;
    }

    private static long mix(long z) { // SplitMix64 finalizer
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
