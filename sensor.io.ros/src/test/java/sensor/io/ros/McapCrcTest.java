package sensor.io.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An MCAP file's own checks, recomputed from its bytes as the specification defines them: each chunk's CRC-32 of its
 * uncompressed records, the data section's CRC-32 (from the leading magic up to the Data End record), the summary's
 * CRC-32 (from the summary's start through the footer's offsets), and each chunk index's offset and length of its chunk.
 */
class McapCrcTest {
    @TempDir
    Path dir;

    @Test
    void everyCrcAndChunkIndexAgreesWithTheBytesItDescribes() throws Exception {
        for (String compression : McapFile.COMPRESSIONS) {
            Path file = dir.resolve("crc-" + compression + ".mcap");
            try (McapFile m = new McapFile(file, "ros2", compression, 4096, 1.0)) {
                int schema = m.schema("test/Msg", "ros2msg", "uint8[] data".getBytes());
                int channel = m.channel(schema, "/test", "cdr", Map.of());
                SplittableRandom r = new SplittableRandom(5);
                for (int i = 0; i < 60; i++) {
                    byte[] data = new byte[100 + r.nextInt(900)];
                    r.nextBytes(data);
                    m.message(channel, 1_000_000L * i, 1_000_000L * i, data);
                }
            }
            check(Files.readAllBytes(file), compression);
        }
    }

    private static void check(byte[] f, String compression) {
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        int pos = 8, chunks = 0;
        java.util.List<long[]> chunkRecords = new java.util.ArrayList<>(); // offset, record length
        while (f[pos] != 0x0F) { // up to Data End
            long length = b.getLong(pos + 1);
            if (f[pos] == 0x06) {
                int c = pos + 9;
                long uncompressedSize = b.getLong(c + 16);
                int crc = b.getInt(c + 24);
                int nameLength = b.getInt(c + 28);
                assertEquals(compression, new String(f, c + 32, nameLength));
                int recordsAt = c + 32 + nameLength + 8;
                int stored = (int) b.getLong(c + 32 + nameLength);
                byte[] records = java.util.Arrays.copyOfRange(f, recordsAt, recordsAt + stored);
                if (!compression.isEmpty()) {
                    records = com.github.luben.zstd.Zstd.decompress(records, (int) uncompressedSize);
                }
                assertEquals(uncompressedSize, records.length);
                assertEquals(crc32(records, 0, records.length), crc, "chunk " + chunks + "'s CRC");
                chunkRecords.add(new long[] {pos, 9 + length});
                chunks++;
            }
            pos += 9 + (int) length;
        }
        assertTrue(chunks >= 5, chunks + " chunks");
        assertEquals(crc32(f, 0, pos), b.getInt(pos + 9), "the data section's CRC");
        int footer = f.length - 8 - 29;
        long summaryStart = b.getLong(footer + 9);
        assertEquals(crc32(f, (int) summaryStart, footer + 9 + 16), b.getInt(footer + 25), "the summary's CRC");
        int found = 0;
        for (int s = (int) summaryStart; s < footer; s += 9 + (int) b.getLong(s + 1)) {
            if (f[s] == 0x08) { // chunk index: start, end, chunk offset, chunk length, ...
                long[] chunk = chunkRecords.get(found++);
                assertEquals(chunk[0], b.getLong(s + 9 + 16), "chunk offset");
                assertEquals(chunk[1], b.getLong(s + 9 + 24), "chunk length");
            }
        }
        assertEquals(chunks, found, "a chunk index per chunk");
    }

    private static int crc32(byte[] bytes, int from, int to) {
        CRC32 crc = new CRC32();
        crc.update(bytes, from, to - from);
        return (int) crc.getValue();
    }
}
