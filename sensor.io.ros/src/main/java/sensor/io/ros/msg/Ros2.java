package sensor.io.ros.msg;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import sensor.api.control.Teleoperation;
import sensor.io.files.CloudLayouts;
import sensor.io.files.Points;

/**
 * ROS 2 messages in CDR (XCDR1, little-endian encapsulation {@code 00 01 00 00}) and their
 * {@code ros2msg} schema texts: {@code sensor_msgs/msg/PointCloud2}, {@code Imu}, {@code MagneticField},
 * {@code JointState}, {@code nav_msgs/msg/Odometry}, {@code std_msgs/msg/Float64}, {@code tf2_msgs/msg/TFMessage}
 * and {@code rosgraph_msgs/msg/Clock}.
 */
public final class Ros2 {
    private Ros2() {}

    static final String SEP = "================================================================================\n";
    static final String HEADER_DEFS = SEP + "MSG: std_msgs/Header\n"
            + "builtin_interfaces/Time stamp\n"
            + "string frame_id\n"
            + SEP + "MSG: builtin_interfaces/Time\n"
            + "int32 sec\n"
            + "uint32 nanosec\n";

    static final String QUATERNION_DEF = SEP + "MSG: geometry_msgs/Quaternion\n"
            + "float64 x 0\n"
            + "float64 y 0\n"
            + "float64 z 0\n"
            + "float64 w 1\n";
    static final String VECTOR3_DEF = SEP + "MSG: geometry_msgs/Vector3\n"
            + "float64 x\n"
            + "float64 y\n"
            + "float64 z\n";

    /** Schema name and text of PointCloud2. */
    public static final String POINT_CLOUD2 = "sensor_msgs/msg/PointCloud2";
    public static final String POINT_CLOUD2_DEF = "std_msgs/Header header\n"
            + "uint32 height\n"
            + "uint32 width\n"
            + "sensor_msgs/PointField[] fields\n"
            + "bool is_bigendian\n"
            + "uint32 point_step\n"
            + "uint32 row_step\n"
            + "uint8[] data\n"
            + "bool is_dense\n"
            + HEADER_DEFS
            + SEP + "MSG: sensor_msgs/PointField\n"
            + "uint8 INT8=1\n"
            + "uint8 UINT8=2\n"
            + "uint8 INT16=3\n"
            + "uint8 UINT16=4\n"
            + "uint8 INT32=5\n"
            + "uint8 UINT32=6\n"
            + "uint8 FLOAT32=7\n"
            + "uint8 FLOAT64=8\n"
            + "string name\n"
            + "uint32 offset\n"
            + "uint8 datatype\n"
            + "uint32 count\n";

    /** Schema name and text of Image. */
    public static final String IMAGE = "sensor_msgs/msg/Image";
    public static final String IMAGE_DEF = "std_msgs/Header header\n"
            + "uint32 height\n"
            + "uint32 width\n"
            + "string encoding\n"
            + "uint8 is_bigendian\n"
            + "uint32 step\n"
            + "uint8[] data\n"
            + HEADER_DEFS;

    /** Schema name and text of CameraInfo. */
    public static final String CAMERA_INFO = "sensor_msgs/msg/CameraInfo";
    public static final String CAMERA_INFO_DEF = "std_msgs/Header header\n"
            + "uint32 height\n"
            + "uint32 width\n"
            + "string distortion_model\n"
            + "float64[] d\n"
            + "float64[9] k\n"
            + "float64[9] r\n"
            + "float64[12] p\n"
            + "uint32 binning_x\n"
            + "uint32 binning_y\n"
            + "sensor_msgs/RegionOfInterest roi\n"
            + HEADER_DEFS
            + SEP + "MSG: sensor_msgs/RegionOfInterest\n"
            + "uint32 x_offset\n"
            + "uint32 y_offset\n"
            + "uint32 height\n"
            + "uint32 width\n"
            + "bool do_rectify\n";

    /** Schema name and text of LaserScan. */
    public static final String LASER_SCAN = "sensor_msgs/msg/LaserScan";
    public static final String LASER_SCAN_DEF = "std_msgs/Header header\n"
            + "float32 angle_min\n"
            + "float32 angle_max\n"
            + "float32 angle_increment\n"
            + "float32 time_increment\n"
            + "float32 scan_time\n"
            + "float32 range_min\n"
            + "float32 range_max\n"
            + "float32[] ranges\n"
            + "float32[] intensities\n"
            + HEADER_DEFS;

