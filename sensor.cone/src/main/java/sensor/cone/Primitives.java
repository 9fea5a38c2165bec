package sensor.cone;

import java.util.function.DoubleConsumer;

/**
 * Convex surface pieces in the sensor frame (apex at the origin), each answering in closed form the two questions the
 * cone search asks ({@link EllipticCone#nearest}): the point of the piece nearest to the apex, and the first point
 * along a ray from the apex.
 */
final class Primitives {
    private Primitives() {}

    /** A convex surface piece of the object with index {@link #owner()}. */
    interface Primitive {
        /** Index of the object in the scene. */
        int owner();

        /** The point of the piece nearest to the origin (x, y, z). */
        double[] nearest();

        /** Distance along the unit direction {@code (ux, uy, uz)} from the origin to the piece, +∞ if missed. */
        double hit(double ux, double uy, double uz);

        /** Offers the cone angles where this piece's boundary may cross the cone's surface. */
        void seeds(EllipticCone cone, DoubleConsumer alpha);

        /** A bounding sphere {cx, cy, cz, r} (r infinite when unbounded). */
        double[] bounds();
    }

    /** A triangle (a, b, c). */
    record Triangle(int owner, double[] a, double[] b, double[] c) implements Primitive {
        @Override
        public double[] nearest() {
            // the foot of the perpendicular from the apex when it lies in the triangle, else the nearest edge point
            double[] n = cross(sub(b, a), sub(c, a));
            double nn = dot(n, n);
            if (nn > 0) {
                double[] foot = scale(n, dot(a, n) / nn);
                if (leftOf(foot, a, b, n) && leftOf(foot, b, c, n) && leftOf(foot, c, a, n)) {
                    return foot;
                }
            }
            double[] best = onSegment(a, b);
            for (double[] q : new double[][] {onSegment(b, c), onSegment(c, a)}) {
                if (dot(q, q) < dot(best, best)) {
                    best = q;
                }
            }
            return best;
        }

        /** Whether {@code f} lies on the inner side of the edge p→q of a triangle with normal {@code n}. */
        private static boolean leftOf(double[] f, double[] p, double[] q, double[] n) {
            return dot(cross(sub(q, p), sub(f, p)), n) >= 0;
        }

        @Override
        public double hit(double ux, double uy, double uz) { // Möller–Trumbore with the ray origin at 0
            double[] e1 = sub(b, a), e2 = sub(c, a), u = {ux, uy, uz};
            double[] p = cross(u, e2);
            double det = dot(e1, p);
            if (det == 0) {
                return Double.POSITIVE_INFINITY;
            }
            double inv = 1 / det;
            double[] s = neg(a);
            double bu = dot(s, p) * inv;
            if (bu < 0 || bu > 1) {
                return Double.POSITIVE_INFINITY;
            }
            double[] q = cross(s, e1);
            double bv = dot(u, q) * inv;
            if (bv < 0 || bu + bv > 1) {
                return Double.POSITIVE_INFINITY;
            }
            double t = dot(e2, q) * inv;
            return t > 0 ? t : Double.POSITIVE_INFINITY;
        }

        @Override
        public void seeds(EllipticCone cone, DoubleConsumer alpha) {
            cone.edgeCrossings(a, b, alpha);
            cone.edgeCrossings(b, c, alpha);
            cone.edgeCrossings(c, a, alpha);
        }

        @Override
        public double[] bounds() {
            double[] m = {(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3};
            double r = Math.sqrt(Math.max(dist2(m, a), Math.max(dist2(m, b), dist2(m, c))));
            return new double[] {m[0], m[1], m[2], r};
        }
    }

    /** A sphere of centre {@code c} and radius {@code r}. */
    record Sphere(int owner, double[] c, double r) implements Primitive {
        @Override
        public double[] nearest() {
            double n = norm(c);
            return n == 0 ? new double[] {0, 0, r} : axpy(c, c, -r / n);
        }

        @Override
        public double hit(double ux, double uy, double uz) {
            double b = ux * c[0] + uy * c[1] + uz * c[2], disc = b * b - (dot(c, c) - r * r);
            if (disc < 0) {
                return Double.POSITIVE_INFINITY;
            }
            double s = Math.sqrt(disc);
            return b - s > 0 ? b - s : b + s > 0 ? b + s : Double.POSITIVE_INFINITY;
        }

        @Override
        public void seeds(EllipticCone cone, DoubleConsumer alpha) {
            alpha.accept(cone.angleOf(c));
        }

        @Override
        public double[] bounds() { return new double[] {c[0], c[1], c[2], r}; }
    }

