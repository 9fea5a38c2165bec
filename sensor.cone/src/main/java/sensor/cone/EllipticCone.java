package sensor.cone;

import java.util.ArrayList;
import java.util.List;

import sensor.cone.Primitives.Primitive;

/**
 * The cone of the cone sensor [C]: apex at the origin, axis +z, {@code x²/a² + y²/b² ≤ z²} with {@code a = tan(θ/2)},
 * {@code b = tan(φ/2)} for the full opening angles θ (horizontal) and φ (vertical), and distances up to {@code range}.
 *
 * <p>The nearest point of a set of convex pieces inside the cone is found without sampling the pieces: the cone is
 * convex, so the constrained nearest point of one piece is either its unconstrained nearest point (closed form), when
 * that lies inside, or a point on the cone's surface. A surface point lies on a generator {@code u(α) ∝ (a cos α,
 * b sin α, 1)}, and the nearest surface point of all pieces on that generator is the first ray hit along it (closed
 * form). The distance as a function of α is sampled on {@link #SAMPLES} angles plus the angles where piece edges cross
 * the surface (closed form, so no crossing is missed however small), and each local minimum is refined by golden-section
 * search to {@link #ANGLE_TOLERANCE}: the reported point is exactly on a piece and within that angle of the surface.
 */
final class EllipticCone {
    /** Generator angles sampled before refinement. */
    static final int SAMPLES = 256;
    /** Golden-section stopping width of the generator angle, rad. */
    static final double ANGLE_TOLERANCE = 1e-13;
    private static final double INV_PHI = (Math.sqrt(5) - 1) / 2;

    final double a, b, range;

    /** A cone of full opening angles {@code horizontal}, {@code vertical} (rad, in (0, π)) and length {@code range}. */
    EllipticCone(double horizontal, double vertical, double range) {
        this.a = Math.tan(horizontal / 2);
        this.b = Math.tan(vertical / 2);
        this.range = range;
    }

    /** The nearest point found: its coordinates, distance from the apex and the piece's object index. */
    record Nearest(double x, double y, double z, double distance, int owner) {}

    /** Whether {@code p} lies inside the (infinite) cone, with a relative tolerance of 1e-12. */
    boolean contains(double[] p) {
        double ex = p[0] / a, ey = p[1] / b;
        return p[2] >= 0 && ex * ex + ey * ey <= p[2] * p[2] * (1 + 1e-12);
    }

    /** Whether a sphere {cx, cy, cz, r} may reach into the cone within range (conservative). */
    boolean mayReach(double[] sphere) {
        double r = sphere[3];
        if (Double.isInfinite(r)) {
            return true;
        }
        double d = Math.sqrt(sphere[0] * sphere[0] + sphere[1] * sphere[1] + sphere[2] * sphere[2]);
        if (d <= r) {
            return true;
        }
        if (d - r > range) {
            return false;
        }
        double off = Math.acos(Math.max(-1, Math.min(1, sphere[2] / d))), half = Math.atan(Math.max(a, b));
        return off - Math.asin(r / d) <= half;
    }

    /** The generator angle α of the direction of {@code p} (the angle of {@code (x/a, y/b)}). */
    double angleOf(double[] p) {
        return Math.atan2(p[1] / b, p[0] / a);
    }

    /** Offers the angles where the segment p→q crosses the cone's surface at z > 0, and the middle of a chord inside. */
    void edgeCrossings(double[] p, double[] q, java.util.function.DoubleConsumer alpha) {
        double dx = q[0] - p[0], dy = q[1] - p[1], dz = q[2] - p[2];
        double qa = dx * dx / (a * a) + dy * dy / (b * b) - dz * dz;
        double qb = 2 * (p[0] * dx / (a * a) + p[1] * dy / (b * b) - p[2] * dz);
        double qc = p[0] * p[0] / (a * a) + p[1] * p[1] / (b * b) - p[2] * p[2];
        double disc = qb * qb - 4 * qa * qc;
        if (disc < 0) {
            return;
        }
        // the stable form of the roots: no cancellation when the edge is nearly parallel to a generator (qa → 0)
        double k = -0.5 * (qb + Math.copySign(Math.sqrt(disc), qb));
        double[] roots = {k / qa, qc / k};
        int crossings = 0;
        for (double l : roots) {
            if (l >= 0 && l <= 1 && p[2] + l * dz > 0) {
                alpha.accept(Math.atan2((p[1] + l * dy) / b, (p[0] + l * dx) / a));
                crossings++;
            }
        }
        if (crossings == 2) { // a chord inside: its middle too, as a ray exactly through an edge may miss by rounding
            double l = (roots[0] + roots[1]) / 2;
            alpha.accept(Math.atan2((p[1] + l * dy) / b, (p[0] + l * dx) / a));
        }
    }

