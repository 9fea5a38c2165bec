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
     * A spinning lidar's pattern from its beam table: {@code mode.columns()} columns per rotation at
     * {@code mode.rate()} Hz, the head turning clockwise seen from above; beam c of column k fires at
     * {@code k/(columns·rate) + firingTime_c} (see {@link LidarModelType.Beam} for its direction and origin).
     */
    public static RayPatternGenerator spinning(LidarModelType.Mode mode, List<LidarModelType.Beam> beams) {
        return sensor.lidar.Patterns.spinning(mode, beams);
    }

    /**
     * A recorded non-repetitive pattern replayed at {@code pointRate} rays per second: ray i of the table
     * (azimuth counter-clockwise from +x, elevation up, rad) fires at {@code i / pointRate}, and each frame goes on
     * where the last one stopped, wrapping to the first ray after the last.
     */
    public static RayPatternGenerator replay(double[] azimuths, double[] elevations, double pointRate) {
        return sensor.lidar.Patterns.replay(azimuths, elevations, pointRate);
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
