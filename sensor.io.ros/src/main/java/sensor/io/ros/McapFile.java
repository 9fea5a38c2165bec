package sensor.io.ros;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import sensor.io.ros.msg.MessageChannels;

/**
 * An indexed MCAP writer (https://mcap.dev/spec) that can be read while it grows: magic, Header, Schema and Channel
 * records, messages collected into Chunks (closed when their uncompressed records reach the chunk size or span the
 * chunk duration of log time, compressed with zstd or stored uncompressed, with their CRC), each chunk followed by one
 * Message Index per channel in it, and Metadata records between chunks. zstd is level 1 of the native library
 * (zstd-jni), or aircompressor's Java encoder where that library does not load. The file has its final
 * name from the start and is flushed after every chunk, so a streaming reader ({@code @mcap/core}'s
 * {@code McapStreamReader}, {@code mcap cat}) reads every complete chunk during the run, or after a crash.
 * {@link #close()} writes Data End (with the data section CRC), a summary section (schemas, channels, Statistics with
 * per-channel counts, Chunk Indexes, Metadata Indexes), summary offsets, Footer (with the summary CRC) and magic;
 * indexed readers (Foxglove, {@code ros2 bag}, {@code @mcap/core}) then seek through the chunk and message indexes.
 * Chunk boundaries depend on the data and log times only, so a run's file is the same on every machine with the same
 * zstd encoder.
 */
public final class McapFile implements MessageChannels, AutoCloseable {
    static final byte[] MAGIC = {(byte) 0x89, 'M', 'C', 'A', 'P', '0', '\r', '\n'};
    static final int OP_HEADER = 0x01, OP_FOOTER = 0x02, OP_SCHEMA = 0x03, OP_CHANNEL = 0x04, OP_MESSAGE = 0x05,
            OP_CHUNK = 0x06, OP_MESSAGE_INDEX = 0x07, OP_CHUNK_INDEX = 0x08, OP_STATISTICS = 0x0B, OP_METADATA = 0x0C,
            OP_METADATA_INDEX = 0x0D, OP_SUMMARY_OFFSET = 0x0E, OP_DATA_END = 0x0F;
    /** Chunk compressions: {@code zstd} or {@code ""} (none). */
    public static final List<String> COMPRESSIONS = List.of("zstd", "");
    /** The default uncompressed chunk size: 4 MiB. */
    public static final int DEFAULT_CHUNK_SIZE = 4 << 20;
    /** The default longest span of log time in one chunk: 1 s. */
    public static final double DEFAULT_CHUNK_DURATION = 1.0;

    private final OutputStream out;
    private final long chunkDuration;
    private final CRC32 dataCrc = new CRC32();
    private long position;
    private final List<byte[]> schemaRecords = new ArrayList<>();
    private final List<byte[]> channelRecords = new ArrayList<>();
    private final List<byte[]> metadataIndexRecords = new ArrayList<>();
    private final List<byte[]> chunkIndexRecords = new ArrayList<>();
    private final List<String> schemaNames = new ArrayList<>();
    private final List<Channel> channels = new ArrayList<>();
    private final String compression;
    private final int chunkSize;
    /** The open chunk: its uncompressed records, time range and per-channel (log time, offset) pairs. */
    private final java.io.ByteArrayOutputStream chunk = new java.io.ByteArrayOutputStream();
    private final Map<Integer, Rec> chunkIndexes = new java.util.TreeMap<>();
    private long chunkStart = Long.MAX_VALUE, chunkEnd = Long.MIN_VALUE;
    private final Map<Integer, Long> perChannel = new LinkedHashMap<>();
    private final Map<Integer, Integer> sequence = new LinkedHashMap<>();
    private long messages;
    private long startTime = Long.MAX_VALUE, endTime = Long.MIN_VALUE;
    private boolean closed;

    /** Starts {@code target} with the given profile, zstd chunks of the default size and duration. */
    public McapFile(Path target, String profile) throws IOException {
        this(target, profile, "zstd", DEFAULT_CHUNK_SIZE, DEFAULT_CHUNK_DURATION);
    }

