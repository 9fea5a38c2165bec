package sensor.lidar;

import java.util.List;

import sensor.api.Args;
import sensor.api.geom.Pose;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;

/** Entry point from the exported {@code RayPatterns} factory into the private implementations. */
public final class Patterns {
    private Patterns() {}

    public static RayPatternGenerator spinning(LidarModelType.Mode mode, List<LidarModelType.Beam> beams) {
        Args.notNull("mode", mode);
        return new SweepPattern(mode.columns(), mode.rate(), beams);
    }

    public static RayPatternGenerator replay(double[] azimuths, double[] elevations, double pointRate) {
        Args.positive("pointRate", pointRate);
        if (azimuths == null || elevations == null || azimuths.length == 0 || azimuths.length != elevations.length) {
            throw new IllegalArgumentException("azimuths and elevations must be non-empty and of equal length");
        }
        double[] t = new double[azimuths.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = i / pointRate;
        }
        return new FilePattern(azimuths, elevations, t, pointRate / t.length);
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