    /** Schema name and text of Imu. */
    public static final String IMU = "sensor_msgs/msg/Imu";
    public static final String IMU_DEF = "std_msgs/Header header\n"
            + "geometry_msgs/Quaternion orientation\n"
            + "float64[9] orientation_covariance\n"
            + "geometry_msgs/Vector3 angular_velocity\n"
            + "float64[9] angular_velocity_covariance\n"
            + "geometry_msgs/Vector3 linear_acceleration\n"
            + "float64[9] linear_acceleration_covariance\n"
            + HEADER_DEFS + QUATERNION_DEF + VECTOR3_DEF;

    /** Schema name and text of MagneticField (tesla). */
    public static final String MAGNETIC_FIELD = "sensor_msgs/msg/MagneticField";
    public static final String MAGNETIC_FIELD_DEF = "std_msgs/Header header\n"
            + "geometry_msgs/Vector3 magnetic_field\n"
            + "float64[9] magnetic_field_covariance\n"
            + HEADER_DEFS + VECTOR3_DEF;

    /** Schema name and text of JointState. */
    public static final String JOINT_STATE = "sensor_msgs/msg/JointState";
    public static final String JOINT_STATE_DEF = "std_msgs/Header header\n"
            + "string[] name\n"
            + "float64[] position\n"
            + "float64[] velocity\n"
            + "float64[] effort\n"
            + HEADER_DEFS;

    /** Schema name and text of Float64. */
    public static final String FLOAT64_MSG = "std_msgs/msg/Float64";
    public static final String FLOAT64_DEF = "float64 data\n";

    /** Schema name and text of NavSatFix. */
    public static final String NAV_SAT_FIX = "sensor_msgs/msg/NavSatFix";
    public static final String NAV_SAT_FIX_DEF = "uint8 COVARIANCE_TYPE_UNKNOWN = 0\n"
            + "uint8 COVARIANCE_TYPE_APPROXIMATED = 1\n"
            + "uint8 COVARIANCE_TYPE_DIAGONAL_KNOWN = 2\n"
            + "uint8 COVARIANCE_TYPE_KNOWN = 3\n"
            + "std_msgs/Header header\n"
            + "sensor_msgs/NavSatStatus status\n"
            + "float64 latitude\n"
            + "float64 longitude\n"
            + "float64 altitude\n"
            + "float64[9] position_covariance\n"
            + "uint8 position_covariance_type\n"
            + HEADER_DEFS
            + SEP + "MSG: sensor_msgs/NavSatStatus\n"
            + "int8 STATUS_NO_FIX = -1\n"
            + "int8 STATUS_FIX = 0\n"
            + "int8 STATUS_SBAS_FIX = 1\n"
            + "int8 STATUS_GBAS_FIX = 2\n"
            + "int8 status\n"
            + "uint16 SERVICE_GPS = 1\n"
            + "uint16 SERVICE_GLONASS = 2\n"
            + "uint16 SERVICE_COMPASS = 4\n"
            + "uint16 SERVICE_GALILEO = 8\n"
            + "uint16 service\n";

    /** Name and text of Twist, which teleoperation reads. */
    public static final String TWIST = "geometry_msgs/msg/Twist";
    public static final String TWIST_DEF = "geometry_msgs/Vector3 linear\n"
            + "geometry_msgs/Vector3 angular\n"
            + VECTOR3_DEF;

    /** Name and text of Joy, which teleoperation reads. */
    public static final String JOY = "sensor_msgs/msg/Joy";
    public static final String JOY_DEF = "std_msgs/Header header\n"
            + "float32[] axes\n"
            + "int32[] buttons\n"
            + HEADER_DEFS;

    /** Schema name and text of Clock. */
    public static final String CLOCK = "rosgraph_msgs/msg/Clock";
    public static final String CLOCK_DEF = "builtin_interfaces/Time clock\n"
            + SEP + "MSG: builtin_interfaces/Time\n"
            + "int32 sec\n"
            + "uint32 nanosec\n";

