package sensor.io.cloud.laz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compresses a LAS 1.4 file of point data record format 6 or 7 to LAZ, byte for byte as LASzip 3.4 does: compressor
 * LAYERED_CHUNKED (3), items POINT14 v3, RGB14 v3 (format 7) and BYTE14 v3 (the extra bytes, if any); chunks of a
 * fixed number of points, each its first record raw, then the point count, the byte count of every layer and the
 * layers; at the end a table of the chunks' byte counts, arithmetic-coded. The header gets the compressed bit (7) of
 * the point format, one more VLR (the LASzip VLR, user id "laszip encoded", record id 22204) and the new offsets; the
 * file's VLRs and EVLRs are kept. Follows LASzip (Apache-2.0), src/laswritepoint.cpp, src/laszip.cpp and
 * src/laszip_dll.cpp.
 */
public final class LazEncoder {
    /** Points per chunk, LASzip's default. */
    static final int DEFAULT_CHUNK_SIZE = 50_000;
    private static final int HEADER_SIZE = 375, VLR_HEADER = 54, EVLR_HEADER = 60;
    /** LASzip item types. */
    private static final int POINT14 = 10, RGB14 = 11, BYTE14 = 14;

    private LazEncoder() {}

    /**
     * Compresses a complete LAS 1.4 file (point data record format 6 or 7, any number of extra bytes per point) to
     * LAZ, in chunks of 50,000 points.
     *
     * @throws IllegalArgumentException when {@code las} is not such a file or is truncated
     */
    public static void compress(byte[] las, OutputStream out) throws IOException {
        compress(las, DEFAULT_CHUNK_SIZE, out);
    }

    /** As {@link #compress(byte[], OutputStream)}, in chunks of {@code chunkSize} points. */
    public static void compress(byte[] las, int chunkSize, OutputStream out) throws IOException {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunk size must be at least 1 point, got " + chunkSize);
        }
        Layout l = Layout.of(las);
        int base = l.format == 6 ? 30 : 36;
        List<Item> items = new ArrayList<>(List.of(new Item(POINT14, 30, new Point14Compressor())));
        if (l.format == 7) {
            items.add(new Item(RGB14, 6, new Rgb14Compressor()));
        }
        if (l.recordLength > base) {
            items.add(new Item(BYTE14, l.recordLength - base, new Byte14Compressor(l.recordLength - base)));
        }
        byte[] vlr = laszipVlr(items, chunkSize);

        ByteArrayOutputStream chunks = new ByteArrayOutputStream(64 + l.count * l.recordLength / 4);
        List<Integer> chunkBytes = new ArrayList<>();
        for (int first = 0; first < l.count; first += chunkSize) {
            int size = Math.min(chunkSize, l.count - first);
            int start = chunks.size();
            int record = l.pointOffset + first * l.recordLength;
            chunks.write(las, record, l.recordLength);
            int context = 0; // the scanner channel, handed from item to item
            for (int k = 0, off = record; k < items.size(); off += items.get(k++).size) {
                context = items.get(k).compressor.init(las, off, context);
            }
            for (int i = 1; i < size; i++) {
                record += l.recordLength;
                context = 0;
                for (int k = 0, off = record; k < items.size(); off += items.get(k++).size) {
                    context = items.get(k).compressor.write(las, off, context);
                }
            }
            ItemCompressor.putInt(chunks, size);
            for (Item item : items) {
                item.compressor.writeSizes(chunks);
            }
            for (Item item : items) {
                item.compressor.writeLayers(chunks);
            }
            chunkBytes.add(chunks.size() - start);
        }

