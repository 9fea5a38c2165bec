package sensor.io.ros.msg;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.io.files.Points;

/**
 * The ROS 2 topics of a run (in {@code run.mcap}, or live), chosen per sensor from its first frame's channels:
 * <ul>
 * <li>a point cloud → {@code sensor_msgs/msg/PointCloud2} on {@code /<id>/points}; a single-plane lidar's also →
 * {@code sensor_msgs/msg/LaserScan} on {@code /<id>/scan};</li>
 * <li>channels {@code gyro.x|y|z} or {@code acc.x|y|z} → {@code sensor_msgs/msg/Imu} on {@code /<id>/imu};
 * {@code mag.x|y|z} (tesla) → {@code sensor_msgs/msg/MagneticField} on {@code /<id>/mag}; covariances diagonal from
 * the channels' stated noise variances;</li>
 * <li>{@code position, speed} (an encoder) → {@code sensor_msgs/msg/JointState} on {@code /<id>/joint_states}, the
 * joint named after the sensor;</li>
 * <li>{@code x, y, z, qw, qx, qy, qz, vx, vy, vz, wx, wy, wz} (a pose with its world-frame velocities, as the
 * ground-truth sensor gives) → {@code nav_msgs/msg/Odometry} on {@code /<id>/odom}, and on {@code /tf} the transform
 * {@code world → <body>} of the body it is mounted on (its pose less the mount offset; {@code world → <id>} when the
 * mount is not known), so that every sensor frame chains to the world;</li>
 * <li>sensor mounts ({@link #mounts}) → {@code tf2_msgs/msg/TFMessage} on {@code /tf_static}: {@code <body> → <id>}
 * (or {@code world → <id>}) at the mount offset;</li>
 * <li>{@code latitude, longitude, altitude} (a GNSS receiver) → {@code sensor_msgs/msg/NavSatFix} on
 * {@code /<id>/fix}, the covariance from the stated variances;</li>
 * <li>any other channel {@code c} → {@code std_msgs/msg/Float64} on {@code /<id>/<c>} (the odometer's
 * {@code /<id>/distance});</li>
 * <li>{@code rosgraph_msgs/msg/Clock} on {@code /clock} at every new delivery time.</li>
 * </ul>
 * Every channel carries the ros2 profile's {@code offered_qos_profiles} ({@code /tf_static} transient local, the others
 * the subscriber's default). Log and publish times are the delivery times; header stamps the measurement times; frame ids the sensor ids.
 * Topic names keep letters, digits, {@code _} and {@code /} (other characters become {@code _}).
 */
public final class Ros2Topics {
    private final MessageChannels out;
    private final Map<String, Integer> schemas = new HashMap<>();
    private final Map<String, Integer> channels = new HashMap<>();
    private final Map<String, Scalar> scalars = new HashMap<>();
    private final Map<String, SensorMount> mounts = new HashMap<>();
    private long lastClock = Long.MIN_VALUE;
    private final java.util.Set<String> opticalFrames = new java.util.HashSet<>();

    /** One scalar sensor's mapping, found from its first frame. */
    private record Scalar(int[] gyro, int[] acc, int[] mag, int[] joint, int[] pose, int[] fix, List<Integer> plain) {}

    /** rosbag2's offered QoS of a latched topic (transient local, reliable), as {@code ros2 bag record} writes it. */
    public static final String TRANSIENT_LOCAL = "- history: 3\n  depth: 0\n  reliability: 1\n  durability: 1\n"
            + "  deadline:\n    sec: 2147483647\n    nsec: 4294967295\n"
            + "  lifespan:\n    sec: 2147483647\n    nsec: 4294967295\n  liveliness: 1\n"
            + "  liveliness_lease_duration:\n    sec: 2147483647\n    nsec: 4294967295\n"
            + "  avoid_ros_namespace_conventions: false";

    private static final List<String> FIX = List.of("latitude", "longitude", "altitude");

    private static final List<String> POSE = List.of("x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy",
            "wz");

    /** Publishes into {@code out} (an MCAP file, a live server). */
    public Ros2Topics(MessageChannels out) {
        this.out = out;
    }

    /** Publishes any frame: a lidar's points (when it has XYZ) or scalar channels; other data is skipped. */
    public void frame(SensorFrame f) throws IOException {
        if (f.data() instanceof sensor.api.frame.PointCloud lidar) {
            cloud(f, lidar);
        } else if (f.data() instanceof Channels c) {
            channels(f, c);
        } else if (f.data() instanceof sensor.api.frame.CameraImage img) {
            image(f, img);
        }
    }

    /** The rotation from a camera's frame (x forward, y left, z up) to its optical frame (z forward, x right, y down). */
    static final Pose OPTICAL = new Pose(Vec3.ZERO, Quat.rollPitchYaw(-Math.PI / 2, 0, -Math.PI / 2));

