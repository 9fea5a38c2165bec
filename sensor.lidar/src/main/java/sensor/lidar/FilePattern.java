package sensor.lidar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;

/**
 * A repeating scan of rays with their own firing offsets ([L-P] step 1): ray i fires at
 * {@code k/rate + t_i} in scan k; rays are stored in firing order, and a step {@code (start, end]} fires the
 * rays whose firing times lie in it (at most one scan). Directions as the sweep: azimuth counter-clockwise
 * from +x, elevation up, all from the lidar origin.
 */
final class FilePattern implements RayPatternGenerator, ScanningPattern, ImmutablePattern {
    private static final double EPS = 1e-9;
    private final double[] offsets;
    private final double period;
    private final List<Pose> rays;
    private final int[] beams;

    /** Rays with their beams ({@code null}: the default, each ray's elevation rank). */
    FilePattern(double[] azimuths, double[] elevations, double[] sortedOffsets, double rate, int[] beams) {
        this.beams = beams == null ? null : beams.clone();
        this.offsets = sortedOffsets.clone();
        this.period = 1 / rate;
        List<Pose> list = new ArrayList<>(offsets.length);
        for (int i = 0; i < offsets.length; i++) {
            double az = azimuths[i], el = elevations[i];
            Vec3 dir = new Vec3(Math.cos(az) * Math.cos(el), Math.sin(az) * Math.cos(el), Math.sin(el));
            list.add(new Pose(Vec3.ZERO, SweepPattern.zTo(dir)));
        }
        rays = Collections.unmodifiableList(list);
    }

    @Override
    public List<Pose> rays() { return rays; }

    @Override
    public int[] beams() {
        return beams != null ? beams.clone() : RayPatternGenerator.super.beams();
    }

    /** Global index (scan·n + ray) of the last ray fired at or before {@code t}. */
    private long last(double t) {
        long scan = (long) Math.floor((t + EPS) / period);
        double within = t + EPS - scan * period;
        int idx = Arrays.binarySearch(offsets, within);
        int count = idx >= 0 ? idx + 1 : -idx - 1;
        while (count < offsets.length && offsets[count] <= within) {
            count++;
        }
        return scan * offsets.length + count - 1;
    }

    @Override
    public RayInterval interval(double start, double end) {
        int n = offsets.length;
        long a = last(start), b = last(end);
        int count = (int) Math.min(Math.max(0, b - a), n);
        return new RayInterval((int) Math.floorMod(b - count + 1, (long) n), count);
    }

    @Override
    public double firingTime(int index, RayInterval interval, double start, double end) {
        int n = offsets.length;
        long g = last(end) - interval.count() + 1 + index;
        return Math.floorDiv(g, n) * period + offsets[(int) Math.floorMod(g, (long) n)];
    }

    @Override
    public double scanRate() { return 1 / period; }
}
