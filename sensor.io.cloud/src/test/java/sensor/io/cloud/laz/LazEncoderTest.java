package sensor.io.cloud.laz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.github.mreutegg.laszip4j.LASExtendedVariableLengthRecord;
import com.github.mreutegg.laszip4j.LASHeader;
import com.github.mreutegg.laszip4j.LASPoint;
import com.github.mreutegg.laszip4j.LASReader;
import com.github.mreutegg.laszip4j.laszip.ArithmeticDecoder;
import com.github.mreutegg.laszip4j.laszip.ByteStreamInArray;
import com.github.mreutegg.laszip4j.laszip.IntegerCompressor;

import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.io.cloud.PointCloudFiles;
import sensor.io.files.Points;

/**
 * {@link LazEncoder} checked by two independent decoders, laszip4j (Java) and laz-perf (LASzip's C++ compiled to
 * WASM, run by node): every decoded point record must equal the LAS record, field by field (laszip4j) and as the
 * sha256 of all records (laz-perf). Where the compressed bytes are pinned, the hashes are those of LASzip 3.4.3's own
 * output (laszip_dll, same input and chunk size): the encoder writes the very bytes LASzip writes.
 */
class LazEncoderTest {
    @TempDir
    Path dir;

    // ---------------------------------------------------------------------------------------------------------
    // lidar frames, written by the project's LAS writer

