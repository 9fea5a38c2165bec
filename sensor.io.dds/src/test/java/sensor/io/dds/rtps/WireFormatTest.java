package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.*;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * RTPS 2.3 wire details beyond {@link WireTest}: 64-bit sequence numbers, INFO_TS fractions, DATA_FRAG padding,
 * final flags and bitmap words, zero-length submessages, sets, parameter-list values and their errors, GUIDs,
 * locators, status info.
 */
class WireFormatTest {
    static final Guid.Prefix A = WireTest.A, B = WireTest.B;

    static int le(byte[] m, int at) {
        return ByteBuffer.wrap(m, at, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    static int le16(byte[] m, int at) {
        return ByteBuffer.wrap(m, at, 2).order(ByteOrder.LITTLE_ENDIAN).getShort() & 0xffff;
    }

    /** A header, then the little-endian submessage bytes given. */
    static byte[] message(byte[]... submessages) {
        ByteBuffer b = ByteBuffer.allocate(4096).put(new Message(A, 64).bytes());
        for (byte[] s : submessages) {
            b.put(s);
        }
        return Arrays.copyOf(b.array(), b.position());
    }

    /** The submessages of a message written by {@link Message} (its header cut). */
    static byte[] body(Message m) {
        byte[] x = m.bytes();
        return Arrays.copyOfRange(x, 20, x.length);
    }

    @Test
    void theHeaderIsTwentyBytesAndInfoDestinationSixteenMore() {
        Message m = new Message(A, 64);
        assertEquals(20, m.size());
        assertEquals(36, m.infoDestination(B).size());
        assertEquals(36, m.bytes().length);
        assertEquals(List.of(), WireTest.read(new Message(A, 20).bytes(), B), "a header alone carries nothing");
        assertEquals("not an RTPS message", assertThrows(IllegalArgumentException.class,
                () -> WireTest.read(Arrays.copyOf(new Message(A, 20).bytes(), 19), B)).getMessage());
        byte[] v3 = new Message(A, 20).bytes();
        v3[4] = 3;
        assertEquals("RTPS version 3 is not 2", assertThrows(IllegalArgumentException.class, () -> WireTest.read(v3, B))
                .getMessage());
    }

    @Test
    void sequenceNumbersAreTheHighThenTheLowWord() {
        long first = (1L << 32) + 2, last = (2L << 32) + 0xfffffffeL;
        byte[] m = new Message(A, 256).heartbeat(0x104, 0x103, first, last, 1, false).bytes();
        assertEquals(1, le(m, 32));
        assertEquals(2, le(m, 36));
        assertEquals(2, le(m, 40));
        assertEquals(0xfffffffe, le(m, 44));
        assertEquals(List.of("HB 103 " + first + ".." + last + " 1 false"), WireTest.read(m, B));
    }

    @Test
    void infoTimestampIsSecondsAndAFractionOfTwoToThe32() {
        byte[] m = new Message(A, 64).infoTimestamp(1_700_000_000_750_000_000L).bytes();
        assertEquals(Message.INFO_TS, m[20]);
        assertEquals(8, le16(m, 22));
        assertEquals(1_700_000_000, le(m, 24));
        assertEquals(0xc0000000, le(m, 28), "0.75 s");
        byte[] n = new Message(A, 64).infoTimestamp(5_000_000_001L).bytes();
        assertEquals(5, le(n, 24));
        assertEquals(4, le(n, 28), "1 ns is 4.29 units of 2^-32 s");
    }

    @Test
    void aDataFragIsPaddedToFourAndItsLengthLeadsToTheNextSubmessage() {
        byte[] sample = new byte[2003];
        new java.util.Random(1).nextBytes(sample);
        byte[] m = new Message(A, 4096).dataFragment(0x104, 0x103, 8, 2, 1024, sample)
                .heartbeat(0x104, 0x103, 1, 8, 3, false).bytes();
        assertEquals(Message.DATA_FRAG, m[20]);
        assertEquals(0x01, m[21], "little-endian, no inline QoS");
        assertEquals(32 + 980, le16(m, 22), "32 bytes of fields, 979 of fragment padded to 980");
        assertEquals(28, le16(m, 26), "octetsToInlineQos");
        assertArrayEquals(new byte[] {0, 0, 1, 4, 0, 0, 1, 3}, Arrays.copyOfRange(m, 28, 36));
        assertEquals(0, le(m, 36));
        assertEquals(8, le(m, 40));
        assertEquals(2, le(m, 44), "fragmentStartingNum");
        assertEquals(1, le16(m, 48), "fragmentsInSubmessage");
        assertEquals(1024, le16(m, 50), "fragmentSize");
        assertEquals(2003, le(m, 52), "sampleSize");
        assertArrayEquals(Arrays.copyOfRange(sample, 1024, 2003), Arrays.copyOfRange(m, 56, 56 + 979));
        assertEquals(0, m[56 + 979], "padding");
        assertEquals(Message.HEARTBEAT, m[24 + 32 + 980]);
        assertEquals(List.of("FRAG 8 2 1024 2003 979", "HB 103 1..8 3 false"), WireTest.read(m, B));
    }

    @Test
    void anAcknackCarriesTheFinalFlagAndOneWordPer32Bits() {
        BitSet missing = new BitSet();
        missing.set(32);
        byte[] m = new Message(A, 256).ackNack(0x104, 0x103, 5, missing, 33, 9, true).bytes();
        assertEquals(0x03, m[21], "E and F");
        assertEquals(8 + 8 + 4 + 8 + 4, le16(m, 22));
        assertEquals(33, le(m, 40));
        assertEquals(0, le(m, 44), "bit 32 is not in the first word");
        assertEquals(0x80000000, le(m, 48));
        assertEquals(9, le(m, 52), "count");
        assertEquals(List.of("ACKNACK 5 [37]"), WireTest.read(m, B));

        BitSet ends = new BitSet();
        ends.set(0);
        ends.set(31);
        byte[] n = new Message(A, 256).ackNack(0x104, 0x103, 5, ends, 32, 1, false).bytes();
        assertEquals(0x01, n[21], "E only");
        assertEquals(8 + 8 + 4 + 4 + 4, le16(n, 22), "32 bits: one word");
        assertEquals(0x80000001, le(n, 44));
        assertEquals(List.of("ACKNACK 5 [5, 36]"), WireTest.read(n, B));
    }

    @Test
    void zeroLengthPadAndInfoTimestampAreEmptyWhileALastSubmessageOfZeroRunsToTheEnd() {
        byte[] hb = body(new Message(A, 256).heartbeat(0x104, 0x103, 1, 4, 2, false));
        byte[] last = hb.clone();
        last[2] = 0;
        last[3] = 0;
        byte[] m = message(new byte[] {Message.PAD, 1, 0, 0}, new byte[] {Message.INFO_TS, 3, 0, 0}, hb, last);
        assertEquals(List.of("HB 103 1..4 2 false", "HB 103 1..4 2 false"), WireTest.read(m, B));
    }

    @Test
    void infoDestinationOfTheUnknownPrefixIsForEveryone() {
        byte[] m = new Message(A, 256).infoDestination(new Guid.Prefix(new byte[12])).heartbeat(0x104, 0x103, 1, 1, 1, false)
                .infoDestination(A).heartbeat(0x104, 0x103, 2, 2, 2, false)
                .infoDestination(B).heartbeat(0x104, 0x103, 3, 3, 3, false).bytes();
        assertEquals(List.of("HB 103 1..1 1 false", "HB 103 3..3 3 false"), WireTest.read(m, B));
    }

    @Test
    void aDataWithoutTheDataOrKeyFlagHasNoPayloadEvenWhenPadded() {
        byte[] qos = new ParameterList().add(ParameterList.KEY_HASH, new Guid(A, 0x103).bytes())
                .addInt(ParameterList.STATUS_INFO, 0x03000000).inline();
        byte[] m = new Message(A, 256).data(Guid.SPDP_READER, Guid.SPDP_WRITER, 5, qos, new byte[4]).bytes();
        m[21] = 0x03; // E and Q: no serialized payload, the four bytes are padding
        assertEquals(List.of("DATA " + A + " 100c7 100c2 5 [112, 113] 0"), WireTest.read(m, B));
    }

    @Test
    void dataFragNumbersStartAtOneAndBadOnesAreNamed() {
        byte[] sample = new byte[2000];
        byte[] m = new Message(A, 4096).dataFragment(0x104, 0x103, 8, 1, 1024, sample).bytes();
        assertEquals(List.of("FRAG 8 1 1024 2000 1024"), WireTest.read(m, B));
        m[44] = 0; // fragment 0
        assertEquals("DATA_FRAG with fragment size 1024, first fragment 0",
                assertThrows(IllegalArgumentException.class, () -> WireTest.read(m, B)).getMessage());
        byte[] z = new Message(A, 4096).dataFragment(0x104, 0x103, 8, 1, 1024, sample).bytes();
        z[50] = 0;
        z[51] = 0; // fragment size 0
        assertEquals("DATA_FRAG with fragment size 0, first fragment 1",
                assertThrows(IllegalArgumentException.class, () -> WireTest.read(z, B)).getMessage());
    }

    /** An ACKNACK written by hand: base 10, the bitmap words given. */
    static byte[] acknack(int numBits, int... words) {
        ByteBuffer b = ByteBuffer.allocate(4 + 20 + 4 * words.length + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) Message.ACKNACK).put((byte) 1).putShort((short) (20 + 4 * words.length + 4));
        b.put(new byte[] {0, 0, 1, 4, 0, 0, 1, 3}).putInt(0).putInt(10).putInt(numBits);
        for (int w : words) {
            b.putInt(w);
        }
        b.putInt(1);
        return message(b.array());
    }

    @Test
    void setMembersAreTheBitsBelowNumBitsAcrossWords() {
        assertEquals(List.of("ACKNACK 10 [10, 11, 12]"), WireTest.read(acknack(3, 0xf0000000), B),
                "bit 3 is beyond numBits");
        assertEquals(List.of("ACKNACK 10 [41, 42]"), WireTest.read(acknack(40, 0x00000001, 0x80000000), B));
        assertEquals("a set of 257 bits (at most 256)", assertThrows(IllegalArgumentException.class,
                () -> WireTest.read(acknack(257, new int[9]), B)).getMessage());
        assertEquals("a set of -1 bits (at most 256)", assertThrows(IllegalArgumentException.class,
                () -> WireTest.read(acknack(-1), B)).getMessage());
    }

    @Test
    void aGapOverAnEnormousRangeListsAtMost65536Numbers() {
        byte[] m = new Message(A, 256).gap(0x104, 0x103, 1, 1L << 40).bytes();
        long[][] got = new long[1][];
        MessageReader.read(ByteBuffer.wrap(m), B, new MessageReader.Handler() {
            public void data(Guid.Prefix f, int r, int w, long sn, Map<Integer, List<ByteBuffer>> q, ByteBuffer p) {}

            public void dataFragment(Guid.Prefix f, int r, int w, long sn, int a, int b, int c,
                    Map<Integer, List<ByteBuffer>> q, ByteBuffer x) {}

            public void heartbeat(Guid.Prefix f, int r, int w, long a, long b, int c, boolean d) {}

            public void ackNack(Guid.Prefix f, int r, int w, long b, long[] m) {}

            public void gap(Guid.Prefix f, int r, int w, long[] irrelevant) {
                got[0] = irrelevant;
            }

            public void nackFragment(Guid.Prefix f, int r, int w, long sn, int[] m) {}
        });
        assertEquals(1 << 16, got[0].length);
        assertEquals(1, got[0][0]);
        assertEquals(1 << 16, got[0][(1 << 16) - 1]);
    }

    /** The eight bytes of a duration parameter's value. */
    static long[] duration(double seconds) {
        byte[] p = new ParameterList().addDuration(ParameterList.PARTICIPANT_LEASE_DURATION, seconds).payload();
        assertEquals(ParameterList.PARTICIPANT_LEASE_DURATION, le16(p, 4));
        assertEquals(8, le16(p, 6));
        return new long[] {le(p, 8), le(p, 12) & 0xffffffffL};
    }

    @Test
    void durationsAreSecondsAndBinaryFractionsAndInfiniteIsTheSpecsConstant() {
        assertArrayEquals(new long[] {20, 0x40000000L}, duration(20.25));
        assertArrayEquals(new long[] {0, 0x80000000L}, duration(0.5));
        assertArrayEquals(new long[] {0x7fffffff, 0xffffffffL}, duration(Double.POSITIVE_INFINITY));
        assertArrayEquals(new long[] {0x7fffffff, 0xffffffffL}, duration(Integer.MAX_VALUE));
        assertArrayEquals(new long[] {0x7fffffff - 1, 0}, duration(Integer.MAX_VALUE - 1));
    }

    @Test
    void parameterListErrorsNameTheParameterAndTheEncapsulation() {
        ByteBuffer over = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 5).putShort((short) 12)
                .putInt(1).putInt(2).flip();
        assertEquals("parameter 0x5 of 12 bytes overruns the 8 left",
                assertThrows(IllegalArgumentException.class, () -> ParameterList.read(over)).getMessage());
        ByteBuffer exact = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 5).putShort((short) 8)
                .putInt(1).putInt(2).flip();
        assertEquals("parameter list without a sentinel",
                assertThrows(IllegalArgumentException.class, () -> ParameterList.read(exact)).getMessage());
        assertEquals("payload encapsulation 1 is not a parameter list", assertThrows(IllegalArgumentException.class,
                () -> ParameterList.readPayload(ByteBuffer.wrap(new byte[] {0, 1, 0, 0, 1, 0, 0, 0}))).getMessage());
        assertEquals("not a parameter-list payload", assertThrows(IllegalArgumentException.class,
                () -> ParameterList.readPayload(ByteBuffer.wrap(new byte[] {1, 3, 0, 0, 1, 0, 0, 0}))).getMessage());
    }

    @Test
    void aBigEndianParameterListIsReadInItsOrder() {
        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.BIG_ENDIAN);
        b.put(new byte[] {0, 2, 0, 0});
        b.putShort((short) ParameterList.DOMAIN_ID).putShort((short) 4).putInt(7);
        b.putShort((short) ParameterList.TOPIC_NAME).putShort((short) 12).putInt(5).put("rt/a".getBytes()).put(new byte[4]);
        b.putShort((short) ParameterList.SENTINEL).putShort((short) 0);
        Map<Integer, List<ByteBuffer>> read = ParameterList.readPayload(b.flip());
        assertEquals(7, read.get(ParameterList.DOMAIN_ID).get(0).getInt(0));
        assertEquals("rt/a", ParameterList.string(read.get(ParameterList.TOPIC_NAME).get(0)));
    }

    static ByteBuffer value(int pid, java.util.function.UnaryOperator<ParameterList> add) {
        return ParameterList.readPayload(ByteBuffer.wrap(add.apply(new ParameterList()).payload())).get(pid).get(0);
    }

    @Test
    void stringsAndOctetSequencesMayFillTheirValueExactlyAndBadLengthsAreNamed() {
        assertEquals(8, value(ParameterList.TOPIC_NAME, p -> p.addString(ParameterList.TOPIC_NAME, "abc")).remaining());
        assertEquals("abc", ParameterList.string(value(ParameterList.TOPIC_NAME, p -> p.addString(ParameterList.TOPIC_NAME, "abc"))));
        assertArrayEquals(new byte[0], ParameterList.octets(value(ParameterList.USER_DATA,
                p -> p.addOctets(ParameterList.USER_DATA, new byte[0]))));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, ParameterList.octets(value(ParameterList.USER_DATA,
                p -> p.addOctets(ParameterList.USER_DATA, new byte[] {1, 2, 3, 4}))));
        ByteBuffer empty = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("string of 0 bytes in a 4-byte parameter",
                assertThrows(IllegalArgumentException.class, () -> ParameterList.string(empty)).getMessage());
        ByteBuffer longer = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 5);
        assertEquals("string of 5 bytes in a 8-byte parameter",
                assertThrows(IllegalArgumentException.class, () -> ParameterList.string(longer)).getMessage());
        ByteBuffer negative = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, -1);
        assertEquals("octet sequence of -1 bytes in a 4-byte parameter",
                assertThrows(IllegalArgumentException.class, () -> ParameterList.octets(negative)).getMessage());
        ByteBuffer over = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 5);
        assertEquals("octet sequence of 5 bytes in a 8-byte parameter",
                assertThrows(IllegalArgumentException.class, () -> ParameterList.octets(over)).getMessage());
    }

    @Test
    void entityIdsAreBigEndianWhateverTheBufferOrderAndKindsTellWriters() {
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN).put(A.bytes())
                .put(new byte[] {0x12, 0x34, 0x56, 0x78}).put(B.bytes()).put(new byte[] {(byte) 0xfe, (byte) 0xdc, (byte) 0xba,
                        (byte) 0x98}).flip();
        Guid g = Guid.read(b), h = Guid.read(b);
        assertEquals(new Guid(A, 0x12345678), g);
        assertEquals(0xfedcba98, h.entity());
        assertEquals("0102030405060708090a0b0c:12345678", g.toString());
        assertArrayEquals(new byte[] {0, 0, 3, (byte) 0xc2}, Arrays.copyOfRange(new Guid(A, Guid.SEDP_PUBLICATIONS_WRITER)
                .bytes(), 12, 16));
        for (int kind : new int[] {0x02, 0x03, 0xc2, 0xc3}) {
            assertTrue(new Guid(A, 0x100 | kind).isWriter(), Integer.toHexString(kind));
        }
        for (int kind : new int[] {0x04, 0x07, 0xc4, 0xc7, 0xc1, 0x01}) {
            assertFalse(new Guid(A, 0x100 | kind).isWriter(), Integer.toHexString(kind));
        }
    }

    @Test
    void aLocatorIsAnAddressOnlyForUdpV4AndPorts1To65535() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        assertEquals(65535, Locator.udp(lo, 65535).socketAddress().getPort());
        assertEquals(1, Locator.udp(lo, 1).socketAddress().getPort());
        assertNull(Locator.udp(lo, 0).socketAddress(), "port 0 is LOCATOR_PORT_INVALID");
        assertNull(Locator.udp(lo, 65536).socketAddress());
        Locator v6 = new Locator(2, 7400, new byte[16]);
        assertNull(v6.socketAddress());
        assertEquals("locator(kind 2, port 7400)", v6.toString());
        Locator l = Locator.udp(lo, 7400);
        assertEquals(l, Locator.udp(InetAddress.getByName("127.0.0.1"), 7400));
        assertEquals(l.hashCode(), Locator.udp(InetAddress.getByName("127.0.0.1"), 7400).hashCode());
        assertNotEquals(l, Locator.udp(lo, 7401));
        assertNotEquals(l, new Locator(2, 7400, l.address()));
        assertNotEquals(l, Locator.udp(InetAddress.getByName("127.0.0.2"), 7400));
        assertNotEquals(l, "127.0.0.1:7400");
    }

    @Test
    void qosDepthsOneAndAThousandAreAcceptedAndAbsentFieldsAreRos2Defaults() {
        assertEquals(new Qos(true, false, 1), Qos.of("/a", Map.of("depth", 1)));
        assertEquals(new Qos(true, false, 1000), Qos.of("/a", Map.of("depth", 1000)));
        assertEquals(Qos.DEFAULT, Qos.of("/a", Map.of()));
        assertEquals("qos /a: depth must be an integer in [1, 1000], got 2.5", assertThrows(IllegalArgumentException.class,
                () -> Qos.of("/a", Map.of("depth", 2.5))).getMessage());
    }

    static Map<Integer, List<ByteBuffer>> inline(ParameterList pl) {
        return ParameterList.read(ByteBuffer.wrap(pl.inline()).order(ByteOrder.LITTLE_ENDIAN));
    }

    @Test
    void statusInfoDisposedOrUnregisteredMakesADisposal() {
        for (int flags : new int[] {1, 2, 3}) {
            assertTrue(Discovery.disposal(inline(new ParameterList().addInt(ParameterList.STATUS_INFO, flags << 24))), "" + flags);
        }
        assertFalse(Discovery.disposal(inline(new ParameterList().addInt(ParameterList.STATUS_INFO, 0))));
        assertFalse(Discovery.disposal(inline(new ParameterList().addInt(ParameterList.STATUS_INFO, 4 << 24))), "filtered");
        assertFalse(Discovery.disposal(inline(new ParameterList().add(ParameterList.STATUS_INFO, new byte[0]))), "too short");
        assertFalse(Discovery.disposal(inline(new ParameterList().addInt(ParameterList.KEY_HASH, 3 << 24))));
        assertFalse(Discovery.disposal(null));
    }

    @Test
    void anEndpointDisposalsKeyHashStandsInForItsGuid() {
        Guid g = new Guid(A, 0x1203);
        ByteBuffer p = Discovery.keyOnly(inline(new ParameterList().add(ParameterList.KEY_HASH, g.bytes())
                .addInt(ParameterList.STATUS_INFO, 3 << 24)), g);
        Map<Integer, List<ByteBuffer>> read = ParameterList.readPayload(p);
        assertEquals(g, Guid.read(read.get(ParameterList.ENDPOINT_GUID).get(0)));
        assertEquals(3, read.get(ParameterList.STATUS_INFO).get(0).get(3));
        assertEquals(0, Discovery.keyOnly(inline(new ParameterList().addInt(ParameterList.STATUS_INFO, 3 << 24)), g).remaining());
        assertEquals(0, Discovery.keyOnly(inline(new ParameterList().add(ParameterList.KEY_HASH, new byte[12])), g).remaining());
    }
}
