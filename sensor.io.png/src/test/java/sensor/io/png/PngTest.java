package sensor.io.png;

import static org.junit.jupiter.api.Assertions.*;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Random;

import javax.imageio.ImageIO;
import javax.imageio.stream.MemoryCacheImageOutputStream;

import org.junit.jupiter.api.Test;

import sensor.api.frame.CameraImage;
import sensor.api.geom.Pose;

/**
 * The PNG encoder against the JDK's ImageIO writer, the second method: for every image type the outputs write, the
 * same bytes, including images large enough for several 32 KiB {@code IDAT} chunks and one that is a single pixel.
 */
class PngTest {
    private static byte[] imageIo(BufferedImage img) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream cache = new MemoryCacheImageOutputStream(out)) {
            assertTrue(ImageIO.write(img, "png", cache));
        }
        return out.toByteArray();
    }

    private static byte[] png(BufferedImage img) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Previews.png(img, out);
        return out.toByteArray();
    }

    /** Noise over a gradient: compresses somewhat, so the stream spans several chunks at 640 × 480. */
    private static BufferedImage image(int type, int w, int h, long seed) {
        BufferedImage img = new BufferedImage(w, h, type);
        Random r = new Random(seed);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int v = (x + y) & 0xff;
                img.setRGB(x, y, (v + r.nextInt(8)) << 16 | (255 - v + r.nextInt(8)) << 8 | (v / 2 + r.nextInt(32)));
            }
        }
        return img;
    }

    @Test
    void everyPreviewTypeEncodesToImageIosBytes() throws IOException {
        for (int type : new int[] {BufferedImage.TYPE_INT_RGB, BufferedImage.TYPE_3BYTE_BGR, BufferedImage.TYPE_BYTE_GRAY}) {
            for (int[] size : new int[][] {{640, 480}, {1, 1}, {1024, 64}, {33, 7}}) {
                BufferedImage img = image(type, size[0], size[1], 31L * type + size[0]);
                assertArrayEquals(imageIo(img), png(img), "type " + type + ", " + size[0] + " × " + size[1]);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> png(new BufferedImage(2, 2, BufferedImage.TYPE_INT_ARGB)));
    }

    @Test
    void cameraFilesEncodeToImageIosBytes() throws IOException {
        int w = 320, h = 240, n = w * h;
        Random r = new Random(5);
        byte[] rgb = new byte[3 * n];
        r.nextBytes(rgb);
        float[] depth = new float[n];
        int[] labels = new int[n];
        BufferedImage colour = new BufferedImage(w, h, BufferedImage.TYPE_3BYTE_BGR);
        BufferedImage depthImage = new BufferedImage(w, h, BufferedImage.TYPE_USHORT_GRAY);
        BufferedImage labelImage = new BufferedImage(w, h, BufferedImage.TYPE_USHORT_GRAY);
        for (int p = 0; p < n; p++) {
            depth[p] = p % 97 == 0 ? Float.NaN : (float) (r.nextDouble() * 80); // beyond 65.535 m saturates
            labels[p] = r.nextInt(5) - 1;
            colour.getRaster().setPixel(p % w, p / w, new int[] {rgb[3 * p] & 0xff, rgb[3 * p + 1] & 0xff, rgb[3 * p + 2] & 0xff});
            depthImage.getRaster().setSample(p % w, p / w, 0, CameraFiles.millimetres(depth[p]));
            labelImage.getRaster().setSample(p % w, p / w, 0, labels[p] + 1);
        }
        CameraImage img = new CameraImage(w, h, rgb, depth, labels, List.of("a", "b", "c"), 200, 200, w / 2.0, h / 2.0,
                "pinhole", Pose.IDENTITY);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CameraFiles.rgb(img, out);
        assertArrayEquals(imageIo(colour), out.toByteArray(), "colour");
        out.reset();
        CameraFiles.depth(img, out);
        assertArrayEquals(imageIo(depthImage), out.toByteArray(), "depth");
        out.reset();
        CameraFiles.labels(img, out);
        assertArrayEquals(imageIo(labelImage), out.toByteArray(), "labels");
    }

    @Test
    void aStreamOfWholeChunksEndsWithoutAnEmptyOne() throws IOException {
        // a one-row grey image of random bytes whose zlib stream is exactly two 32 KiB chunks long, found by search
        Random r = new Random(9);
        for (int w = 65_400; w < 65_600; w++) {
            byte[] row = new byte[w + 1];
            r.setSeed(w);
            r.nextBytes(row);
            row[0] = 0;
            java.util.zip.Deflater d = new java.util.zip.Deflater(4);
            d.setInput(row);
            d.finish();
            byte[] buf = new byte[2 * w];
            int length = d.deflate(buf);
            d.end();
            if (length == 2 * 32768) {
                BufferedImage img = new BufferedImage(w, 1, BufferedImage.TYPE_BYTE_GRAY);
                byte[] grey = ((java.awt.image.DataBufferByte) img.getRaster().getDataBuffer()).getData();
                System.arraycopy(row, 1, grey, 0, w);
                assertArrayEquals(imageIo(img), png(img), "width " + w);
                return;
            }
        }
        fail("no width gives a stream of two whole chunks");
    }
}
