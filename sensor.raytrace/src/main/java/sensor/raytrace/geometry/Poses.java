package sensor.raytrace.geometry;

import sensor.api.geom.Quat;

/** Instance transforms: rotation matrices and conservative world boxes. */
public final class Poses {
    private Poses() {}

    /** Writes the row-major world-from-local rotation matrix of {@code q} (normalised first) at {@code m[o ..]}. */
    public static void rotation(Quat q, double[] m, int o) {
        double w = q.w(), x = q.x(), y = q.y(), z = q.z();
        double n = 1 / Math.sqrt(w * w + x * x + y * y + z * z);
        w *= n;
        x *= n;
        y *= n;
        z *= n;
        m[o] = 1 - 2 * (y * y + z * z);
        m[o + 1] = 2 * (x * y - w * z);
        m[o + 2] = 2 * (x * z + w * y);
        m[o + 3] = 2 * (x * y + w * z);
        m[o + 4] = 1 - 2 * (x * x + z * z);
        m[o + 5] = 2 * (y * z - w * x);
        m[o + 6] = 2 * (x * z - w * y);
        m[o + 7] = 2 * (y * z + w * x);
        m[o + 8] = 1 - 2 * (x * x + y * y);
    }

    /**
     * Writes at {@code out[oo ..]} (min xyz, max xyz) a float box that contains the local box under rotation
     * {@code r[ro ..]} and position {@code p[po ..]}, padded outward. The local box is {@code meshBox} (min xyz, max
     * xyz) when not null, else centred on the origin with half extents {@code hx, hy, hz}.
     */
    public static void worldBounds(double[] r, int ro, double[] p, int po, float[] meshBox, double hx, double hy,
            double hz, float[] out, int oo) {
        double cx, cy, cz;
        if (meshBox != null) {
            float[] b = meshBox;
            cx = 0.5 * ((double) b[0] + b[3]);
            cy = 0.5 * ((double) b[1] + b[4]);
            cz = 0.5 * ((double) b[2] + b[5]);
            hx = 0.5 * ((double) b[3] - b[0]);
            hy = 0.5 * ((double) b[4] - b[1]);
            hz = 0.5 * ((double) b[5] - b[2]);
        } else {
            cx = cy = cz = 0;
        }
        for (int a = 0; a < 3; a++) {
            int row = ro + 3 * a;
            double c = r[row] * cx + r[row + 1] * cy + r[row + 2] * cz + p[po + a];
            double h = Math.abs(r[row]) * hx + Math.abs(r[row + 1]) * hy + Math.abs(r[row + 2]) * hz;
            h = h * (1 + 1e-9) + 1e-9;
            out[oo + a] = Math.nextDown((float) (c - h));
            out[oo + 3 + a] = Math.nextUp((float) (c + h));
        }
    }
}
