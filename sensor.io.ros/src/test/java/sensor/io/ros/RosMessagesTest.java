package sensor.io.ros;

import sensor.api.io.Recorder;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.io.Fixtures;
import sensor.io.NodeReader;

/**
 * The ROS 2 messages of scalar sensors in {@code run.mcap}, decoded by {@code @foxglove/rosmsg2-serialization}:
 * Odometry and {@code /tf} of a pose (twist turned into the child frame), NavSatFix of a fix (covariance from the stated
 * variances through the WGS-84 radii), Float64 of any other channel; values against closed forms.
 */
class RosMessagesTest {
    @TempDir
    Path dir;

    @Test
    void odometryNavSatFixAndFloat64() throws Exception {
        Recorder sink = Fixtures.record(dir, "mcap");
        double c = Math.cos(Math.PI / 4), s = Math.sin(Math.PI / 4); // yawed 90° about z: q = (cos 45°, 0, 0, sin 45°)
        sink.accept(new SensorFrame("truth", "ground-truth", 1, 0.5, 0.5, new Channels(
                List.of("x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz"), List.of("m", "m", "m", "1", "1",
                        "1", "1", "m/s", "m/s", "m/s", "rad/s", "rad/s", "rad/s"),
                new double[] {1, 2, 3, c, 0, 0, s, 1, 0, 0, 0, 0.5, 0})));
        double lat = 30, varLat = 1e-10, varLon = 2e-10;
        sink.accept(new SensorFrame("gps", "gnss", 1, 0.5, 0.6, new Channels(List.of("latitude", "longitude", "altitude", "ve"),
                List.of("deg", "deg", "m", "m/s"), new double[] {lat, 8, 400, 3}, new double[] {varLat, varLon, 4, 0})));
        sink.accept(new SensorFrame("odo", "odometer", 1, 0.5, 0.7, new Channels(List.of("distance"), List.of("m"),
                new double[] {12.5})));
        sink.close();
        Map<String, String> m = NodeReader.read("mcap-read.mjs", dir.resolve("run.mcap"));

        String o = "last./truth/odom.";
        assertEquals("world truth", m.get(o + "header.frame_id") + " " + m.get(o + "child_frame_id"));
        assertArrayEquals(new double[] {1, 2, 3, 0, 0, s, c}, numbers(m, o + "pose.pose.position.x", o + "pose.pose.position.y",
                o + "pose.pose.position.z", o + "pose.pose.orientation.x", o + "pose.pose.orientation.y",
                o + "pose.pose.orientation.z", o + "pose.pose.orientation.w"), 1e-12);
        // world velocity (1, 0, 0) seen from a frame yawed by 90°: (0, -1, 0); the angular (0, 0.5, 0): (0.5, 0, 0)
        assertArrayEquals(new double[] {0, -1, 0, 0.5, 0, 0}, numbers(m, o + "twist.twist.linear.x", o + "twist.twist.linear.y",
                o + "twist.twist.linear.z", o + "twist.twist.angular.x", o + "twist.twist.angular.y", o + "twist.twist.angular.z"),
                1e-12);
        assertEquals("world truth 1", m.get("last./tf.transforms.0.header.frame_id") + " "
                + m.get("last./tf.transforms.0.child_frame_id") + " " + m.get("last./tf.transforms.0.transform.translation.x"));

        String f = "last./gps/fix.";
        assertArrayEquals(new double[] {lat, 8, 400}, numbers(m, f + "latitude", f + "longitude", f + "altitude"), 0);
        // metres per degree: meridian radius M north, prime-vertical radius N cos(lat) east (WGS-84)
        double a = 6378137, e2 = 0.00669437999014, sl = Math.sin(Math.toRadians(lat)), w = Math.sqrt(1 - e2 * sl * sl);
        double north = Math.PI / 180 * a * (1 - e2) / (w * w * w), east = Math.PI / 180 * a / w * Math.cos(Math.toRadians(lat));
        double[] cov = NodeReader.numbers(m.get(f + "position_covariance"));
        assertArrayEquals(new double[] {varLon * east * east, 0, 0, 0, varLat * north * north, 0, 0, 0, 4}, cov, 1e-9);
        assertEquals("2", m.get(f + "position_covariance_type"));
        assertEquals("0 1", m.get(f + "status.status") + " " + m.get(f + "status.service"));
        assertEquals("3", m.get("last./gps/ve.data"));
        assertEquals("12.5", m.get("last./odo/distance.data"));
    }

    private static double[] numbers(Map<String, String> m, String... keys) {
        double[] v = new double[keys.length];
        for (int i = 0; i < keys.length; i++) {
            v[i] = Double.parseDouble(m.get(keys[i]));
        }
        return v;
    }
}
