package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.io.dds.rtps.Taps.await;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

/**
 * A participant against a hand-driven peer (RTPS 2.3 §8.5): its SPDP answer, matching by the built-in endpoint set,
 * the domain check, lease expiry and renewal, SEDP repairs and heartbeats, endpoints announced big-endian or without a
 * locator, disposals of endpoints and of the peer itself.
 */
class DiscoveryPeerTest {
    static final String T = LossyNetworkTest.TYPE;

    static Map<Integer, List<ByteBuffer>> payload(Taps.Event e) {
        return ParameterList.readPayload(ByteBuffer.wrap(e.payload()));
    }

    static int entityOf(Taps.Event sedp) {
        return Guid.read(payload(sedp).get(ParameterList.ENDPOINT_GUID).get(0).duplicate()).entity();
    }

    @Test
    void aNewPeerIsAnsweredAtOnceAndMatchedAsItsBuiltinEndpointSetSays() throws Exception {
        try (Participant p = new Participant(LoopbackTest.options(210)); FakePeer pubs = new FakePeer(1);
                FakePeer subs = new FakePeer(2)) {
            pubs.announce(p, pubs.spdp(210).addInt(ParameterList.BUILTIN_ENDPOINT_SET, 0x08 | 0x03)); // publications detector
            subs.announce(p, subs.spdp(210).addInt(ParameterList.BUILTIN_ENDPOINT_SET, 0x20 | 0x04 | 0x03));
            await(() -> p.participants() == 2, "both peers known");
            await(() -> !pubs.events("DATA 100c7<-100c2").isEmpty(), "the SPDP answer");
            Taps.Event answer = pubs.events("DATA 100c7<-100c2").get(0);
            assertTrue(answer.direct(), "sent to the new peer only (INFO_DST)");
            Map<Integer, List<ByteBuffer>> spdp = payload(answer);
            assertEquals(new Guid(p.prefix(), Guid.PARTICIPANT), Guid.read(spdp.get(ParameterList.PARTICIPANT_GUID).get(0)));
            assertEquals(210, spdp.get(ParameterList.DOMAIN_ID).get(0).getInt(0));
            int meta = 7410 + 250 * 210 + 2 * p.index();
            assertEquals("127.0.0.1:" + meta, Locator.read(spdp.get(ParameterList.METATRAFFIC_UNICAST_LOCATOR).get(0)).toString());
            assertEquals("127.0.0.1:" + (meta + 1), Locator.read(spdp.get(ParameterList.DEFAULT_UNICAST_LOCATOR).get(0)).toString());
            assertEquals(0x3f, spdp.get(ParameterList.BUILTIN_ENDPOINT_SET).get(0).getInt(0));
            assertEquals(20, spdp.get(ParameterList.PARTICIPANT_LEASE_DURATION).get(0).getInt(0));
            assertEquals(0x01, p.prefix().bytes()[0], "the GUID prefix starts with the vendor id");
            assertEquals((byte) 0xce, p.prefix().bytes()[1]);

            Writer w = p.writer("rt/d", T, Qos.DEFAULT, null);
            Reader r = p.reader("rt/e", T, Qos.DEFAULT, (g, b) -> { });
            Reader r2 = p.reader("rt/f", T, Qos.DEFAULT, (g, b) -> { });
            await(() -> !pubs.events("DATA 3c7<-3c2").isEmpty(), "the publication to the publications detector");
            await(() -> subs.events("DATA 4c7<-4c2").size() == 2, "the subscriptions to the subscriptions detector");
            await(() -> !subs.events("ACKNACK 3c7<-3c2").isEmpty(), "our publications reader greets their announcer");
            Thread.sleep(300);
            assertEquals(w.guid.entity(), entityOf(pubs.events("DATA 3c7<-3c2").get(0)));
            assertEquals(0x03, w.guid.entity() & 0xff, "a user writer without key");
            int e1 = entityOf(subs.events("DATA 4c7<-4c2").get(0)), e2 = entityOf(subs.events("DATA 4c7<-4c2").get(1));
            assertEquals(java.util.Set.of(r.guid.entity(), r2.guid.entity()), java.util.Set.of(e1, e2));
            assertEquals(0x04, e1 & 0xff, "a user reader without key");
            assertEquals(0x04, e2 & 0xff);
            assertNotEquals(e1 >>> 8, e2 >>> 8, "distinct entity keys");
            assertEquals(List.of(), subs.events("DATA 3c7<-3c2"), "no publications detector announced");
            assertEquals(List.of(), subs.events("HB 3c7<-3c2"));
            assertEquals(List.of(), pubs.events("DATA 4c7<-4c2"), "no subscriptions detector announced");
            assertEquals(List.of(), pubs.events("HB 4c7<-4c2"));
            assertEquals(List.of(), pubs.events("ACKNACK 3c7<-3c2"), "no publications announcer announced");
            assertEquals(List.of(), pubs.events("ACKNACK 4c7<-4c2"));
        }
    }