    /** The nearest point of the pieces inside the cone and within range, or {@code null}. */
    Nearest nearest(List<Primitive> all) {
        List<Primitive> pieces = new ArrayList<>();
        for (Primitive p : all) {
            if (mayReach(p.bounds())) {
                pieces.add(p);
            }
        }
        Nearest best = null;
        for (Primitive p : pieces) { // interior minima
            double[] q = p.nearest();
            double d = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
            if (contains(q) && (best == null || d < best.distance)) {
                best = new Nearest(q[0], q[1], q[2], d, p.owner());
            }
        }
        Nearest surface = onSurface(pieces);
        if (surface != null && (best == null || surface.distance < best.distance)) {
            best = surface;
        }
        return best != null && best.distance <= range ? best : null;
    }

    /** The nearest first hit over all generators, or {@code null}. */
    private Nearest onSurface(List<Primitive> pieces) {
        if (pieces.isEmpty()) {
            return null;
        }
        List<Double> extra = new ArrayList<>();
        for (Primitive p : pieces) {
            p.seeds(this, extra::add);
        }
        double[] alphas = java.util.stream.DoubleStream.concat(
                java.util.stream.IntStream.range(0, SAMPLES).mapToDouble(i -> -Math.PI + 2 * Math.PI * i / SAMPLES),
                extra.stream().mapToDouble(Double::doubleValue)).sorted().toArray();
        int n = alphas.length;
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = firstHit(pieces, alphas[i]).distance;
        }
        Nearest best = null;
        for (int i = 0; i < n; i++) {
            if (Double.isFinite(t[i]) && (best == null || t[i] < best.distance)) {
                best = firstHit(pieces, alphas[i]);
            }
        }
        for (int i = 0; i < n; i++) { // local minima; a plateau is refined from its first sample only
            int prev = (i + n - 1) % n, next = (i + 1) % n;
            if (Double.isFinite(t[i]) && t[i] < t[prev] && t[i] <= t[next]) {
                // the neighbours' angles, unwrapped across ±π (adjacent samples are far less than π apart)
                double lo = alphas[i] - Math.IEEEremainder(alphas[i] - alphas[prev], 2 * Math.PI);
                double hi = alphas[i] + Math.IEEEremainder(alphas[next] - alphas[i], 2 * Math.PI);
                Nearest m = refine(pieces, lo, hi, alphas[i]);
                if (m.distance < best.distance) {
                    best = m;
                }
            }
        }
        return best;
    }

    /** Golden-section search of the first-hit distance on [lo, hi], keeping the best point seen (at least the seed). */
    private Nearest refine(List<Primitive> pieces, double lo, double hi, double seed) {
        Nearest best = firstHit(pieces, seed);
        double x1 = hi - INV_PHI * (hi - lo), x2 = lo + INV_PHI * (hi - lo);
        Nearest f1 = firstHit(pieces, x1), f2 = firstHit(pieces, x2);
        while (hi - lo > ANGLE_TOLERANCE) {
            if (f1.distance <= f2.distance) {
                hi = x2;
                x2 = x1;
                f2 = f1;
                x1 = hi - INV_PHI * (hi - lo);
                f1 = firstHit(pieces, x1);
            } else {
                lo = x1;
                x1 = x2;
                f1 = f2;
                x2 = lo + INV_PHI * (hi - lo);
                f2 = firstHit(pieces, x2);
            }
            Nearest f = f1.distance <= f2.distance ? f1 : f2;
            if (f.distance < best.distance) {
                best = f;
            }
        }
        return best;
    }

    /** The first hit along the generator at angle α (distance +∞, owner −1 when nothing is hit). */
    Nearest firstHit(List<Primitive> pieces, double alpha) {
        double gx = a * Math.cos(alpha), gy = b * Math.sin(alpha), inv = 1 / Math.sqrt(gx * gx + gy * gy + 1);
        double ux = gx * inv, uy = gy * inv, uz = inv;
        double t = Double.POSITIVE_INFINITY;
        int owner = -1;
        for (Primitive p : pieces) {
            double d = p.hit(ux, uy, uz);
            if (d < t) {
                t = d;
                owner = p.owner();
            }
        }
        return new Nearest(ux * t, uy * t, uz * t, t, owner);
    }
}
