package sensor.io.laz;

import java.io.ByteArrayOutputStream;

/**
 * One item of a LAS 1.4 point record (POINT14, RGB14, BYTE14), compressed chunk by chunk into separate layers, each
 * its own arithmetic-coded stream. The context passed along is the scanner channel: set by POINT14, used by the
 * items after it, as LASzip's {@code LASwriteItemCompressed} (Apache-2.0, src/laswritepoint.cpp) hands it on.
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