    /**
     * Records a camera frame: {@code /<id>/image} (rgb8), {@code /<id>/depth} (32FC1, metres along the optical axis, NaN
     * for none) and {@code /<id>/camera_info}, in the frame {@code <id>_optical} (z forward, x right, y down). On a
     * camera's first frame {@code /tf_static} is published again with the mounts and every optical frame.
     */
    public void image(SensorFrame f, sensor.api.frame.CameraImage img) throws IOException {
        clock(f);
        String id = f.sensorId(), optical = id + "_optical";
        if (opticalFrames.add(id)) { // the whole static tree again, now with this optical frame: the latest is complete
            List<Ros2.Transform> transforms = new java.util.ArrayList<>();
            new java.util.TreeMap<>(mounts).forEach((sensor, m) -> transforms.add(transform(m.bodyId() == null ? "world"
                    : m.bodyId(), sensor, m.offset())));
            new java.util.TreeSet<>(opticalFrames).forEach(c -> transforms.add(transform(c, c + "_optical", OPTICAL)));
            message(Ros2.TF_MESSAGE, Ros2.TF_MESSAGE_DEF, "/tf_static", f, () -> Ros2.transforms(f.time(), transforms));
        }
        message(Ros2.IMAGE, Ros2.IMAGE_DEF, topic(id, "image"), f,
                () -> Ros2.image(f.time(), optical, img.width(), img.height(), "rgb8", 3 * img.width(), img.rgb()));
        message(Ros2.IMAGE, Ros2.IMAGE_DEF, topic(id, "depth"), f, () -> {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * img.depth().length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (float d : img.depth()) {
                b.putFloat(d);
            }
            return Ros2.image(f.time(), optical, img.width(), img.height(), "32FC1", 4 * img.width(), b.array());
        });
        message(Ros2.CAMERA_INFO, Ros2.CAMERA_INFO_DEF, topic(id, "camera_info"), f,
                () -> Ros2.cameraInfo(f.time(), optical, img));
    }

    /** Records sensor mounts at {@code time} as one message on {@code /tf_static}. */
    public void mounts(double time, Map<String, SensorMount> sensors) throws IOException {
        if (sensors.isEmpty()) {
            return;
        }
        List<Ros2.Transform> transforms = new java.util.ArrayList<>();
        for (Map.Entry<String, SensorMount> e : new java.util.TreeMap<>(sensors).entrySet()) {
            SensorMount m = e.getValue();
            mounts.put(e.getKey(), m);
            transforms.add(transform(m.bodyId() == null ? "world" : m.bodyId(), e.getKey(), m.offset()));
        }
        message(Ros2.TF_MESSAGE, Ros2.TF_MESSAGE_DEF, "/tf_static", Ros2.nanos(time),
                () -> Ros2.transforms(time, transforms));
    }

    private static Ros2.Transform transform(String parent, String child, Pose p) {
        Vec3 t = p.position();
        Quat q = p.rotation();
        return new Ros2.Transform(parent, child, new double[] {t.x(), t.y(), t.z()}, new double[] {q.w(), q.x(), q.y(), q.z()});
    }

    /** Records a lidar frame: its points (when it has XYZ) and a single-plane lidar's LaserScan. */
    public void cloud(SensorFrame f, sensor.api.frame.PointCloud cloud) throws IOException {
        Points p = Points.of(cloud);
        if (p == null) {
            return;
        }
        points(f, p);
        if (cloud.planarScan() != null) {
            message(Ros2.LASER_SCAN, Ros2.LASER_SCAN_DEF, topic(f.sensorId(), "scan"), f,
                    () -> Ros2.laserScan(f.sensorId(), cloud.planarScan(), p));
        }
    }

    /** Records a lidar frame's points. */
    public void points(SensorFrame f, Points p) throws IOException {
        clock(f);
        message(Ros2.POINT_CLOUD2, Ros2.POINT_CLOUD2_DEF, topic(f.sensorId(), "points"), f,
                () -> Ros2.pointCloud2(f.time(), f.sensorId(), p));
    }

