package sensor.lidar.ouster;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.api.RayPatterns;

/**
 * One real recorded frame of a real Ouster unit (ouster-sdk {@code tests/pcaps}, commit 46b7bce, BSD-3-Clause; see
 * {@code README-pcaps.md}) against the catalog model built from that unit's own metadata file.
 * <p>
 * Decoding, written out here: pcap global header (magic → byte order, µs/ns), 16-byte record headers, Ethernet
 * (802.1Q skipped), IPv4 (IHL, no fragments), UDP to {@code udp_port_lidar} (default 7502), then the LEGACY lidar
 * packet as ouster-sdk {@code ouster_core/src/parsing.cpp} reads it ({@code PacketFormat::Impl}, LEGACY: no packet
 * header/footer, 16-byte column header, 12 bytes per channel, 4-byte column footer; {@code col_timestamp} bits 0–63,
 * {@code col_measurement_id} bits 64–79, {@code col_frame_id} byte 10, {@code col_encoder} byte 12,
 * {@code LEGACY_FIELD_INFO} RANGE = bits 0–19 of the channel word, {@code col_status} the footer, valid when bit 0
 * is set). The decoded frame must reproduce the SDK's own MD5 digest of it ({@code *_digest.json}).
 * <p>
 * Angles: a LEGACY encoder count counts 90112 ticks per turn (ouster-sdk
 * {@code docs/migration/migration-20220927-20230114.rst}); {@code make_xyz_lut} ({@code ouster_core/src/xyzlut.cpp})
 * takes θ_e = 2π(1 − m/W), counter-clockwise about +z, whereas the encoder angle 2π·enc/90112 grows the other way,
 * so θ_e ≡ 2π − 2π·enc/90112. The real point is {@code cartesianT} ({@code impl/cartesian.h}):
 * r·dir + offset, dir = (cos(θ_e+θ_a)cos φ, sin(θ_e+θ_a)cos φ, sin φ), offset = (t03 cos θ_e, t03 sin θ_e, t23) −
 * |t|·dir, here with θ_e from the recorded encoder count, in the lidar frame (no {@code lidar_to_sensor_transform}).
 * <p>
 * Tolerances: azimuth and direction 0.01°, Ouster's angular sampling accuracy ±0.01° (the rev-6 OS2 datasheet
 * line quoted in {@code sensor.lidar.rtx} {@code Ouster/OS2/OS2_REV6_*.json}, comment15/16); firmware 2.x sends
 * enc = m·90112/W exactly, so both come out at rounding level. Timing: the unit triggers columns on the encoder, so
 * its column times follow the motor's speed wander, up to 19 µs off the uniform m/(W·rate) in these frames (steps
 * of 43–55 µs for a nominal 48.8); asserted is half a column period, i.e. every real column fires nearer its own
 * model time than any other column's.
 */
class OusterRealFrameTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TICKS_PER_TURN = 90112, DEFAULT_PORT = 7502, COLUMNS_PER_PACKET = 16;
    private static final double ANGULAR_ACCURACY_DEG = 0.01;

    /** One column as the packet states it. */
    record Column(long timestampNs, int measurementId, int frameId, long encoder, long status, int[] rangeMm) {
        boolean valid() {
            return (status & 1) != 0;
        }
    }

    /** The decoded pcap: every lidar column in packet order, and the UDP payload sizes seen on the lidar port. */
    record Capture(List<Column> columns, List<Integer> payloadSizes) {}

    @ParameterizedTest(name = "{0} against {1}.pcap")
    @CsvSource({
        "OS2-32, OS-2-32-U0_v2.0.0_1024x10, 2bcabdbc02169bc66000d5f00d7c9a5e0a6f67d7, e5d2cd3d318bb52551f48fef315e1056815afe79",
        "OS1-32-gradient, OS-1-32-G_v2.1.1_1024x10, b4d11bba4d891e1326db6d8754d57292324f18ab, 6ac297f9398b9566de8ef263dbc2482beea52df9",
    })
    void theModelFiresWhereAndWhenTheRealUnitDid(String id, String name, String metadataBlob, String pcapBlob)
            throws IOException {
        byte[] metaBytes = resource(name + ".json"), pcap = resource(name + ".pcap");
        assertEquals(metadataBlob, gitBlob(metaBytes), "the catalog's file is the pcap's metadata in ouster-sdk");
        assertEquals(pcapBlob, gitBlob(pcap), "the pcap is ouster-sdk's, unchanged");
        JsonNode meta = JSON.readTree(metaBytes), format = meta.get("data_format");
        String profile = meta.path("udp_profile_lidar").asText("LEGACY");
        assertEquals("LEGACY", profile, "firmware 2.x default lidar packet format");
        int w = format.get("columns_per_frame").asInt(), h = format.get("pixels_per_column").asInt();
        assertEquals(COLUMNS_PER_PACKET, format.get("columns_per_packet").asInt());
        assertEquals(List.of(0, w - 1), List.of(format.get("column_window").get(0).asInt(),
                format.get("column_window").get(1).asInt()), "full column window");

        Capture capture = decode(pcap, meta.path("udp_port_lidar").asInt(DEFAULT_PORT), h);
        int packetSize = COLUMNS_PER_PACKET * (16 + h * 12 + 4);
        assertFalse(capture.payloadSizes().isEmpty());
        capture.payloadSizes().forEach(s -> assertEquals(packetSize, s, "LEGACY packet size"));
        Column[] frame = completeFrame(capture.columns(), w);
        checkAgainstSdkDigest(name, frame, h);

        CatalogModel model = OusterCatalog.models().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        assertEquals(name + ".json", model.source().file());
        assertEquals(h, model.beams().size());
        Mode mode = model.mode(meta.get("lidar_mode").asText()); // the mode the unit ran in
        assertEquals(w, mode.columns());
        RayPatternGenerator p = RayPatterns.of(model, mode);
        double period = 1 / (w * mode.rate()), start = -0.5 * period, end = (w - 0.5) * period;
        RayInterval all = p.interval(start, end);
        assertEquals(w * h, all.count());

        double[] alt = doubles(meta.get("beam_altitude_angles")), az = doubles(meta.get("beam_azimuth_angles"));
        JsonNode transform = meta.get("beam_to_lidar_transform");
        double t03 = transform != null ? transform.get(3).asDouble() : meta.get("lidar_origin_to_beam_origin_mm").asDouble();
        double t23 = transform != null ? transform.get(11).asDouble() : 0;
        double tNorm = t23 != 0 ? Math.hypot(t03, t23) : t03; // make_xyz_lut's beam_to_lidar_euclidean_distance_mm

        double[] azimuthDev = new double[w], timingDev = new double[w];
        List<Double> directionDev = new ArrayList<>();
        double firstFiring = p.firingTime(0, all, start, end);
        int exactEncoders = 0;
        for (int m = 0; m < w; m++) {
            Column col = frame[m];
            exactEncoders += col.encoder() * w == (long) m * TICKS_PER_TURN ? 1 : 0;
            double thetaE = 2 * Math.PI - 2 * Math.PI * col.encoder() / TICKS_PER_TURN;
            Pose head = p.rays().get(all.rayIndex(m * h, p.rays().size()));
            double modelHead = Math.atan2(head.position().y(), head.position().x());
            azimuthDev[m] = Math.abs(Math.toDegrees(Math.IEEEremainder(modelHead - thetaE, 2 * Math.PI)));
            double realDt = (col.timestampNs() - frame[0].timestampNs()) * 1e-9;
            double modelDt = p.firingTime(m * h, all, start, end) - firstFiring;
            timingDev[m] = Math.abs(realDt - modelDt) * 1e6;
            for (int c = 0; c < h; c++) {
                int r = col.rangeMm()[c];
                if (r == 0) {
                    continue;
                }
                double thetaA = -Math.toRadians(az[c]), phi = Math.toRadians(alt[c]);
                Vec3 dir = new Vec3(Math.cos(thetaE + thetaA) * Math.cos(phi), Math.sin(thetaE + thetaA) * Math.cos(phi),
                        Math.sin(phi));
                Vec3 offset = new Vec3(t03 * Math.cos(thetaE), t03 * Math.sin(thetaE), t23).minus(dir.times(tNorm));
                Vec3 pointM = dir.times(r).plus(offset).times(0.001);
                Pose ray = p.rays().get(all.rayIndex(m * h + c, p.rays().size()));
                Vec3 seen = pointM.minus(ray.position()), d = ray.transformVector(Vec3.Z);
                directionDev.add(Math.toDegrees(Math.atan2(seen.cross(d).norm(), seen.dot(d))));
            }
        }
        double[] dirDev = directionDev.stream().mapToDouble(Double::doubleValue).toArray();
        System.out.printf(
                "%s (%s, %s, frame %d): %d columns, encoder = m*%d/%d in %d of them; %d points compared%n"
                        + "  azimuth   max %.3e deg, median %.3e deg%n"
                        + "  timing    max %.3f us, median %.3f us (column period %.3f us)%n"
                        + "  direction max %.3e deg, median %.3e deg%n",
                id, name, mode.name(), frame[0].frameId(), w, TICKS_PER_TURN, w, exactEncoders, dirDev.length,
                max(azimuthDev), median(azimuthDev), max(timingDev), median(timingDev), period * 1e6, max(dirDev),
                median(dirDev));
        assertTrue(dirDev.length > w * h / 2, "most pixels returned: " + dirDev.length);
        assertTrue(max(azimuthDev) <= ANGULAR_ACCURACY_DEG, "azimuth " + max(azimuthDev) + "°");
        assertTrue(max(timingDev) < 0.5 * period * 1e6, "timing " + max(timingDev) + " µs");
        assertTrue(max(dirDev) <= ANGULAR_ACCURACY_DEG, "direction " + max(dirDev) + "°");
    }

    /** The model's head angle runs against the encoder: the mirrored sense (θ_e = 2π·enc/90112) is far off. */
    @Test
    void theEncoderSenseIsOppositeToTheHeadAngle() throws IOException {
        Column[] frame = completeFrame(decode(resource("OS-1-32-G_v2.1.1_1024x10.pcap"), DEFAULT_PORT, 32).columns(), 1024);
        CatalogModel model = OusterCatalog.models().stream().filter(m -> m.id().equals("OS1-32-gradient")).findFirst()
                .orElseThrow();
        RayPatternGenerator p = RayPatterns.of(model, model.mode("1024x10"));
        RayInterval all = p.interval(-0.5 / 10240, 1023.5 / 10240);
        Pose head = p.rays().get(all.rayIndex(256 * 32, p.rays().size()));
        double modelHead = Math.atan2(head.position().y(), head.position().x()), enc = 2 * Math.PI * frame[256].encoder() / TICKS_PER_TURN;
        assertEquals(Math.PI / 2, enc, 1e-12, "column 256 of 1024 is a quarter turn of the encoder");
        assertEquals(-Math.PI / 2, modelHead, 1e-9, "and points at −y: θ_e = 2π − encoder angle");
    }

    /** The decoder refuses what it does not read: a foreign link type and fragmented IPv4. */
    @Test
    void theDecoderRefusesAForeignLinkTypeAndFragments() throws IOException {
        byte[] pcap = resource("OS-2-32-U0_v2.0.0_1024x10.pcap");
        byte[] wrongLink = pcap.clone();
        wrongLink[20] = 101; // raw IP
        assertThrows(IllegalArgumentException.class, () -> decode(wrongLink, DEFAULT_PORT, 32));
        byte[] fragment = pcap.clone();
        fragment[24 + 16 + 14 + 6] |= 0x20; // IPv4 more-fragments flag of the first packet
        var e = assertThrows(IllegalArgumentException.class, () -> decode(fragment, DEFAULT_PORT, 32));
        assertTrue(e.getMessage().contains("fragment"), e.getMessage());
        byte[] nanos = pcap.clone(); // nanosecond magic, little-endian: read the same
        nanos[0] = 0x4d;
        nanos[1] = 0x3c;
        assertEquals(1024, decode(nanos, DEFAULT_PORT, 32).columns().size());
        assertEquals(0, decode(pcap, 7503, 32).columns().size(), "nothing on another port");
        byte[] tagged = vlanTagged(pcap); // 802.1Q
        assertEquals(decode(pcap, DEFAULT_PORT, 32).columns().get(700).timestampNs(),
                decode(tagged, DEFAULT_PORT, 32).columns().get(700).timestampNs());
    }

    /** Every column on the lidar port, in packet order. */
    static Capture decode(byte[] pcap, int lidarPort, int channels) {
        ByteBuffer file = ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN);
        int magic = file.getInt(0);
        if (magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1) {
            file.order(ByteOrder.BIG_ENDIAN);
            magic = Integer.reverseBytes(magic);
        }
        if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) { // µs or ns record timestamps; neither is used here
            throw new IllegalArgumentException("not a pcap file: magic " + Integer.toHexString(magic));
        }
        if (file.getInt(20) != 1) {
            throw new IllegalArgumentException("link type " + file.getInt(20) + ", expected 1 (Ethernet)");
        }
        List<Column> columns = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        int colSize = 16 + channels * 12 + 4;
        for (int at = 24; at + 16 <= pcap.length; ) {
            int captured = file.getInt(at + 8);
            ByteBuffer frame = ByteBuffer.wrap(pcap, at + 16, captured).slice().order(ByteOrder.BIG_ENDIAN);
            at += 16 + captured;
            int eth = 14, type = frame.getShort(12) & 0xffff;
            while (type == 0x8100 || type == 0x88a8) { // 802.1Q / 802.1ad tags
                type = frame.getShort(eth + 2) & 0xffff;
                eth += 4;
            }
            if (type != 0x0800 || (frame.get(eth) >> 4) != 4 || frame.get(eth + 9) != 17) {
                continue; // not IPv4/UDP
            }
            int ihl = (frame.get(eth) & 0x0f) * 4, flagsOffset = frame.getShort(eth + 6) & 0xffff;
            if ((flagsOffset & 0x3fff) != 0) {
                throw new IllegalArgumentException("IPv4 fragment in the capture; reassembly is not written here");
            }
            int udp = eth + ihl, dstPort = frame.getShort(udp + 2) & 0xffff, udpLength = frame.getShort(udp + 4) & 0xffff;
            if (dstPort != lidarPort) {
                continue;
            }
            int payloadLength = udpLength - 8;
            sizes.add(payloadLength);
            ByteBuffer packet = ByteBuffer.wrap(pcap, at - captured + udp + 8, payloadLength).slice()
                    .order(ByteOrder.LITTLE_ENDIAN);
            for (int k = 0; k + colSize <= payloadLength; k += colSize) {
                int[] range = new int[channels];
                for (int c = 0; c < channels; c++) {
                    range[c] = packet.getInt(k + 16 + c * 12) & 0xfffff;
                }
                columns.add(new Column(packet.getLong(k), packet.getShort(k + 8) & 0xffff, packet.getShort(k + 10) & 0xffff,
                        packet.getInt(k + 12) & 0xffffffffL, packet.getInt(k + colSize - 4) & 0xffffffffL, range));
            }
        }
        return new Capture(columns, sizes);
    }

    /** The first frame id of which all {@code w} measurement ids came, valid; indexed by measurement id. */
    static Column[] completeFrame(List<Column> columns, int w) {
        Map<Integer, Column[]> frames = new LinkedHashMap<>();
        for (Column c : columns) {
            if (c.valid() && c.measurementId() < w) {
                frames.computeIfAbsent(c.frameId(), f -> new Column[w])[c.measurementId()] = c;
            }
        }
        return frames.values().stream().filter(f -> Arrays.stream(f).allMatch(c -> c != null)).findFirst()
                .orElseThrow(() -> new AssertionError("no complete frame"));
    }

    /** The decoded frame against ouster-sdk's digest of its own parse ({@code _digest.py}: MD5 of the raw arrays). */
    private static void checkAgainstSdkDigest(String name, Column[] frame, int h) throws IOException {
        JsonNode scan = JSON.readTree(resource(name + "_digest.json")).get("scans").get(0);
        int w = frame.length;
        assertEquals(scan.get("FRAME_ID").asText(), String.valueOf(frame[0].frameId()));
        ByteBuffer ts = le(8 * w), mid = le(2 * w), status = le(8 * w), enc = le(8 * w), range = le(4 * w * h);
        for (Column c : frame) {
            ts.putLong(c.timestampNs());
            mid.putShort((short) c.measurementId());
            status.putLong(c.status());
            enc.putLong(c.encoder());
        }
        for (int ch = 0; ch < h; ch++) {
            for (Column c : frame) {
                range.putInt(c.rangeMm()[ch]);
            }
        }
        Map.of("TIMESTAMP", ts, "MEASUREMENT_ID", mid, "STATUS", status, "ENCODER_COUNT", enc, "RANGE", range)
                .forEach((field, bytes) -> assertEquals(scan.get(field).asText(), md5(bytes.array()), name + " " + field));
    }

    private static byte[] vlanTagged(byte[] pcap) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer out = ByteBuffer.allocate(pcap.length + 4 * 64 * 2).order(ByteOrder.LITTLE_ENDIAN);
        out.put(pcap, 0, 24);
        for (int at = 24; at + 16 <= pcap.length; ) {
            int captured = in.getInt(at + 8);
            out.putInt(in.getInt(at)).putInt(in.getInt(at + 4)).putInt(captured + 4).putInt(in.getInt(at + 12) + 4);
            out.put(pcap, at + 16, 12).put(new byte[] {(byte) 0x81, 0, 0, 5}).put(pcap, at + 28, captured - 12);
            at += 16 + captured;
        }
        return Arrays.copyOf(out.array(), out.position());
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static byte[] resource(String file) throws IOException {
        try (InputStream in = OusterRealFrameTest.class.getResourceAsStream(file)) {
            assertNotNull(in, "resource " + file);
            return in.readAllBytes();
        }
    }

    private static String gitBlob(byte[] bytes) {
        return hash("SHA-1", ("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII), bytes);
    }

    private static String md5(byte[] bytes) {
        return hash("MD5", bytes);
    }

    private static String hash(String algorithm, byte[]... parts) {
        try {
            MessageDigest d = MessageDigest.getInstance(algorithm);
            for (byte[] part : parts) {
                d.update(part);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double[] doubles(JsonNode array) {
        double[] v = new double[array.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = array.get(i).asDouble();
        }
        return v;
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElseThrow();
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
