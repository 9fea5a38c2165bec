package sensor.io.cloud.laz;

import sensor.io.cloud.laz.ArithmeticEncoder.BitModel;
import sensor.io.cloud.laz.ArithmeticEncoder.Model;

/**
 * Codes an integer as its difference (corrector) to a prediction: first the corrector's bit length k in one of
 * several contexts, then its value within [-(2^k - 1), 2^k], the top 8 bits modelled and the rest raw. Follows
 * LASzip (Apache-2.0), src/integercompressor.cpp (with {@code bits_high} 8 and no range, as every LAS 1.4 item uses
 * it).
 */
final class IntegerCompressor {
    private static final int BITS_HIGH = 8;

    private final ArithmeticEncoder enc;
    private final int corrRange;
    private final int corrMin;
    private final int corrMax;
    private final Model[] bits;
    private final BitModel corrector0 = new BitModel();
    private final Model[] corrector;
    private int k;

    /** Values of {@code bits} bits (16 or 32), with {@code contexts} models for k. */
    IntegerCompressor(ArithmeticEncoder enc, int bits, int contexts) {
        this.enc = enc;
        if (bits < 32) {
            corrRange = 1 << bits;
            corrMin = -(corrRange / 2);
            corrMax = corrMin + corrRange - 1;
        } else {
            corrRange = 0;
            corrMin = Integer.MIN_VALUE;
            corrMax = Integer.MAX_VALUE;
        }
        this.bits = new Model[contexts];
        for (int i = 0; i < contexts; i++) {
            this.bits[i] = new Model(bits + 1);
        }
        corrector = new Model[bits + 1];
        for (int i = 1; i <= bits; i++) {
            corrector[i] = new Model(1 << Math.min(i, BITS_HIGH));
        }
    }

    /** Resets every model, as at the start of a chunk. */
    void init() {
        for (Model m : bits) {
            m.init();
        }
        corrector0.init();
        for (int i = 1; i < corrector.length; i++) {
            corrector[i].init();
        }
    }

    /** The bit length k of the last corrector. */
    int k() {
        return k;
    }

    void compress(int pred, int real, int context) {
        int corr = real - pred;
        if (corr < corrMin) {
            corr += corrRange;
        } else if (corr > corrMax) {
            corr -= corrRange;
        }
        writeCorrector(corr, bits[context]);
    }

    private void writeCorrector(int c, Model kModel) {
        // the tightest interval [-(2^k - 1), 2^k] that holds c
        k = 32 - Integer.numberOfLeadingZeros(c <= 0 ? -c : c - 1);
        enc.encodeSymbol(kModel, k);
        if (k == 0) {
            enc.encodeBit(corrector0, c); // c is 0 or 1
        } else if (k < 32) {
            c = c < 0 ? c + ((1 << k) - 1) : c - 1; // into [0, 2^k - 1]
            if (k <= BITS_HIGH) {
                enc.encodeSymbol(corrector[k], c);
            } else {
                int low = k - BITS_HIGH;
                enc.encodeSymbol(corrector[k], c >>> low);
                enc.writeBits(low, c & ((1 << low) - 1));
            }
        }
    }
}
