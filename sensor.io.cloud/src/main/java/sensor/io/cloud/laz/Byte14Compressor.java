package sensor.io.cloud.laz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import sensor.io.cloud.laz.ArithmeticEncoder.Model;

/**
 * The extra bytes of a LAS 1.4 point (LASzip item BYTE14, version 3): one layer per byte, each byte coded as its
 * difference to the same byte of the last point, per scanner channel. Follows LASzip (Apache-2.0),
 * src/laswriteitemcompressed_v3.cpp, {@code LASwriteItemCompressed_BYTE14_v3}, including its context switch (on a
 * switch back to a used channel the previous channel's last bytes stay the reference).
 */
final class Byte14Compressor implements ItemCompressor {
    private final int number;
    private final ArithmeticEncoder[] enc;
    private final boolean[] changed;
    private final Model[][] models = new Model[4][];
    private final byte[][] last = new byte[4][];
    private final boolean[] used = new boolean[4];
    private int current;

    /** For {@code number} extra bytes per point. */
    Byte14Compressor(int number) {
        this.number = number;
        enc = new ArithmeticEncoder[number];
        changed = new boolean[number];
        for (int i = 0; i < number; i++) {
            enc[i] = new ArithmeticEncoder();
        }
    }

    @Override
    public int init(byte[] buf, int off, int context) {
        for (int i = 0; i < number; i++) {
            enc[i].init();
            changed[i] = false;
        }
        Arrays.fill(used, false);
        current = context;
        initContext(context, buf, off);
        return context;
    }

    private void initContext(int context, byte[] from, int off) {
        if (models[context] == null) {
            models[context] = new Model[number];
            for (int i = 0; i < number; i++) {
                models[context][i] = new Model(256);
            }
            last[context] = new byte[number];
        }
        for (Model m : models[context]) {
            m.init();
        }
        System.arraycopy(from, off, last[context], 0, number);
        used[context] = true;
    }

    @Override
    public int write(byte[] buf, int off, int context) {
        byte[] lastItem = last[current];
        if (current != context) {
            current = context;
            if (!used[context]) {
                initContext(context, lastItem, 0);
                lastItem = last[context];
            }
        }
        Model[] m = models[current];
        for (int i = 0; i < number; i++) {
            int diff = (buf[off + i] & 0xFF) - (lastItem[i] & 0xFF);
            enc[i].encodeSymbol(m[i], diff & 0xFF);
            if (diff != 0) {
                changed[i] = true;
                lastItem[i] = buf[off + i];
            }
        }
        return context;
    }

    @Override
    public void writeSizes(ByteArrayOutputStream out) {
        for (int i = 0; i < number; i++) {
            enc[i].done();
            ItemCompressor.putInt(out, changed[i] ? enc[i].size() : 0);
        }
    }

    @Override
    public void writeLayers(ByteArrayOutputStream out) {
        for (int i = 0; i < number; i++) {
            if (changed[i]) {
                enc[i].writeTo(out);
            }
        }
    }
}
