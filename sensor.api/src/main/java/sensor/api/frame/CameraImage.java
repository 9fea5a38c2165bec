package sensor.api.frame;

import java.util.List;

import sensor.api.Args;
import sensor.api.geom.Pose;

/**
 * One camera frame. Pixel (0, 0) is the top-left, u to the right, v down, rows stored top to bottom. The camera looks
 * along its mount's +x axis (+y left, +z up); the optical frame of ROS (z forward, x right, y down) is that frame
 * rotated. Pinhole intrinsics: a camera-frame direction (x, y, z), x &gt; 0, lands on
 * {@code u = cx − fx·y/x, v = cy − fy·z/x}; {@code lens} names the model of the launched rays ({@code pinhole}, or
 * {@code fov}, the wide-angle model of the Chrono::Sensor paper, whose rays differ from the pinhole's).
 *
 * @param rgb 3 bytes per pixel, gamma-encoded (sRGB) 8-bit red, green, blue
 * @param depth distance along the optical axis (m) per pixel, NaN where the primary ray hit nothing
 * @param labels index into {@code objectIds} of the object each pixel's primary ray hit, −1 for none
 * @param objectIds the scene's object ids by index (the legend of {@code labels})
 * @param pose the camera's world pose at the frame time
 */
public record CameraImage(int width, int height, byte[] rgb, float[] depth, int[] labels, List<String> objectIds,
        double fx, double fy, double cx, double cy, String lens, Pose pose) implements FrameData {
    public CameraImage {
        Args.inRange("width", width, 1, 1 << 15);
        Args.inRange("height", height, 1, 1 << 15);
        int n = width * height;
        if (rgb == null || rgb.length != 3 * n || depth == null || depth.length != n || labels == null || labels.length != n) {
            throw new IllegalArgumentException("rgb, depth and labels must hold 3, 1 and 1 values per pixel of the "
                    + width + "x" + height + " image");
        }
        objectIds = List.copyOf(Args.notNull("objectIds", objectIds));
        Args.notNull("lens", lens);
        Args.notNull("pose", pose);
    }
}
