package sensor.gnss;

/**
 * WGS-84 geodesy for the GNSS receiver [G]: geodetic (latitude, longitude, ellipsoidal height) to Earth-centred
 * Earth-fixed coordinates in closed form, the inverse by fixed-point iteration on the latitude (to machine precision;
 * the height from the form that stays well conditioned near the poles), and a local east-north-up tangent plane.
 */
final class Wgs84 {
    /** Semi-major axis, m. */
    static final double A = 6378137.0;
    /** Flattening. */
    static final double F = 1 / 298.257223563;
    /** First eccentricity squared. */
    static final double E2 = F * (2 - F);
    /** Semi-minor axis, m. */
    static final double B = A * (1 - F);

    private Wgs84() {}

    /** ECEF (m) of latitude and longitude (rad) and ellipsoidal height (m). */
    static double[] toEcef(double lat, double lon, double h) {
        double s = Math.sin(lat), n = A / Math.sqrt(1 - E2 * s * s);
        return new double[] {(n + h) * Math.cos(lat) * Math.cos(lon), (n + h) * Math.cos(lat) * Math.sin(lon),
            (n * (1 - E2) + h) * s};
    }

    /** Latitude and longitude (rad) and ellipsoidal height (m) of an ECEF point (m). */
    static double[] toGeodetic(double x, double y, double z) {
        double p = Math.hypot(x, y), lon = Math.atan2(y, x);
        double lat = Math.atan2(z, p * (1 - E2));
        for (int i = 0; i < 8; i++) {
            double s = Math.sin(lat), n = A / Math.sqrt(1 - E2 * s * s);
            double next = Math.atan2(z + E2 * n * s, p);
            if (next == lat) {
                break;
            }
            lat = next;
        }
        double s = Math.sin(lat);
        double h = p * Math.cos(lat) + z * s - A * Math.sqrt(1 - E2 * s * s);
        return new double[] {lat, lon, h};
    }

    /** A local east-north-up frame at a reference point. */
    record Enu(double lat, double lon, double[] origin) {
        /** The frame at latitude and longitude (rad) and height (m). */
        static Enu at(double lat, double lon, double h) {
            return new Enu(lat, lon, Wgs84.toEcef(lat, lon, h));
        }

        /** ECEF of the point at {@code e, n, u} (m) in this frame. */
        double[] toEcef(double e, double n, double u) {
            double sl = Math.sin(lat), cl = Math.cos(lat), so = Math.sin(lon), co = Math.cos(lon);
            return new double[] {origin[0] - so * e - sl * co * n + cl * co * u,
                origin[1] + co * e - sl * so * n + cl * so * u, origin[2] + cl * n + sl * u};
        }

        /** ENU (m) of an ECEF point. */
        double[] fromEcef(double x, double y, double z) {
            double dx = x - origin[0], dy = y - origin[1], dz = z - origin[2];
            double sl = Math.sin(lat), cl = Math.cos(lat), so = Math.sin(lon), co = Math.cos(lon);
            return new double[] {-so * dx + co * dy, -sl * co * dx - sl * so * dy + cl * dz,
                cl * co * dx + cl * so * dy + sl * dz};
        }
    }
}