    /** The lidar's default fields (those of the demo scenario) and is-hit. */
    static final List<OutputField> DEFAULT = List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32,
            OutputField.RING_ID_U16, OutputField.TIME_STAMP_F64, OutputField.IS_HIT_I32);
    /** Every field a lidar can be asked for. */
    static final List<OutputField> ALL = List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32,
            OutputField.DISTANCE_F32, OutputField.AZIMUTH_F32, OutputField.ELEVATION_F32, OutputField.RING_ID_U16,
            OutputField.TIME_STAMP_F64, OutputField.ENTITY_ID_I32, OutputField.IS_HIT_I32, OutputField.NORMAL_VEC3_F32,
            OutputField.REFLECTIVITY_F32, OutputField.RETURN_TYPE_U8);

    /**
     * One turn of a spinning lidar in a street, column after column (all beams of a column fire together): beams
     * from +16.6° to -16.6°, ground 1.9 m below the sensor, house fronts 8 m either side and 80 m ahead and behind,
     * 12 m high; beams that hit nothing within 120 m are misses. Range noise σ = 1 cm + 0.05 % of the range.
     */
    static PointCloud scan(int rings, int cols, List<OutputField> fields, long seed) {
        Random random = new Random(seed);
        ByteBuffer b = ByteBuffer.allocate(rings * cols * PointCloud.stride(fields)).order(ByteOrder.LITTLE_ENDIAN);
        for (int c = 0; c < cols; c++) {
            double az = 2 * StrictMath.PI * c / cols;
            for (int ring = 0; ring < rings; ring++) {
                double el = StrictMath.toRadians(16.6 - 33.2 * ring / (rings - 1));
                double[] d = {StrictMath.cos(el) * StrictMath.cos(az), StrictMath.cos(el) * StrictMath.sin(az),
                    StrictMath.sin(el)};
                double t = Double.POSITIVE_INFINITY;
                double[] normal = {0, 0, 0};
                int entity = -1;
                if (d[2] < 0) {
                    t = 1.9 / -d[2];
                    normal = new double[] {0, 0, 1};
                    entity = 0;
                }
                for (int k = 0; k < 2; k++) { // house fronts across y (k 0) and x (k 1)
                    double dist = k == 0 ? 8 : 80, dk = d[1 - k];
                    double tk = Math.abs(dk) < 1e-12 ? Double.POSITIVE_INFINITY : dist / Math.abs(dk);
                    if (tk < t && tk * d[2] < 10.1) {
                        t = tk;
                        normal = new double[] {k == 1 ? -Math.signum(dk) : 0, k == 0 ? -Math.signum(dk) : 0, 0};
                        entity = 1 + 2 * k + (dk > 0 ? 1 : 0);
                    }
                }
                boolean hit = t < 120;
                double range = hit ? t + random.nextGaussian() * (0.01 + 0.0005 * t) : 0;
                double cos = -(d[0] * normal[0] + d[1] * normal[1] + d[2] * normal[2]);
                float reflectivity = entity == 0 ? 0.12f : 0.55f;
                float intensity = hit ? (float) (reflectivity * cos / (range * range)) : 0;
                for (OutputField f : fields) {
                    switch (f) {
                        case XYZ_VEC3_F32 -> b.putFloat((float) (range * d[0])).putFloat((float) (range * d[1]))
                                .putFloat((float) (range * d[2]));
                        case INTENSITY_F32 -> b.putFloat(intensity);
                        case DISTANCE_F32 -> b.putFloat((float) range);
                        case AZIMUTH_F32 -> b.putFloat((float) az);
                        case ELEVATION_F32 -> b.putFloat((float) el);
                        case RING_ID_U16 -> b.putShort((short) ring);
                        case TIME_STAMP_F64 -> b.putDouble(0.025 + 0.1 * c / cols);
                        case ENTITY_ID_I32 -> b.putInt(entity);
                        case IS_HIT_I32 -> b.putInt(hit ? 1 : 0);
                        case NORMAL_VEC3_F32 -> b.putFloat((float) normal[0]).putFloat((float) normal[1])
                                .putFloat((float) normal[2]);
                        case REFLECTIVITY_F32 -> b.putFloat(hit ? reflectivity : 0);
                        case RETURN_TYPE_U8 -> b.put((byte) 0);
                        default -> throw new IllegalArgumentException(f.toString());
                    }
                }
            }
        }
        return new PointCloud(fields, rings * cols, b.flip());
    }

    static byte[] lidarLas(int rings, int cols, List<OutputField> fields) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PointCloudFiles.writeLas(Points.of(scan(rings, cols, fields, 7)), out);
        return out.toByteArray();
    }

    @Test
    void demoLidarFrameIsUnderThirtyPercentAndDecodesExactly() throws Exception {
        byte[] las = lidarLas(64, 1024, DEFAULT); // OS1-64, 1024 x 10 Hz, as in the demo scenario
        byte[] laz = compress(las, LazEncoder.DEFAULT_CHUNK_SIZE);
        assertTrue(pointCount(las) > 30_000, "most beams hit: " + pointCount(las));
        assertTrue(laz.length <= 0.30 * las.length, "LAZ " + laz.length + " bytes of LAS " + las.length);
        assertDecodes(las, laz);
    }

    @Test
    void everyLidarFieldDecodesExactly() throws Exception {
        byte[] las = lidarLas(32, 512, ALL);
        assertEquals(30 + 2 + 4 + 4 * 3 + 4 + 12 + 4 + 1, recordLength(las)); // ring, raw intensity, extras
        byte[] laz = compress(las, LazEncoder.DEFAULT_CHUNK_SIZE);
        assertTrue(laz.length < 0.6 * las.length, "LAZ " + laz.length + " bytes of LAS " + las.length);
        assertDecodes(las, laz);
    }

    @Test
    void manyChunksDecodeExactly() throws Exception {
        byte[] las = lidarLas(128, 1024, DEFAULT);
        int n = pointCount(las);
        assertTrue(n > 100_000 && n <= 150_000, "three chunks of 50,000: " + n);
        for (int chunk : new int[] {LazEncoder.DEFAULT_CHUNK_SIZE, 4_999}) {
            byte[] laz = compress(las, chunk);
            assertEquals((n + chunk - 1) / chunk, chunkTable(laz).size());
            assertDecodes(las, laz);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // synthetic files: edge cases and every context of the compressors

    @Test
    void emptyFileHasAnEmptyChunkTable() throws Exception {
        byte[] las = las(6, 2, new byte[0]);
        byte[] laz = compress(las, LazEncoder.DEFAULT_CHUNK_SIZE);
        int points = pointOffset(laz);
        assertEquals(points + 8 + 8, laz.length);
        ByteBuffer b = ByteBuffer.wrap(laz).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(points + 8, b.getLong(points)); // the chunk table follows
        assertEquals(0, b.getInt(points + 8)); // version
        assertEquals(0, b.getInt(points + 12)); // no chunks
        assertDecodes(las, laz);
    }

    @Test
    void onePoint() throws Exception {
        byte[] las = las(7, 3, walk(7, 3, 1, 1));
        byte[] laz = compress(las, LazEncoder.DEFAULT_CHUNK_SIZE);
        // the raw record, the count, 13 layer sizes, then the returns-XY and Z layers, 4 bytes each when empty
        assertEquals(List.of(39 + 4 + 13 * 4 + 2 * 4), chunkTable(laz));
        assertDecodes(las, laz);
        assertPinned("c71a1a59ddf2a712311defe5bf059906cebdb1db11e70b28f4fcc132226e07a7", laz);
    }

    @Test
    void randomRecordsDecodeExactly() throws Exception {
        byte[] las = las(6, 5, random(6, 5, 4_000, 11));
        byte[] laz = compress(las, 1_500);
        assertDecodes(las, laz);
        assertPinned("9eb5d73d81fffe4a5a2c8f33aee02be1d67daea6a9fd26674291c7894fd27e2f", laz);
        las = las(7, 5, random(7, 5, 4_000, 12));
        laz = compress(las, 1_500);
        assertDecodes(las, laz);
        assertPinned("b0404810b67985f0d58431cdb04762eb1ef346775a67dad6df131ab8a87b9ec4", laz);
    }

    @Test
    void randomWalkThroughEveryContextFormat6() throws Exception {
        byte[] las = las(6, 3, walk(6, 3, 20_000, 4));
        assertDecodes(las, compress(las, LazEncoder.DEFAULT_CHUNK_SIZE));
        byte[] laz = compress(las, 777);
        assertDecodes(las, laz);
        assertPinned("2765ba16c50ef5077efbf683e61558e724fceb59f88f9e984ffe56d9b829c14d", laz);
    }

    @Test
    void randomWalkThroughEveryContextFormat7() throws Exception {
        byte[] las = las(7, 5, walk(7, 5, 30_000, 6));
        byte[] laz = compress(las, LazEncoder.DEFAULT_CHUNK_SIZE);
        assertDecodes(las, laz);
        assertPinned("0e7ecb76af376549b62d5c77c7368cc0ac9a8f461dae1cb1b199ff26c8957d29", laz);
        byte[] small = las(7, 0, walk(7, 0, 3_000, 7));
        laz = compress(small, 11);
        assertDecodes(small, laz);
        assertPinned("6e7d8da2e44a1a09ec9ddba65cebfc53666d1c36bfdd0f7018f95104ef89f423", laz);
    }

    /** GPS times that take every path of the time layer: multipliers, extremes, new and interleaved sequences. */
    @Test
    void gpsTimeSequences() throws Exception {
        byte[] las = las(6, 0, records(gpsTimes()));
        assertDecodes(las, compress(las, LazEncoder.DEFAULT_CHUNK_SIZE));
        byte[] laz = compress(las, 97);
        assertDecodes(las, laz);
        assertPinned("68e01549aa5f55a995d3786123b1220e6cf6813ffadd55be916bafbdce7a45f8", laz);
    }

    static double[] gpsTimes() {
        List<Double> t = new ArrayList<>();
        double now = 100;
        for (int rep = 0; rep < 4; rep++) {
            for (int k = 0; k < 20; k++) {
                t.add(now += 1e-5); // regular
            }
            for (int m : new int[] {2, 3, 9, 10, 57, 499, 500, 3_000, 600, 700, 800, 900}) {
                t.add(now += m * 1e-5); // multiples, then extreme ones (more than 3 in a row: a new reference)
            }
            for (int m : new int[] {-1, -2, -9, -10, -400, -600, -700, -800}) {
                t.add(now += m * 1e-5); // negative multiples, extreme ones
            }
            t.add(now); // unchanged
            for (int k = 0; k < 6; k++) {
                t.add(now += 1e-12 * (k + 1)); // multiplier 0: tiny steps after large ones
            }
            double[] others = {now + 1e5, now + 2e5, now + 3e5, now + 4e5, now + 5e5};
            for (int k = 0; k < 40; k++) { // five more interleaved sequences: more than the four kept
                int s = k % 6;
                t.add(s == 5 ? (now += 1e-5) : (others[s] += 1e-5 * (1 + k % 3)));
            }
            t.add(-now); // sign change: a new sequence
            t.add(now);
            t.add(now += 1e6); // a jump
            t.add(now += 3e-5);
        }
        t.addAll(List.of(Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0));
        return t.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Format 6 records with these GPS times, X counting up, single returns. */
    static byte[] records(double[] gpsTimes) {
        ByteBuffer b = ByteBuffer.allocate(gpsTimes.length * 30).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < gpsTimes.length; k++) {
            b.putInt(k * 30, 1000 * k).put(k * 30 + 14, (byte) 0x11).putDouble(k * 30 + 22, gpsTimes[k]);
        }
        return b.array();
    }

    /** -0.0 after 0.0 is a changed time (LASzip compares the doubles and would decode 0.0 for both). */
    @Test
    void signedZeroGpsTimesKeepTheirSign() throws Exception {
        byte[] las = las(6, 0, records(new double[] {0.0, -0.0, -0.0, 0.0, 1, -0.0}));
        assertDecodes(las, compress(las, LazEncoder.DEFAULT_CHUNK_SIZE));
    }

    /**
     * Scanner channels switching back and forth: every channel has its own models and last point, and RGB and extra
     * bytes follow LASzip v3's context hand-over (the channel only on the point that switches).
     */
    @Test
    void scannerChannelSwitches() throws Exception {
        int[] channels = {0, 1, 1, 1, 0, 0, 2, 3, 2, 2, 0, 3, 3, 1, 0, 0, 0, 2, 1, 3, 3, 3, 0, 1, 2, 3};
        int n = 20 * channels.length;
        byte[] records = new byte[n * 40];
        ByteBuffer b = ByteBuffer.wrap(records).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < n; k++) {
            int o = k * 40, ch = channels[k % channels.length];
            b.putInt(o, 100 * ch + k).putInt(o + 4, -7 * k).putInt(o + 8, ch * 1000).putShort(o + 12, (short) (k % 7));
            b.put(o + 14, (byte) (1 + ch % 2 | 2 << 4)).put(o + 15, (byte) (ch << 4 | k % 3)).put(o + 16, (byte) ch);
            b.putDouble(o + 22, 10 + (k / 3) * 1e-5 + ch);
            b.putShort(o + 30, (short) (ch * 300 + k % 2)).putShort(o + 32, (short) (k % 5 == 0 ? k : 9))
                    .putShort(o + 34, (short) 77);
            b.put(o + 36, (byte) ch).put(o + 37, (byte) k).put(o + 38, (byte) (k / 7)).put(o + 39, (byte) 5);
        }
        byte[] las = las(7, 4, records);
        assertDecodes(las, compress(las, LazEncoder.DEFAULT_CHUNK_SIZE));
        byte[] laz = compress(las, 13);
        assertDecodes(las, laz);
        assertPinned("d8e1ffeb7439a563e8b91caa71927cd11aa150ba2509832e0871f5e95a43a22c", laz);
    }

    // ---------------------------------------------------------------------------------------------------------
    // header, VLRs, EVLRs, bad input

    @Test
    void headerVlrsAndEvlrs() throws Exception {
        byte[] evlr = ByteBuffer.allocate(60 + 5).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 0)
                .put(Arrays.copyOf("sensorsim".getBytes(StandardCharsets.US_ASCII), 16)).putShort((short) 7)
                .putLong(5).put(new byte[32]).put(new byte[] {1, 2, 3, 4, 5}).array();
        byte[] plain = las(7, 2, walk(7, 2, 500, 3));
        byte[] las = Arrays.copyOf(plain, plain.length + evlr.length);
        System.arraycopy(evlr, 0, las, plain.length, evlr.length);
        ByteBuffer in = ByteBuffer.wrap(las).order(ByteOrder.LITTLE_ENDIAN).putLong(235, plain.length).putInt(243, 1);
        byte[] laz = compress(las, 200);
        ByteBuffer out = ByteBuffer.wrap(laz).order(ByteOrder.LITTLE_ENDIAN);

        assertArrayEquals(Arrays.copyOf(las, 96), Arrays.copyOf(laz, 96)); // up to the offset to the point data
        int vlr = 54 + 34 + 3 * 6;
        assertEquals(in.getInt(96) + vlr, out.getInt(96));
        assertEquals(2, out.getInt(100));
        assertEquals(0x87, laz[104] & 0xFF);
        assertArrayEquals(Arrays.copyOfRange(las, 105, 235), Arrays.copyOfRange(laz, 105, 235));
        assertArrayEquals(Arrays.copyOfRange(las, 243, 375), Arrays.copyOfRange(laz, 243, 375));
        int ebEnd = in.getInt(96);
        assertArrayEquals(Arrays.copyOfRange(las, 375, ebEnd), Arrays.copyOfRange(laz, 375, ebEnd)); // Extra Bytes VLR
        ByteBuffer laszip = ByteBuffer.allocate(vlr).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 0)
                .put(Arrays.copyOf("laszip encoded".getBytes(StandardCharsets.US_ASCII), 16)).putShort((short) 22204)
                .putShort((short) (34 + 3 * 6)).put(Arrays.copyOf("sensorsim LAZ encoder".getBytes(StandardCharsets.US_ASCII), 32))
                .putShort((short) 3).putShort((short) 0).put((byte) 3).put((byte) 4).putShort((short) 3).putInt(0)
                .putInt(200).putLong(-1).putLong(-1).putShort((short) 3)
                .putShort((short) 10).putShort((short) 30).putShort((short) 3)
                .putShort((short) 11).putShort((short) 6).putShort((short) 3)
                .putShort((short) 14).putShort((short) 2).putShort((short) 3);
        assertArrayEquals(laszip.array(), Arrays.copyOfRange(laz, ebEnd, ebEnd + vlr));

        List<Integer> chunks = chunkTable(laz);
        assertEquals(3, chunks.size());
        long end = out.getInt(96) + 8 + chunks.stream().mapToLong(Integer::longValue).sum();
        assertEquals(end, out.getLong(out.getInt(96))); // the chunk table follows the chunks
        long evlrStart = out.getLong(235);
        assertTrue(evlrStart > end);
        assertArrayEquals(evlr, Arrays.copyOfRange(laz, (int) evlrStart, laz.length));

        Path file = dir.resolve("evlr.laz");
        Files.write(file, laz);
        LASHeader h = new LASReader(file.toFile()).getHeader();
        assertEquals(evlrStart, h.getStartOfFirstExtendedVariableLengthRecord());
        List<LASExtendedVariableLengthRecord> evlrs = new ArrayList<>();
        h.getExtendedVariableLengthRecords().forEach(evlrs::add);
        assertEquals(1, evlrs.size());
        assertEquals("sensorsim", evlrs.get(0).getUserID());
        assertEquals(7, evlrs.get(0).getRecordID());
        assertEquals(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5}), evlrs.get(0).getData());
        assertDecodes(las, laz);
    }

    @Test
    void noEvlrsGiveAZeroStart() throws Exception {
        byte[] las = las(6, 0, walk(6, 0, 10, 1));
        ByteBuffer.wrap(las).order(ByteOrder.LITTLE_ENDIAN).putLong(235, las.length); // start, but no EVLR
        assertEquals(0, ByteBuffer.wrap(compress(las, 5)).order(ByteOrder.LITTLE_ENDIAN).getLong(235));
    }

    @Test
    void rejectsWhatIsNotLas14Format6Or7() {
        byte[] las = las(6, 1, walk(6, 1, 10, 1));
        assertRejected("not a LAS file: it does not start with LASF", new byte[] {'L', 'A'});
        assertRejected("not a LAS file: it does not start with LASF", edit(las, b -> b.put(3, (byte) 'Z')));
        assertRejected("truncated LAS header: 300 bytes, LAS 1.4 has 375", Arrays.copyOf(las, 300));
        assertRejected("LAS version 1.2 is not supported, only 1.4", edit(las, b -> b.put(25, (byte) 2)));
        assertRejected("LAS version 2.4 is not supported, only 1.4", edit(las, b -> b.put(24, (byte) 2)));
        assertRejected("the point data is already compressed (LAZ)", edit(las, b -> b.put(104, (byte) 0x86)));
        assertRejected("point data record format 1 is not supported, only 6 and 7", edit(las, b -> b.put(104, (byte) 1)));
        assertRejected("point data record format 8 is not supported, only 6 and 7", edit(las, b -> b.put(104, (byte) 8)));
        assertRejected("point record length 29 is shorter than the 30 bytes of point data record format 6",
                edit(las, b -> b.putShort(105, (short) 29)));
        assertRejected("point record length 35 is shorter than the 36 bytes of point data record format 7",
                edit(las, b -> b.put(104, (byte) 7).putShort(105, (short) 35)));
        int offset = pointOffset(las);
        assertRejected("header size 374 must be at least 375 and at most the offset to the point data, " + offset,
                edit(las, b -> b.putShort(94, (short) 374)));
        assertRejected("header size " + (offset + 1) + " must be at least 375 and at most the offset to the point data, "
                + offset, edit(las, b -> b.putShort(94, (short) (offset + 1))));
        assertRejected("VLR 2 of 2 runs past the point data", edit(las, b -> b.putInt(100, 2)));
        assertRejected("VLR 1 of 1 runs past the point data", edit(las, b -> b.putShort(375 + 20, (short) 193)));
        assertRejected("truncated point data: 10 points of 31 bytes from byte " + offset + " need " + (offset + 310)
                + " bytes, the file has " + (offset + 309), Arrays.copyOf(las, las.length - 1));
        assertRejected("truncated point data: 10 points of 31 bytes from byte " + las.length + " need "
                + (las.length + 310) + " bytes, the file has " + las.length, edit(las, b -> b.putInt(96, las.length)));
        assertRejected("point count 18446744073709551615 exceeds the file's " + las.length + " bytes",
                edit(las, b -> b.putLong(247, -1)));
        assertRejected("the first EVLR starts at byte 0, inside the header or the point data (which end at byte "
                + las.length + ")", edit(las, b -> b.putInt(243, 1)));
        assertRejected("EVLR 1 of 1 runs past the end", edit(las, b -> b.putInt(243, 1).putLong(235, las.length)));
        byte[] evlr = Arrays.copyOf(las, las.length + 60);
        ByteBuffer.wrap(evlr).order(ByteOrder.LITTLE_ENDIAN).putInt(243, 1).putLong(235, las.length)
                .putLong(las.length + 20, 1);
        assertRejected("EVLR 1 of 1 runs past the end", evlr);
        assertRejected("EVLR 1 of 1 runs past the end", edit(evlr, b -> b.putLong(las.length + 20, -60)));
        assertRejected("EVLR 2 of 2 runs past the end", edit(evlr, b -> b.putInt(243, 2).putLong(las.length + 20, 0)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LazEncoder.compress(las, 0, new ByteArrayOutputStream()));
        assertEquals("chunk size must be at least 1 point, got 0", e.getMessage());
    }

    private static void assertRejected(String message, byte[] las) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LazEncoder.compress(las, new ByteArrayOutputStream()));
        assertEquals(message, e.getMessage());
    }

    private static byte[] edit(byte[] las, Consumer<ByteBuffer> change) {
        byte[] copy = las.clone();
        change.accept(ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN));
        return copy;
    }

    // ---------------------------------------------------------------------------------------------------------
    // synthetic LAS files

    /** A LAS 1.4 file of the records, with an Extra Bytes VLR naming each extra byte (unsigned char). */
    static byte[] las(int format, int extra, byte[] records) {
        int length = (format == 6 ? 30 : 36) + extra;
        int vlr = extra > 0 ? 54 + 192 * extra : 0;
        ByteBuffer h = ByteBuffer.allocate(375 + vlr + records.length).order(ByteOrder.LITTLE_ENDIAN);
        h.put("LASF".getBytes(StandardCharsets.US_ASCII)).putShort((short) 0).putShort((short) 0x10).put(new byte[16]);
        h.put((byte) 1).put((byte) 4).put(new byte[64]).putShort((short) 1).putShort((short) 2025);
        h.putShort((short) 375).putInt(375 + vlr).putInt(extra > 0 ? 1 : 0).put((byte) format).putShort((short) length);
        h.putInt(0).put(new byte[20]).putDouble(0.001).putDouble(0.001).putDouble(0.001).put(new byte[24 + 48]);
        h.putLong(0).putLong(0).putInt(0).putLong(records.length / length).put(new byte[15 * 8]);
        if (extra > 0) {
            h.putShort((short) 0).put(Arrays.copyOf("LASF_Spec".getBytes(StandardCharsets.US_ASCII), 16));
            h.putShort((short) 4).putShort((short) (192 * extra)).put(new byte[32]);
            for (int i = 0; i < extra; i++) {
                h.putShort((short) 0).put((byte) 1).put((byte) 0);
                h.put(Arrays.copyOf(("byte" + i).getBytes(StandardCharsets.US_ASCII), 32)).put(new byte[4 + 120 + 32]);
            }
        }
        return h.put(records).array();
    }

    /** Records of random bytes in every field. */
    static byte[] random(int format, int extra, int n, long seed) {
        byte[] records = new byte[n * ((format == 6 ? 30 : 36) + extra)];
        new Random(seed).nextBytes(records);
        return records;
    }

    /**
     * Records that walk through every context: coordinates drifting or stepping by any number of bits, returns and
     * numbers of returns stepping by +1, -1 (mod 16) or jumping, scanner channel, flags, classification, user data,
     * scan angle, point source, RGB and extra bytes changing now and then, GPS times regular, multiplied, reversed,
     * jumping, or unchanged.
     */
    static byte[] walk(int format, int extra, int n, long seed) {
        int length = (format == 6 ? 30 : 36) + extra;
        Random r = new Random(seed);
        ByteBuffer b = ByteBuffer.allocate(n * length).order(ByteOrder.LITTLE_ENDIAN);
        int x = 0, y = 0, z = 0, ret = 1, returns = 1, channel = 0;
        double t = 1000;
        int[] rgb = {0x1234, 0x1234, 0x1234};
        byte[] last = new byte[extra];
        for (int i = 0; i < n; i++) {
            x += r.nextBoolean() ? r.nextInt(2000) - 1000 : step(r);
            y += r.nextBoolean() ? r.nextInt(200) - 100 : step(r);
            z += r.nextBoolean() ? r.nextInt(50) - 25 : step(r);
            if (r.nextInt(5) == 0) {
                channel = r.nextInt(4);
            }
            if (r.nextInt(3) == 0) {
                returns = 1 + r.nextInt(15);
                ret = r.nextInt(16);
            } else if (r.nextBoolean()) {
                ret = (ret + (r.nextBoolean() ? 1 : 15)) & 15;
            }
            switch (r.nextInt(12)) {
                case 0 -> t += 1e-5;
                case 1 -> t += 2e-5;
                case 2 -> t = -t;
                case 3 -> t += 1e6;
                case 4 -> t += 1e-9 * r.nextInt(100);
                case 5 -> t -= 3e-5;
                case 6 -> t += 5e-3;
                case 7 -> t = 1;
                default -> { } // unchanged
            }
            b.putInt(x).putInt(y).putInt(z).putShort((short) (r.nextInt(8) == 0 ? step(r) : 1000 + r.nextInt(20)));
            b.put((byte) (ret | returns << 4));
            b.put((byte) ((r.nextInt(6) == 0 ? r.nextInt(16) : 0) | channel << 4 | (r.nextInt(7) == 0 ? r.nextInt() & 0xC0 : 0)));
            b.put((byte) (r.nextInt(5) == 0 ? r.nextInt(256) : 2)).put((byte) (r.nextInt(6) == 0 ? r.nextInt(256) : 7));
            b.putShort((short) (r.nextInt(4) == 0 ? step(r) : 0)).putShort((short) (r.nextInt(9) == 0 ? step(r) : 12));
            b.putDouble(t);
            if (format == 7) {
                int change = r.nextInt(6);
                if (change == 0) {
                    rgb = new int[] {r.nextInt(65536), r.nextInt(65536), r.nextInt(65536)};
                } else if (change == 1) {
                    Arrays.fill(rgb, r.nextInt(65536)); // grey
                } else if (change == 2) {
                    rgb[r.nextInt(3)] ^= 1 << r.nextInt(16);
                }
                b.putShort((short) rgb[0]).putShort((short) rgb[1]).putShort((short) rgb[2]);
            }
            for (int k = 0; k < extra; k++) {
                b.put(r.nextInt(4) == 0 ? last[k] = (byte) r.nextInt() : last[k]);
            }
        }
        return b.array();
    }

    /** A signed step of a random bit length (0 to 32), so that the correctors fall in every context. */
    static int step(Random r) {
        int bits = r.nextInt(33);
        return bits == 0 ? 0 : r.nextInt() >> (32 - bits);
    }

    // ---------------------------------------------------------------------------------------------------------
    // the decoders

    static byte[] compress(byte[] las, int chunkSize) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LazEncoder.compress(las, chunkSize, out);
        return out.toByteArray();
    }

    /** Both decoders give back every point record of {@code las}. */
    void assertDecodes(byte[] las, byte[] laz) throws Exception {
        Path file = Files.createTempFile(dir, "points", ".laz");
        Files.write(file, laz);
        assertLaszip4j(las, file);
        assertLazPerf(las, file);
    }

    /** laszip4j decodes every field of every point as the LAS record has it. */
    static void assertLaszip4j(byte[] las, Path laz) throws ReflectiveOperationException {
        int format = las[104], length = recordLength(las), n = pointCount(las), offset = pointOffset(las);
        LASReader reader = new LASReader(laz.toFile());
        LASHeader h = reader.getHeader();
        assertEquals(n, h.getNumberOfPointRecords());
        assertEquals(length, h.getPointDataRecordLength());
        int i = 0;
        for (LASPoint p : reader.getPoints()) {
            assertTrue(i < n, "more points than " + n);
            int point = i;
            assertArrayEquals(fields(las, offset + i * length, format, length), fields(p, format, length),
                    () -> "point " + point + ": X Y Z intensity return returns synthetic key-point withheld overlap"
                            + " channel direction edge class user angle source time [R G B] [extra bytes]");
            i++;
        }
        assertEquals(n, i);
    }

    /** The fields of a LAS record, as in {@link #fields(LASPoint, int, int)}. */
    static long[] fields(byte[] las, int o, int format, int length) {
        ByteBuffer b = ByteBuffer.wrap(las).order(ByteOrder.LITTLE_ENDIAN);
        int flags = las[o + 15] & 0xFF;
        List<Long> f = new ArrayList<>(List.of((long) b.getInt(o), (long) b.getInt(o + 4), (long) b.getInt(o + 8),
                (long) (b.getShort(o + 12) & 0xFFFF), (long) (las[o + 14] & 15), (long) ((las[o + 14] >> 4) & 15),
                (long) (flags & 1), (long) (flags >> 1 & 1), (long) (flags >> 2 & 1), (long) (flags >> 3 & 1),
                (long) (flags >> 4 & 3), (long) (flags >> 6 & 1), (long) (flags >> 7 & 1), (long) (las[o + 16] & 0xFF),
                (long) (las[o + 17] & 0xFF), (long) b.getShort(o + 18), (long) (b.getShort(o + 20) & 0xFFFF),
                b.getLong(o + 22)));
        int base = 30;
        if (format == 7) {
            for (int k = 0; k < 3; k++) {
                f.add((long) (b.getShort(o + 30 + 2 * k) & 0xFFFF));
            }
            base = 36;
        }
        for (int k = base; k < length; k++) {
            f.add((long) las[o + k]);
        }
        return f.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * The fields laszip4j decoded. Its public {@code LASPoint} (0.17) lacks the scanner channel, the 16-bit scan
     * angle and the raw extra bytes: those come from the records it decoded into (fields {@code ScanFlags},
     * {@code ScanAngle}, {@code Bytes}).
     */
    static long[] fields(LASPoint p, int format, int length) throws ReflectiveOperationException {
        Field inner = LASPoint.class.getDeclaredField("p");
        inner.setAccessible(true);
        Object[] records = ((com.github.mreutegg.laszip4j.laszip.LASpoint) inner.get(p)).PointRecords;
        Object point14 = records[0];
        int scanFlags = (byte) read(point14, "ScanFlags") & 0xFF;
        List<Long> f = new ArrayList<>(List.of((long) p.getX(), (long) p.getY(), (long) p.getZ(),
                (long) p.getIntensity(), (long) p.getReturnNumber(), (long) p.getNumberOfReturns(),
                p.isSynthetic() ? 1L : 0, p.isKeyPoint() ? 1L : 0, p.isWithheld() ? 1L : 0, p.isOverlap() ? 1L : 0,
                (long) (scanFlags >> 4 & 3), (long) p.getScanDirectionFlag(), (long) p.getEdgeOfFlightLine(),
                (long) p.getClassification(), (long) p.getUserData(), (long) (short) read(point14, "ScanAngle"),
                (long) p.getPointSourceID(), Double.doubleToRawLongBits(p.getGPSTime())));
        int base = 30;
        if (format == 7) {
            f.addAll(List.of((long) p.getRed(), (long) p.getGreen(), (long) p.getBlue()));
            base = 36;
        }
        if (length > base) {
            for (byte v : (byte[]) read(records[records.length - 1], "Bytes")) {
                f.add((long) v);
            }
        }
        return f.stream().mapToLong(Long::longValue).toArray();
    }

    private static Object read(Object record, String field) throws ReflectiveOperationException {
        Field f = record.getClass().getField(field);
        f.setAccessible(true);
        return f.get(record);
    }

    /** laz-perf decodes the points: their count, format, length and the sha256 of all their records. */
    static void assertLazPerf(byte[] las, Path laz) throws IOException, InterruptedException {
        Map<String, String> m = sensor.io.NodeReader.read("laz-read.mjs", laz);
        int offset = pointOffset(las), length = recordLength(las), n = pointCount(las);
        assertEquals(String.valueOf(n), m.get("count"));
        assertEquals(String.valueOf(las[104]), m.get("format"));
        assertEquals(String.valueOf(length), m.get("length"));
        assertEquals(sha256(Arrays.copyOfRange(las, offset, offset + n * length)), m.get("sha256"));
    }

    // ---------------------------------------------------------------------------------------------------------
    // reading the files

    static int pointOffset(byte[] file) {
        return ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(96);
    }

    static int recordLength(byte[] file) {
        return ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getShort(105) & 0xFFFF;
    }

    static int pointCount(byte[] file) {
        return (int) ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getLong(247);
    }

    /** The chunks' byte counts, from the LAZ's chunk table, decoded with laszip4j's arithmetic decoder. */
    static List<Integer> chunkTable(byte[] laz) {
        ByteBuffer b = ByteBuffer.wrap(laz).order(ByteOrder.LITTLE_ENDIAN);
        int table = (int) b.getLong(pointOffset(laz));
        assertEquals(0, b.getInt(table), "chunk table version");
        int chunks = b.getInt(table + 4);
        byte[] coded = Arrays.copyOfRange(laz, table + 8, laz.length);
        ArithmeticDecoder dec = new ArithmeticDecoder();
        dec.init(new ByteStreamInArray(coded, coded.length));
        IntegerCompressor ic = new IntegerCompressor(dec, 32, 2);
        ic.initDecompressor();
        List<Integer> bytes = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            bytes.add(ic.decompress(i == 0 ? 0 : bytes.get(i - 1), 1));
        }
        return bytes;
    }

    /** The sha256 of the compressed points and chunk table (after the chunk table's 8-byte offset), pinned. */
    static void assertPinned(String sha256, byte[] laz) {
        assertEquals(sha256, sha256(Arrays.copyOfRange(laz, pointOffset(laz) + 8, laz.length)));
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
