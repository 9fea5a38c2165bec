package sensor.io.cloud.laz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The range coder of LASzip (Amir Said's FastAC, 32-bit): adaptive symbol and bit models, raw bits, output into a
 * growing byte array. Follows LASzip (Apache-2.0), src/arithmeticencoder.cpp and src/arithmeticmodel.cpp; all
 * arithmetic is unsigned 32-bit, held in {@code int}.
 */
final class ArithmeticEncoder {
    /** Renormalise when the interval length falls below this (2^24). */
    private static final int MIN_LENGTH = 1 << 24;

    private byte[] buf = new byte[4096];
    private int size;
    private int base;
    private int length;

    ArithmeticEncoder() {
        init();
    }

    /** Starts a new stream, dropping the bytes written so far. */
    void init() {
        size = 0;
        base = 0;
        length = -1; // 0xFFFFFFFF
    }

    /** Bytes written (final once {@link #done} has been called). */
    int size() {
        return size;
    }

    /** Appends the bytes written to {@code out}. */
    void writeTo(ByteArrayOutputStream out) {
        out.write(buf, 0, size);
    }

    /** Codes {@code bit} (0 or 1) with model {@code m}, then adapts the model. */
    void encodeBit(BitModel m, int bit) {
        int x = m.bit0Prob * (length >>> BitModel.LENGTH_SHIFT);
        if (bit == 0) {
            length = x;
            m.bit0Count++;
        } else {
            add(x);
            length -= x;
        }
        if (Integer.compareUnsigned(length, MIN_LENGTH) < 0) {
            renormalise();
        }
        if (--m.bitsUntilUpdate == 0) {
            m.update();
        }
    }

    /** Codes {@code sym} with model {@code m}, then adapts the model. */
    void encodeSymbol(Model m, int sym) {
        int x;
        if (sym == m.lastSymbol) {
            x = m.distribution[sym] * (length >>> Model.LENGTH_SHIFT);
            add(x);
            length -= x;
        } else {
            length >>>= Model.LENGTH_SHIFT;
            x = m.distribution[sym] * length;
            add(x);
            length = m.distribution[sym + 1] * length - x;
        }
        if (Integer.compareUnsigned(length, MIN_LENGTH) < 0) {
            renormalise();
        }
        m.symbolCount[sym]++;
        if (--m.symbolsUntilUpdate == 0) {
            m.update();
        }
    }

    /** Writes the low {@code bits} (1 to 32) bits of {@code sym} with equal probabilities. */
    void writeBits(int bits, int sym) {
        if (bits > 19) {
            writeShort(sym & 0xFFFF);
            sym >>>= 16;
            bits -= 16;
        }
        length >>>= bits;
        add(sym * length);
        if (Integer.compareUnsigned(length, MIN_LENGTH) < 0) {
            renormalise();
        }
    }

    private void writeShort(int sym) {
        length >>>= 16;
        add(sym * length);
        if (Integer.compareUnsigned(length, MIN_LENGTH) < 0) {
            renormalise();
        }
    }

    /** Writes 32 raw bits, low half first. */
    void writeInt(int sym) {
        writeShort(sym & 0xFFFF);
        writeShort(sym >>> 16);
    }

    /** Ends the stream: flushes the interval and pads with the zero bytes the decoder reads ahead. */
    void done() {
        int initBase = base;
        boolean anotherByte = true;
        if (Integer.compareUnsigned(length, 2 * MIN_LENGTH) > 0) {
            base += MIN_LENGTH;
            length = MIN_LENGTH >>> 1;
        } else {
            base += MIN_LENGTH >>> 1;
            length = MIN_LENGTH >>> 9;
            anotherByte = false;
        }
        if (Integer.compareUnsigned(initBase, base) > 0) {
            propagateCarry();
        }
        renormalise();
        put((byte) 0);
        put((byte) 0);
        if (anotherByte) {
            put((byte) 0);
        }
    }

    /** Adds {@code x} to the interval base, carrying into the bytes already written on overflow. */
    private void add(int x) {
        int initBase = base;
        base += x;
        if (Integer.compareUnsigned(initBase, base) > 0) {
            propagateCarry();
        }
    }

    private void propagateCarry() {
        int p = size - 1;
        while (buf[p] == (byte) 0xFF) {
            buf[p--] = 0;
        }
        buf[p]++;
    }

    private void renormalise() {
        do {
            put((byte) (base >>> 24));
            base <<= 8;
            length <<= 8;
        } while (Integer.compareUnsigned(length, MIN_LENGTH) < 0);
    }

    private void put(byte b) {
        if (size == buf.length) {
            buf = Arrays.copyOf(buf, 2 * size);
        }
        buf[size++] = b;
    }

    /** An adaptive model of {@code symbols} symbols (2 to 2048), starting equiprobable. */
    static final class Model {
        static final int LENGTH_SHIFT = 15;
        private static final int MAX_COUNT = 1 << LENGTH_SHIFT;

        private final int symbols;
        final int lastSymbol;
        final int[] distribution;
        final int[] symbolCount;
        private int totalCount;
        private int updateCycle;
        int symbolsUntilUpdate;

        Model(int symbols) {
            this.symbols = symbols;
            lastSymbol = symbols - 1;
            distribution = new int[symbols];
            symbolCount = new int[symbols];
            init();
        }

        /** Back to equiprobable. */
        void init() {
            totalCount = 0;
            updateCycle = symbols;
            Arrays.fill(symbolCount, 1);
            update();
            symbolsUntilUpdate = updateCycle = (symbols + 6) >>> 1;
        }

        void update() {
            if ((totalCount += updateCycle) > MAX_COUNT) {
                totalCount = 0;
                for (int n = 0; n < symbols; n++) {
                    totalCount += symbolCount[n] = (symbolCount[n] + 1) >>> 1;
                }
            }
            int scale = (int) (0x80000000L / totalCount);
            int sum = 0;
            for (int k = 0; k < symbols; k++) {
                distribution[k] = (scale * sum) >>> (31 - LENGTH_SHIFT);
                sum += symbolCount[k];
            }
            updateCycle = Math.min((5 * updateCycle) >>> 2, (symbols + 6) << 3);
            symbolsUntilUpdate = updateCycle;
        }
    }

    /** An adaptive model of one bit, starting equiprobable. */
    static final class BitModel {
        static final int LENGTH_SHIFT = 13;
        private static final int MAX_COUNT = 1 << LENGTH_SHIFT;

        int bit0Prob;
        int bit0Count;
        private int bitCount;
        private int updateCycle;
        int bitsUntilUpdate;

        BitModel() {
            init();
        }

        void init() {
            bit0Count = 1;
            bitCount = 2;
            bit0Prob = 1 << (LENGTH_SHIFT - 1);
            updateCycle = bitsUntilUpdate = 4;
        }

        void update() {
            if ((bitCount += updateCycle) > MAX_COUNT) {
                bitCount = (bitCount + 1) >>> 1;
                bit0Count = (bit0Count + 1) >>> 1;
                if (bit0Count == bitCount) {
                    bitCount++;
                }
            }
            int scale = (int) (0x80000000L / bitCount);
            bit0Prob = (bit0Count * scale) >>> (31 - LENGTH_SHIFT);
            updateCycle = Math.min((5 * updateCycle) >>> 2, 64);
            bitsUntilUpdate = updateCycle;
        }
    }
}