    /** Records a scalar frame on the topics of its channels (see the class comment). */
    public void channels(SensorFrame f, Channels c) throws IOException {
        clock(f);
        Scalar s = scalars.computeIfAbsent(f.sensorId(), id -> map(c.names()));
        double[] v = c.values(), var = c.variances();
        String id = f.sensorId();
        if (s.gyro != null || s.acc != null) {
            message(Ros2.IMU, Ros2.IMU_DEF, topic(id, "imu"), f, () -> Ros2.imu(f.time(), id, pick(v, s.gyro),
                    pick(var, s.gyro), pick(v, s.acc), pick(var, s.acc)));
        }
        if (s.mag != null) {
            message(Ros2.MAGNETIC_FIELD, Ros2.MAGNETIC_FIELD_DEF, topic(id, "mag"), f,
                    () -> Ros2.magneticField(f.time(), id, pick(v, s.mag), pick(var, s.mag)));
        }
        if (s.joint != null) {
            message(Ros2.JOINT_STATE, Ros2.JOINT_STATE_DEF, topic(id, "joint_states"), f,
                    () -> Ros2.jointState(f.time(), id, id, v[s.joint[0]], v[s.joint[1]]));
        }
        if (s.pose != null) {
            double[] p = pick(v, s.pose[0], s.pose[1], s.pose[2]), q = pick(v, s.pose[3], s.pose[4], s.pose[5], s.pose[6]);
            message(Ros2.ODOMETRY, Ros2.ODOMETRY_DEF, topic(id, "odom"), f, () -> Ros2.odometry(f.time(), "world", id, p, q,
                    pick(v, s.pose[7], s.pose[8], s.pose[9]), pick(v, s.pose[10], s.pose[11], s.pose[12])));
            SensorMount m = mounts.get(id);
            Pose sensor = new Pose(new Vec3(p[0], p[1], p[2]), new Quat(q[0], q[1], q[2], q[3]));
            Ros2.Transform tf = m == null ? transform("world", id, sensor)
                    : m.bodyId() == null ? null : transform("world", m.bodyId(), sensor.compose(m.offset().inverse()));
            if (tf != null) {
                message(Ros2.TF_MESSAGE, Ros2.TF_MESSAGE_DEF, "/tf", f, () -> Ros2.transforms(f.time(), List.of(tf)));
            }
        }
        if (s.fix != null) {
            message(Ros2.NAV_SAT_FIX, Ros2.NAV_SAT_FIX_DEF, topic(id, "fix"), f, () -> Ros2.navSatFix(f.time(), id, v[s.fix[0]],
                    v[s.fix[1]], v[s.fix[2]], pick(var, s.fix)));
        }
        for (int i : s.plain) {
            message(Ros2.FLOAT64_MSG, Ros2.FLOAT64_DEF, topic(id, c.names().get(i)), f, () -> Ros2.float64(v[i]));
        }
    }

    private static Scalar map(List<String> names) {
        int[] gyro = axes(names, "gyro"), acc = axes(names, "acc"), mag = axes(names, "mag");
        int[] joint = names.equals(List.of("position", "speed")) ? new int[] {0, 1} : null;
        int[] pose = null;
        if (names.containsAll(POSE)) {
            pose = POSE.stream().mapToInt(names::indexOf).toArray();
        }
        int[] fix = names.containsAll(FIX) ? FIX.stream().mapToInt(names::indexOf).toArray() : null;
        List<Integer> plain = new java.util.ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            boolean covered = n.startsWith("gyro.") && gyro != null || n.startsWith("acc.") && acc != null
                    || n.startsWith("mag.") && mag != null || joint != null || pose != null && POSE.contains(n)
                    || fix != null && FIX.contains(n);
            if (!covered) {
                plain.add(i);
            }
        }
        return new Scalar(gyro, acc, mag, joint, pose, fix, plain);
    }

    private void clock(SensorFrame f) throws IOException {
        long t = Ros2.nanos(f.deliveredAt());
        if (t > lastClock) {
            lastClock = t;
            message(Ros2.CLOCK, Ros2.CLOCK_DEF, "/clock", f, () -> Ros2.clock(f.deliveredAt()));
        }
    }

    private void message(String schema, String definition, String topic, SensorFrame f, Supplier<byte[]> data)
            throws IOException {
        message(schema, definition, topic, Ros2.nanos(f.deliveredAt()), data);
    }

    /** Publishes on {@code topic}, encoding the message only when the channel has a reader ({@link MessageChannels#wants}). */
    private void message(String schema, String definition, String topic, long logTime, Supplier<byte[]> data)
            throws IOException {
        Integer ch = channels.get(topic);
        if (ch == null) {
            Integer sc = schemas.get(schema);
            if (sc == null) {
                sc = out.schema(schema, "ros2msg", definition.getBytes(StandardCharsets.UTF_8));
                schemas.put(schema, sc);
            }
            ch = out.channel(sc, topic, "cdr",
                    Map.of("offered_qos_profiles", topic.equals("/tf_static") ? TRANSIENT_LOCAL : ""));
            channels.put(topic, ch);
        }
        if (out.wants(ch)) {
            out.message(ch, logTime, logTime, data.get());
        }
    }

    /** {@code /<id>/<name>} with characters outside ROS names replaced by {@code _}. */
    static String topic(String id, String name) {
        return ("/" + id + "/" + name).replaceAll("[^A-Za-z0-9_/]", "_");
    }

    private static int[] axes(List<String> names, String prefix) {
        int[] idx = {names.indexOf(prefix + ".x"), names.indexOf(prefix + ".y"), names.indexOf(prefix + ".z")};
        return idx[0] >= 0 && idx[1] >= 0 && idx[2] >= 0 ? idx : null;
    }

    /** The values of {@code v} at {@code idx}; null when either is null. */
    private static double[] pick(double[] v, int... idx) {
        if (v == null || idx == null) {
            return null;
        }
        double[] out = new double[idx.length];
        for (int i = 0; i < idx.length; i++) {
            out[i] = v[idx[i]];
        }
        return out;
    }
}
