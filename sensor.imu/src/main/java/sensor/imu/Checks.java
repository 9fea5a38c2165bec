package sensor.imu;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.NormOps_DDRM;

import sensor.api.Args;
import sensor.api.geom.Vec3;
import sensor.imu.config.Matrix3;

/** Argument checks for vectors and matrices, with messages naming the parameter and the allowed range. */
final class Checks {
    /** Largest 2-norm condition number accepted as non-singular. */
    static final double MAX_CONDITION = 1e12;

    private Checks() {}

    static Vec3 finite(String name, Vec3 v) {
        Args.notNull(name, v);
        Args.finite(name + ".x", v.x());
        Args.finite(name + ".y", v.y());
        Args.finite(name + ".z", v.z());
        return v;
    }

    static Vec3 nonNegative(String name, Vec3 v) {
        Args.notNull(name, v);
        Args.nonNegative(name + ".x", v.x());
        Args.nonNegative(name + ".y", v.y());
        Args.nonNegative(name + ".z", v.z());
        return v;
    }

    static Vec3 positive(String name, Vec3 v) {
        Args.notNull(name, v);
        Args.positive(name + ".x", v.x());
        Args.positive(name + ".y", v.y());
        Args.positive(name + ".z", v.z());
        return v;
    }

    static Matrix3 finite(String name, Matrix3 m) {
        Args.notNull(name, m);
        double[] a = m.toArray();
        for (int i = 0; i < 9; i++) {
            Args.finite(name + "[" + i / 3 + "][" + i % 3 + "]", a[i]);
        }
        return m;
    }

    /** Finite and non-singular: 2-norm condition number (EJML SVD) at most {@link #MAX_CONDITION}. */
    static Matrix3 invertible(String name, Matrix3 m) {
        finite(name, m);
        double cond = NormOps_DDRM.conditionP2(new DMatrixRMaj(3, 3, true, m.toArray()));
        if (!(cond >= 1 && cond <= MAX_CONDITION)) { // EJML reports 0 for the zero matrix
            throw new IllegalArgumentException(name + " must be a non-singular 3x3 matrix (condition number <= "
                    + MAX_CONDITION + "), got condition number " + cond + " for " + m);
        }
        return m;
    }
}
