package sensor.io.cloud.laz;

import java.io.ByteArrayOutputStream;

/**
 * One item of a LAS 1.4 point record (POINT14, RGB14, BYTE14), compressed chunk by chunk into separate layers, each
 * its own arithmetic-coded stream. The context handed from item to item is a scanner channel, set by POINT14: at a
 * chunk's start the first point's channel; then, as LASzip v3 does it (Apache-2.0, src/laswritepoint.cpp), the new
 * channel on a point whose channel changes and 0 on every other point.
 */
interface ItemCompressor {
    /**
     * Starts a chunk whose first record (written raw by the caller) has this item at {@code buf[off]}; returns the
     * context for the items after it.
     */
    int init(byte[] buf, int off, int context);

    /** Compresses the item at {@code buf[off]} of the next record; returns the context for the items after it. */
    int write(byte[] buf, int off, int context);

    /** Ends the chunk's layers and writes their byte counts (unsigned 32-bit, little-endian; 0 for an unused layer). */
    void writeSizes(ByteArrayOutputStream out);

    /** Writes the bytes of the layers counted by {@link #writeSizes}. */
    void writeLayers(ByteArrayOutputStream out);

    /** Writes {@code v} as 4 bytes, little-endian. */
    static void putInt(ByteArrayOutputStream out, int v) {
        out.write(v);
        out.write(v >>> 8);
        out.write(v >>> 16);
        out.write(v >>> 24);
    }
}
