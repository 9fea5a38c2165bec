package sensor.lidar;

import java.util.List;

import sensor.api.geom.Pose;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;

/**
 * The generic ray pattern: user-supplied ray transforms and a cycle of intervals, one per sensor step,
 * each within the array. All rays of a step fire at its end.
 */
final class GenericPattern implements RayPatternGenerator, ImmutablePattern {
    private final List<Pose> rays;
    private final List<RayInterval> intervals;
    private int next;

    GenericPattern(List<Pose> rays, List<RayInterval> intervals) {
        if (rays == null || rays.isEmpty()) {
            throw new IllegalArgumentException("rays must be a non-empty list of ray transforms");
        }
        for (int i = 0; i < rays.size(); i++) {
            if (rays.get(i) == null) {
                throw new IllegalArgumentException("rays[" + i + "] must not be null");
            }
        }
        if (intervals == null || intervals.isEmpty()) {
            throw new IllegalArgumentException("intervals must be a non-empty list");
        }
        for (int i = 0; i < intervals.size(); i++) {
            RayInterval iv = intervals.get(i);
            if (iv == null || iv.count() > rays.size() || (iv.count() > 0 && iv.first() >= rays.size())) {
                throw new IllegalArgumentException("intervals[" + i + "] = " + iv + " must lie within the "
                        + rays.size() + " rays");
            }
        }
        this.rays = List.copyOf(rays);
        this.intervals = List.copyOf(intervals);
    }

    @Override
    public List<Pose> rays() { return rays; }

    @Override
    public synchronized RayInterval interval(double start, double end) {
        RayInterval iv = intervals.get(next);
        next = (next + 1) % intervals.size();
        return iv;
    }
}
