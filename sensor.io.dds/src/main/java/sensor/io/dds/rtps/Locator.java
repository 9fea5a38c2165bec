package sensor.io.dds.rtps;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;

/**
 * Where an RTPS endpoint receives (RTPS 2.3 §9.3.2.1): a UDPv4 address and port. Other kinds (UDPv6, shared memory)
 * are read but never used.
 *
 * @param kind    1 for UDPv4
 * @param port    the UDP port
 * @param address 16 bytes, an IPv4 address in the last four
 */
public record Locator(int kind, int port, byte[] address) {
    /** The kind of a UDPv4 locator. */
    public static final int UDP_V4 = 1;

    /** A UDPv4 locator. */
    public static Locator udp(InetAddress address, int port) {
        byte[] a = new byte[16];
        System.arraycopy(address.getAddress(), 0, a, 12, 4);
        return new Locator(UDP_V4, port, a);
    }

    /** Reads 24 bytes in the buffer's order. */
    static Locator read(ByteBuffer b) {
        int kind = b.getInt(), port = b.getInt();
        byte[] a = new byte[16];
        b.get(a);
        return new Locator(kind, port, a);
    }

    /** Writes 24 bytes. */
    void write(ByteBuffer b) {
        b.putInt(kind).putInt(port).put(address);
    }

    /** The socket address of a UDPv4 locator; null for any other kind or a bad port. */
    public InetSocketAddress socketAddress() {
        if (kind != UDP_V4 || port <= 0 || port > 65535) {
            return null;
        }
        try {
            byte[] v4 = new byte[4];
            System.arraycopy(address, 12, v4, 0, 4);
            return new InetSocketAddress(Inet4Address.getByAddress(v4), port);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Locator l && l.kind == kind && l.port == port && java.util.Arrays.equals(l.address, address);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * kind + port) + java.util.Arrays.hashCode(address);
    }

    @Override
    public String toString() {
        InetSocketAddress a = socketAddress();
        return a == null ? "locator(kind " + kind + ", port " + port + ")" : a.getAddress().getHostAddress() + ":" + port;
    }
}