    /** A capped cylinder: centre {@code c}, unit axis {@code w}, radius {@code r}, half height {@code h}. */
    record Cylinder(int owner, double[] c, double[] w, double r, double h) implements Primitive {
        @Override
        public double[] nearest() {
            double[] p = neg(c);
            double s = dot(p, w);
            double[] q = axpy(p, w, -s);
            double rho = norm(q);
            if (Math.abs(s) <= h && rho <= r) { // the apex is inside: nearest of side and cap
                if (r - rho < h - Math.abs(s)) {
                    double[] radial = rho > 0 ? scale(q, r / rho) : scale(perpendicular(w), r);
                    return add(axpy(c, w, s), radial);
                }
                return add(axpy(c, w, Math.copySign(h, s)), q);
            }
            double sc = Math.max(-h, Math.min(h, s));
            return add(axpy(c, w, sc), rho > r ? scale(q, r / rho) : q);
        }

        @Override
        public double hit(double ux, double uy, double uz) {
            double[] u = {ux, uy, uz}, o = neg(c);
            double os = dot(o, w), us = dot(u, w);
            double[] op = axpy(o, w, -os), up = axpy(u, w, -us);
            double best = Double.POSITIVE_INFINITY;
            double qa = dot(up, up), qb = 2 * dot(op, up), qc = dot(op, op) - r * r;
            double disc = qb * qb - 4 * qa * qc;
            if (qa > 0 && disc >= 0) {
                double s = Math.sqrt(disc);
                for (double t : new double[] {(-qb - s) / (2 * qa), (-qb + s) / (2 * qa)}) {
                    if (t > 0 && t < best && Math.abs(os + t * us) <= h) {
                        best = t;
                    }
                }
            }
            if (us != 0) {
                for (double cap : new double[] {-h, h}) {
                    double t = (cap - os) / us;
                    double[] radial = axpy(op, up, t);
                    if (t > 0 && t < best && dot(radial, radial) <= r * r) {
                        best = t;
                    }
                }
            }
            return best;
        }

        @Override
        public void seeds(EllipticCone cone, DoubleConsumer alpha) {
            alpha.accept(cone.angleOf(c));
            cone.edgeCrossings(axpy(c, w, -h), axpy(c, w, h), alpha); // the axis: a thin rod's chord inside
        }

        @Override
        public double[] bounds() { return new double[] {c[0], c[1], c[2], Math.hypot(r, h)}; }
    }

    /** The infinite plane through {@code p} with unit normal {@code n}. */
    record Plane(int owner, double[] p, double[] n) implements Primitive {
        @Override
        public double[] nearest() { return scale(n, dot(p, n)); }

        @Override
        public double hit(double ux, double uy, double uz) {
            double den = ux * n[0] + uy * n[1] + uz * n[2];
            double t = den == 0 ? 0 : dot(p, n) / den;
            return t > 0 ? t : Double.POSITIVE_INFINITY;
        }

        @Override
        public void seeds(EllipticCone cone, DoubleConsumer alpha) {
            alpha.accept(cone.angleOf(nearest()));
        }

        @Override
        public double[] bounds() { return new double[] {0, 0, 0, Double.POSITIVE_INFINITY}; }
    }

    /** The point of the segment p–q nearest to the origin. */
    static double[] onSegment(double[] p, double[] q) {
        double[] d = sub(q, p);
        double dd = dot(d, d);
        return dd == 0 ? p.clone() : axpy(p, d, Math.max(0, Math.min(1, -dot(p, d) / dd)));
    }

    static double[] sub(double[] a, double[] b) { return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }

    static double[] add(double[] a, double[] b) { return new double[] {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }

    static double[] neg(double[] a) { return new double[] {-a[0], -a[1], -a[2]}; }

    static double[] scale(double[] a, double s) { return new double[] {a[0] * s, a[1] * s, a[2] * s}; }

    /** {@code a + s·d}. */
    static double[] axpy(double[] a, double[] d, double s) {
        return new double[] {a[0] + s * d[0], a[1] + s * d[1], a[2] + s * d[2]};
    }

    static double dot(double[] a, double[] b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

    static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    static double norm(double[] a) { return Math.sqrt(dot(a, a)); }

    static double dist2(double[] a, double[] b) {
        double[] d = sub(a, b);
        return dot(d, d);
    }

    /** A unit vector perpendicular to the unit vector {@code w}. */
    static double[] perpendicular(double[] w) {
        double[] t = Math.abs(w[0]) < 0.9 ? new double[] {1, 0, 0} : new double[] {0, 1, 0};
        double[] p = cross(w, t);
        return scale(p, 1 / norm(p));
    }
}
