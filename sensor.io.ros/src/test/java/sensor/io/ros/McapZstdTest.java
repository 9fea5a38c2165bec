package sensor.io.ros;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** MCAP chunks' zstd frames: both encoders' frames decode, with either decoder, to the records they compressed. */
class McapZstdTest {

    /** Point-cloud-like records: smooth float coordinates, small integers, a little noise (about 256 KiB). */
    private static byte[] records() {
        ByteBuffer b = ByteBuffer.allocate(16 * 16384).order(ByteOrder.LITTLE_ENDIAN);
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 16384; i++) {
            double a = i * 2 * Math.PI / 1024;
            float range = (float) (10 + 0.01 * r.nextGaussian());
            b.putFloat((float) (range * Math.cos(a))).putFloat((float) (range * Math.sin(a))).putFloat(i / 1024 * 0.1f)
                    .putShort((short) r.nextInt(4096)).putShort((short) (i / 1024));
        }
        return b.array();
    }

    @Test
    void theNativeEncoderLoadsOnThePlatformsItShipsALibraryFor() {
        String os = System.getProperty("os.name"), arch = System.getProperty("os.arch");
        if (os.equals("Linux") && arch.equals("amd64")) {
            assertTrue(McapFile.NATIVE_ZSTD, "zstd-jni's linux/amd64 library loads");
        }
    }

    @Test
    void bothEncodersFramesDecodeToTheRecords() {
        byte[] records = records();
        for (boolean nativeEncoder : new boolean[] {false, McapFile.NATIVE_ZSTD}) {
            byte[] frame = McapFile.zstd(records, nativeEncoder);
            assertTrue(frame.length < records.length * 3 / 4, "compressed: " + frame.length + " of " + records.length);
            byte[] java = new byte[records.length];
            new io.airlift.compress.zstd.ZstdDecompressor().decompress(frame, 0, frame.length, java, 0, java.length);
            assertArrayEquals(records, java, "aircompressor decodes the frame (native encoder " + nativeEncoder + ")");
            if (McapFile.NATIVE_ZSTD) {
                assertArrayEquals(records, com.github.luben.zstd.Zstd.decompress(frame, records.length));
            }
        }
        if (McapFile.NATIVE_ZSTD) {
            assertArrayEquals(com.github.luben.zstd.Zstd.compress(records, 1), McapFile.zstd(records, true),
                    "the native path writes level 1");
            assertFalse(java.util.Arrays.equals(McapFile.zstd(records, true), McapFile.zstd(records, false)),
                    "the fallback is aircompressor's encoder");
        }
    }
}