    /**
     * Starts {@code target} with the given profile, e.g. {@code ros2}.
     *
     * @param compression   one of {@link #COMPRESSIONS}
     * @param chunkSize     uncompressed bytes of records after which a chunk is closed (1 KiB to 1 GiB)
     * @param chunkDuration log time (s) a chunk spans at most (0.001 to 3600)
     */
    public McapFile(Path target, String profile, String compression, int chunkSize, double chunkDuration)
            throws IOException {
        if (!COMPRESSIONS.contains(compression)) {
            throw new IllegalArgumentException("MCAP compression must be one of zstd or none, got '" + compression + "'");
        }
        if (chunkSize < 1024 || chunkSize > 1 << 30) {
            throw new IllegalArgumentException("MCAP chunk size must be 1 KiB to 1 GiB, got " + chunkSize + " bytes");
        }
        if (!(chunkDuration >= 0.001 && chunkDuration <= 3600)) {
            throw new IllegalArgumentException("MCAP chunk duration must be 0.001 to 3600 s, got " + chunkDuration + " s");
        }
        this.compression = compression;
        this.chunkSize = chunkSize;
        this.chunkDuration = Math.round(chunkDuration * 1e9);
        try {
            out = new java.io.BufferedOutputStream(java.nio.file.Files.newOutputStream(target), 1 << 16);
        } catch (IOException e) {
            throw new IOException("cannot create " + target + ": " + e.getMessage(), e);
        }
        Rec r = new Rec();
        r.string(profile).string("sensorsim sensor.io");
        try {
            write(MAGIC, true);
            write(r.record(OP_HEADER), true);
        } catch (IOException e) {
            abort();
            throw e;
        }
    }

    /** Adds a schema; returns its id (from 1). */
    @Override
    public int schema(String name, String encoding, byte[] data) throws IOException {
        int id = schemaRecords.size() + 1;
        Rec r = new Rec();
        r.u16(id).string(name).string(encoding).bytes(data);
        byte[] rec = r.record(OP_SCHEMA);
        schemaRecords.add(rec);
        schemaNames.add(name);
        write(rec, true);
        return id;
    }

    /** Adds a channel; returns its id (from 0). */
    @Override
    public int channel(int schemaId, String topic, String messageEncoding, Map<String, String> metadata)
            throws IOException {
        int id = channelRecords.size();
        Rec r = new Rec();
        r.u16(id).u16(schemaId).string(topic).string(messageEncoding);
        r.bytes(map(metadata));
        byte[] rec = r.record(OP_CHANNEL);
        channelRecords.add(rec);
        channels.add(new Channel(topic, schemaNames.get(schemaId - 1), messageEncoding, Map.copyOf(metadata)));
        perChannel.put(id, 0L);
        sequence.put(id, 0);
        write(rec, true);
        return id;
    }

    /** Adds a Metadata record (a named string map, e.g. a sensor's gap), indexed in the summary. */
    public void metadata(String name, Map<String, String> entries) throws IOException {
        flushChunk();
        Rec r = new Rec();
        r.string(name).bytes(map(entries));
        byte[] rec = r.record(OP_METADATA);
        Rec index = new Rec();
        index.u64(position).u64(rec.length).string(name);
        metadataIndexRecords.add(index.record(OP_METADATA_INDEX));
        write(rec, true);
    }

    private static byte[] map(Map<String, String> entries) {
        Rec m = new Rec();
        for (Map.Entry<String, String> e : entries.entrySet()) {
            m.string(e.getKey()).string(e.getValue());
        }
        return m.toArray();
    }

    /** Adds a message; times in ns. */
    @Override
    public void message(int channel, long logTime, long publishTime, byte[] data) throws IOException {
        if (chunk.size() > 0 && Math.max(chunkEnd, logTime) - Math.min(chunkStart, logTime) >= chunkDuration) {
            flushChunk();
        }
        int seq = sequence.merge(channel, 1, Integer::sum) - 1;
        Rec r = new Rec(22 + data.length);
        r.u16(channel).u32(seq).u64(logTime).u64(publishTime).raw(data);
        chunkIndexes.computeIfAbsent(channel, c -> new Rec()).u64(logTime).u64(chunk.size());
        r.writeRecord(OP_MESSAGE, chunk::write);
        chunkStart = Math.min(chunkStart, logTime);
        chunkEnd = Math.max(chunkEnd, logTime);
        perChannel.merge(channel, 1L, Long::sum);
        messages++;
        startTime = Math.min(startTime, logTime);
        endTime = Math.max(endTime, logTime);
        if (chunk.size() >= chunkSize) {
            flushChunk();
        }
    }

