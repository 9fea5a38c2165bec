// Philox4x32-10 and the draws of sensor.api's CounterRandom, as SIM_HD functions: a number is a pure function of
// (key, step, index, draw), so a kernel and the host test program draw the very numbers the Java stages draw.
// The block and the uniform are + ^ and integer multiplies only: the same bits everywhere. The Gaussian is the
// Box–Muller transform of one block, sqrt(-2 log u1) cos(2 pi u2), as CounterRandom.gaussian: sqrt is correctly
// rounded, but log and cos come from the host's C library or CUDA's math library, and Java's Math.log and Math.cos
// (HotSpot intrinsics) may differ from them in the last place, so a Gaussian may differ from Java's by an ulp or
// two (DetectionOnHostTest counts how often). trace.cu keeps its own device-only copy of the block for now; it could
// include this file instead (philox4x32_10 with the same word order, counter_unit = philox_unit).
#pragma once
#include "sim.cuh"

#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

/** The high 32 bits of the 64-bit product a·b: __umulhi on the GPU, the 64-bit product on the host. */
SIM_HD unsigned int philox_mulhi(unsigned int a, unsigned int b) {
#ifdef __CUDA_ARCH__
    return __umulhi(a, b);
#else
    return (unsigned int) (((unsigned long long) a * b) >> 32);
#endif
}

/** One Philox4x32-10 block: counter c (4 words, replaced by the output), key (k0, k1); CounterRandom.block. */
SIM_HD void philox4x32_10(unsigned int c[4], unsigned int k0, unsigned int k1) {
    for (int round = 0; round < 10; round++) {
        unsigned int hi0 = philox_mulhi(PHILOX_M0, c[0]), lo0 = PHILOX_M0 * c[0];
        unsigned int hi1 = philox_mulhi(PHILOX_M1, c[2]), lo1 = PHILOX_M1 * c[2];
        unsigned int n0 = hi1 ^ c[1] ^ k0, n1 = lo1, n2 = hi0 ^ c[3] ^ k1, n3 = lo0;
        c[0] = n0;
        c[1] = n1;
        c[2] = n2;
        c[3] = n3;
        k0 += PHILOX_W0;
        k1 += PHILOX_W1;
    }
}

/** The SplitMix64 finaliser (CounterRandom.mix). */
SIM_HD unsigned long long counter_mix(unsigned long long z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/** The key the block for {@code step} uses: the generator's, with the step's high word folded in when not zero. */
SIM_HD unsigned long long counter_step_key(unsigned long long key, long long step) {
    unsigned long long high = (unsigned long long) step >> 32;
    return high == 0 ? key : counter_mix(key ^ high);
}

/** The block for (step, index, draw): counter (index low, index high, step low, draw) (CounterRandom.blockFor). */
SIM_HD void counter_block(unsigned long long key, long long step, long long index, int draw, unsigned int w[4]) {
    unsigned long long k = counter_step_key(key, step);
    w[0] = (unsigned int) (unsigned long long) index;
    w[1] = (unsigned int) ((unsigned long long) index >> 32);
    w[2] = (unsigned int) (unsigned long long) step;
    w[3] = (unsigned int) draw;
    philox4x32_10(w, (unsigned int) k, (unsigned int) (k >> 32));
}

/** Uniform double in [0, 1) from two block words: 53 bits times 2^-53, exact (CounterRandom.toUnit). */
SIM_HD double counter_unit(unsigned int hi, unsigned int lo) {
    unsigned long long bits = ((unsigned long long) hi << 21) ^ ((unsigned long long) lo >> 11);
    return (double) (bits & ((1ull << 53) - 1)) * 0x1.0p-53;
}

/** CounterRandom.uniform(step, index, draw) of the generator with raw key {@code key}: Java's bits. */
SIM_HD double counter_uniform(unsigned long long key, long long step, long long index, int draw) {
    unsigned int w[4];
    counter_block(key, step, index, draw, w);
    return counter_unit(w[0], w[1]);
}

/**
 * CounterRandom.gaussian(step, index, draw): Box–Muller on one block, u1 = 1 − unit(w0, w1) in (0, 1], u2 =
 * unit(w2, w3). u1 and u2 are Java's bits; log and cos are the platform's (see the head of this file).
 */
SIM_HD double counter_gaussian(unsigned long long key, long long step, long long index, int draw) {
    unsigned int w[4];
    counter_block(key, step, index, draw, w);
    double u1 = 1.0 - counter_unit(w[0], w[1]);
    double u2 = counter_unit(w[2], w[3]);
    return sqrt(-2.0 * log(u1)) * cos(2 * SIM_PI * u2);
}

/** CounterRandom.gaussian(step, index, draw, mean, sigma): mean + sigma · N(0, 1). */
SIM_HD double counter_gaussian(unsigned long long key, long long step, long long index, int draw, double mean,
        double sigma) {
    return mean + sigma * counter_gaussian(key, step, index, draw);
}
