package sensor.io.cloud.laz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import sensor.io.cloud.laz.ArithmeticEncoder.Model;

/**
 * The colour of a LAS 1.4 point (LASzip item RGB14, version 3), one layer: a mask of the changed bytes, then the
 * low and high byte of red as differences to the last colour, green and blue as corrections to red's difference.
 * Follows LASzip (Apache-2.0), src/laswriteitemcompressed_v3.cpp, {@code LASwriteItemCompressed_RGB14_v3}, including
 * its context switch (on a switch back to a used channel the previous channel's last colour stays the reference).
 */
final class Rgb14Compressor implements ItemCompressor {
    private final ArithmeticEncoder enc = new ArithmeticEncoder();
    private boolean changed;
    /** Per scanner channel: the byte-mask model, then one model per corrected byte. */
    private final Model[][] models = new Model[4][];
    private final int[][] last = new int[4][3];
    private final boolean[] used = new boolean[4];
    private int current;

    @Override
    public int init(byte[] buf, int off, int context) {
        enc.init();
        changed = false;
        Arrays.fill(used, false);
        current = context;
        initContext(context, rgb(buf, off));
        return context;
    }

    private static int[] rgb(byte[] b, int off) {
        return new int[] {u16(b, off), u16(b, off + 2), u16(b, off + 4)};
    }

    private static int u16(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8;
    }

    private void initContext(int context, int[] from) {
        if (models[context] == null) {
            models[context] = new Model[7];
            models[context][0] = new Model(128);
            for (int i = 1; i < 7; i++) {
                models[context][i] = new Model(256);
            }
        }
        for (Model m : models[context]) {
            m.init();
        }
        System.arraycopy(from, 0, last[context], 0, 3);
        used[context] = true;
    }

    @Override
    public int write(byte[] buf, int off, int context) {
        int[] l = last[current];
        if (current != context) {
            current = context;
            if (!used[context]) {
                initContext(context, l);
                l = last[context];
            }
        }
        Model[] m = models[current];
        int r = u16(buf, off), g = u16(buf, off + 2), b = u16(buf, off + 4);
        int sym = ((l[0] & 0xFF) != (r & 0xFF) ? 1 : 0)
                | ((l[0] & 0xFF00) != (r & 0xFF00) ? 1 << 1 : 0)
                | ((l[1] & 0xFF) != (g & 0xFF) ? 1 << 2 : 0)
                | ((l[1] & 0xFF00) != (g & 0xFF00) ? 1 << 3 : 0)
                | ((l[2] & 0xFF) != (b & 0xFF) ? 1 << 4 : 0)
                | ((l[2] & 0xFF00) != (b & 0xFF00) ? 1 << 5 : 0)
                | ((r & 0xFF) != (g & 0xFF) || (r & 0xFF) != (b & 0xFF) || (r & 0xFF00) != (g & 0xFF00)
                        || (r & 0xFF00) != (b & 0xFF00) ? 1 << 6 : 0);
        enc.encodeSymbol(m[0], sym);
        int diffLow = 0, diffHigh = 0;
        if ((sym & 1) != 0) {
            diffLow = (r & 0xFF) - (l[0] & 0xFF);
            enc.encodeSymbol(m[1], diffLow & 0xFF);
        }
        if ((sym & 1 << 1) != 0) {
            diffHigh = (r >> 8) - (l[0] >> 8);
            enc.encodeSymbol(m[2], diffHigh & 0xFF);
        }
        if ((sym & 1 << 6) != 0) {
            if ((sym & 1 << 2) != 0) {
                enc.encodeSymbol(m[3], ((g & 0xFF) - clamp(diffLow + (l[1] & 0xFF))) & 0xFF);
            }
            if ((sym & 1 << 4) != 0) {
                diffLow = (diffLow + (g & 0xFF) - (l[1] & 0xFF)) / 2;
                enc.encodeSymbol(m[5], ((b & 0xFF) - clamp(diffLow + (l[2] & 0xFF))) & 0xFF);
            }
            if ((sym & 1 << 3) != 0) {
                enc.encodeSymbol(m[4], ((g >> 8) - clamp(diffHigh + (l[1] >> 8))) & 0xFF);
            }
            if ((sym & 1 << 5) != 0) {
                diffHigh = (diffHigh + (g >> 8) - (l[1] >> 8)) / 2;
                enc.encodeSymbol(m[6], ((b >> 8) - clamp(diffHigh + (l[2] >> 8))) & 0xFF);
            }
        }
        if (sym != 0) {
            changed = true;
        }
        l[0] = r;
        l[1] = g;
        l[2] = b;
        return context;
    }

    /** Clamped to a byte's range. */
    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }

    @Override
    public void writeSizes(ByteArrayOutputStream out) {
        enc.done();
        ItemCompressor.putInt(out, changed ? enc.size() : 0);
    }

    @Override
    public void writeLayers(ByteArrayOutputStream out) {
        if (changed) {
            enc.writeTo(out);
        }
    }
}