        long pointOffset = (long) l.pointOffset + vlr.length;
        long tableOffset = pointOffset + 8 + chunks.size();
        byte[] table = chunkTable(chunkBytes);
        ByteBuffer header = ByteBuffer.wrap(Arrays.copyOf(las, l.headerSize)).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(96, (int) pointOffset);
        header.putInt(100, l.vlrCount + 1);
        header.put(104, (byte) (l.format | 0x80));
        header.putLong(235, l.evlrEnd > l.evlrStart ? tableOffset + table.length : 0); // the first EVLR
        out.write(header.array());
        out.write(las, l.headerSize, l.vlrEnd - l.headerSize);
        out.write(vlr);
        out.write(las, l.vlrEnd, l.pointOffset - l.vlrEnd); // user bytes after the VLRs
        out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(tableOffset).array());
        chunks.writeTo(out);
        out.write(table);
        out.write(las, l.evlrStart, l.evlrEnd - l.evlrStart);
    }

    /** An item of the point record: LASzip type, bytes, compressor. */
    private record Item(int type, int size, ItemCompressor compressor) {}

    /** Where the parts of a LAS 1.4 file lie (byte offsets), checked; no EVLRs: {@code evlrStart == evlrEnd}. */
    private record Layout(int headerSize, int vlrCount, int vlrEnd, int pointOffset, int format, int recordLength,
            int count, int evlrStart, int evlrEnd) {

        static Layout of(byte[] las) {
            ByteBuffer in = ByteBuffer.wrap(las).order(ByteOrder.LITTLE_ENDIAN);
            if (las.length < 4 || !"LASF".equals(new String(las, 0, 4, StandardCharsets.US_ASCII))) {
                throw new IllegalArgumentException("not a LAS file: it does not start with LASF");
            }
            if (las.length < HEADER_SIZE) {
                throw new IllegalArgumentException("truncated LAS header: " + las.length + " bytes, LAS 1.4 has "
                        + HEADER_SIZE);
            }
            if (las[24] != 1 || las[25] != 4) {
                throw new IllegalArgumentException("LAS version " + las[24] + "." + las[25]
                        + " is not supported, only 1.4");
            }
            int format = las[104] & 0xFF;
            if ((format & 0x80) != 0) {
                throw new IllegalArgumentException("the point data is already compressed (LAZ)");
            }
            if (format != 6 && format != 7) {
                throw new IllegalArgumentException("point data record format " + format
                        + " is not supported, only 6 and 7");
            }
            int recordLength = in.getShort(105) & 0xFFFF;
            int base = format == 6 ? 30 : 36;
            if (recordLength < base) {
                throw new IllegalArgumentException("point record length " + recordLength + " is shorter than the "
                        + base + " bytes of point data record format " + format);
            }
            long pointOffset = in.getInt(96) & 0xFFFFFFFFL;
            long count = in.getLong(247);
            if (count < 0 || count > las.length) {
                throw new IllegalArgumentException("point count " + Long.toUnsignedString(count)
                        + " exceeds the file's " + las.length + " bytes");
            }
            long pointEnd = pointOffset + count * recordLength;
            if (pointEnd > las.length) {
                throw new IllegalArgumentException("truncated point data: " + count + " points of " + recordLength
                        + " bytes from byte " + pointOffset + " need " + pointEnd + " bytes, the file has "
                        + las.length);
            }
            int headerSize = in.getShort(94) & 0xFFFF;
            if (headerSize < HEADER_SIZE || headerSize > pointOffset) {
                throw new IllegalArgumentException("header size " + headerSize + " must be at least " + HEADER_SIZE
                        + " and at most the offset to the point data, " + pointOffset);
            }
            long vlrCount = in.getInt(100) & 0xFFFFFFFFL;
            int vlrEnd = headerSize;
            for (long i = 1; i <= vlrCount; i++) {
                if (vlrEnd + VLR_HEADER > pointOffset
                        || (vlrEnd += VLR_HEADER + (in.getShort(vlrEnd + 20) & 0xFFFF)) > pointOffset) {
                    throw new IllegalArgumentException("VLR " + i + " of " + vlrCount + " runs past the point data");
                }
            }
            long evlrCount = in.getInt(243) & 0xFFFFFFFFL;
            long evlrStart = evlrCount == 0 ? pointEnd : in.getLong(235);
            if (evlrStart < pointEnd) {
                throw new IllegalArgumentException("the first EVLR starts at byte " + evlrStart
                        + ", inside the header or the point data (which end at byte " + pointEnd + ")");
            }
            long evlrEnd = evlrStart;
            for (long i = 1; i <= evlrCount; i++) {
                if (evlrEnd + EVLR_HEADER > las.length) {
                    throw new IllegalArgumentException("EVLR " + i + " of " + evlrCount + " runs past the end");
                }
                long length = in.getLong((int) evlrEnd + 20);
                if (length < 0 || length > las.length - evlrEnd - EVLR_HEADER) {
                    throw new IllegalArgumentException("EVLR " + i + " of " + evlrCount + " runs past the end");
                }
                evlrEnd += EVLR_HEADER + length;
            }
            return new Layout(headerSize, (int) vlrCount, vlrEnd, (int) pointOffset, format, recordLength,
                    (int) count, (int) evlrStart, (int) evlrEnd);
        }
    }

    /** The LASzip VLR: header, then compressor, coder, version 3.4r3, options, chunk size, EVLR fields, items. */
    private static byte[] laszipVlr(List<Item> items, int chunkSize) {
        int payload = 34 + 6 * items.size();
        ByteBuffer b = ByteBuffer.allocate(VLR_HEADER + payload).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) 0);
        b.put(Arrays.copyOf("laszip encoded".getBytes(StandardCharsets.US_ASCII), 16));
        b.putShort((short) 22204);
        b.putShort((short) payload);
        b.put(Arrays.copyOf("sensorsim LAZ encoder".getBytes(StandardCharsets.US_ASCII), 32));
        b.putShort((short) 3); // compressor: LAYERED_CHUNKED
        b.putShort((short) 0); // coder: arithmetic
        b.put((byte) 3).put((byte) 4).putShort((short) 3); // LASzip version 3.4 r3
        b.putInt(0); // options
        b.putInt(chunkSize);
        b.putLong(-1).putLong(-1); // number of and offset to special EVLRs: none
        b.putShort((short) items.size());
        for (Item item : items) {
            b.putShort((short) item.type).putShort((short) item.size).putShort((short) 3);
        }
        return b.array();
    }

    /** Version 0, the number of chunks, then each chunk's byte count coded against the one before. */
    private static byte[] chunkTable(List<Integer> chunkBytes) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        ItemCompressor.putInt(b, 0);
        ItemCompressor.putInt(b, chunkBytes.size());
        if (!chunkBytes.isEmpty()) {
            ArithmeticEncoder enc = new ArithmeticEncoder();
            IntegerCompressor ic = new IntegerCompressor(enc, 32, 2);
            for (int i = 0; i < chunkBytes.size(); i++) {
                ic.compress(i == 0 ? 0 : chunkBytes.get(i - 1), chunkBytes.get(i), 1);
            }
            enc.done();
            enc.writeTo(b);
        }
        return b.toByteArray();
    }
}
