package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.*;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The RTPS wire format against RTPS 2.3's layout, byte by byte where the specification fixes it: what {@link Message}
 * writes {@link MessageReader} reads back, and a hand-made message in big-endian order is read too.
 */
class WireTest {
    static final Guid.Prefix A = new Guid.Prefix(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}),
            B = new Guid.Prefix(new byte[] {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9});

    /** What a handler saw, one line per submessage. */
    static List<String> read(byte[] message, Guid.Prefix self) {
        List<String> seen = new ArrayList<>();
        MessageReader.read(ByteBuffer.wrap(message), self, new MessageReader.Handler() {
            @Override
            public void data(Guid.Prefix from, int r, int w, long sn, Map<Integer, List<ByteBuffer>> q, ByteBuffer p) {
                seen.add("DATA " + from + " " + Integer.toHexString(r) + " " + Integer.toHexString(w) + " " + sn + " "
                        + (q == null ? "-" : q.keySet().toString()) + " " + p.remaining());
            }

            @Override
            public void dataFragment(Guid.Prefix from, int r, int w, long sn, int first, int size, int sample,
                    Map<Integer, List<ByteBuffer>> q, ByteBuffer f) {
                seen.add("FRAG " + sn + " " + first + " " + size + " " + sample + " " + f.remaining());
            }

            @Override
            public void heartbeat(Guid.Prefix from, int r, int w, long first, long last, int count, boolean fin) {
                seen.add("HB " + Integer.toHexString(w) + " " + first + ".." + last + " " + count + " " + fin);
            }

            @Override
            public void ackNack(Guid.Prefix from, int r, int w, long base, long[] missing) {
                seen.add("ACKNACK " + base + " " + java.util.Arrays.toString(missing));
            }

            @Override
            public void gap(Guid.Prefix from, int r, int w, long[] irrelevant) {
                seen.add("GAP " + java.util.Arrays.toString(irrelevant));
            }

            @Override
            public void nackFragment(Guid.Prefix from, int r, int w, long sn, int[] missing) {
                seen.add("NACKFRAG " + sn + " " + java.util.Arrays.toString(missing));
            }
        });
        return seen;
    }

    @Test
    void theHeaderAndADataSubmessageHaveRtpsLayout() {
        byte[] m = new Message(A, 256).data(Guid.SPDP_READER, Guid.SPDP_WRITER, 5, null, new byte[] {0, 1, 0, 0, 42}).bytes();
        // header: "RTPS", version 2.3, vendor, prefix
        assertArrayEquals(new byte[] {'R', 'T', 'P', 'S', 2, 3}, java.util.Arrays.copyOf(m, 6));
        assertArrayEquals(A.bytes(), java.util.Arrays.copyOfRange(m, 8, 20));
        // DATA: id 0x15, flags E|D, length 20 + 5, extra flags 0, octetsToInlineQos 16, entity ids big-endian, SN (0, 5)
        assertEquals(0x15, m[20]);
        assertEquals(0x05, m[21]);
        assertEquals(25, ByteBuffer.wrap(m, 22, 2).order(java.nio.ByteOrder.LITTLE_ENDIAN).getShort());
        assertEquals(16, m[26]);
        assertArrayEquals(new byte[] {0, 1, 0, (byte) 0xc7, 0, 1, 0, (byte) 0xc2}, java.util.Arrays.copyOfRange(m, 28, 36));
        assertArrayEquals(new byte[] {0, 0, 0, 0, 5, 0, 0, 0}, java.util.Arrays.copyOfRange(m, 36, 44));
        assertEquals(List.of("DATA " + A + " 100c7 100c2 5 - 5"), read(m, B));
    }

    @Test
    void everySubmessageReadsBackAndInfoDestinationFiltersOthers() {
        BitSet missing = new BitSet();
        missing.set(0);
        missing.set(3);
        missing.set(40);
        byte[] sample = new byte[10_000];
        byte[] m = new Message(A, 4096).infoDestination(B).infoTimestamp(1_700_000_000_123_456_789L)
                .heartbeat(0x104, 0x103, 2, 9, 7, true)
                .ackNack(0x104, 0x103, 11, missing, 41, 3, false)
                .gap(0x104, 0x103, 4, 6)
                .nackFragment(0x104, 0x103, 8, 2, missing, 4, 1)
                .dataFragment(0x104, 0x103, 8, 2, 1024, java.util.Arrays.copyOf(sample, 2000))
                .bytes();
        assertEquals(List.of("HB 103 2..9 7 true", "ACKNACK 11 [11, 14, 51]", "GAP [4, 5]", "NACKFRAG 8 [2, 5]",
                "FRAG 8 2 1024 2000 976"), read(m, B));
        assertEquals(List.of(), read(m, A), "INFO_DST names B: A reads nothing");
    }

    @Test
    void aBigEndianMessageIsReadToo() {
        ByteBuffer b = ByteBuffer.allocate(20 + 4 + 28); // header, HEARTBEAT without the E flag
        b.put(new byte[] {'R', 'T', 'P', 'S', 2, 1, 1, 2}).put(A.bytes());
        b.put((byte) 0x07).put((byte) 0x00).putShort((short) 28);
        b.put(new byte[] {0, 0, 1, 4, 0, 0, 1, 3}).putInt(0).putInt(3).putInt(0).putInt(12).putInt(2);
        assertEquals(List.of("HB 103 3..12 2 false"), read(b.array(), B));
    }

    @Test
    void malformedMessagesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> read("HTTP/1.1 200 OK\r\n\r\n....".getBytes(), B));
        byte[] m = new Message(A, 256).heartbeat(0, 0x103, 1, 1, 1, false).bytes();
        m[22] = 100; // a submessage longer than the datagram
        assertThrows(IllegalArgumentException.class, () -> read(m, B));
        byte[] v1 = new Message(A, 256).bytes();
        v1[4] = 1;
        assertThrows(IllegalArgumentException.class, () -> read(v1, B));
    }

    @Test
    void aParameterListRoundTripsWithPaddingAndASentinel() throws Exception {
        Locator l = Locator.udp(InetAddress.getByName("10.1.2.3"), 7411);
        byte[] p = new ParameterList().addString(ParameterList.TOPIC_NAME, "rt/a").addInt(ParameterList.DOMAIN_ID, 7)
                .addLocator(ParameterList.UNICAST_LOCATOR, l).addOctets(ParameterList.USER_DATA, new byte[] {1, 2, 3})
                .payload();
        assertArrayEquals(new byte[] {0, 3, 0, 0}, java.util.Arrays.copyOf(p, 4));
        // TOPIC_NAME: pid 5, length 12 ("rt/a" + NUL = 5 bytes after the 4-byte length, padded to 12)
        assertArrayEquals(new byte[] {5, 0, 12, 0, 5, 0, 0, 0, 'r', 't', '/', 'a', 0, 0, 0, 0}, java.util.Arrays.copyOfRange(p, 4, 20));
        Map<Integer, List<ByteBuffer>> read = ParameterList.readPayload(ByteBuffer.wrap(p));
        assertEquals("rt/a", ParameterList.string(read.get(ParameterList.TOPIC_NAME).get(0)));
        assertEquals(7, read.get(ParameterList.DOMAIN_ID).get(0).getInt(0));
        assertEquals(l, Locator.read(read.get(ParameterList.UNICAST_LOCATOR).get(0)));
        assertEquals("10.1.2.3:7411", l.toString());
        assertArrayEquals(new byte[] {1, 2, 3}, ParameterList.octets(read.get(ParameterList.USER_DATA).get(0)));
        byte[] cut = java.util.Arrays.copyOf(p, p.length - 4); // no sentinel
        assertThrows(IllegalArgumentException.class, () -> ParameterList.readPayload(ByteBuffer.wrap(cut)));
        assertThrows(IllegalArgumentException.class, () -> ParameterList.readPayload(ByteBuffer.wrap(new byte[] {0, 1, 0, 0})));
    }

    @Test
    void qosMatchesAsRequestedVersusOffered() {
        assertTrue(Qos.DEFAULT.satisfies(Qos.SENSOR_DATA));
        assertFalse(Qos.SENSOR_DATA.satisfies(Qos.DEFAULT));
        assertTrue(Qos.LATCHED.satisfies(Qos.DEFAULT));
        assertFalse(Qos.DEFAULT.satisfies(Qos.LATCHED));
        assertThrows(IllegalArgumentException.class, () -> new Qos(true, false, 0));
    }
}
