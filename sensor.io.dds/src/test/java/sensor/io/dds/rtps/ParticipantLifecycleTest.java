package sensor.io.dds.rtps;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.io.dds.rtps.Taps.await;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A participant's ports, threads and warnings: participant indices and the error when every port is taken, ports and
 * threads freed on close, the others told of the leaving, the caller's interrupt kept, a malformed datagram and a QoS
 * mismatch logged once, a writer created after a reader was discovered matched at once, the default interface.
 */
class ParticipantLifecycleTest {
    static final String T = LossyNetworkTest.TYPE;

    static boolean bindable(int port) {
        try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(port))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static List<String> threads(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().startsWith(prefix))
                .map(Thread::getName).toList();
    }

    @Test
    void participantsTakeTheLowestFreeIndexAndFreeTheirPortsOnClose() throws Exception {
        int base = 7400 + 250 * 220;
        try (DatagramSocket user0 = new DatagramSocket(new InetSocketAddress(base + 11))) {
            Participant a = new Participant(LoopbackTest.options(220));
            Participant b = new Participant(LoopbackTest.options(220));
            assertEquals(1, a.index(), "index 0's user port is taken");
            assertTrue(bindable(base + 10), "index 0's meta port was let go again");
            assertEquals(2, b.index());
            assertFalse(bindable(base + 12));
            assertFalse(bindable(base + 13));
            assertFalse(bindable(base + 14));
            assertFalse(bindable(base + 15));
            assertTrue(bindable(base), "on an interface without multicast the SPDP multicast port is not opened");
            assertNotEquals(a.prefix(), b.prefix());
            b.close();
            assertTrue(bindable(base + 14) && bindable(base + 15), "closed: its ports are free");
            a.close();
            assertTrue(bindable(base + 12) && bindable(base + 13));
        }
    }

    @Test
    void whenEveryPortIsTakenTheErrorNamesTheDomainAndThePorts() throws Exception {
        int base = 7400 + 250 * 221;
        List<DatagramSocket> taken = new ArrayList<>();
        try {
            for (int i = 0; i <= Participant.MAX_INDEX; i++) {
                try {
                    taken.add(new DatagramSocket(new InetSocketAddress(base + 10 + 2 * i)));
                } catch (IOException e) {
                    // in use already
                }
            }
            IOException e = assertThrows(IOException.class, () -> new Participant(LoopbackTest.options(221)));
            assertEquals("DDS: every participant port of domain 221 (" + (base + 10) + " to " + (base + 249) + ") is in use",
                    e.getMessage());
        } finally {
            taken.forEach(DatagramSocket::close);
        }
    }

    @Test
    void closingTellsTheOthersAndStopsEveryThread() throws Exception {
        Participant a = new Participant(LoopbackTest.options(222));
        Participant b = new Participant(LoopbackTest.options(222));
        try {
            await(() -> a.participants() == 1 && b.participants() == 1, "discovered");
            for (String t : threads("dds-")) {
                if (t.startsWith("dds-meta-") || t.startsWith("dds-user-") || t.startsWith("dds-send-222")) {
                    assertTrue(Thread.getAllStackTraces().keySet().stream().filter(x -> x.getName().equals(t))
                            .allMatch(Thread::isDaemon), t + " does not keep the JVM alive");
                }
            }
            b.close();
            await(() -> a.participants() == 0, "b's SPDP disposal reached a (its lease is 20 s)");
        } finally {
            a.close();
            b.close();
        }
        int meta = 7410 + 250 * 222;
        await(() -> threads("dds-send-222").isEmpty() && threads("dds-timer-222").isEmpty()
                && threads("dds-meta-" + meta).isEmpty() && threads("dds-user-" + (meta + 1)).isEmpty(),
                "no thread left: " + threads("dds-"));
    }

    @Test
    void closeKeepsTheCallersInterruptStatus() throws Exception {
        Participant a = new Participant(LoopbackTest.options(223));
        Thread.currentThread().interrupt();
        a.close();
        assertTrue(Thread.interrupted(), "still interrupted");
    }

    @Test
    void aMalformedDatagramIsLoggedOncePerSenderAndDropped() throws Exception {
        try (Taps.Logs logs = new Taps.Logs(); Participant a = new Participant(LoopbackTest.options(224));
                FakePeer f = new FakePeer(20)) {
            f.send(a, "HTTP/1.1 200 OK\r\n\r\nhello".getBytes());
            f.send(a, "HTTP/1.1 200 OK\r\n\r\nhello".getBytes());
            f.announce(a, f.spdp(224));
            await(() -> a.participants() == 1, "a good message after bad ones is taken");
            String w = "WARNING DDS: a malformed RTPS message from /127.0.0.1:" + f.socket.getLocalPort()
                    + " was dropped: not an RTPS message";
            assertEquals(1, logs.count(w), logs.lines.toString());
        }
    }

    @Test
    void aReaderAskingMoreThanAWriterOffersIsNotMatchedAndThatIsLoggedNamingWhatItAsks() throws Exception {
        try (Taps.Logs logs = new Taps.Logs(); Participant a = new Participant(LoopbackTest.options(225));
                Participant b = new Participant(LoopbackTest.options(225))) {
            Writer bestEffort = a.writer("rt/m", T, Qos.SENSOR_DATA, null);
            Writer volatileOne = a.writer("rt/n", T, Qos.DEFAULT, null);
            Writer ok = a.writer("rt/o", T, Qos.DEFAULT, null);
            b.reader("rt/m", T, Qos.DEFAULT, (g, p) -> { });
            b.reader("rt/n", T, new Qos(false, true, 1), (g, p) -> { });
            b.reader("rt/o", T, Qos.DEFAULT, (g, p) -> { });
            await(() -> ok.matched() == 1, "the reader of rt/o matched");
            await(() -> logs.lines.size() >= 2, "two warnings");
            Thread.sleep(300);
            assertEquals(0, bestEffort.matched());
            assertEquals(0, volatileOne.matched());
            assertEquals(1, logs.count("WARNING DDS: a reader of rt/m asks for reliable delivery, which this writer does not offer;"
                    + " it is not matched"), logs.lines.toString());
            assertEquals(1, logs.count("WARNING DDS: a reader of rt/n asks for best-effort, transient-local delivery, which this"
                    + " writer does not offer; it is not matched"), logs.lines.toString());
        }
    }

    @Test
    void aWriterCreatedAfterItsReaderWasDiscoveredMatchesAtOnce() throws Exception {
        try (Participant a = new Participant(LoopbackTest.options(226)); Participant b = new Participant(LoopbackTest.options(226))) {
            b.reader("rt/late", T, Qos.DEFAULT, (g, p) -> { });
            Writer first = a.writer("rt/late", T, Qos.DEFAULT, null);
            await(() -> first.matched() == 1, "the reader is known to a");
            Writer second = a.writer("rt/late", T, Qos.DEFAULT, null);
            assertEquals(1, second.matched(), "matched on creation, from what discovery already told");
            assertEquals(List.of(first, second), a.writers());
            assertEquals("rt/late", second.topic());
            second.write(new byte[] {0, 1, 0, 0});
            second.write(new byte[] {0, 1, 0, 0});
            assertEquals(2, second.written());
            assertEquals(0, first.written());
        }
    }

    @Test
    void theDefaultInterfaceIsAnUpMulticastIpv4OneElseLoopback() throws Exception {
        InetAddress d = Participant.defaultAddress();
        assertInstanceOf(Inet4Address.class, d);
        boolean any = false;
        for (NetworkInterface n : java.util.Collections.list(NetworkInterface.getNetworkInterfaces())) {
            any |= n.isUp() && !n.isLoopback() && n.supportsMulticast()
                    && java.util.Collections.list(n.getInetAddresses()).stream().anyMatch(a -> a instanceof Inet4Address);
        }
        if (any) {
            NetworkInterface n = NetworkInterface.getByInetAddress(d);
            assertTrue(n.isUp() && !n.isLoopback() && n.supportsMulticast(), n.getName());
        } else {
            assertEquals(InetAddress.getLoopbackAddress(), d);
        }
    }
}
