package sensor.lidar.api;

import java.util.List;

import sensor.api.geom.Pose;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;

/** Factories for the ray pattern generators of [L-P] step 1, for lidar models and custom patterns. */
public final class RayPatterns {
    private RayPatterns() {}

    /**
     * A catalog model's pattern in one of its modes: a spinning model's beams at the mode's columns per rotation and
     * rate (see {@link LidarModelType.Beam}), or a non-repetitive model's {@link LidarModelType.Replay}.
     */
    public static RayPatternGenerator of(LidarModelType model, LidarModelType.Mode mode) {
        return sensor.lidar.Patterns.of(model, mode);
    }

    /**
     * A horizontal sweep: {@code columns} columns per rotation at {@code rate} Hz, one beam per elevation
     * (rad, any order), fired column by column; each step fires the columns of the angle swept in it.
     */
    public static RayPatternGenerator horizontalSweep(int columns, double rate, double... elevations) {
        return sensor.lidar.Patterns.sweep(columns, rate, elevations);
    }

    /**
     * The generic pattern: user-supplied ray transforms (each ray along its local +z) and the intervals
     * fired in successive steps (cycled).
     */
    public static RayPatternGenerator generic(List<Pose> rays, List<RayInterval> intervals) {
        return sensor.lidar.Patterns.generic(rays, intervals);
    }
}
