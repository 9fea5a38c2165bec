package sensor.imu.config;

/**
 * Cross-axis sensitivity [T-22]: {@code u' = A · u}; {@code A} finite and non-singular. Default: identity.
 */
public record CrossAxisConfig(Matrix3 matrix) {
    /** Stage type id. */
    public static final String TYPE_ID = "cross-axis";
    /** No cross-axis coupling. */
    public static final CrossAxisConfig NONE = new CrossAxisConfig(Matrix3.IDENTITY);

    /** Unit diagonal and the same sensitivity (a fraction, e.g. 0.01) on every off-diagonal element. */
    public static CrossAxisConfig uniform(double sensitivity) {
        double s = sensitivity;
        return new CrossAxisConfig(new Matrix3(1, s, s, s, 1, s, s, s, 1));
    }
}
