package sensor.api.frame;

import sensor.api.Args;

/**
 * The scan of a single-plane (2D) lidar as ROS's {@code sensor_msgs/msg/LaserScan} states it: {@code count} rays in
 * the lidar's xy plane, ray i at azimuth {@code angleMin + i·angleIncrement} (rad, counter-clockwise from +x; a
 * negative increment for a clockwise scan) fired {@code i·timeIncrement} after ray 0, which fires at {@code stamp}.
 *
 * @param stamp          when ray 0 of the scan holding this frame fires, s
 * @param angleMin       azimuth of ray 0, rad
 * @param angleIncrement azimuth step between rays, rad, not 0
 * @param count          rays per scan, ≥ 2
 * @param timeIncrement  time between rays, s, ≥ 0
 * @param scanTime       time between scans, s, &gt; 0
 * @param rangeMin       nearest range reported, m
 * @param rangeMax       farthest range reported, m
 */
public record PlanarScan(double stamp, double angleMin, double angleIncrement, int count, double timeIncrement,
        double scanTime, double rangeMin, double rangeMax) {
    /** Checks the figures against their ranges. */
    public PlanarScan {
        if (!(angleIncrement != 0 && Double.isFinite(angleIncrement))) {
            throw new IllegalArgumentException("angleIncrement must be a finite non-zero angle, got " + angleIncrement);
        }
        Args.inRange("count", count, 2, 1 << 24);
        Args.nonNegative("timeIncrement", timeIncrement);
        Args.positive("scanTime", scanTime);
        Args.nonNegative("rangeMin", rangeMin);
        Args.positive("rangeMax", rangeMax);
    }

    /** Azimuth of the last ray, rad. */
    public double angleMax() {
        return angleMin + (count - 1) * angleIncrement;
    }

    /**
     * The ray of this scan nearest to azimuth {@code az} (rad, any turn), or −1 where {@code az} lies more than half a
     * step outside the scan.
     */
    public int index(double az) {
        double d = az - angleMin, turn = 2 * Math.PI;
        // bring the angle into the turn the scan sweeps from angleMin, in the scan's direction
        d = angleIncrement > 0 ? d - turn * Math.floor((d + Math.abs(angleIncrement) / 2) / turn)
                : d + turn * Math.floor((-d + Math.abs(angleIncrement) / 2) / turn);
        long i = Math.round(d / angleIncrement);
        return i >= 0 && i < count ? (int) i : -1;
    }
}
