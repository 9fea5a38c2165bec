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
        return r != null ? replay(r) : new SweepPattern(mode.columns(), mode.rate(), model.beams());
    }

    /**
     * A published ray list replayed at its point rate, continuing across frames: each ray at its time into the frame
     * (even intervals without times) on its channel (channel 0 without channels; the Livox Mid-40 and Mid-70 have one
     * laser).
     */
    static RayPatternGenerator replay(LidarModelType.Replay r) {
        Args.positive("pointRate", r.pointRate());
        double[] azimuths = r.azimuths(), elevations = r.elevations();
        if (azimuths == null || elevations == null || azimuths.length == 0 || azimuths.length != elevations.length) {
            throw new IllegalArgumentException("azimuths and elevations must be non-empty and of equal length");
        }
        int n = azimuths.length;
        double frame = n / r.pointRate();
        double[] t = r.times() != null ? r.times().clone() : new double[n];
        int[] channels = r.channels() != null ? r.channels().clone() : new int[n];
        if (t.length != n || channels.length != n) {
            throw new IllegalArgumentException("a replay needs one time and one channel per ray: " + n + " rays, "
                    + t.length + " times, " + channels.length + " channels");
        }
        for (int i = 0; i < n; i++) {
            if (r.times() == null) {
                t[i] = i / r.pointRate();
            } else if (!(t[i] >= 0 && t[i] < frame)) {
                throw new IllegalArgumentException("ray " + i + " fires at " + t[i] + " s, outside its frame [0, " + frame
                        + ") s");
            }
            if (channels[i] < 0) {
                throw new IllegalArgumentException("ray " + i + " has channel " + channels[i] + "; channels count from 0");
            }
        }
        Integer[] order = new Integer[n]; // firing order; rays firing together keep their order in the list
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingDouble(i -> t[i]));
        double[] az = new double[n], el = new double[n], sorted = new double[n];
        int[] ch = new int[n];
        for (int k = 0; k < n; k++) {
            az[k] = azimuths[order[k]];
            el[k] = elevations[order[k]];
            sorted[k] = t[order[k]];
            ch[k] = channels[order[k]];
        }
        return new FilePattern(az, el, sorted, r.pointRate() / n, ch);
    }

    /** A recorded pattern fired at even intervals on one channel (see {@link #replay(LidarModelType.Replay)}). */
    static RayPatternGenerator replay(double[] azimuths, double[] elevations, double pointRate) {
        return replay(new LidarModelType.Replay(azimuths, elevations, pointRate));
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
