package sensor.materials.impl;

import java.util.function.DoubleUnaryOperator;

/** Independent numerical references for the tests: quadrature and hemisphere integrals. */
final class Numerics {
    private Numerics() {}

    /** Adaptive Simpson quadrature of {@code f} on [a, b] to absolute tolerance {@code eps}. */
    static double integrate(DoubleUnaryOperator f, double a, double b, double eps) {
        double fa = f.applyAsDouble(a), fb = f.applyAsDouble(b), m = 0.5 * (a + b), fm = f.applyAsDouble(m);
        double whole = (b - a) / 6 * (fa + 4 * fm + fb);
        return adapt(f, a, b, fa, fm, fb, whole, eps, 50);
    }

    private static double adapt(DoubleUnaryOperator f, double a, double b, double fa, double fm, double fb,
            double whole, double eps, int depth) {
        double m = 0.5 * (a + b), lm = 0.5 * (a + m), rm = 0.5 * (m + b);
        double flm = f.applyAsDouble(lm), frm = f.applyAsDouble(rm);
        double left = (m - a) / 6 * (fa + 4 * flm + fm), right = (b - m) / 6 * (fm + 4 * frm + fb);
        double delta = left + right - whole;
        if (depth <= 0 || Math.abs(delta) <= 15 * eps) {
            return left + right + delta / 15;
        }
        return adapt(f, a, m, fa, flm, fm, left, eps / 2, depth - 1) + adapt(f, m, b, fm, frm, fb, right, eps / 2, depth - 1);
    }

    /** A function of a unit direction (x, y, z). */
    interface DirectionFunction {
        double at(double x, double y, double z);
    }

    /** Midpoint rule over the upper hemisphere in (θ, φ): {@code ∫ g(w) dω}. */
    static double hemisphere(DirectionFunction g, int nTheta, int nPhi) {
        double dt = 0.5 * Math.PI / nTheta, dp = 2 * Math.PI / nPhi, sum = 0;
        for (int i = 0; i < nTheta; i++) {
            double th = (i + 0.5) * dt, st = Math.sin(th), ct = Math.cos(th);
            double row = 0;
            for (int j = 0; j < nPhi; j++) {
                double ph = (j + 0.5) * dp;
                row += g.at(st * Math.cos(ph), st * Math.sin(ph), ct);
            }
            sum += row * st;
        }
        return sum * dt * dp;
    }

    /** Unit vector at polar angle θ from +z and azimuth φ from +x. */
    static double[] dir(double theta, double phi) {
        return new double[] {Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)};
    }
}
