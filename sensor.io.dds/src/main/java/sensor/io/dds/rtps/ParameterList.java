package sensor.io.dds.rtps;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An RTPS parameter list (RTPS 2.3 §9.4.2.11), the payload of discovery data (PL_CDR) and of inline QoS: a sequence of
 * (parameter id, length, value) ending with {@link #SENTINEL}, each value padded to four bytes. Written little-endian;
 * read in either order.
 */
public final class ParameterList {
    /** Parameter ids used here (RTPS 2.3 Table 9.12, DDS-XTypes for the type information). */
    public static final int SENTINEL = 0x0001, PARTICIPANT_LEASE_DURATION = 0x0002, TOPIC_NAME = 0x0005,
            TYPE_NAME = 0x0007, DOMAIN_ID = 0x000f, PROTOCOL_VERSION = 0x0015, VENDOR_ID = 0x0016,
            RELIABILITY = 0x001a, DURABILITY = 0x001d, USER_DATA = 0x002c, UNICAST_LOCATOR = 0x002f,
            MULTICAST_LOCATOR = 0x0030, DEFAULT_UNICAST_LOCATOR = 0x0031, METATRAFFIC_UNICAST_LOCATOR = 0x0032,
            METATRAFFIC_MULTICAST_LOCATOR = 0x0033, HISTORY = 0x0040, DEFAULT_MULTICAST_LOCATOR = 0x0048,
            PARTICIPANT_GUID = 0x0050, BUILTIN_ENDPOINT_SET = 0x0058, ENDPOINT_GUID = 0x005a, ENTITY_NAME = 0x0062,
            KEY_HASH = 0x0070, STATUS_INFO = 0x0071;

    /** Encapsulation identifiers of a serialized payload. */
    public static final int CDR_LE = 0x0001, PL_CDR_LE = 0x0003, PL_CDR_BE = 0x0002;

    private final ByteBuffer out = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);

    /** Adds a parameter with {@code value} padded to four bytes. */
    public ParameterList add(int pid, byte[] value) {
        int padded = (value.length + 3) & ~3;
        out.putShort((short) pid).putShort((short) padded).put(value);
        for (int i = value.length; i < padded; i++) {
            out.put((byte) 0);
        }
        return this;
    }

    /** Adds a 32-bit value. */
    public ParameterList addInt(int pid, int value) {
        return add(pid, le(4).putInt(value).array());
    }

    /** Adds a CDR string (length with the terminating NUL, the bytes, NUL). */
    public ParameterList addString(int pid, String value) {
        byte[] s = value.getBytes(StandardCharsets.UTF_8);
        return add(pid, le(4 + s.length + 1).putInt(s.length + 1).put(s).array());
    }

    /** Adds a CDR octet sequence (length, bytes). */
    public ParameterList addOctets(int pid, byte[] value) {
        return add(pid, le(4 + value.length).putInt(value.length).put(value).array());
    }

    /** Adds a GUID. */
    public ParameterList addGuid(int pid, Guid guid) {
        return add(pid, guid.bytes());
    }

    /** Adds a locator. */
    public ParameterList addLocator(int pid, Locator l) {
        ByteBuffer b = le(24);
        l.write(b);
        return add(pid, b.array());
    }

    /** Adds a duration (seconds, fraction of 2^-32 s). */
    public ParameterList addDuration(int pid, double seconds) {
        return add(pid, duration(le(8), seconds).array());
    }

    /** Writes a duration: whole seconds, then the fraction in units of 2^-32 s; infinite as (0x7fffffff, 0xffffffff). */
    static ByteBuffer duration(ByteBuffer b, double seconds) {
        if (seconds >= Integer.MAX_VALUE) {
            return b.putInt(Integer.MAX_VALUE).putInt(-1);
        }
        long whole = (long) Math.floor(seconds);
        return b.putInt((int) whole).putInt((int) Math.round((seconds - whole) * 4294967296.0));
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The list ended by the sentinel, without an encapsulation header (inline QoS). */
    public byte[] inline() {
        ByteBuffer b = out.duplicate().flip();
        byte[] r = new byte[b.remaining() + 4];
        b.get(r, 0, b.remaining());
        r[r.length - 4] = SENTINEL;
        return r;
    }

    /** The list as a PL_CDR_LE serialized payload. */
    public byte[] payload() {
        byte[] list = inline();
        byte[] r = new byte[list.length + 4];
        r[1] = PL_CDR_LE;
        System.arraycopy(list, 0, r, 4, list.length);
        return r;
    }

    /**
     * Reads a parameter list from {@code b} (positioned at its first parameter, in its byte order) up to the sentinel:
     * every value as a buffer in that order, by parameter id in order of appearance.
     *
     * @throws IllegalArgumentException when a parameter overruns the data or the sentinel is missing
     */
    public static Map<Integer, List<ByteBuffer>> read(ByteBuffer b) {
        Map<Integer, List<ByteBuffer>> params = new LinkedHashMap<>();
        while (b.remaining() >= 4) {
            int pid = b.getShort() & 0xffff, len = b.getShort() & 0xffff;
            if (pid == SENTINEL) {
                return params;
            }
            if (len > b.remaining()) {
                throw new IllegalArgumentException("parameter 0x" + Integer.toHexString(pid) + " of " + len
                        + " bytes overruns the " + b.remaining() + " left");
            }
            ByteBuffer v = b.slice(b.position(), len).order(b.order());
            b.position(b.position() + len);
            params.computeIfAbsent(pid & 0x3fff, k -> new ArrayList<>()).add(v);
        }
        throw new IllegalArgumentException("parameter list without a sentinel");
    }

    /** Reads a serialized PL_CDR payload (encapsulation header first). */
    public static Map<Integer, List<ByteBuffer>> readPayload(ByteBuffer payload) {
        if (payload.remaining() < 4 || payload.get(payload.position()) != 0) {
            throw new IllegalArgumentException("not a parameter-list payload");
        }
        int kind = payload.get(payload.position() + 1);
        if (kind != PL_CDR_LE && kind != PL_CDR_BE) {
            throw new IllegalArgumentException("payload encapsulation " + kind + " is not a parameter list");
        }
        ByteBuffer b = payload.slice(payload.position() + 4, payload.remaining() - 4)
                .order(kind == PL_CDR_LE ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        return read(b);
    }

    /** A CDR string value. */
    public static String string(ByteBuffer v) {
        ByteBuffer b = v.duplicate().order(v.order());
        int n = b.getInt();
        if (n <= 0 || n > b.remaining()) {
            throw new IllegalArgumentException("string of " + n + " bytes in a " + v.remaining() + "-byte parameter");
        }
        byte[] s = new byte[n - 1];
        b.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    /** A CDR octet sequence value. */
    public static byte[] octets(ByteBuffer v) {
        ByteBuffer b = v.duplicate().order(v.order());
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
            throw new IllegalArgumentException("octet sequence of " + n + " bytes in a " + v.remaining() + "-byte parameter");
        }
        byte[] s = new byte[n];
        b.get(s);
        return s;
    }
}