    @Test
    void aPeerOfAnotherDomainIsIgnoredAndOneNamingNoDomainIsTaken() throws Exception {
        try (Participant p = new Participant(LoopbackTest.options(211)); FakePeer other = new FakePeer(3);
                FakePeer same = new FakePeer(4); FakePeer silent = new FakePeer(5)) {
            other.announce(p, other.spdp(212));
            same.announce(p, same.spdp(211));
            await(() -> p.participants() == 1, "the peer of domain 211");
            await(() -> !same.events("DATA 100c7<-100c2").isEmpty(), "answered");
            assertEquals(List.of(), other.events("DATA 100c7<-100c2"), "domain 212's peer was not answered");
            ParameterList noDomain = new ParameterList().addGuid(ParameterList.PARTICIPANT_GUID, new Guid(silent.prefix, Guid.PARTICIPANT))
                    .addLocator(ParameterList.METATRAFFIC_UNICAST_LOCATOR, silent.locator());
            silent.announce(p, noDomain);
            await(() -> p.participants() == 2, "a peer without DOMAIN_ID is of ours");
        }
    }

    @Test
    void aPeersLeaseEndsItAndHeartbeatsFromItDoNotWhenTheyKeepComing() throws Exception {
        // our own lease is 20 s: a peer's traffic renews it by the peer's announced lease (1 s), RTPS 2.3 §8.5.3.2
        try (Participant p = new Participant(Taps.options(213, 16000, 64L << 20, 400_000_000L, 20)); FakePeer f = new FakePeer(6)) {
            f.announce(p, f.spdp(213).addDuration(ParameterList.PARTICIPANT_LEASE_DURATION, 1));
            await(() -> p.participants() == 1, "known");
            long until = System.nanoTime() + 2_300_000_000L;
            while (System.nanoTime() < until) {
                f.send(p, new Message(f.prefix, 256).infoDestination(p.prefix())
                        .heartbeat(Guid.SEDP_PUBLICATIONS_READER, Guid.SEDP_PUBLICATIONS_WRITER, 1, 0, 1, false).bytes());
                Thread.sleep(100);
                assertEquals(1, p.participants(), "heartbeats renew the 1 s lease");
            }
            long silent = System.nanoTime();
            await(() -> p.participants() == 0, "silent: the lease ends");
            assertTrue(System.nanoTime() - silent < 3_000_000_000L, "by the peer's 1 s lease, not our 20 s");
        }
    }

    @Test
    void aLeaseWithAFractionEndsBetweenItsWholeSecondsAndTheNext() throws Exception {
        int domain = 214, base = 7400 + 250 * domain;
        try (Participant p = new Participant(LoopbackTest.options(domain)); FakePeer ticks = new FakePeer(7, base + 10 + 2 * 3);
                FakePeer nine = new FakePeer(8, base + 10 + 2 * 9); FakePeer ten = new FakePeer(9, base + 10 + 2 * 10);
                FakePeer f = new FakePeer(10)) {
            await(() -> ticks.datagrams.size() >= 1, "SPDP to the peer's participant index 3");
            byte[] tick = ticks.datagrams.get(ticks.datagrams.size() - 1);
            assertFalse(Taps.events(tick, ticks.prefix).get(0).direct(), "announcements name no destination");
            long now = System.currentTimeMillis() / 1000;
            assertTrue(Math.abs(Taps.infoTimestampSeconds(tick) - now) <= 2, "INFO_TS is now");
            Thread.sleep(300);
            // 1.5 s: announced 0.3 s after a tick, it holds through the next tick and ends at the one after
            f.announce(p, f.spdp(domain).addDuration(ParameterList.PARTICIPANT_LEASE_DURATION, 1.5));
            int at = ticks.datagrams.size();
            await(() -> ticks.datagrams.size() > at, "tick 1");
            Thread.sleep(150);
            assertEquals(1, p.participants(), "0.7 s after the announcement");
            await(() -> ticks.datagrams.size() > at + 1, "tick 2");
            Thread.sleep(150);
            assertEquals(0, p.participants(), "1.7 s after the announcement the 1.5 s lease has ended");
            assertFalse(nine.datagrams.isEmpty(), "peers are sent SPDP on participant indices 0 to 9");
            assertTrue(ten.datagrams.isEmpty(), "not on 10");
        }
    }

