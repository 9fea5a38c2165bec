package sensor.io.dds.rtps;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * An RTPS GUID: the participant's 12-byte prefix and a 4-byte entity id (RTPS 2.3 §8.2.4, §9.3.1).
 *
 * @param prefix the participant's GUID prefix, 12 bytes
 * @param entity the entity id, big-endian as on the wire (key in the top three bytes, kind in the lowest)
 */
public record Guid(Prefix prefix, int entity) {
    /** Entity ids of the built-in endpoints and of a participant (RTPS 2.3 Table 9.2). */
    public static final int PARTICIPANT = 0x000001c1, SPDP_WRITER = 0x000100c2, SPDP_READER = 0x000100c7,
            SEDP_PUBLICATIONS_WRITER = 0x000003c2, SEDP_PUBLICATIONS_READER = 0x000003c7,
            SEDP_SUBSCRIPTIONS_WRITER = 0x000004c2, SEDP_SUBSCRIPTIONS_READER = 0x000004c7, UNKNOWN = 0;

    /** Entity kinds of user endpoints without a key. */
    public static final int KIND_WRITER_NO_KEY = 0x03, KIND_READER_NO_KEY = 0x04;

    /** A participant's 12-byte GUID prefix. */
    public record Prefix(byte[] bytes) {
        /** Checks the length. */
        public Prefix {
            if (bytes.length != 12) {
                throw new IllegalArgumentException("a GUID prefix has 12 bytes, got " + bytes.length);
            }
            bytes = bytes.clone();
        }

        /** Reads 12 bytes. */
        static Prefix read(ByteBuffer b) {
            byte[] p = new byte[12];
            b.get(p);
            return new Prefix(p);
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Prefix p && Arrays.equals(bytes, p.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return HexFormat.of().formatHex(bytes);
        }
    }

    /** The 16 bytes on the wire. */
    public byte[] bytes() {
        return ByteBuffer.allocate(16).put(prefix.bytes).putInt(entity).array();
    }

    /** Reads 16 bytes (the entity id big-endian whatever the buffer's order). */
    static Guid read(ByteBuffer b) {
        return new Guid(Prefix.read(b), readEntity(b));
    }

    /** An entity id: four bytes in network order. */
    static int readEntity(ByteBuffer b) {
        return (b.get() & 0xff) << 24 | (b.get() & 0xff) << 16 | (b.get() & 0xff) << 8 | b.get() & 0xff;
    }

    /** Whether the entity is a writer (kinds 0x02, 0x03, 0xc2, 0xc3). */
    public boolean isWriter() {
        int kind = entity & 0x3f;
        return kind == 0x02 || kind == 0x03;
    }

    @Override
    public String toString() {
        return prefix + ":" + String.format("%08x", entity);
    }
}
