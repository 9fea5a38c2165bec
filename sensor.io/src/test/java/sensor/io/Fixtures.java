package sensor.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;
import sensor.api.frame.OutputField;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.frame.PointCloud;

/** Synthetic frames with values computed here, independently of the code under test. */
public final class Fixtures {
    public static final int RINGS = 4, COLS = 64;
    public static final List<OutputField> FULL = List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32,
            OutputField.RING_ID_U16, OutputField.TIME_STAMP_F64);

    /** The formats a run of every point-cloud, table, preview and bag format writes (all but KITTI). */
    public static final String[] ALL_FORMATS = {"pcd", "pcd-ascii", "ply", "las", "csv", "mcap", "png"};

    private Fixtures() {}

    /** A recorder writing {@code formats} into {@code dir} with this bundle's writers, every lidar frame to files. */
    public static Recorder record(java.nio.file.Path dir, String... formats) throws java.io.IOException {
        return new sensor.env.WriterRecorders(FormatWriters.all()).open(dir, java.util.Set.of(formats), 1);
    }

    public static float x(int ring, int col, int frame) {
        return (float) (range(ring, col, frame) * Math.cos(el(ring)) * Math.cos(az(col)));
    }

    public static float y(int ring, int col, int frame) {
        return (float) (range(ring, col, frame) * Math.cos(el(ring)) * Math.sin(az(col)));
    }

    public static float z(int ring, int col, int frame) {
        return (float) (range(ring, col, frame) * Math.sin(el(ring)));
    }

    public static double range(int ring, int col, int frame) {
        return 5 + ring + 0.01 * col + 0.5 * frame;
    }

    public static double az(int col) {
        return 2 * Math.PI * col / COLS;
    }

    public static double el(int ring) {
        return (1.5 - ring) * 0.05;
    }

    public static float intensity(int ring, int col) {
        return 0.1f + 0.01f * col + 0.001f * ring;
    }

    public static double time(int ring, int col, int frame) {
        return 0.025 + 0.1 * frame + col * 1e-4 + ring * 1e-6;
    }

    /** Every field a lidar can be asked for. */
    /**
     * Every field; the radar's before {@code RETURN_TYPE_U8}, as no sensor has both and @loaders.gl/pcd reads the
     * header's TYPE line by a case-insensitive search that a FIELDS line with "return_type " followed by more fields
     * would match first.
     */
    public static final List<OutputField> ALL = java.util.stream.Stream.concat(java.util.Arrays.stream(OutputField.values())
            .filter(f -> f != OutputField.RETURN_TYPE_U8), java.util.stream.Stream.of(OutputField.RETURN_TYPE_U8)).toList();

    /** The object hit at column {@code col}. */
    public static int entity(int col) {
        return col % 5 - 1; // -1: none
    }

    /** A radar's radial velocity at (ring, column), m/s. */
    public static float radialVelocity(int ring, int col) {
        return -0.5f * ring + 0.25f * col;
    }

    /** A radar's cross-section at (ring, column), dBsm. */
    public static float rcs(int ring, int col) {
        return col - 20.5f + ring;
    }

    /** A lidar's calibrated reflectivity at (ring, column) (1 = 100 % Lambertian). */
    public static float reflectivity(int ring, int col) {
        return 0.01f * (col + 3 * ring);
    }

    /** Component {@code k} of the surface normal: facing the sensor. */
    public static float normal(int ring, int col, int k) {
        double[] d = {Math.cos(el(ring)) * Math.cos(az(col)), Math.cos(el(ring)) * Math.sin(az(col)), Math.sin(el(ring))};
        return (float) -d[k];
    }

    /** Column-major points (ring fastest), like a spinning lidar. */
    public static PointCloud lidar(List<OutputField> fields, int frame) {
        int n = RINGS * COLS;
        ByteBuffer b = ByteBuffer.allocate(n * PointCloud.stride(fields)).order(ByteOrder.LITTLE_ENDIAN);
        for (int c = 0; c < COLS; c++) {
            for (int r = 0; r < RINGS; r++) {
                for (OutputField f : fields) {
                    switch (f) {
                        case XYZ_VEC3_F32 -> b.putFloat(x(r, c, frame)).putFloat(y(r, c, frame)).putFloat(z(r, c, frame));
                        case INTENSITY_F32 -> b.putFloat(intensity(r, c));
                        case RING_ID_U16 -> b.putShort((short) r);
                        case TIME_STAMP_F64 -> b.putDouble(time(r, c, frame));
                        case DISTANCE_F32 -> b.putFloat((float) range(r, c, frame));
                        case IS_HIT_I32 -> b.putInt(c % 8 == 7 ? 0 : 1);
                        case AZIMUTH_F32 -> b.putFloat((float) az(c));
                        case ELEVATION_F32 -> b.putFloat((float) el(r));
                        case ENTITY_ID_I32 -> b.putInt(entity(c));
                        case NORMAL_VEC3_F32 -> b.putFloat(normal(r, c, 0)).putFloat(normal(r, c, 1)).putFloat(normal(r, c, 2));
                        case RETURN_TYPE_U8 -> b.put((byte) (r % 2));
                        case RADIAL_VELOCITY_F32 -> b.putFloat(radialVelocity(r, c));
                        case RCS_F32 -> b.putFloat(rcs(r, c));
                        case REFLECTIVITY_F32 -> b.putFloat(reflectivity(r, c));
                        default -> throw new IllegalArgumentException(f.toString());
                    }
                }
            }
        }
        return new PointCloud(fields, n, b.flip());
    }

    public static SensorFrame lidarFrame(String id, int frame, List<OutputField> fields) {
        return new SensorFrame(id, "lidar", frame, 0.025 + 0.1 * frame, 0.045 + 0.1 * frame, lidar(fields, frame));
    }

    public static final List<String> IMU_NAMES = List.of("acc.x", "acc.y", "acc.z", "gyro.x", "gyro.y", "gyro.z",
            "mag.x", "mag.y", "mag.z");
    public static final List<String> IMU_UNITS = List.of("m/s^2", "m/s^2", "m/s^2", "rad/s", "rad/s", "rad/s",
            "T", "T", "T");

    public static double[] imuValues(int k) {
        double t = k * 0.01;
        return new double[] {Math.sin(t), Math.cos(t), 9.81 + 0.1 * t, 0.01 * k, -0.02 * k, 0.5,
            2e-5, -1e-5, 4e-5 + 1e-7 * k};
    }

    /** The noise variances the fixture IMU states per channel (acc, gyro, mag). */
    public static final double[] IMU_VARIANCES = {1e-4, 2e-4, 3e-4, 4e-6, 5e-6, 6e-6, 1e-14, 2e-14, 3e-14};

    public static SensorFrame imuFrame(String id, int k) {
        return new SensorFrame(id, "imu", k, k * 0.01, k * 0.01 + 0.002,
                new Channels(IMU_NAMES, IMU_UNITS, imuValues(k), IMU_VARIANCES));
    }

    public static SensorFrame encoderFrame(String id, int k) {
        return new SensorFrame(id, "encoder", k, k * 0.02, k * 0.02,
                new Channels(List.of("position", "speed"), List.of("rad", "rad/s"), new double[] {0.1 * k, 5.0}));
    }
}
