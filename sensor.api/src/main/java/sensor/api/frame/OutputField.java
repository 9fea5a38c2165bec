package sensor.api.frame;


/**
 * Output fields of the lidar output handler [O]: packed contiguously per point in the order a sensor's
 * configuration lists them, little-endian. Radar detections travel in the same form with their own two fields.
 */
public enum OutputField {
    /** Point in the lidar frame, 3 × float32, m. */
    XYZ_VEC3_F32(12),
    /** Detected intensity, float32. */
    INTENSITY_F32(4),
    /** Distance (OPL), float32, m. */
    DISTANCE_F32(4),
    /** Azimuth of the ray, float32, rad. */
    AZIMUTH_F32(4),
    /** Elevation of the ray, float32, rad. */
    ELEVATION_F32(4),
    /** Channel (ring), uint16. */
    RING_ID_U16(2),
    /** Firing time, float64, s. */
    TIME_STAMP_F64(8),
    /** Id of the object hit, int32. */
    ENTITY_ID_I32(4),
    /** 1 when the ray hit something, int32. */
    IS_HIT_I32(4),
    /** Surface normal in the lidar frame, 3 × float32. */
    NORMAL_VEC3_F32(12),
    /** Which return this is (0 strongest/first, 1 last/second), uint8. */
    RETURN_TYPE_U8(1),
    /** Radial (Doppler) velocity of the target relative to the sensor, float32, m/s, positive receding (radar). */
    RADIAL_VELOCITY_F32(4),
    /** Radar cross-section of the detection, float32, dBsm (radar). */
    RCS_F32(4),
    /**
     * Calibrated reflectivity, float32: the return's intensity corrected for range as a sensor calibrates it, 1 for a
     * perpendicular 100 % Lambertian target in clear air (above 1 for retro-reflectors and mirrors) [L-DET].
     */
    REFLECTIVITY_F32(4);

    private final int bytes;

    OutputField(int bytes) {
        this.bytes = bytes;
    }

    /** Packed size in bytes. */
    public int bytes() {
        return bytes;
    }

    /** Values per point: 3 for the vectors, else 1. */
    public int components() {
        return this == XYZ_VEC3_F32 || this == NORMAL_VEC3_F32 ? 3 : 1;
    }

    /** How a column of this field holds its values in memory: float, int (the integer fields) or double. */
    public ColumnKind columnKind() {
        return switch (this) {
            case RING_ID_U16, ENTITY_ID_I32, IS_HIT_I32, RETURN_TYPE_U8 -> ColumnKind.INT;
            case TIME_STAMP_F64 -> ColumnKind.DOUBLE;
            default -> ColumnKind.FLOAT;
        };
    }

    /** The in-memory type of a field's column ({@code float[]}, {@code int[]} or {@code double[]}). */
    public enum ColumnKind { FLOAT, INT, DOUBLE }
}