    /** Writes the open chunk (if it holds a message), its message indexes, and records its chunk index. */
    private void flushChunk() throws IOException {
        if (chunk.size() == 0) {
            return;
        }
        byte[] records = chunk.toByteArray();
        chunk.reset();
        CRC32 crc = new CRC32();
        crc.update(records);
        byte[] stored = compression.isEmpty() ? records : zstd(records, NATIVE_ZSTD);
        Rec c = new Rec(64 + compression.length() + stored.length);
        c.u64(chunkStart).u64(chunkEnd).u64(records.length).u32((int) crc.getValue()).string(compression)
                .u64(stored.length).raw(stored);
        long chunkOffset = position;
        c.writeRecord(OP_CHUNK, this::writeData);
        long indexStart = position;
        Rec offsets = new Rec();
        for (Map.Entry<Integer, Rec> e : chunkIndexes.entrySet()) {
            offsets.u16(e.getKey()).u64(position);
            Rec mi = new Rec();
            mi.u16(e.getKey()).bytes(e.getValue().toArray());
            write(mi.record(OP_MESSAGE_INDEX), true);
        }
        Rec ci = new Rec();
        ci.u64(chunkStart).u64(chunkEnd).u64(chunkOffset).u64(indexStart - chunkOffset).bytes(offsets.toArray())
                .u64(position - indexStart).string(compression).u64(stored.length).u64(records.length);
        chunkIndexRecords.add(ci.record(OP_CHUNK_INDEX));
        chunkIndexes.clear();
        chunkStart = Long.MAX_VALUE;
        chunkEnd = Long.MIN_VALUE;
        out.flush(); // a streaming reader sees the whole chunk now
    }

    /** zstd level 1: faster than aircompressor's Java encoder (about 4× on the demo's chunks) and smaller. */
    static final int ZSTD_LEVEL = 1;
    /** Whether zstd-jni's native library loads here (every platform it ships a library for); aircompressor where not. */
    static final boolean NATIVE_ZSTD = nativeZstdLoads();

    private static boolean nativeZstdLoads() {
        try {
            com.github.luben.zstd.util.Native.load();
            return true;
        } catch (LinkageError e) {
            return false;
        }
    }

    /** One zstd frame of {@code data}, from the native library or from aircompressor. */
    static byte[] zstd(byte[] data, boolean nativeEncoder) {
        if (nativeEncoder) {
            return com.github.luben.zstd.Zstd.compress(data, ZSTD_LEVEL);
        }
        io.airlift.compress.zstd.ZstdCompressor z = new io.airlift.compress.zstd.ZstdCompressor();
        byte[] out = new byte[z.maxCompressedLength(data.length)];
        int n = z.compress(data, 0, data.length, out, 0, out.length);
        return java.util.Arrays.copyOf(out, n);
    }

    /** A channel as written: topic, schema name, message encoding and metadata. */
    public record Channel(String topic, String schema, String messageEncoding, Map<String, String> metadata) {}

    /** Number of messages written so far. */
    public long messageCount() {
        return messages;
    }

    /** The channels by id (from 0). */
    public List<Channel> channels() {
        return List.copyOf(channels);
    }

    /** Messages written so far on channel {@code id}. */
    public long messageCount(int id) {
        return perChannel.getOrDefault(id, 0L);
    }

    /** Log time range of the messages written so far, ns: {start, end}; {0, 0} without messages. */
    public long[] timeRange() {
        return messages == 0 ? new long[2] : new long[] {startTime, endTime};
    }

