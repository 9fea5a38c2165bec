package sensor.lidar;

import sensor.api.frame.PlanarScan;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;

/**
 * The scan of a single-plane lidar as a {@link PlanarScan}: a repeating pattern ({@link ScanningPattern}) whose rays,
 * in firing order over one scan, all start at the lidar origin in its xy plane and step by one azimuth increment. A
 * pattern that is not so (several layers, a cone, uneven steps) has none and publishes points only.
 *
 * @param angleMin       azimuth of the scan's first ray, rad
 * @param angleIncrement azimuth step, rad (negative for a clockwise scan)
 * @param count          rays per scan
 * @param timeIncrement  mean time between rays, s
 * @param period         scan period, s
 * @param firstOffset    firing time of the first ray into its scan, s
 */
record PlanarGeometry(double angleMin, double angleIncrement, int count, double timeIncrement, double period,
        double firstOffset) {
    /** Azimuth steps may differ from their mean by this much, rad (a file's rounding). */
    static final double STEP_TOLERANCE = 1e-7;

    /**
     * The planar geometry of {@code config}'s pattern (null when it is not a single-plane scan); a single-plane lidar
     * asked for a vendor's multi-laser cloud layout is refused.
     */
    static PlanarGeometry checked(sensor.lidar.api.LidarConfig config) {
        PlanarGeometry g = of(config.pattern());
        if (g != null && config.cloudLayout() != sensor.api.frame.CloudLayout.GENERIC) {
            throw new IllegalArgumentException("cloudLayout " + config.cloudLayout().id() + " is a layout of several"
                    + " lasers' rings, but " + (config.model() != null ? "model " + config.model().id() : "this pattern")
                    + " scans a single plane: use cloudLayout generic (its LaserScan goes on /<id>/scan)");
        }
        return g;
    }

    /** The planar geometry of {@code pattern}, or null when it is not a single-plane scan. */
    static PlanarGeometry of(RayPatternGenerator pattern) {
        if (!(pattern instanceof ScanningPattern s)) {
            return null;
        }
        double period = 1 / s.scanRate(), start = -1e-6 * period, end = period + start; // one scan from t = 0
        RayInterval scan = pattern.interval(start, end);
        int n = scan.count(), size = pattern.rays().size();
        if (n < 2) {
            return null;
        }
        double[] az = new double[n];
        for (int i = 0; i < n; i++) {
            Pose ray = pattern.rays().get(scan.rayIndex(i, size));
            Vec3 d = ray.transformVector(Vec3.Z);
            if (Math.abs(d.z()) > 1e-9 || ray.position().norm() > 1e-9) {
                return null;
            }
            az[i] = Math.atan2(d.y(), d.x());
        }
        double total = 0;
        double[] step = new double[n - 1];
        for (int i = 1; i < n; i++) {
            step[i - 1] = Math.IEEEremainder(az[i] - az[i - 1], 2 * Math.PI);
            total += step[i - 1];
        }
        double increment = total / (n - 1);
        for (double d : step) {
            if (Math.abs(d - increment) > STEP_TOLERANCE || Math.abs(total) > 2 * Math.PI) {
                return null;
            }
        }
        double first = pattern.firingTime(0, scan, start, end), last = pattern.firingTime(n - 1, scan, start, end);
        return new PlanarGeometry(az[0], increment, n, (last - first) / (n - 1), period, first);
    }

    /**
     * The scan holding a ray fired at {@code t} (the frame's first), with its stamp: the firing time of that scan's
     * first ray.
     */
    PlanarScan at(double t, double rangeMin, double rangeMax) {
        double k = Math.floor((t - firstOffset) / period + 1e-9);
        return new PlanarScan(k * period + firstOffset, angleMin, angleIncrement, count, timeIncrement, period, rangeMin,
                rangeMax);
    }
}
