package sensor.lidar.gpu;

/**
 * The Java port of the kernel's Philox4x32-10 ({@code philox} in {@code trace.cu}): the same constants and word
 * order as {@link sensor.api.random.CounterRandom}, on explicit 32-bit key words, so the key words handed to a
 * kernel can be computed here and checked against CounterRandom without a GPU.
 */
public final class Philox {
    /** Multipliers and Weyl key increments (Salmon et al., SC'11), as in CounterRandom and trace.cu. */
    public static final int M0 = 0xD2511F53, M1 = 0xCD9E8D57, W0 = 0x9E3779B9, W1 = 0xBB67AE85;

    private Philox() {}

    /** One block: counter {@code (c0, c1, c2, c3)}, key {@code (k0, k1)}; writes 4 words into {@code out}. */
    public static void block(int k0, int k1, int c0, int c1, int c2, int c3, int[] out) {
        for (int round = 0; round < 10; round++) {
            long p0 = (M0 & 0xffffffffL) * (c0 & 0xffffffffL);
            int hi0 = (int) (p0 >>> 32), lo0 = M0 * c0;
            long p1 = (M1 & 0xffffffffL) * (c2 & 0xffffffffL);
            int hi1 = (int) (p1 >>> 32), lo1 = M1 * c2;
            int n0 = hi1 ^ c1 ^ k0, n1 = lo1, n2 = hi0 ^ c3 ^ k1, n3 = lo0;
            c0 = n0;
            c1 = n1;
            c2 = n2;
            c3 = n3;
            k0 += W0;
            k1 += W1;
        }
        out[0] = c0;
        out[1] = c1;
        out[2] = c2;
        out[3] = c3;
    }

    /**
     * The two key words the kernel gets for {@code step}: the generator's key, with the step's high word folded
     * in (SplitMix64 finaliser) when it is not zero, as CounterRandom does; low word first.
     */
    public static int[] keyWords(long key, long step) {
        long k = (step >>> 32) == 0 ? key : mix(key ^ (step >>> 32));
        return new int[] {(int) k, (int) (k >>> 32)};
    }

    /** Uniform double in [0, 1) from two block words, as CounterRandom and {@code philox_unit}. */
    public static double unit(int hi, int lo) {
        long bits = ((hi & 0xffffffffL) << 21) ^ ((lo & 0xffffffffL) >>> 11);
        return (bits & ((1L << 53) - 1)) * 0x1.0p-53;
    }

    /** Uniform for (key, step, index, draw), the value of CounterRandom.uniform. */
    public static double uniform(long key, long step, long index, int draw) {
        int[] k = keyWords(key, step);
        int[] w = new int[4];
        block(k[0], k[1], (int) index, (int) (index >>> 32), (int) step, draw, w);
        return unit(w[0], w[1]);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