    @Test
    void builtinWritersRepairWhatAPeerAsksAndHeartbeatWhatItHasNotAcknowledged() throws Exception {
        try (Participant p = new Participant(LoopbackTest.options(215)); FakePeer f = new FakePeer(11)) {
            f.announce(p, f.spdp(215));
            await(() -> p.participants() == 1, "known");
            p.writer("rt/x", T, Qos.DEFAULT, null);
            p.reader("rt/y", T, Qos.DEFAULT, (g, b) -> { });
            await(() -> !f.events("DATA 3c7<-3c2").isEmpty() && !f.events("DATA 4c7<-4c2").isEmpty(), "announced");
            await(() -> f.events("HB 4c7<-4c2").size() >= 3 && f.events("HB 3c7<-3c2").size() >= 3,
                    "unacknowledged: HEARTBEATs keep coming");
            f.clear();
            java.util.BitSet one = new java.util.BitSet();
            one.set(0);
            f.send(p, new Message(f.prefix, 256).infoDestination(p.prefix())
                    .ackNack(Guid.SEDP_PUBLICATIONS_READER, Guid.SEDP_PUBLICATIONS_WRITER, 1, one, 1, 1, false)
                    .ackNack(Guid.SEDP_SUBSCRIPTIONS_READER, Guid.SEDP_SUBSCRIPTIONS_WRITER, 1, one, 1, 1, false).bytes());
            await(() -> !f.events("DATA 3c7<-3c2").isEmpty() && !f.events("DATA 4c7<-4c2").isEmpty(), "both repaired");
            assertEquals(1, f.events("DATA 3c7<-3c2").get(0).sn());
            assertEquals(1, f.events("DATA 4c7<-4c2").get(0).sn());
        }
    }

    @Test
    void userEndpointsOfAPeerMatchHeartbeatGapAndRepairFragments() throws Exception {
        try (Participant p = new Participant(LoopbackTest.options(216)); FakePeer f = new FakePeer(12)) {
            f.announce(p, f.spdp(216));
            await(() -> p.participants() == 1, "known");
            Writer w = p.writer("rt/u", T, Qos.DEFAULT, null);
            // a reader announced without UNICAST_LOCATOR: it receives at its participant's default locator
            ParameterList reader = new ParameterList().addGuid(ParameterList.ENDPOINT_GUID, new Guid(f.prefix, 0x104))
                    .addString(ParameterList.TOPIC_NAME, "rt/u").addString(ParameterList.TYPE_NAME, T)
                    .add(ParameterList.RELIABILITY, ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(2).array());
            f.sedp(p, false, null, reader.payload());
            await(() -> w.matched() == 1, "matched");
            w.write(LossyNetworkTest.sample(1, 40_000));
            await(() -> f.events("FRAG 104<-" + Integer.toHexString(w.guid.entity())).size() == 3, "three fragments");
            await(() -> f.events("HB 104<-" + Integer.toHexString(w.guid.entity())).size() >= 3,
                    "unacknowledged: the writer's HEARTBEATs keep coming");
            f.clear();
            java.util.BitSet second = new java.util.BitSet();
            second.set(0);
            f.send(p, new Message(f.prefix, 256).infoDestination(p.prefix()).nackFragment(0x104, w.guid.entity(), 1, 2, second, 1, 1)
                    .bytes());
            await(() -> !f.events("FRAG 104<-" + Integer.toHexString(w.guid.entity())).isEmpty(), "fragment 2 again");
            assertEquals(2, f.events("FRAG 104<-" + Integer.toHexString(w.guid.entity())).get(0).fragment());

            Map<Long, byte[]> got = new ConcurrentHashMap<>();
            Reader r = p.reader("rt/v", T, Qos.DEFAULT, (g, b) -> got.put((long) got.size(), new byte[0]));
            f.sedp(p, true, null, f.announcement(0x203, "rt/v", T, Qos.DEFAULT));
            await(() -> r.matched() == 1, "our reader matched their writer");
            f.clear();
            f.send(p, new Message(f.prefix, 256).infoDestination(p.prefix()).gap(r.guid.entity(), 0x203, 1, 4)
                    .heartbeat(r.guid.entity(), 0x203, 1, 3, 1, false).bytes());
            await(() -> !f.events("ACKNACK " + Integer.toHexString(r.guid.entity()) + "<-203").isEmpty(), "answered");
            Taps.Event ack = f.events("ACKNACK " + Integer.toHexString(r.guid.entity()) + "<-203").get(0);
            assertEquals(4, ack.sn(), "1..3 declared gone: nothing asked");
            assertEquals(0, ack.set().length);
        }
    }

