package sensor.io.png;

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
        byte[] rgb = img.rgb();
        int rowBytes = 3 * img.width();
        Png.write(out, img.width(), img.height(), Png.RGB, 8, (v, s) -> System.arraycopy(rgb, v * rowBytes, s, 0, rowBytes));
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
        int w = img.width();
        Png.write(out, w, img.height(), Png.GREY, 16, (v, s) -> {
            for (int u = 0, p = v * w; u < w; u++, p++) {
                int sample = value.applyAsInt(p);
                s[2 * u] = (byte) (sample >> 8);
                s[2 * u + 1] = (byte) sample;
            }
        });
    }
}
