package sensor.lidar;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import sensor.api.Args;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;

/**
 * A spinning lidar: {@code columns} columns per rotation at {@code rate} Hz, one beam per channel per
 * column. Rays are stored column by column (index = column·channels + channel). Angles follow Ouster's
 * lidar frame ("Lidar Range to XYZ", Ouster OS1 user guide v1.14 §8.2): encoder angle
 * {@code θ_e = 2π(1 − m/columns)} for column m, beam azimuth offset {@code θ_a = −azimuth_i}, altitude
 * {@code φ_i}; the ray starts at the beam origin {@code n·(cos θ_e, sin θ_e, 0)} and points along
 * {@code (cos(θ_e+θ_a) cos φ, sin(θ_e+θ_a) cos φ, sin φ)}. Column k (counted from t = 0) fires at
 * {@code k / (columns·rate)}; a step {@code (start, end]} fires the columns whose times lie in it.
 */
final class SweepPattern implements RayPatternGenerator, ScanningPattern {
    private final int columns, channels;
    private final double rate;
    private final List<Pose> rays;

    SweepPattern(int columns, double rate, double[] altitudes, double[] azimuthOffsets, double beamOriginOffset) {
        this.columns = Args.inRange("columns", columns, 1, 1 << 16);
        this.rate = Args.positive("rate", rate);
        Args.nonNegative("beamOriginOffset", beamOriginOffset);
        if (altitudes == null || altitudes.length == 0 || azimuthOffsets == null || azimuthOffsets.length != altitudes.length) {
            throw new IllegalArgumentException("altitudes and azimuthOffsets must be non-empty and of equal length");
        }
        for (int i = 0; i < altitudes.length; i++) {
            Args.inRange("altitudes[" + i + "]", altitudes[i], -Math.PI / 2, Math.PI / 2);
            Args.inRange("azimuthOffsets[" + i + "]", azimuthOffsets[i], -Math.PI, Math.PI);
        }
        this.channels = altitudes.length;
        List<Pose> list = new ArrayList<>(columns * channels);
        for (int m = 0; m < columns; m++) {
            double encoder = 2 * Math.PI * (1 - (double) m / columns);
            Vec3 origin = new Vec3(beamOriginOffset * Math.cos(encoder), beamOriginOffset * Math.sin(encoder), 0);
            for (int c = 0; c < channels; c++) {
                double az = encoder - azimuthOffsets[c], phi = altitudes[c];
                Vec3 dir = new Vec3(Math.cos(az) * Math.cos(phi), Math.sin(az) * Math.cos(phi), Math.sin(phi));
                list.add(new Pose(origin, zTo(dir)));
            }
        }
        rays = Collections.unmodifiableList(list);
    }

    /** The shortest-arc rotation taking +z to the unit vector {@code d}. */
    static Quat zTo(Vec3 d) {
        if (d.z() < -1 + 1e-12) {
            return new Quat(0, 1, 0, 0);
        }
        return new Quat(1 + d.z(), -d.y(), d.x(), 0).normalized();
    }

    /** A sweep's beams are its channels: ray i of a column is channel {@code i mod channels}. */
    @Override
    public int[] beams() {
        int[] beam = new int[rays.size()];
        for (int i = 0; i < beam.length; i++) {
            beam[i] = i % channels;
        }
        return beam;
    }

    @Override
    public double scanRate() { return rate; }

    @Override
    public List<Pose> rays() { return rays; }

    private long lastColumn(double t) {
        return (long) Math.floor(t * columns * rate + 1e-6);
    }

    @Override
    public RayInterval interval(double start, double end) {
        long a = lastColumn(start), b = lastColumn(end);
        int count = (int) Math.min(Math.max(0, b - a), columns);
        int first = (int) Math.floorMod(b - count + 1, (long) columns);
        return new RayInterval(first * channels, count * channels);
    }

    @Override
    public double firingTime(int index, RayInterval interval, double start, double end) {
        long b = lastColumn(end);
        long k = b - interval.count() / channels + 1 + index / channels;
        return k / (columns * rate);
    }
}
