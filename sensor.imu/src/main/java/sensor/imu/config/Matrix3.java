package sensor.imu.config;

/** A 3×3 matrix, row-major components {@code mRC}. */
public record Matrix3(double m00, double m01, double m02,
                      double m10, double m11, double m12,
                      double m20, double m21, double m22) {
    /** The identity matrix. */
    public static final Matrix3 IDENTITY = diagonal(1, 1, 1);
    /** The zero matrix. */
    public static final Matrix3 ZERO = diagonal(0, 0, 0);

    /** A diagonal matrix. */
    public static Matrix3 diagonal(double a, double b, double c) {
        return new Matrix3(a, 0, 0, 0, b, 0, 0, 0, c);
    }

    /** From rows; rejects anything but 3 rows of 3. */
    public static Matrix3 of(double[][] rows) {
        if (rows == null || rows.length != 3) {
            throw new IllegalArgumentException("matrix must have 3 rows of 3 values, got "
                    + (rows == null ? "null" : rows.length + " rows"));
        }
        for (int r = 0; r < 3; r++) {
            if (rows[r] == null || rows[r].length != 3) {
                throw new IllegalArgumentException("matrix row " + r + " must have 3 values, got "
                        + (rows[r] == null ? "null" : rows[r].length));
            }
        }
        return new Matrix3(rows[0][0], rows[0][1], rows[0][2], rows[1][0], rows[1][1], rows[1][2],
                rows[2][0], rows[2][1], rows[2][2]);
    }

    /** Component at row {@code r}, column {@code c} (0-based). */
    public double get(int r, int c) {
        return toArray()[3 * r + c];
    }

    /** The 9 components, row-major. */
    public double[] toArray() {
        return new double[] {m00, m01, m02, m10, m11, m12, m20, m21, m22};
    }

    /** True when every component is finite. */
    public boolean isFinite() {
        for (double v : toArray()) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }
}
