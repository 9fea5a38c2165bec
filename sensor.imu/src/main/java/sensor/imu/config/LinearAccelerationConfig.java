package sensor.imu.config;

/**
 * Linear acceleration effects [T-LAE]: {@code u' = u + A_LAE · u_acc}, {@code u_acc} the specific force
 * [T-29] at the sub-sensor's own frame; {@code A_LAE} finite (unit of u per m/s², e.g. rad/s per m/s²).
 * Default: zero.
 */
public record LinearAccelerationConfig(Matrix3 matrix) {
    /** Stage type id. */
    public static final String TYPE_ID = "linear-acceleration-effects";
    /** No effect. */
    public static final LinearAccelerationConfig NONE = new LinearAccelerationConfig(Matrix3.ZERO);
}
