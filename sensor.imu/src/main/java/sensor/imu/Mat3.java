package sensor.imu;

import org.ejml.data.DMatrix3;
import org.ejml.data.DMatrix3x3;
import org.ejml.dense.fixed.CommonOps_DDF3;

import sensor.imu.config.Matrix3;

/** A 3×3 matrix applied in place to triaxial samples (EJML fixed-size operations). */
final class Mat3 {
    private final DMatrix3x3 m;

    Mat3(Matrix3 matrix) {
        m = new DMatrix3x3(matrix.m00(), matrix.m01(), matrix.m02(), matrix.m10(), matrix.m11(), matrix.m12(),
                matrix.m20(), matrix.m21(), matrix.m22());
    }

    /** {@code out = M · v}; {@code out} may be {@code v}. */
    void multiply(double[] v, double[] out) {
        DMatrix3 in = new DMatrix3(v[0], v[1], v[2]);
        DMatrix3 r = new DMatrix3();
        CommonOps_DDF3.mult(m, in, r);
        out[0] = r.a1;
        out[1] = r.a2;
        out[2] = r.a3;
    }

    /** {@code v += M · w}. */
    void multiplyAdd(double[] w, double[] v) {
        DMatrix3 in = new DMatrix3(w[0], w[1], w[2]);
        DMatrix3 r = new DMatrix3();
        CommonOps_DDF3.mult(m, in, r);
        v[0] += r.a1;
        v[1] += r.a2;
        v[2] += r.a3;
    }
}
