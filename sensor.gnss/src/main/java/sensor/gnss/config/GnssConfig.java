package sensor.gnss.config;

/**
 * A GNSS receiver [G]: the world frame is the local east-north-up tangent plane at {@code origin} (world x east,
 * y north, z up); {@code noise} is the standard deviation of the position error per ENU axis (m, white, per fix);
 * {@code driftInstability} (m) and {@code driftCorrelationTime} (s) make a random-walk bias per axis [T-RW] (an
 * instability of 0 turns it off). Defaults: origin 0° N, 0° E, 0 m; an ideal receiver (no noise, no drift).
 */
public record GnssConfig(Origin origin, Enu noise, Enu driftInstability, Enu driftCorrelationTime) {
    /** The reference point: latitude and longitude in degrees, ellipsoidal height (WGS-84) in m. */
    public record Origin(double latitude, double longitude, double altitude) {}

    /** A value per east, north and up axis. */
    public record Enu(double east, double north, double up) {
        /** As an array {east, north, up}. */
        public double[] toArray() {
            return new double[] {east, north, up};
        }
    }

    /** An ideal receiver at 0° N, 0° E, 0 m. */
    public static final GnssConfig DEFAULT = new GnssConfig(new Origin(0, 0, 0), new Enu(0, 0, 0), new Enu(0, 0, 0),
            new Enu(1, 1, 1));
}
