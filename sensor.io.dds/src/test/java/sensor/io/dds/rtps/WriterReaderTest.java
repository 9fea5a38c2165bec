package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.io.dds.rtps.Taps.await;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

/**
 * A writer's and a reader's side of RTPS 2.3 §8.4 on the wire, through a tap on the participant's sends (nothing
 * leaves): HEARTBEATs on matching and after samples, their counts and ranges, ACKNACK repairs and coalesced GAPs,
 * NACK_FRAG repairs, the reader's preemptive ACKNACK, its answers to HEARTBEATs, GAPs, and the joining of fragments.
 */
class WriterReaderTest {
    static final String T = LossyNetworkTest.TYPE;
    static final Guid.Prefix B = WireTest.B;
    static final Guid R1 = new Guid(B, 0x1104), R2 = new Guid(B, 0x2104), W = new Guid(B, 0x1103);

    static String hb(Taps.Event e) {
        return e.first() + ".." + e.last() + (e.fin() ? " final" : "");
    }

    static List<Taps.Event> of(List<Taps.Event> events, String kind, Guid reader) {
        return events.stream().filter(e -> e.kind().equals(kind) && e.reader() == reader.entity()).toList();
    }

    @Test
    void aReliableReaderIsSentAHeartbeatOnMatchingAndAfterEachSampleWithRisingCounts() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(180))) {
            Taps.Tap tap = new Taps.Tap();
            a.lose = tap;
            Writer w = new Writer(a, new Guid(a.prefix(), 0x7703), "rt/hb", T, new Qos(true, false, 10), null);
            for (int i = 0; i < 3; i++) {
                w.write(new byte[] {0, 1, 0, 0, (byte) i});
            }
            w.match(R1, List.of(Taps.NOWHERE), true);
            w.match(R2, List.of(Taps.NOWHERE), false);
            List<Taps.Event> hbs = tap.events(B, "HB");
            assertEquals(1, hbs.size(), "one HEARTBEAT, to the reliable reader only");
            assertEquals(R1.entity(), hbs.get(0).reader());
            assertEquals(0x7703, hbs.get(0).writer());
            assertEquals("4..3", hb(hbs.get(0)), "volatile: a late reader is offered nothing of the 3 written before");
            assertEquals(1, hbs.get(0).count());
            assertTrue(hbs.get(0).direct(), "with INFO_DST");

            w.write(new byte[] {0, 1, 0, 0, 4});
            await(() -> tap.events(B, "HB").size() == 2, "a final HEARTBEAT follows the sample");
            List<Taps.Event> data = tap.events(B, "DATA");
            assertEquals(List.of(4L, 4L), data.stream().map(Taps.Event::sn).toList(), "sample 4 to both readers");
            Taps.Event after = tap.events(B, "HB").get(1);
            assertEquals("4..4 final", hb(after));
            assertEquals(2, after.count());

            w.heartbeatUnacknowledged();
            assertEquals(3, tap.events(B, "HB").size(), "sample 4 is not acknowledged: announced again");
            assertEquals("4..4", hb(tap.events(B, "HB").get(2)));
            assertEquals(3, tap.events(B, "HB").get(2).count());
            w.ackNack(R1, 4, new long[0]);
            w.heartbeatUnacknowledged();
            assertEquals(4, tap.events(B, "HB").size(), "base 4 acknowledges only 1..3: sample 4 is still announced");
            w.ackNack(R1, 5, new long[0]);
            w.heartbeatUnacknowledged();
            assertEquals(4, tap.events(B, "HB").size(), "all acknowledged: silence");
            assertEquals(0, w.dropped());
            assertEquals(4, w.written());
        }
    }

    @Test
    void anAcknackIsAnsweredWithRepairsOfKeptSamplesAndOneGapPerRunOfLostOnes() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(181))) {
            Taps.Tap tap = new Taps.Tap();
            a.lose = tap;
            Writer w = new Writer(a, new Guid(a.prefix(), 0x7803), "rt/gap", T, new Qos(true, false, 2), null);
            w.match(R1, List.of(Taps.NOWHERE), true);
            for (int i = 1; i <= 5; i++) {
                w.write(new byte[] {0, 1, 0, 0, (byte) i});
            }
            await(() -> tap.events(B, "HB").stream().anyMatch(e -> e.last() == 5), "all five sent");
            tap.sent.clear();
            w.ackNack(R1, 1, new long[] {1, 2, 3, 4});
            await(() -> tap.events(B, "DATA").size() == 1 && tap.events(B, "HB").size() == 1, "sample 4 repaired");
            List<Taps.Event> gaps = tap.events(B, "GAP");
            assertEquals(1, gaps.size(), "1..3 in one GAP");
            assertArrayEquals(new long[] {1, 2, 3}, gaps.get(0).set());
            assertEquals(R1.entity(), gaps.get(0).reader());
            assertEquals(4, tap.events(B, "DATA").get(0).sn());
            assertArrayEquals(new byte[] {0, 1, 0, 0, 4}, tap.events(B, "DATA").get(0).payload());
            assertEquals(1, w.repairs());

            tap.sent.clear();
            w.ackNack(R1, 1, new long[] {1, 3, 5});
            await(() -> tap.events(B, "DATA").size() == 1 && tap.events(B, "HB").size() == 1, "sample 5 repaired");
            assertEquals(List.of("[1]", "[3]"), tap.events(B, "GAP").stream().map(e -> Arrays.toString(e.set())).toList());
            assertEquals(5, tap.events(B, "DATA").get(0).sn());
            assertEquals(2, w.repairs());

            tap.sent.clear();
            w.ackNack(R1, 6, new long[0]);
            w.ackNack(new Guid(B, 0x9904), 1, new long[] {1, 4});
            w.match(R2, List.of(Taps.NOWHERE), false);
            w.ackNack(R2, 1, new long[] {4});
            Thread.sleep(100);
            assertEquals(List.of(), tap.events(B), "nothing asked, an unknown reader, a best-effort one: no answer");
        }
    }

    @Test
    void aNackFragIsAnsweredWithThoseFragmentsOrAGapWhenTheSampleIsGone() throws Exception {
        try (Participant a = new Participant(Taps.options(182, 1024, 64L << 20, 400_000_000L, 20))) {
            Taps.Tap tap = new Taps.Tap();
            a.lose = tap;
            Writer w = new Writer(a, new Guid(a.prefix(), 0x7903), "rt/frag", T, new Qos(true, false, 2), null);
            w.match(R2, List.of(Taps.NOWHERE), false); // best effort: the fragments only, no HEARTBEATs
            byte[] one = LossyNetworkTest.sample(1, 3000), two = LossyNetworkTest.sample(2, 2048), three = LossyNetworkTest.sample(3, 1024);
            w.write(one);
            w.write(two);
            w.write(three);
            await(() -> tap.events(B).size() == 3 + 2 + 1, "sent: 3 fragments, 2 fragments, 1 whole DATA");
            List<Taps.Event> frags = tap.events(B, "FRAG");
            assertEquals(List.of("1:1", "1:2", "1:3", "2:1", "2:2"), frags.stream().map(e -> e.sn() + ":" + e.fragment()).toList());
            ByteBuffer joined = ByteBuffer.allocate(3000);
            for (Taps.Event e : frags.subList(0, 3)) {
                assertEquals(1024, e.fragmentSize());
                assertEquals(3000, e.sampleSize());
                joined.put(e.payload());
            }
            assertArrayEquals(one, joined.array());
            assertArrayEquals(three, tap.events(B, "DATA").get(0).payload(), "a sample of exactly the fragment size goes whole");
            long now = System.currentTimeMillis() / 1000;
            long ts = Taps.infoTimestampSeconds(tap.sent.get(0));
            assertTrue(Math.abs(ts - now) <= 2, "INFO_TS is the time of sending: " + ts + " vs " + now);

            tap.sent.clear();
            w.nackFragment(R2, 1, new int[] {1});
            assertArrayEquals(new long[] {1}, tap.events(B, "GAP").get(0).set(), "sample 1 is no longer kept (depth 2)");
            w.nackFragment(R2, 2, new int[] {0, 2, 3});
            w.nackFragment(R1, 2, new int[] {1});
            await(() -> tap.events(B, "FRAG").size() == 1, "fragment 2 of sample 2 again");
            Thread.sleep(50);
            assertEquals(List.of("2:2"), tap.events(B, "FRAG").stream().map(e -> e.sn() + ":" + e.fragment()).toList(),
                    "fragments 0 and 3 do not exist; R1 is not matched");
            assertArrayEquals(Arrays.copyOfRange(two, 1024, 2048), tap.events(B, "FRAG").get(0).payload());
            assertEquals(1, w.repairs());
        }
    }

    @Test
    void aReliableReaderAnnouncesItselfOnceWithAnEmptyAcknackAndABestEffortOneStaysSilent() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(183))) {
            Taps.Tap tap = new Taps.Tap();
            a.lose = tap;
            Reader r = new Reader(a, new Guid(a.prefix(), 0x7a04), "rt/r", T, Qos.DEFAULT, (g, p) -> { });
            r.match(W, List.of(Taps.NOWHERE));
            r.match(W, List.of(Taps.NOWHERE));
            List<Taps.Event> acks = tap.events(B, "ACKNACK");
            assertEquals(1, acks.size());
            assertEquals("ACKNACK 7a04<-1103", acks.get(0).ids());
            assertEquals(1, acks.get(0).sn(), "base 1");
            assertEquals(0, acks.get(0).set().length);
            Reader be = new Reader(a, new Guid(a.prefix(), 0x7b04), "rt/r", T, Qos.SENSOR_DATA, (g, p) -> { });
            be.match(W, List.of(Taps.NOWHERE));
            assertEquals(1, tap.events(B, "ACKNACK").size());

            Guid other = new Guid(WireTest.A, 0x1103);
            r.match(other, List.of(Taps.NOWHERE));
            assertTrue(r.matches(W));
            assertFalse(r.matches(new Guid(B, 0x2203)));
            r.unmatchParticipant(B);
            assertFalse(r.matches(W));
            assertTrue(r.matches(other), "only B's writers were unmatched");
            assertEquals(1, r.matched());
        }
    }

    @Test
    void aReaderAnswersHeartbeatsWithWhatIsMissingSkippingWhatTheWriterNoLongerHas() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(184))) {
            Taps.Tap tap = new Taps.Tap();
            a.lose = tap;
            Map<Long, byte[]> got = new ConcurrentHashMap<>();
            long[] n = new long[1];
            Reader r = new Reader(a, new Guid(a.prefix(), 0x7c04), "rt/r", T, Qos.DEFAULT, (g, p) -> {
                byte[] x = new byte[p.remaining()];
                p.get(x);
                got.put(n[0]++, x);
            });
            r.match(W, List.of(Taps.NOWHERE));
            tap.sent.clear();
            r.data(W, 1, ByteBuffer.wrap(new byte[] {1}));
            r.data(W, 1, ByteBuffer.wrap(new byte[] {1}));
            r.data(W, 3, ByteBuffer.wrap(new byte[] {3}));
            r.data(new Guid(B, 0x5503), 2, ByteBuffer.wrap(new byte[] {9}));
            assertEquals(2, got.size(), "a duplicate and an unmatched writer's sample are not delivered");

            r.heartbeat(W, 1, 5, false);
            Taps.Event ack = tap.events(B, "ACKNACK").get(0);
            assertEquals(2, ack.sn());
            assertArrayEquals(new long[] {2, 4, 5}, ack.set());
            assertEquals(WireFormatTest.le(ack.datagram(), ack.datagram().length - 4), 1, "count 1");
            byte[] first = ack.datagram();
            assertEquals(4, WireFormatTest.le(first, 56), "numBits: up to sample 5, bit 3 of base 2");

            r.heartbeat(W, 4, 5, true);
            Taps.Event skip = tap.events(B, "ACKNACK").get(1);
            assertEquals(4, skip.sn(), "2 is gone from the writer, 3 was had");
            assertArrayEquals(new long[] {4, 5}, skip.set(), "a final HEARTBEAT is answered while samples are missing");

            r.gap(W, new long[] {4});
            r.gap(new Guid(B, 0x5503), new long[] {5});
            r.data(W, 5, ByteBuffer.wrap(new byte[] {5}));
            r.heartbeat(W, 4, 5, true);
            assertEquals(2, tap.events(B, "ACKNACK").size(), "a final HEARTBEAT with nothing missing is not answered");
            r.heartbeat(W, 4, 5, false);
            Taps.Event all = tap.events(B, "ACKNACK").get(2);
            assertEquals(6, all.sn());
            assertEquals(0, all.set().length);
            int[] counts = tap.events(B, "ACKNACK").stream().mapToInt(e -> WireFormatTest.le(e.datagram(), e.datagram().length - 4)).toArray();
            assertTrue(counts[0] < counts[1] && counts[1] < counts[2], Arrays.toString(counts));

            r.heartbeat(W, 6, 1000, false);
            Taps.Event wide = tap.events(B, "ACKNACK").get(3);
            assertEquals(6, wide.sn());
            assertEquals(256, wide.set().length, "at most 256 asked at once");
            assertEquals(261, wide.set()[255]);

            Reader be = new Reader(a, new Guid(a.prefix(), 0x7d04), "rt/r", T, Qos.SENSOR_DATA, (g, p) -> { });
            be.match(W, List.of(Taps.NOWHERE));
            be.heartbeat(W, 1, 5, false);
            r.heartbeat(new Guid(B, 0x5503), 1, 5, false);
            assertEquals(4, tap.events(B, "ACKNACK").size(), "best effort and unmatched writers are not answered");
        }
    }

    static ByteBuffer part(byte[] sample, int from, int to) {
        return ByteBuffer.wrap(Arrays.copyOfRange(sample, from, to));
    }

    @Test
    void fragmentsAreJoinedInAnyOrderAndMissingOnesAskedForWithNackFrag() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(185))) {
            Taps.Tap tap = new Taps.Tap();
            a.lose = tap;
            Map<Long, byte[]> got = new ConcurrentHashMap<>();
            Reader r = new Reader(a, new Guid(a.prefix(), 0x7e04), "rt/f", T, Qos.DEFAULT, (g, p) -> {
                byte[] x = new byte[p.remaining()];
                p.get(x);
                got.put((long) got.size(), x);
            });
            r.match(W, List.of(Taps.NOWHERE));
            tap.sent.clear();
            byte[] s = LossyNetworkTest.sample(7, 5000);
            r.fragment(W, 1, 1, 1024, 5000, part(s, 0, 1024));
            r.fragment(W, 1, 3, 1024, 5000, part(s, 2048, 3072));
            r.fragment(W, 1, 2, 1024, 6000, part(s, 1024, 2048)); // another sample size: not this sample's
            r.fragment(W, 1, 5, 1024, 5000, ByteBuffer.wrap(new byte[1024])); // would run past the sample's end
            r.heartbeat(W, 1, 1, true);
            Taps.Event nack = tap.events(B, "NACKFRAG").get(0);
            assertEquals(1, nack.sn());
            assertArrayEquals(new long[] {2, 4, 5}, nack.set(), "fragments 2, 4 and 5 are missing");
            assertEquals("NACKFRAG 7e04<-1103", nack.ids());
            assertEquals(1, tap.events(B, "ACKNACK").size(), "with an ACKNACK of base 1, sample 1 being under way");
            assertEquals(0, tap.events(B, "ACKNACK").get(0).set().length);

            r.fragment(W, 1, 4, 1024, 5000, part(s, 3072, 5000)); // fragments 4 and 5 in one submessage
            r.fragment(W, 1, 2, 1024, 5000, ByteBuffer.wrap(new byte[0])); // an empty DATA_FRAG fills no hole
            assertEquals(0, got.size());
            r.fragment(W, 1, 2, 1024, 5000, part(s, 1024, 2048));
            assertEquals(1, got.size());
            assertArrayEquals(s, got.get(0L));
            r.fragment(W, 1, 2, 1024, 5000, part(s, 1024, 2048));
            assertEquals(1, got.size(), "delivered once");

            byte[] even = LossyNetworkTest.sample(8, 2048);
            r.fragment(W, 2, 2, 1024, 2048, part(even, 1024, 2048));
            r.fragment(W, 2, 1, 1024, 2048, part(even, 0, 1024));
            assertArrayEquals(even, got.get(1L), "two whole fragments make the sample");
        }
    }

    @Test
    void aNackFragAsksAtMost256FragmentsAndOnlyThoseOfTheSample() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(186))) {
            Taps.Tap tap = new Taps.Tap();
            a.lose = tap;
            Reader r = new Reader(a, new Guid(a.prefix(), 0x7f04), "rt/f", T, Qos.DEFAULT, (g, p) -> { });
            r.match(W, List.of(Taps.NOWHERE));
            r.fragment(W, 1, 1, 1024, 300 * 1024, ByteBuffer.wrap(new byte[1024]));
            r.fragment(W, 2, 1, 1024, 3000, ByteBuffer.wrap(new byte[1024]));
            r.heartbeat(W, 1, 2, false);
            List<Taps.Event> nacks = tap.events(B, "NACKFRAG");
            assertEquals(2, nacks.size());
            assertEquals(256, nacks.get(0).set().length);
            assertEquals(2, nacks.get(0).set()[0]);
            assertEquals(257, nacks.get(0).set()[255]);
            assertArrayEquals(new long[] {2, 3}, nacks.get(1).set(), "sample 2 has 3 fragments, no more");
        }
    }

    @Test
    void aReaderKeepsTheFourNewestUnfinishedSamples() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(187))) {
            a.lose = d -> true;
            Map<Long, byte[]> got = new ConcurrentHashMap<>();
            Reader r = new Reader(a, new Guid(a.prefix(), 0x8004), "rt/f", T, Qos.SENSOR_DATA, (g, p) -> got.put((long) p.get(0), new byte[0]));
            r.match(W, List.of(Taps.NOWHERE));
            for (int sn = 1; sn <= 5; sn++) {
                byte[] first = new byte[1024];
                first[0] = (byte) sn;
                r.fragment(W, sn, 1, 1024, 2000, ByteBuffer.wrap(first));
            }
            r.fragment(W, 2, 2, 1024, 2000, ByteBuffer.wrap(new byte[976]));
            r.fragment(W, 1, 2, 1024, 2000, ByteBuffer.wrap(new byte[976]));
            assertEquals(java.util.Set.of(2L), got.keySet(), "sample 1, the oldest of five unfinished, was given up");
        }
    }
}
