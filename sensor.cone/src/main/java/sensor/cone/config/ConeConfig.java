package sensor.cone.config;

/**
 * A cone sensor [C]: an elliptic cone with its apex at the sensor frame's origin and its axis along the frame's +z,
 * full opening angles {@code horizontalAngle} (in the x–z plane) and {@code verticalAngle} (in the y–z plane), in
 * degrees, in (0, 179]; {@code range} (m, > 0) bounds the distance of a reported point from the apex. Defaults: 30° by
 * 30°, 10 m.
 */
public record ConeConfig(double horizontalAngle, double verticalAngle, double range) {
    /** 30° × 30°, 10 m. */
    public static final ConeConfig DEFAULT = new ConeConfig(30, 30, 10);
}
