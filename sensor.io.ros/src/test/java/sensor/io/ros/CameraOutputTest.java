package sensor.io.ros;

import sensor.api.io.Recorder;
import static org.junit.jupiter.api.Assertions.*;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.frame.CameraImage;
import sensor.api.geom.Pose;
import sensor.api.sensor.SensorFrame;
import sensor.io.Fixtures;
import sensor.io.NodeReader;

/** Camera frames as files: PNG images (RGB, 16-bit depth in mm, 16-bit labels, legend) and ROS 2 Image/CameraInfo. */
class CameraOutputTest {
    @TempDir
    Path dir;

    static final int W = 4, H = 3;

    /** A 4 × 3 frame: a wall 5 m away except pixel (3, 2), which sees nothing; pixel p has colour (p, 2p, 3p). */
    static CameraImage image() {
        byte[] rgb = new byte[3 * W * H];
        float[] depth = new float[W * H];
        int[] labels = new int[W * H];
        for (int p = 0; p < W * H; p++) {
            rgb[3 * p] = (byte) p;
            rgb[3 * p + 1] = (byte) (2 * p);
            rgb[3 * p + 2] = (byte) (3 * p);
            depth[p] = 5.0f;
            labels[p] = p < 4 ? 1 : 0;
        }
        depth[W * H - 1] = Float.NaN;
        labels[W * H - 1] = -1;
        return new CameraImage(W, H, rgb, depth, labels, List.of("ground", "wall \"A\""), 2.0, 2.0, W / 2.0, H / 2.0,
                "pinhole", Pose.IDENTITY);
    }

    @Test
    void imagesAreWrittenAsPngWithDepthInMillimetresAndALegend() throws Exception {
        Recorder sink = Fixtures.record(dir, "png", "mcap");
        sink.accept(new SensorFrame("cam", "camera", 1, 0.1, 0.1, image()));
        sink.accept(new SensorFrame("cam", "camera", 2, 0.2, 0.2, image()));
        sink.close();
        BufferedImage rgb = ImageIO.read(dir.resolve("cam/cam-000002.png").toFile());
        assertEquals(W, rgb.getWidth());
        assertEquals(H, rgb.getHeight());
        int[] px = rgb.getRaster().getPixel(1, 2, (int[]) null); // p = 9
        assertArrayEquals(new int[] {9, 18, 27}, px);
        BufferedImage depth = ImageIO.read(dir.resolve("cam/cam-000001-depth.png").toFile());
        assertEquals(16, depth.getColorModel().getPixelSize());
        for (int p = 0; p < W * H - 1; p++) {
            assertEquals(5000, depth.getRaster().getSample(p % W, p / W, 0), "5 m wall: 5,000 mm at pixel " + p);
        }
        assertEquals(0, depth.getRaster().getSample(W - 1, H - 1, 0), "no hit: 0");
        BufferedImage labels = ImageIO.read(dir.resolve("cam/cam-000001-labels.png").toFile());
        assertEquals(2, labels.getRaster().getSample(0, 0, 0), "object 1 + 1");
        assertEquals(1, labels.getRaster().getSample(0, 1, 0));
        assertEquals(0, labels.getRaster().getSample(W - 1, H - 1, 0));
        assertEquals("{\n  \"0\": null,\n  \"1\": \"ground\",\n  \"2\": \"wall \\\"A\\\"\"\n}\n",
                Files.readString(dir.resolve("cam/labels.json")));
        assertEquals(1, sink.summary().files().stream().filter(f -> f.endsWith("labels.json")).count(), "legend once");

        Map<String, String> m = NodeReader.read("mcap-read.mjs", dir.resolve("run.mcap"));
        assertEquals("sensor_msgs/msg/Image ros2msg cdr 2", m.get("summary.channel./cam/image"));
        assertEquals("sensor_msgs/msg/Image ros2msg cdr 2", m.get("summary.channel./cam/depth"));
        assertEquals("sensor_msgs/msg/CameraInfo ros2msg cdr 2", m.get("summary.channel./cam/camera_info"));
        String i = "last./cam/image.", d = "last./cam/depth.", c = "last./cam/camera_info.";
        assertEquals("cam_optical 4 3 rgb8 12", String.join(" ", m.get(i + "header.frame_id"), m.get(i + "width"),
                m.get(i + "height"), m.get(i + "encoding"), m.get(i + "step")));
        assertEquals("32FC1 16", m.get(d + "encoding") + " " + m.get(d + "step"));
        assertEquals("plumb_bob", m.get(c + "distortion_model"));
        assertArrayEquals(new double[5], NodeReader.numbers(m.get(c + "d")));
        // ROS pixel centres are at integers: the principal point is half a pixel less
        assertArrayEquals(new double[] {2, 0, 1.5, 0, 2, 1, 0, 0, 1}, NodeReader.numbers(m.get(c + "k")));
        assertArrayEquals(new double[] {2, 0, 1.5, 0, 0, 2, 1, 0, 0, 0, 1, 0}, NodeReader.numbers(m.get(c + "p")));
        String tf = "last./tf_static.transforms.0.";
        assertEquals("cam cam_optical", m.get(tf + "header.frame_id") + " " + m.get(tf + "child_frame_id"));
        assertArrayEquals(new double[] {0.5, -0.5, 0.5, -0.5}, new double[] {Double.parseDouble(m.get(tf + "transform.rotation.w")),
                Double.parseDouble(m.get(tf + "transform.rotation.x")), Double.parseDouble(m.get(tf + "transform.rotation.y")),
                Double.parseDouble(m.get(tf + "transform.rotation.z"))}, 1e-12);
    }
}
