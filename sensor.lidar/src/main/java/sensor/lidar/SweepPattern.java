package sensor.lidar;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import sensor.api.Args;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.lidar.LidarModelType.Beam;
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
 * <p>
 * A catalog model's beams ({@link Beam}) add a firing offset τ_c within the column and an origin in the head frame:
 * beam c of column k fires at {@code t = k/(columns·rate) + τ_c}, when the head, turning clockwise seen from above,
 * is at {@code θ = 2π(1 − k/columns) − 2π·rate·τ_c}; it points along {@code (cos φ cos(θ+α), cos φ sin(θ+α), sin φ)}
 * from {@code R_z(θ)·origin}. An Ouster beam is the case τ = 0, α = −azimuth, origin (n, 0, 0).
 */
final class SweepPattern implements RayPatternGenerator, ScanningPattern, ImmutablePattern {
    private final int columns, channels;
    private final double rate;
    private final double[] firingOffsets;
    private final List<Pose> rays;

    SweepPattern(int columns, double rate, List<Beam> beams) {
        this.columns = Args.inRange("columns", columns, 1, 1 << 16);
        this.rate = Args.positive("rate", rate);
        if (beams == null || beams.isEmpty()) {
            throw new IllegalArgumentException("a spinning pattern needs at least one beam");
        }
        this.channels = beams.size();
        firingOffsets = new double[channels];
        for (int i = 0; i < channels; i++) {
            Beam b = beams.get(i);
            Args.inRange("altitudes[" + i + "]", b.elevation(), -Math.PI / 2, Math.PI / 2);
            Args.inRange("azimuthOffsets[" + i + "]", b.azimuthOffset(), -2 * Math.PI, 2 * Math.PI);
            // a beam may fire a little before its column's time or after the next column's (PandarXT: 51 µs in 50 µs)
            firingOffsets[i] = Args.inRange("firingTime[" + i + "]", b.firingTime(), -0.5 / rate, 0.5 / rate);
        }
        List<Pose> list = new ArrayList<>(columns * channels);
        for (int m = 0; m < columns; m++) {
            for (Beam b : beams) {
                double head = 2 * Math.PI * (1 - (double) m / columns) - 2 * Math.PI * rate * b.firingTime();
                double az = head + b.azimuthOffset(), phi = b.elevation(), c = Math.cos(head), s = Math.sin(head);
                Vec3 dir = new Vec3(Math.cos(az) * Math.cos(phi), Math.sin(az) * Math.cos(phi), Math.sin(phi));
                Vec3 origin = new Vec3(c * b.originX() - s * b.originY(), s * b.originX() + c * b.originY(), b.originZ());
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
        return k / (columns * rate) + firingOffsets[index % channels];
    }
}
