package sensor.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * ROS 2 messages in CDR (XCDR1, little-endian encapsulation {@code 00 01 00 00}) and their
 * {@code ros2msg} schema texts: {@code sensor_msgs/msg/PointCloud2} and {@code sensor_msgs/msg/Imu}.
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

    /** Schema name and text of Imu. */
    public static final String IMU = "sensor_msgs/msg/Imu";
    public static final String IMU_DEF = "std_msgs/Header header\n"
            + "geometry_msgs/Quaternion orientation\n"
            + "float64[9] orientation_covariance\n"
            + "geometry_msgs/Vector3 angular_velocity\n"
            + "float64[9] angular_velocity_covariance\n"
            + "geometry_msgs/Vector3 linear_acceleration\n"
            + "float64[9] linear_acceleration_covariance\n"
            + HEADER_DEFS
            + SEP + "MSG: geometry_msgs/Quaternion\n"
            + "float64 x 0\n"
            + "float64 y 0\n"
            + "float64 z 0\n"
            + "float64 w 1\n"
            + SEP + "MSG: geometry_msgs/Vector3\n"
            + "float64 x\n"
            + "float64 y\n"
            + "float64 z\n";

    /** PointField datatypes (sensor_msgs/PointField). */
    public static final int UINT16 = 4, FLOAT32 = 7, FLOAT64 = 8;

    /** Seconds → ns (rounded). */
    public static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }

    /**
     * A PointCloud2 of {@code p} (height 1, dense): x, y, z, intensity FLOAT32, ring UINT16, time FLOAT64
     * (absolute firing time, s), each present when the output has it, at naturally aligned offsets.
     */
    public static byte[] pointCloud2(double stamp, String frameId, Points p) {
        String[] names = {"x", "y", "z", "intensity", "ring", "time"};
        int[] types = {FLOAT32, FLOAT32, FLOAT32, FLOAT32, UINT16, FLOAT64};
        int[] sizes = {4, 4, 4, 4, 2, 8};
        boolean[] present = {true, true, true, p.intensity != null, p.ring != null, p.time != null};
        int[] offsets = new int[6];
        int step = 0, fieldCount = 0;
        for (int k = 0; k < 6; k++) {
            if (present[k]) {
                step = (step + sizes[k] - 1) / sizes[k] * sizes[k];
                offsets[k] = step;
                step += sizes[k];
                fieldCount++;
            }
        }
        int align = p.time != null ? 8 : 4;
        step = (step + align - 1) / align * align;
        ByteBuffer data = ByteBuffer.allocate(p.n * step).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < p.n; i++) {
            int base = i * step;
            data.putFloat(base, p.x[i]).putFloat(base + 4, p.y[i]).putFloat(base + 8, p.z[i]);
            if (present[3]) {
                data.putFloat(base + offsets[3], p.intensity[i]);
            }
            if (present[4]) {
                data.putShort(base + offsets[4], (short) p.ring[i]);
            }
            if (present[5]) {
                data.putDouble(base + offsets[5], p.time[i]);
            }
        }
        Cdr c = new Cdr(p.n * step + 256);
        header(c, stamp, frameId);
        c.u32(1).u32(p.n);
        c.u32(fieldCount);
        for (int k = 0; k < 6; k++) {
            if (present[k]) {
                c.string(names[k]).u32(offsets[k]).u8(types[k]).u32(1);
            }
        }
        c.u8(0); // is_bigendian
        c.u32(step).u32(p.n * step);
        c.u32(data.capacity()).raw(data.array());
        c.u8(1); // is_dense
        return c.toArray();
    }

    /**
     * An Imu message: orientation unknown (identity, covariance[0] = −1 per the ROS convention); angular
     * velocity / linear acceleration from {@code gyro} / {@code acc} (null → zero with covariance[0] = −1);
     * other covariances 0 (unknown).
     */
    public static byte[] imu(double stamp, String frameId, double[] gyro, double[] acc) {
        Cdr c = new Cdr(512);
        header(c, stamp, frameId);
        c.f64(0).f64(0).f64(0).f64(1);
        covariance(c, true);
        vector(c, gyro);
        covariance(c, gyro == null);
        vector(c, acc);
        covariance(c, acc == null);
        return c.toArray();
    }

    private static void vector(Cdr c, double[] v) {
        c.f64(v == null ? 0 : v[0]).f64(v == null ? 0 : v[1]).f64(v == null ? 0 : v[2]);
    }

    private static void covariance(Cdr c, boolean unknown) {
        c.f64(unknown ? -1 : 0);
        for (int i = 1; i < 9; i++) {
            c.f64(0);
        }
    }

    private static void header(Cdr c, double stamp, String frameId) {
        long ns = nanos(stamp);
        long sec = Math.floorDiv(ns, 1_000_000_000L);
        c.u32((int) sec).u32((int) Math.floorMod(ns, 1_000_000_000L));
        c.string(frameId);
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
}
