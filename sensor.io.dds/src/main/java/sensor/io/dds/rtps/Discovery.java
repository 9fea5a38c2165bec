package sensor.io.dds.rtps;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The discovery data a participant sends and reads (RTPS 2.3 §9.6.2): SPDP and SEDP parameter lists. */
final class Discovery {
    private Discovery() {}

    /** SEDP data of a local writer or reader: its GUID, topic, type, QoS and where it receives. */
    static ParameterList announcement(Guid.Prefix prefix, Locator user, Guid guid, String topic, String type, Qos qos,
            byte[] userData) {
        ParameterList pl = new ParameterList()
                .addGuid(ParameterList.ENDPOINT_GUID, guid)
                .addGuid(ParameterList.PARTICIPANT_GUID, new Guid(prefix, Guid.PARTICIPANT))
                .addString(ParameterList.TOPIC_NAME, topic)
                .addString(ParameterList.TYPE_NAME, type)
                .add(ParameterList.RELIABILITY, ParameterList.duration(ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
                        .putInt(qos.reliable() ? 2 : 1), 0.1).array())
                .addInt(ParameterList.DURABILITY, qos.transientLocal() ? 1 : 0)
                .add(ParameterList.HISTORY, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0)
                        .putInt(qos.depth()).array())
                .add(ParameterList.PROTOCOL_VERSION, new byte[] {2, 3, 0, 0})
                .add(ParameterList.VENDOR_ID, new byte[] {Message.VENDOR[0], Message.VENDOR[1], 0, 0})
                .addLocator(ParameterList.UNICAST_LOCATOR, user);
        if (userData != null) {
            pl.addOctets(ParameterList.USER_DATA, userData);
        }
        return pl;
    }

    /** SPDP data of a participant: its GUID, domain, locators, lease, built-in endpoints and user data. */
    static byte[] spdp(Guid.Prefix prefix, Participant.Options options, Locator meta, Locator user) {
        ParameterList pl = new ParameterList()
                .addGuid(ParameterList.PARTICIPANT_GUID, new Guid(prefix, Guid.PARTICIPANT))
                .add(ParameterList.PROTOCOL_VERSION, new byte[] {2, 3, 0, 0})
                .add(ParameterList.VENDOR_ID, new byte[] {Message.VENDOR[0], Message.VENDOR[1], 0, 0})
                .addInt(ParameterList.DOMAIN_ID, options.domain())
                .addLocator(ParameterList.METATRAFFIC_UNICAST_LOCATOR, meta)
                                .addLocator(ParameterList.DEFAULT_UNICAST_LOCATOR, user)
                .addDuration(ParameterList.PARTICIPANT_LEASE_DURATION, options.leaseSeconds())
                .addInt(ParameterList.BUILTIN_ENDPOINT_SET, Participant.BUILTIN_ENDPOINTS)
                .addOctets(ParameterList.USER_DATA, options.userData());
        return pl.payload();
    }

    /** A dispose or unregister (status info set): the key hash stands in for the payload. */
    static boolean disposal(Map<Integer, List<ByteBuffer>> qos) {
        if (qos == null || !qos.containsKey(ParameterList.STATUS_INFO)) {
            return false;
        }
        ByteBuffer v = qos.get(ParameterList.STATUS_INFO).get(0);
        return v.remaining() >= 4 && (v.get(v.position() + 3) & 0x03) != 0;
    }

    /** A disposal as a parameter list holding only the endpoint's GUID, from the key hash. */
    static ByteBuffer keyOnly(Map<Integer, List<ByteBuffer>> qos, Guid writer) {
        List<ByteBuffer> key = qos.get(ParameterList.KEY_HASH);
        if (key == null || key.get(0).remaining() < 16) {
            return ByteBuffer.allocate(0);
        }
        byte[] k = new byte[16];
        key.get(0).duplicate().get(k);
        ParameterList pl = new ParameterList().add(ParameterList.ENDPOINT_GUID, k).addInt(ParameterList.STATUS_INFO, 0x03000000);
        return ByteBuffer.wrap(pl.payload());
    }

    /** The UDPv4 socket addresses of locator parameters, without repeats. */
    static List<InetSocketAddress> addresses(List<ByteBuffer> locators) {
        if (locators == null) {
            return List.of();
        }
        List<InetSocketAddress> out = new ArrayList<>();
        for (ByteBuffer v : locators) {
            InetSocketAddress a = v.remaining() >= 24 ? Locator.read(v.duplicate().order(v.order())).socketAddress() : null;
            if (a != null && !out.contains(a)) {
                out.add(a);
            }
        }
        return out;
    }
}
