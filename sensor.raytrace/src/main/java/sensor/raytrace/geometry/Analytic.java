package sensor.raytrace.geometry;

/**
 * Closed-form ray intersections in a shape's local frame, in double. Each method tests a unit-direction ray
 * against one shape and, when the entry (or, from inside, the exit) lies in {@code (0, c.tBest)}, stores it
 * in {@code c.tBest} with the local outward normal and returns true.
 */
public final class Analytic {
    private Analytic() {}

    /** The box {@code |x| ≤ hx, |y| ≤ hy, |z| ≤ hz}. */
    public static boolean box(double ox, double oy, double oz, double dx, double dy, double dz, double hx, double hy,
            double hz, Hit c) {
        double tn = Double.NEGATIVE_INFINITY, tf = Double.POSITIVE_INFINITY;
        int an = -1, af = -1;
        for (int a = 0; a < 3; a++) {
            double o = a == 0 ? ox : (a == 1 ? oy : oz);
            double d = a == 0 ? dx : (a == 1 ? dy : dz);
            double h = a == 0 ? hx : (a == 1 ? hy : hz);
            if (d == 0) {
                if (o < -h || o > h) {
                    return false;
                }
                continue;
            }
            double t1 = (-h - o) / d, t2 = (h - o) / d;
            double lo = Math.min(t1, t2), hi = Math.max(t1, t2);
            if (lo > tn) {
                tn = lo;
                an = a;
            }
            if (hi < tf) {
                tf = hi;
                af = a;
            }
        }
        if (tn > tf) {
            return false;
        }
        double t;
        int axis;
        if (tn > 0) {
            t = tn;
            axis = an;
        } else if (tf > 0) {
            t = tf;
            axis = af;
        } else {
            return false;
        }
        if (!(t < c.tBest)) {
            return false;
        }
        c.tBest = t;
        c.nx = 0;
        c.ny = 0;
        c.nz = 0;
        if (axis == 0) {
            c.nx = ox + t * dx >= 0 ? 1 : -1;
        } else if (axis == 1) {
            c.ny = oy + t * dy >= 0 ? 1 : -1;
        } else {
            c.nz = oz + t * dz >= 0 ? 1 : -1;
        }
        return true;
    }

    /** The sphere {@code |p| ≤ r}. */
    public static boolean sphere(double ox, double oy, double oz, double dx, double dy, double dz, double r, Hit c) {
        double b = ox * dx + oy * dy + oz * dz;
        double cc = (ox * ox + oy * oy + oz * oz) - r * r;
        double disc = b * b - cc;
        if (disc < 0) {
            return false;
        }
        double sq = Math.sqrt(disc);
        double t0, t1;
        if (b <= 0) { // stable roots: never subtract nearly equal numbers
            t1 = -b + sq;
            t0 = t1 == 0 ? 0 : cc / t1;
        } else {
            t0 = -b - sq;
            t1 = cc / t0;
        }
        double t = t0 > 0 ? t0 : t1;
        if (!(t > 0 && t < c.tBest)) {
            return false;
        }
        c.tBest = t;
        c.nx = (ox + t * dx) / r;
        c.ny = (oy + t * dy) / r;
        c.nz = (oz + t * dz) / r;
        return true;
    }

    /** The capped cylinder {@code x² + y² ≤ r², |z| ≤ hz}. */
    public static boolean cylinder(double ox, double oy, double oz, double dx, double dy, double dz, double r, double hz,
            Hit c) {
        double best = c.tBest;
        int kind = 0; // 1 side, 2 top, 3 bottom
        double a = dx * dx + dy * dy;
        if (a > 0) {
            double b = ox * dx + oy * dy;
            double cc = ox * ox + oy * oy - r * r;
            double disc = b * b - a * cc;
            if (disc >= 0) {
                double sq = Math.sqrt(disc);
                double q = b <= 0 ? -b + sq : -b - sq; // stable: t = q / a and t = cc / q
                double ta = q / a, tb = q == 0 ? 0 : cc / q;
                double t0 = Math.min(ta, tb), t1 = Math.max(ta, tb);
                if (t0 > 0 && t0 < best && Math.abs(oz + t0 * dz) <= hz) {
                    best = t0;
                    kind = 1;
                } else if (t1 > 0 && t1 < best && Math.abs(oz + t1 * dz) <= hz) {
                    best = t1;
                    kind = 1;
                }
            }
        }
        if (dz != 0) {
            for (int side = 0; side < 2; side++) {
                double zc = side == 0 ? hz : -hz;
                double t = (zc - oz) / dz;
                if (t > 0 && t < best) {
                    double x = ox + t * dx, y = oy + t * dy;
                    if (x * x + y * y <= r * r) {
                        best = t;
                        kind = 2 + side;
                    }
                }
            }
        }
        if (kind == 0) {
            return false;
        }
        c.tBest = best;
        if (kind == 1) {
            c.nx = (ox + best * dx) / r;
            c.ny = (oy + best * dy) / r;
            c.nz = 0;
        } else {
            c.nx = 0;
            c.ny = 0;
            c.nz = kind == 2 ? 1 : -1;
        }
        return true;
    }
}