    @Test
    void endpointsAnnouncedBigEndianMatchAndTheirDisposalsUnmatch() throws Exception {
        try (Participant p = new Participant(LoopbackTest.options(217)); FakePeer f = new FakePeer(13)) {
            f.announce(p, f.spdp(217));
            await(() -> p.participants() == 1, "known");
            Reader r = p.reader("rt/be", T, Qos.DEFAULT, (g, b) -> { });
            ByteBuffer be = ByteBuffer.allocate(256).order(ByteOrder.BIG_ENDIAN).put(new byte[] {0, 2, 0, 0});
            be.putShort((short) ParameterList.ENDPOINT_GUID).putShort((short) 16).put(new Guid(f.prefix, 0x303).bytes());
            be.putShort((short) ParameterList.TOPIC_NAME).putShort((short) 12).putInt(6).put("rt/be\0".getBytes()).put(new byte[2]);
            be.putShort((short) ParameterList.TYPE_NAME).putShort((short) (4 + (T.length() + 1 + 3) / 4 * 4)).putInt(T.length() + 1)
                    .put(T.getBytes()).put(new byte[(T.length() + 1 + 3) / 4 * 4 - T.length()]);
            be.putShort((short) ParameterList.RELIABILITY).putShort((short) 12).putInt(2).putInt(0).putInt(0);
            be.putShort((short) ParameterList.UNICAST_LOCATOR).putShort((short) 24).putInt(1).putInt(f.socket.getLocalPort())
                    .put(f.locator().address());
            be.putShort((short) ParameterList.SENTINEL).putShort((short) 0);
            f.sedp(p, true, null, java.util.Arrays.copyOf(be.array(), be.position()));
            await(() -> r.matched() == 1, "a big-endian (PL_CDR_BE) publication matches");
            f.sedp(p, true, f.disposal(0x303), new byte[0]);
            await(() -> r.matched() == 0, "its disposal unmatches");
            assertEquals(0, p.reader("rt/be", T, Qos.DEFAULT, (g, b) -> { }).matched(), "and it is forgotten");

            Writer w = p.writer("rt/sub", T, Qos.DEFAULT, null);
            f.sedp(p, false, null, f.announcement(0x404, "rt/sub", T, Qos.DEFAULT));
            await(() -> w.matched() == 1, "their reader matched");
            f.sedp(p, false, f.disposal(0x404), new byte[0]);
            await(() -> w.matched() == 0, "its disposal unmatches");
            assertEquals(0, p.writer("rt/sub", T, Qos.DEFAULT, null).matched(), "and it is forgotten");
        }
    }

    @Test
    void aPeerThatLeavesIsForgottenWithItsEndpointsAndOnlyIts() throws Exception {
        try (Participant p = new Participant(LoopbackTest.options(218)); FakePeer one = new FakePeer(14);
                FakePeer two = new FakePeer(15)) {
            one.announce(p, one.spdp(218));
            two.announce(p, two.spdp(218));
            await(() -> p.participants() == 2, "both known");
            Reader r = p.reader("rt/z", T, Qos.DEFAULT, (g, b) -> { });
            Writer w = p.writer("rt/q", T, Qos.DEFAULT, null);
            one.sedp(p, true, null, one.announcement(0x503, "rt/z", T, Qos.DEFAULT));
            two.sedp(p, true, null, two.announcement(0x503, "rt/z", T, Qos.DEFAULT));
            one.sedp(p, false, null, one.announcement(0x504, "rt/q", T, Qos.DEFAULT));
            await(() -> r.matched() == 2 && w.matched() == 1, "matched");
            one.leave(p);
            await(() -> p.participants() == 1, "one left");
            await(() -> r.matched() == 1 && w.matched() == 0, "its endpoints unmatched");
            Thread.sleep(200);
            assertEquals(1, p.reader("rt/z", T, Qos.DEFAULT, (g, b) -> { }).matched(), "two's writer is still known");
            one.clear();
            Writer late = p.writer("rt/q", T, Qos.DEFAULT, null);
            assertEquals(0, late.matched(), "one's reader is forgotten");
            Reader k = p.reader("rt/k", T, Qos.DEFAULT, (g, b) -> { });
            one.sedp(p, true, null, one.announcement(0x603, "rt/k", T, Qos.DEFAULT));
            two.sedp(p, true, null, two.announcement(0x603, "rt/k", T, Qos.DEFAULT));
            await(() -> k.matched() >= 1, "two's new writer");
            Thread.sleep(300);
            assertEquals(1, k.matched(), "what one sends after leaving is not taken");
            assertEquals(List.of(), one.events("DATA 3c7<-3c2"), "nor is it told of new writers");
            assertEquals(List.of(), one.events("HB 3c7<-3c2"));
            assertEquals(List.of(), one.events("HB 4c7<-4c2"));
        }
    }
}