    /** Schema name and text of Odometry. */
    public static final String ODOMETRY = "nav_msgs/msg/Odometry";
    public static final String ODOMETRY_DEF = "std_msgs/Header header\n"
            + "string child_frame_id\n"
            + "geometry_msgs/PoseWithCovariance pose\n"
            + "geometry_msgs/TwistWithCovariance twist\n"
            + HEADER_DEFS
            + SEP + "MSG: geometry_msgs/PoseWithCovariance\n"
            + "geometry_msgs/Pose pose\n"
            + "float64[36] covariance\n"
            + SEP + "MSG: geometry_msgs/Pose\n"
            + "geometry_msgs/Point position\n"
            + "geometry_msgs/Quaternion orientation\n"
            + SEP + "MSG: geometry_msgs/Point\n"
            + "float64 x\n"
            + "float64 y\n"
            + "float64 z\n"
            + QUATERNION_DEF
            + SEP + "MSG: geometry_msgs/TwistWithCovariance\n"
            + "geometry_msgs/Twist twist\n"
            + "float64[36] covariance\n"
            + SEP + "MSG: geometry_msgs/Twist\n"
            + "geometry_msgs/Vector3 linear\n"
            + "geometry_msgs/Vector3 angular\n"
            + VECTOR3_DEF;

    /** Schema name and text of TFMessage. */
    public static final String TF_MESSAGE = "tf2_msgs/msg/TFMessage";
    public static final String TF_MESSAGE_DEF = "geometry_msgs/TransformStamped[] transforms\n"
            + SEP + "MSG: geometry_msgs/TransformStamped\n"
            + "std_msgs/Header header\n"
            + "string child_frame_id\n"
            + "geometry_msgs/Transform transform\n"
            + HEADER_DEFS
            + SEP + "MSG: geometry_msgs/Transform\n"
            + "geometry_msgs/Vector3 translation\n"
            + "geometry_msgs/Quaternion rotation\n"
            + VECTOR3_DEF + QUATERNION_DEF;

