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

    /** A model's pattern in {@code mode}: its replay, or else its beams spinning at the mode's columns and rate. */
    public static RayPatternGenerator of(LidarModelType model, LidarModelType.Mode mode) {
        Args.notNull("model", model);
        Args.notNull("mode", mode);
        if (!model.modes().contains(mode)) {
            throw new IllegalArgumentException("mode " + mode.name() + " is not a mode of " + model.id() + "; its modes: "
                    + model.modes().stream().map(LidarModelType.Mode::name).toList());
        }
        LidarModelType.Replay r = model.replay();
        return r != null ? replay(r.azimuths(), r.elevations(), r.pointRate())
                : new SweepPattern(mode.columns(), mode.rate(), model.beams());
    }

    /**
     * A recorded pattern replayed at {@code pointRate} rays per second, continuing across frames; one laser's (the
     * Livox Mid-40 and Mid-70 have one), so every ray is beam 0.
     */
    static RayPatternGenerator replay(double[] azimuths, double[] elevations, double pointRate) {
        Args.positive("pointRate", pointRate);
        if (azimuths == null || elevations == null || azimuths.length == 0 || azimuths.length != elevations.length) {
            throw new IllegalArgumentException("azimuths and elevations must be non-empty and of equal length");
        }
        double[] t = new double[azimuths.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = i / pointRate;
        }
        return new FilePattern(azimuths, elevations, t, pointRate / t.length, new int[t.length]);
    }

    public static RayPatternGenerator sweep(int columns, double rate, double... elevations) {
        if (elevations == null || elevations.length == 0) {
            throw new IllegalArgumentException("elevations must hold at least one angle");
        }
        List<LidarModelType.Beam> beams = new java.util.ArrayList<>();
        for (double e : elevations) {
            beams.add(new LidarModelType.Beam(e, 0, 0, 0, 0, 0));
        }
        return new SweepPattern(columns, rate, beams);
    }

    public static RayPatternGenerator generic(List<Pose> rays, List<RayInterval> intervals) {
        return new GenericPattern(rays, intervals);
    }
}
