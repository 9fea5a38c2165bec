package sensor.lidar;

import java.util.List;

import sensor.api.geom.Pose;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.api.OusterModel;

/** Entry point from the exported {@code RayPatterns} factory into the private implementations. */
public final class Patterns {
    private Patterns() {}

    public static RayPatternGenerator create(OusterModel model) {
        return OusterModels.pattern(model);
    }

    public static RayPatternGenerator sweep(int columns, double rate, double... elevations) {
        if (elevations == null || elevations.length == 0) {
            throw new IllegalArgumentException("elevations must hold at least one angle");
        }
        return new SweepPattern(columns, rate, elevations, new double[elevations.length], 0);
    }

    public static RayPatternGenerator generic(List<Pose> rays, List<RayInterval> intervals) {
        return new GenericPattern(rays, intervals);
    }
}
