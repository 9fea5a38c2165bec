package sensor.io;

import sensor.api.lidar.OutputField;
import sensor.api.lidar.LidarOutput;

/**
 * The points of one lidar output as columns, ready to write: only points with finite coordinates (and,
 * when the output has {@code IS_HIT_I32}, only hits). Optional columns are {@code null} when the output
 * lacks the field.
 */
public final class Points {
    public final int n;
    public final float[] x, y, z;
    /** Intensity or null. */
    public final float[] intensity;
    /** Ring (channel) or null. */
    public final int[] ring;
    /** Absolute firing time (s) or null. */
    public final double[] time;

    private Points(int n, float[] x, float[] y, float[] z, float[] intensity, int[] ring, double[] time) {
        this.n = n;
        this.x = x;
        this.y = y;
        this.z = z;
        this.intensity = intensity;
        this.ring = ring;
        this.time = time;
    }

    /** The last output extracted and its points: every format writing a frame reads the one extraction. */
    private static final java.util.concurrent.atomic.AtomicReference<Object[]> LAST =
            new java.util.concurrent.atomic.AtomicReference<>(new Object[2]);

    /** Extracts the points (once per output: the last extraction is kept); null when the output has no XYZ. */
    public static Points of(LidarOutput o) {
        Object[] last = LAST.get();
        if (last[0] == o) {
            return (Points) last[1];
        }
        Points p = extract(o);
        LAST.set(new Object[] {o, p});
        return p;
    }

    private static Points extract(LidarOutput o) {
        if (o.offset(OutputField.XYZ_VEC3_F32) < 0) {
            return null;
        }
        boolean hasI = o.offset(OutputField.INTENSITY_F32) >= 0;
        boolean hasR = o.offset(OutputField.RING_ID_U16) >= 0;
        boolean hasT = o.offset(OutputField.TIME_STAMP_F64) >= 0;
        boolean hasHit = o.offset(OutputField.IS_HIT_I32) >= 0;
        int count = o.count();
        float[] x = new float[count], y = new float[count], z = new float[count];
        float[] in = hasI ? new float[count] : null;
        int[] r = hasR ? new int[count] : null;
        double[] t = hasT ? new double[count] : null;
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (hasHit && o.getInt(i, OutputField.IS_HIT_I32) == 0) {
                continue;
            }
            float px = o.getFloat(i, OutputField.XYZ_VEC3_F32, 0);
            float py = o.getFloat(i, OutputField.XYZ_VEC3_F32, 1);
            float pz = o.getFloat(i, OutputField.XYZ_VEC3_F32, 2);
            if (!Float.isFinite(px) || !Float.isFinite(py) || !Float.isFinite(pz)) {
                continue;
            }
            x[n] = px;
            y[n] = py;
            z[n] = pz;
            if (hasI) {
                in[n] = o.getFloat(i, OutputField.INTENSITY_F32, 0);
            }
            if (hasR) {
                r[n] = o.getUnsignedShort(i, OutputField.RING_ID_U16);
            }
            if (hasT) {
                t[n] = o.getDouble(i, OutputField.TIME_STAMP_F64);
            }
            n++;
        }
        return new Points(n, x, y, z, in, r, t);
    }

    /** Range of point {@code i} (m). */
    public double range(int i) {
        return Math.sqrt((double) x[i] * x[i] + (double) y[i] * y[i] + (double) z[i] * z[i]);
    }
}
