package sensor.env;

import java.util.List;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.world.KinematicWorld.BodyState;
import sensor.api.world.KinematicWorld.ConstantAngularVelocity;
import sensor.api.world.KinematicWorld.ConstantVelocity;
import sensor.api.world.KinematicWorld.Fixed;
import sensor.api.world.KinematicWorld.Motion;
import sensor.api.world.KinematicWorld.Waypoints;

/**
 * The exact state of the scripted world's body motions at any time: constant velocity, rotation at
 * a constant angular velocity {@code q(t) = exp(ω t / 2) q0}, waypoints through a natural cubic spline (yaw along
 * the path) or straight segments.
 */
public final class Motions {
    private Motions() {}

    /** Pose, linear and angular velocity (world frame) of {@code motion} at time {@code t}. */
    public static BodyState at(Motion motion, double t) {
        if (motion instanceof Fixed f) {
            return new BodyState(f.pose(), Vec3.ZERO, Vec3.ZERO);
        }
        if (motion instanceof ConstantVelocity c) {
            return new BodyState(new Pose(c.start().position().plus(c.velocity().times(t)), c.start().rotation()),
                    c.velocity(), Vec3.ZERO);
        }
        if (motion instanceof ConstantAngularVelocity c) {
            double w = c.angularVelocity().norm();
            Quat q = w == 0 ? c.start().rotation()
                    : Quat.axisAngle(c.angularVelocity(), w * t).times(c.start().rotation()).normalized();
            return new BodyState(new Pose(c.start().position().plus(c.velocity().times(t)), q), c.velocity(),
                    c.angularVelocity());
        }
        return waypoints((Waypoints) motion, t);
    }

    private static BodyState waypoints(Waypoints w, double t) {
        List<Double> times = w.times();
        List<Vec3> points = w.points();
        int n = times.size();
        int seg = 0;
        while (seg < n - 2 && t >= times.get(seg + 1)) {
            seg++;
        }
        Vec3 a = points.get(seg), b = points.get(seg + 1);
        double t0 = times.get(seg), t1 = times.get(seg + 1), h = t1 - t0;
        if (w.interpolation() == Waypoints.Interpolation.LINEAR) {
            var q = yaw(b.minus(a), b.minus(a));
            if (t < t0 || t >= t1) {
                return new BodyState(new Pose(t < t0 ? a : b, q), Vec3.ZERO, Vec3.ZERO);
            }
            Vec3 v = b.minus(a).times(1 / h);
            return new BodyState(new Pose(a.plus(v.times(t - t0)), q), v, Vec3.ZERO);
        }
        // natural cubic spline: S = A a + B b + ((A³ − A) Ma + (B³ − B) Mb) h² / 6, with M the second derivatives
        Vec3[] m = moments(times, points);
        double u = Math.max(t0, Math.min(t1, t));
        double bb = (u - t0) / h, aa = 1 - bb;
        Vec3 ma = m[seg], mb = m[seg + 1];
        Vec3 p = a.times(aa).plus(b.times(bb)).plus(ma.times((aa * aa * aa - aa) * h * h / 6))
                .plus(mb.times((bb * bb * bb - bb) * h * h / 6));
        Vec3 v = b.minus(a).times(1 / h).minus(ma.times((3 * aa * aa - 1) * h / 6)).plus(mb.times((3 * bb * bb - 1) * h / 6));
        Vec3 acc = ma.times(aa).plus(mb.times(bb));
        var q = yaw(v, b.minus(a));
        if (t < t0 || t > t1) { // at rest before the first and after the last waypoint, facing the path's end
            return new BodyState(new Pose(p, q), Vec3.ZERO, Vec3.ZERO);
        }
        double s2 = v.x() * v.x() + v.y() * v.y();
        double yawRate = s2 > 1e-18 ? (v.x() * acc.y() - v.y() * acc.x()) / s2 : 0;
        return new BodyState(new Pose(p, q), v, new Vec3(0, 0, yawRate));
    }

    /** The heading of {@code v} in the horizontal plane, of {@code fallback} where {@code v} is vertical or zero. */
    private static Quat yaw(Vec3 v, Vec3 fallback) {
        Vec3 d = v.x() * v.x() + v.y() * v.y() > 1e-18 ? v : fallback;
        return Quat.axisAngle(Vec3.Z, Math.atan2(d.y(), d.x()));
    }

    /** Second derivatives at the waypoints (natural: zero at both ends), by the tridiagonal (Thomas) solve. */
    private static Vec3[] moments(List<Double> times, List<Vec3> points) {
        int n = times.size();
        Vec3[] m = new Vec3[n];
        m[0] = Vec3.ZERO;
        m[n - 1] = Vec3.ZERO;
        if (n == 2) {
            return m;
        }
        double[] c = new double[n];
        Vec3[] d = new Vec3[n];
        d[0] = Vec3.ZERO;
        for (int i = 1; i < n - 1; i++) {
            double h0 = times.get(i) - times.get(i - 1), h1 = times.get(i + 1) - times.get(i);
            Vec3 rhs = points.get(i + 1).minus(points.get(i)).times(6 / h1)
                    .minus(points.get(i).minus(points.get(i - 1)).times(6 / h0));
            double diag = 2 * (h0 + h1) - h0 * c[i - 1];
            c[i] = h1 / diag;
            d[i] = rhs.minus(d[i - 1].times(h0)).times(1 / diag);
        }
        for (int i = n - 2; i >= 1; i--) {
            m[i] = d[i].minus(m[i + 1].times(c[i]));
        }
        return m;
    }
}