    /** Completes the file (summary and footer). Idempotent. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        boolean ok = false;
        try {
            flushChunk();
            Rec de = new Rec();
            de.u32((int) dataCrc.getValue());
            write(de.record(OP_DATA_END), false);

            CRC32 summaryCrc = new CRC32();
            long summaryStart = position;
            List<long[]> groups = new ArrayList<>();
            groups.add(group(OP_SCHEMA, schemaRecords, summaryCrc));
            groups.add(group(OP_CHANNEL, channelRecords, summaryCrc));
            Rec st = new Rec();
            st.u64(messages).u16(schemaRecords.size()).u32(channelRecords.size()).u32(0).u32(metadataIndexRecords.size())
                    .u32(chunkIndexRecords.size())
                    .u64(messages == 0 ? 0 : startTime).u64(messages == 0 ? 0 : endTime);
            Rec counts = new Rec();
            perChannel.forEach((k, v) -> counts.u16(k).u64(v));
            st.bytes(counts.toArray());
            groups.add(group(OP_STATISTICS, List.of(st.record(OP_STATISTICS)), summaryCrc));
            groups.add(group(OP_CHUNK_INDEX, chunkIndexRecords, summaryCrc));
            groups.add(group(OP_METADATA_INDEX, metadataIndexRecords, summaryCrc));
            long summaryOffsetStart = position;
            for (long[] g : groups) {
                if (g[2] == 0) {
                    continue;
                }
                Rec so = new Rec();
                so.u8((int) g[0]).u64(g[1]).u64(g[2]);
                byte[] rec = so.record(OP_SUMMARY_OFFSET);
                summaryCrc.update(rec);
                write(rec, false);
            }
            Rec f = new Rec();
            f.u64(summaryStart).u64(summaryOffsetStart);
            byte[] footerPrefix = f.record(OP_FOOTER);
            // the footer's length field counts the CRC that follows
            ByteBuffer.wrap(footerPrefix, 1, 8).order(ByteOrder.LITTLE_ENDIAN).putLong(20);
            summaryCrc.update(footerPrefix);
            write(footerPrefix, false);
            Rec crc = new Rec();
            crc.u32((int) summaryCrc.getValue());
            write(crc.toArray(), false);
            write(MAGIC, false);
            out.close();
            ok = true;
        } finally {
            if (!ok) {
                abort();
            }
        }
    }

    /**
     * Ends a failed run: closes the file as it is (after the last complete chunk, without summary), readable by a
     * streaming reader; idempotent.
     */
    public void abort() {
        closed = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // the run failed already; what reached the file stays
        }
    }

    private long[] group(int opcode, List<byte[]> records, CRC32 crc) throws IOException {
        long start = position;
        for (byte[] r : records) {
            crc.update(r);
            write(r, false);
        }
        return new long[] {opcode, start, position - start};
    }

    private void write(byte[] b, boolean dataSection) throws IOException {
        if (dataSection) {
            writeData(b, 0, b.length);
        } else {
            out.write(b);
            position += b.length;
        }
    }

    /** Writes bytes of the data section (its CRC counts them). */
    private void writeData(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        position += len;
        dataCrc.update(b, off, len);
    }

    /** Little-endian record content builder (MCAP primitive encodings). */
    static final class Rec {
        private ByteBuffer b;

        Rec() {
            this(256);
        }

        /** A record of about {@code capacity} bytes of content (it grows beyond). */
        Rec(int capacity) {
            b = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
        }

        private void room(int n) {
            if (b.remaining() < n) {
                ByteBuffer g = ByteBuffer.allocate(Math.max(b.capacity() * 2, b.position() + n))
                        .order(ByteOrder.LITTLE_ENDIAN);
                g.put(b.flip());
                b = g;
            }
        }

        Rec u8(int v) {
            room(1);
            b.put((byte) v);
            return this;
        }

        Rec u16(int v) {
            room(2);
            b.putShort((short) v);
            return this;
        }

        Rec u32(int v) {
            room(4);
            b.putInt(v);
            return this;
        }

        Rec u64(long v) {
            room(8);
            b.putLong(v);
            return this;
        }

        Rec raw(byte[] v) {
            room(v.length);
            b.put(v);
            return this;
        }

        /** uint32 length-prefixed bytes (also used for maps, whose prefix is their byte length). */
        Rec bytes(byte[] v) {
            return u32(v.length).raw(v);
        }

        Rec string(String s) {
            return bytes(s.getBytes(StandardCharsets.UTF_8));
        }

        byte[] toArray() {
            byte[] a = new byte[b.position()];
            System.arraycopy(b.array(), 0, a, 0, a.length);
            return a;
        }

        /** Where {@link #writeRecord} puts bytes. */
        interface Sink {
            void write(byte[] bytes, int offset, int length) throws IOException;
        }

        /** Writes the record, opcode, uint64 content length and content, to {@code to} without copying the content. */
        void writeRecord(int opcode, Sink to) throws IOException {
            byte[] head = new byte[9];
            ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).put((byte) opcode).putLong(b.position());
            to.write(head, 0, head.length);
            to.write(b.array(), 0, b.position());
        }

        /** opcode, uint64 content length, content. */
        byte[] record(int opcode) {
            byte[] c = toArray();
            ByteBuffer r = ByteBuffer.allocate(9 + c.length).order(ByteOrder.LITTLE_ENDIAN);
            r.put((byte) opcode).putLong(c.length).put(c);
            return r.array();
        }
    }
}
