package sensor.io;

import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import sensor.api.frame.CameraImage;

/**
 * A camera frame as files: the RGB image (8-bit PNG), the depth image (16-bit grey PNG, millimetres along the optical
 * axis, 0 = no hit, farther than 65.535 m saturates at 65535) and the instance-label image (16-bit grey PNG, object
 * index + 1, 0 = no object), with the legend {@code labels.json} ({@code {"0": null, "1": "<object id>", ...}}).
 */
public final class CameraFiles {
    private CameraFiles() {}

    /** The RGB image. */
    public static void rgb(CameraImage img, OutputStream out) throws IOException {
        BufferedImage b = new BufferedImage(img.width(), img.height(), BufferedImage.TYPE_3BYTE_BGR);
        WritableRaster r = b.getRaster();
        int[] px = new int[3];
        for (int v = 0, p = 0; v < img.height(); v++) {
            for (int u = 0; u < img.width(); u++, p++) {
                px[0] = img.rgb()[3 * p] & 0xff;
                px[1] = img.rgb()[3 * p + 1] & 0xff;
                px[2] = img.rgb()[3 * p + 2] & 0xff;
                r.setPixel(u, v, px);
            }
        }
        Previews.png(b, out);
    }

    /** Depth in millimetres, rounded; 0 where no surface was hit. */
    public static int millimetres(float depth) {
        return Float.isNaN(depth) ? 0 : (int) Math.max(1, Math.min(65535, Math.round(depth * 1000.0)));
    }

    /** The depth image. */
    public static void depth(CameraImage img, OutputStream out) throws IOException {
        grey16(img, p -> millimetres(img.depth()[p]), out);
    }

    /** The label image: object index + 1, 0 for none. */
    public static void labels(CameraImage img, OutputStream out) throws IOException {
        grey16(img, p -> Math.min(65535, img.labels()[p] + 1), out);
    }

    /** The legend of the label image. */
    public static byte[] legend(List<String> objectIds) {
        StringBuilder b = new StringBuilder("{\n  \"0\": null");
        for (int i = 0; i < objectIds.size(); i++) {
            b.append(",\n  \"").append(i + 1).append("\": \"").append(objectIds.get(i).replace("\\", "\\\\").replace("\"", "\\\""))
                    .append('"');
        }
        return b.append("\n}\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void grey16(CameraImage img, java.util.function.IntUnaryOperator value, OutputStream out) throws IOException {
        BufferedImage b = new BufferedImage(img.width(), img.height(), BufferedImage.TYPE_USHORT_GRAY);
        WritableRaster r = b.getRaster();
        for (int v = 0, p = 0; v < img.height(); v++) {
            for (int u = 0; u < img.width(); u++, p++) {
                r.setSample(u, v, 0, value.applyAsInt(p));
            }
        }
        Previews.png(b, out);
    }
}
