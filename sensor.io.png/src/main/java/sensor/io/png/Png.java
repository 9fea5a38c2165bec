package sensor.io.png;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A PNG encoder that writes, byte for byte, what the JDK's ImageIO PNG writer writes for the same pixels with its
 * default settings: the signature, {@code IHDR}, the rows unfiltered (filter type 0 before each row), compressed by
 * zlib at level 4 and cut into {@code IDAT} chunks of 32 KiB, then {@code IEND}. It reads the rows straight from arrays,
 * where ImageIO goes pixel by pixel through {@code Raster}s (costly, and recompiled by the JIT for every image type).
 */
final class Png {
    /** PNG colour types. */
    static final int GREY = 0, RGB = 2;
    private static final int LEVEL = 4, CHUNK = 32768;

    /** Fills one row of samples, big-endian for 16 bits; {@code row} is the row's index from the top. */
    interface Rows {
        void fill(int row, byte[] samples);
    }

    private Png() {}

    /**
     * Writes an image of {@code width × height} pixels of colour type {@link #GREY} or {@link #RGB} with
     * {@code bitDepth} 8 or 16 bits per sample.
     */
    static void write(OutputStream out, int width, int height, int colorType, int bitDepth, Rows rows) throws IOException {
        int bytesPerRow = width * (colorType == RGB ? 3 : 1) * (bitDepth / 8);
        byte[] data = deflated(height, bytesPerRow, rows);
        out.write(new byte[] {(byte) 137, 'P', 'N', 'G', '\r', '\n', 26, '\n'});
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) bitDepth).put((byte) colorType);
        chunk(out, "IHDR", header.array(), 0, 13); // compression, filter and interlace methods 0
        for (int off = 0; off < data.length; off += CHUNK) { // zlib's output is never empty
            chunk(out, "IDAT", data, off, Math.min(CHUNK, data.length - off));
        }
        chunk(out, "IEND", data, 0, 0);
    }

    /**
     * The zlib stream of the image's rows, each led by filter type 0; a method of its own, so that its row loop's
     * compilation on the stack leaves out the chunks' code.
     */
    private static byte[] deflated(int height, int bytesPerRow, Rows rows) {
        byte[] row = new byte[1 + bytesPerRow]; // row[0] = 0: filter type "none"
        byte[] sample = new byte[bytesPerRow];
        Deflater deflater = new Deflater(LEVEL);
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(bytesPerRow * height / 4 + 64);
        byte[] buf = new byte[CHUNK];
        try {
            for (int y = 0; y < height; y++) {
                rows.fill(y, sample);
                System.arraycopy(sample, 0, row, 1, bytesPerRow);
                deflater.setInput(row);
                while (!deflater.needsInput()) {
                    compressed.write(buf, 0, deflater.deflate(buf));
                }
            }
            deflater.finish();
            while (!deflater.finished()) {
                compressed.write(buf, 0, deflater.deflate(buf));
            }
        } finally {
            deflater.end();
        }
        return compressed.toByteArray();
    }

    /** Writes a {@code TYPE_INT_RGB}, {@code TYPE_3BYTE_BGR} or {@code TYPE_BYTE_GRAY} image. */
    static void write(BufferedImage img, OutputStream out) throws IOException {
        int w = img.getWidth();
        switch (img.getType()) {
            case BufferedImage.TYPE_INT_RGB: {
                int[] px = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
                write(out, w, img.getHeight(), RGB, 8, (y, s) -> {
                    for (int x = 0, p = y * w; x < w; x++, p++) {
                        s[3 * x] = (byte) (px[p] >> 16);
                        s[3 * x + 1] = (byte) (px[p] >> 8);
                        s[3 * x + 2] = (byte) px[p];
                    }
                });
                break;
            }
            case BufferedImage.TYPE_3BYTE_BGR: {
                byte[] px = ((DataBufferByte) img.getRaster().getDataBuffer()).getData();
                write(out, w, img.getHeight(), RGB, 8, (y, s) -> {
                    for (int x = 0, p = 3 * y * w; x < w; x++, p += 3) {
                        s[3 * x] = px[p + 2];
                        s[3 * x + 1] = px[p + 1];
                        s[3 * x + 2] = px[p];
                    }
                });
                break;
            }
            case BufferedImage.TYPE_BYTE_GRAY: {
                byte[] px = ((DataBufferByte) img.getRaster().getDataBuffer()).getData();
                write(out, w, img.getHeight(), GREY, 8, (y, s) -> System.arraycopy(px, y * w, s, 0, w));
                break;
            }
            default:
                throw new IllegalArgumentException("no PNG encoding for image type " + img.getType());
        }
    }

    private static void chunk(OutputStream out, String type, byte[] data, int off, int len) throws IOException {
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data, off, len);
        out.write(ByteBuffer.allocate(8).putInt(len).put(t).array());
        out.write(data, off, len);
        out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