    /** Seconds → ns (rounded). */
    public static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }

    /**
     * A LaserScan of a single-plane lidar's scan {@code s} from the points {@code p}: ranges[i] is the distance of the
     * first return of ray i, +inf where the ray has none (as ROS drivers report no return), intensities[i] its
     * intensity (empty without an intensity field); the header stamp is the firing time of ray 0.
     */
    public static byte[] laserScan(String frameId, sensor.api.frame.PlanarScan s, Points p) {
        float[] ranges = new float[s.count()], intensities = p.intensity == null ? new float[0] : new float[s.count()];
        java.util.Arrays.fill(ranges, Float.POSITIVE_INFINITY);
        for (int i = 0; i < p.n; i++) {
            int ray = s.index(Math.atan2(p.y[i], p.x[i]));
            if (ray >= 0 && ranges[ray] == Float.POSITIVE_INFINITY) {
                ranges[ray] = (float) Math.sqrt((double) p.x[i] * p.x[i] + (double) p.y[i] * p.y[i] + (double) p.z[i] * p.z[i]);
                if (p.intensity != null) {
                    intensities[ray] = p.intensity[i];
                }
            }
        }
        Cdr c = new Cdr(64 + 8 * s.count());
        header(c, s.stamp(), frameId);
        c.f32(s.angleMin()).f32(s.angleMax()).f32(s.angleIncrement()).f32(s.timeIncrement()).f32(s.scanTime())
                .f32(s.rangeMin()).f32(s.rangeMax());
        c.u32(ranges.length);
        for (float r : ranges) {
            c.f32(r);
        }
        c.u32(intensities.length);
        for (float v : intensities) {
            c.f32(v);
        }
        return c.toArray();
    }

    /**
     * A PointCloud2 of {@code p} (height 1, dense) in the cloud's {@link sensor.api.frame.CloudLayout}: the generic one
     * has x, y, z, intensity FLOAT32, ring UINT16, time FLOAT64 (absolute firing time, s), each present when the output
     * has it, then every other field the lidar was asked for ({@link Points#extras}), each at its natural alignment; the
     * vendor layouts are those of the vendors' ROS 2 drivers ({@link CloudLayouts}).
     */
    public static byte[] pointCloud2(double stamp, String frameId, Points p) {
        CloudLayouts.Layout layout = CloudLayouts.of(p);
        java.util.List<Points.Field> fields = layout.fields();
        int[] offsets = layout.offsets();
        int step = layout.step();
        int names = frameId.length();
        for (Points.Field f : fields) {
            names += f.name().length();
        }
        Cdr c = new Cdr(p.n * step + 256 + 3 * names + 24 * fields.size()); // room for all: the data is packed in place
        header(c, stamp, frameId);
        c.u32(1).u32(p.n);
        c.u32(fields.size());
        for (int k = 0; k < fields.size(); k++) {
            c.string(fields.get(k).name()).u32(offsets[k]).u8(fields.get(k).kind().pointFieldType).u32(1);
        }
        c.u8(0); // is_bigendian
        c.u32(step).u32(p.n * step);
        c.u32(p.n * step).filled(p.n * step, data -> Points.pack(fields, offsets, step, p.n, data));
        c.u8(1); // is_dense
        return c.toArray();
    }

    /**
     * An Imu message: orientation unknown (identity, covariance[0] = −1 per the ROS convention); angular
     * velocity / linear acceleration from {@code gyro} / {@code acc} (null → zero with covariance[0] = −1), their
     * covariances diagonal with the variances given per axis ({@code null}: all 0, unknown).
     */
    public static byte[] imu(double stamp, String frameId, double[] gyro, double[] gyroVariance, double[] acc,
            double[] accVariance) {
        Cdr c = new Cdr(512);
        header(c, stamp, frameId);
        c.f64(0).f64(0).f64(0).f64(1);
        covariance(c, null, true);
        vector(c, gyro);
        covariance(c, gyroVariance, gyro == null);
        vector(c, acc);
        covariance(c, accVariance, acc == null);
        return c.toArray();
    }

    /** A MagneticField message (tesla), the covariance diagonal with {@code variance} per axis (null: 0, unknown). */
    public static byte[] magneticField(double stamp, String frameId, double[] field, double[] variance) {
        Cdr c = new Cdr(160);
        header(c, stamp, frameId);
        vector(c, field);
        covariance(c, variance, false);
        return c.toArray();
    }

    /** A JointState message of one joint {@code name}: position and velocity, no effort. */
    public static byte[] jointState(double stamp, String frameId, String name, double position, double velocity) {
        Cdr c = new Cdr(128);
        header(c, stamp, frameId);
        c.u32(1).string(name);
        c.u32(1).f64(position);
        c.u32(1).f64(velocity);
        c.u32(0);
        return c.toArray();
    }

    /**
     * A NavSatFix (status FIX, service GPS): latitude and longitude in degrees, ellipsoidal altitude in m; with the
     * variances of latitude and longitude (deg²) and altitude (m²) the covariance is DIAGONAL_KNOWN in ENU m², the
     * degrees turned into metres with the WGS-84 meridian and prime-vertical radii at that latitude; else UNKNOWN.
     */
    public static byte[] navSatFix(double stamp, String frameId, double lat, double lon, double alt, double[] variance) {
        Cdr c = new Cdr(192);
        header(c, stamp, frameId);
        c.u8(0); // status: STATUS_FIX
        c.u16(1); // service: SERVICE_GPS
        c.f64(lat).f64(lon).f64(alt);
        double a = 6378137.0, f = 1 / 298.257223563, e2 = f * (2 - f), s = Math.sin(Math.toRadians(lat));
        double w = Math.sqrt(1 - e2 * s * s), north = Math.toRadians(a * (1 - e2) / (w * w * w));
        double east = Math.toRadians(a / w * Math.cos(Math.toRadians(lat)));
        double[] enu = variance == null ? new double[3]
                : new double[] {variance[1] * east * east, variance[0] * north * north, variance[2]};
        covariance(c, variance == null ? null : enu, false);
        c.u8(variance == null ? 0 : 2);
        return c.toArray();
    }

    /** A Float64 message. */
    public static byte[] float64(double value) {
        return new Cdr(16).f64(value).toArray();
    }

    /** A Clock message. */
    public static byte[] clock(double time) {
        Cdr c = new Cdr(16);
        stamp(c, time);
        return c.toArray();
    }

    /**
     * An Odometry message of a frame {@code child} in {@code parent}: pose (position, orientation w, x, y, z) in the
     * parent frame, and the twist given in the parent frame ({@code v}, {@code w}), written in the child frame as ROS
     * expects; covariances 0 (exact).
     */
    public static byte[] odometry(double stamp, String parent, String child, double[] position, double[] q, double[] v,
            double[] w) {
        Cdr c = new Cdr(768);
        header(c, stamp, parent);
        c.string(child);
        vector(c, position);
        c.f64(q[1]).f64(q[2]).f64(q[3]).f64(q[0]);
        zeros(c, 36);
        vector(c, inverseRotate(q, v));
        vector(c, inverseRotate(q, w));
        zeros(c, 36);
        return c.toArray();
    }

    /** A transform of frame {@code child} in frame {@code parent}: translation and rotation (w, x, y, z). */
    public record Transform(String parent, String child, double[] translation, double[] rotation) {}

    /** A TFMessage of {@code transforms}, all stamped {@code stamp}. */
    public static byte[] transforms(double stamp, java.util.List<Transform> transforms) {
        Cdr c = new Cdr(64 + 128 * transforms.size());
        c.u32(transforms.size());
        for (Transform t : transforms) {
            header(c, stamp, t.parent());
            c.string(t.child());
            vector(c, t.translation());
            double[] q = t.rotation();
            c.f64(q[1]).f64(q[2]).f64(q[3]).f64(q[0]);
        }
        return c.toArray();
    }

    /** Rotates {@code v} by the inverse of the unit quaternion {@code q} (w, x, y, z). */
    static double[] inverseRotate(double[] q, double[] v) {
        double w = q[0], x = -q[1], y = -q[2], z = -q[3];
        // t = 2 (u × v); v' = v + w t + u × t, with u = (x, y, z) of the conjugate
        double tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
        return new double[] {v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz),
            v[2] + w * tz + (x * ty - y * tx)};
    }

    private static void zeros(Cdr c, int n) {
        for (int i = 0; i < n; i++) {
            c.f64(0);
        }
    }

    private static void vector(Cdr c, double[] v) {
        c.f64(v == null ? 0 : v[0]).f64(v == null ? 0 : v[1]).f64(v == null ? 0 : v[2]);
    }

    /** A 3×3 covariance, row-major: −1 first when the quantity is not measured, else diagonal {@code variance}. */
    private static void covariance(Cdr c, double[] variance, boolean notMeasured) {
        for (int i = 0; i < 9; i++) {
            c.f64(notMeasured ? (i == 0 ? -1 : 0) : variance != null && i % 4 == 0 ? variance[i / 4] : 0);
        }
    }

    /** An Image: {@code data} rows top to bottom, {@code step} bytes each, little-endian. */
    public static byte[] image(double stamp, String frameId, int width, int height, String encoding, int step, byte[] data) {
        Cdr c = new Cdr(data.length + 128 + 3 * (frameId.length() + encoding.length()));
        header(c, stamp, frameId);
        c.u32(height).u32(width).string(encoding).u8(0).u32(step).u32(data.length).raw(data);
        return c.toArray();
    }

    /**
     * The CameraInfo of a camera image: plumb_bob with zero distortion for a pinhole lens (the fov lens is named
     * {@code sensorsim_fov} with d = [half the horizontal field of view, rad]). ROS puts pixel centres at integers, so
     * its principal point is the image's (pixel centres at half-integers) less half a pixel.
     */
    public static byte[] cameraInfo(double stamp, String frameId, sensor.api.frame.CameraImage img) {
        Cdr c = new Cdr(512);
        header(c, stamp, frameId);
        c.u32(img.height()).u32(img.width());
        boolean pinhole = img.lens().equals("pinhole");
        c.string(pinhole ? "plumb_bob" : "sensorsim_" + img.lens());
        double[] d = pinhole ? new double[5] : new double[] {Math.atan(img.width() / 2.0 / img.fx())};
        c.u32(d.length);
        for (double v : d) {
            c.f64(v);
        }
        double cx = img.cx() - 0.5, cy = img.cy() - 0.5;
        for (double v : new double[] {img.fx(), 0, cx, 0, img.fy(), cy, 0, 0, 1}) {
            c.f64(v);
        }
        for (double v : new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}) {
            c.f64(v);
        }
        for (double v : new double[] {img.fx(), 0, cx, 0, 0, img.fy(), cy, 0, 0, 0, 1, 0}) {
            c.f64(v);
        }
        c.u32(0).u32(0); // binning
        c.u32(0).u32(0).u32(0).u32(0).u8(0); // roi: the full image, not rectified
        return c.toArray();
    }

    private static void header(Cdr c, double stamp, String frameId) {
        stamp(c, stamp);
        c.string(frameId);
    }

    private static void stamp(Cdr c, double time) {
        long ns = nanos(time);
        c.u32((int) Math.floorDiv(ns, 1_000_000_000L)).u32((int) Math.floorMod(ns, 1_000_000_000L));
    }

    /** CDR little-endian serializer; alignment is relative to the end of the 4-byte encapsulation header. */
    static final class Cdr {
        private ByteBuffer b;

        Cdr(int capacity) {
            b = ByteBuffer.allocate(Math.max(64, capacity)).order(ByteOrder.LITTLE_ENDIAN);
            b.put(new byte[] {0, 1, 0, 0});
        }

        private void room(int n) {
            if (b.remaining() < n + 8) {
                ByteBuffer g = ByteBuffer.allocate(Math.max(b.capacity() * 2, b.position() + n + 8))
                        .order(ByteOrder.LITTLE_ENDIAN);
                g.put(b.flip());
                b = g;
            }
        }

        private void align(int n) {
            room(n);
            while ((b.position() - 4) % n != 0) {
                b.put((byte) 0);
            }
        }

        Cdr u8(int v) {
            room(1);
            b.put((byte) v);
            return this;
        }

        Cdr u16(int v) {
            align(2);
            b.putShort((short) v);
            return this;
        }

        Cdr f32(double v) {
            align(4);
            b.putFloat((float) v);
            return this;
        }

        Cdr u32(int v) {
            align(4);
            b.putInt(v);
            return this;
        }

        Cdr f64(double v) {
            align(8);
            b.putDouble(v);
            return this;
        }

        Cdr raw(byte[] v) {
            room(v.length);
            b.put(v);
            return this;
        }

        /** {@code length} bytes that {@code fill} writes in place (absolute puts from 0 on a view), 0 where it does not. */
        Cdr filled(int length, java.util.function.Consumer<ByteBuffer> fill) {
            room(length);
            fill.accept(b.slice().order(ByteOrder.LITTLE_ENDIAN));
            b.position(b.position() + length);
            return this;
        }

        Cdr string(String s) {
            byte[] t = s.getBytes(StandardCharsets.UTF_8);
            u32(t.length + 1);
            raw(t);
            return u8(0);
        }

        byte[] toArray() {
            byte[] a = new byte[b.position()];
            System.arraycopy(b.array(), 0, a, 0, a.length);
            return a;
        }
    }

    /**
     * A {@code geometry_msgs/msg/Twist} in CDR: linear.x, y, z, angular.x, y, z.
     *
     * @throws IllegalArgumentException when the payload is not a CDR twist or a value is not finite
     */
    public static double[] readTwist(byte[] payload) {
        ByteBuffer b = cdr(payload);
        double[] v = new double[6];
        for (int k = 0; k < 6; k++) {
            v[k] = finite(b.getDouble());
        }
        return v;
    }

    /**
     * A {@code sensor_msgs/msg/Joy} in CDR: header (stamp, frame id), float32[] axes, int32[] buttons.
     *
     * @throws IllegalArgumentException when the payload is not a CDR joy or a sequence is longer than the message
     */
    public static Teleoperation.JoyMessage readJoy(byte[] payload) {
        ByteBuffer b = cdr(payload);
        b.getInt();
        b.getInt(); // stamp
        int n = b.getInt();
        b.position(b.position() + n); // the frame id; count() aligns after it
        double[] axes = new double[count(b, 4)];
        for (int i = 0; i < axes.length; i++) {
            axes[i] = finite(b.getFloat());
        }
        int[] buttons = new int[count(b, 4)];
        for (int i = 0; i < buttons.length; i++) {
            buttons[i] = b.getInt();
        }
        return new Teleoperation.JoyMessage(axes, buttons, 1);
    }

    private static ByteBuffer cdr(byte[] payload) {
        if (payload.length < 4 || payload[0] != 0 || (payload[1] != 0 && payload[1] != 1)) {
            throw new IllegalArgumentException("not a CDR payload (its first bytes are not an encapsulation header)");
        }
        ByteBuffer b = ByteBuffer.wrap(payload, 4, payload.length - 4).slice();
        return b.order(payload[1] == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
    }

    /** Aligns to 4 bytes after the encapsulation header. */
    private static void align(ByteBuffer b) {
        b.position((b.position() + 3) & ~3);
    }

    /** A sequence length, checked against what remains. */
    private static int count(ByteBuffer b, int size) {
        align(b);
        int n = b.getInt();
        if (n < 0 || (long) n * size > b.remaining()) {
            throw new IllegalArgumentException("a sequence of " + n + " elements is longer than the message");
        }
        return n;
    }

    private static double finite(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("a value is not finite");
        }
        return v;
    }
}
