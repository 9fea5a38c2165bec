package sensor.api.world;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;

/**
 * A scripted world: bodies follow analytic motions and joints follow scripts, with exact velocities.
 * Obtained from {@link sensor.api.env.SensorEnvironment#newKinematicWorld(double, Vec3)}.
 */
@ProviderType
public interface KinematicWorld extends WorldSource {
    /** Adds a body; rejects a duplicate id. */
    KinematicWorld addBody(String bodyId, Motion motion);

    /** Adds a joint whose position follows a script; rejects a duplicate id. */
    KinematicWorld addJoint(String jointId, JointScript script);

    /** An analytic body motion; {@link #at(double)} gives the exact state at any time. */
    sealed interface Motion permits Fixed, ConstantVelocity, ConstantAngularVelocity, Waypoints {
        /** Exact pose, linear and angular velocity (world frame) at time {@code t}. */
        BodyState at(double t);
    }

    /** State of a body at an instant. */
    record BodyState(Pose pose, Vec3 linearVelocity, Vec3 angularVelocity) {}

    /** A body at rest. */
    record Fixed(Pose pose) implements Motion {
        public Fixed {
            sensor.api.Args.notNull("pose", pose);
        }

        @Override
        public BodyState at(double t) {
            return new BodyState(pose, Vec3.ZERO, Vec3.ZERO);
        }
    }

    /** Translation at a constant world velocity from {@code start} (orientation fixed). */
    record ConstantVelocity(Pose start, Vec3 velocity) implements Motion {
        public ConstantVelocity {
            sensor.api.Args.notNull("start", start);
            if (velocity == null || !velocity.isFinite()) {
                throw new IllegalArgumentException("velocity must be a finite vector, got " + velocity);
            }
        }

        @Override
        public BodyState at(double t) {
            return new BodyState(new Pose(start.position().plus(velocity.times(t)), start.rotation()), velocity, Vec3.ZERO);
        }
    }

    /**
     * Rotation at a constant world angular velocity about the body origin, which moves at a constant
     * linear velocity: {@code q(t) = exp(ω t / 2) q0}.
     */
    record ConstantAngularVelocity(Pose start, Vec3 velocity, Vec3 angularVelocity) implements Motion {
        public ConstantAngularVelocity {
            sensor.api.Args.notNull("start", start);
            if (velocity == null || !velocity.isFinite()) {
                throw new IllegalArgumentException("velocity must be a finite vector, got " + velocity);
            }
            if (angularVelocity == null || !angularVelocity.isFinite()) {
                throw new IllegalArgumentException("angularVelocity must be a finite vector, got " + angularVelocity);
            }
        }

        @Override
        public BodyState at(double t) {
            double w = angularVelocity.norm();
            var q = w == 0 ? start.rotation()
                    : sensor.api.geom.Quat.axisAngle(angularVelocity, w * t).times(start.rotation()).normalized();
            return new BodyState(new Pose(start.position().plus(velocity.times(t)), q), velocity, angularVelocity);
        }
    }

    /**
     * A path through timed waypoints with the body's x axis along the direction of travel (yaw only, z up, so its
     * angular velocity is the yaw rate about z). {@link Interpolation#SPLINE} (the default): a natural cubic spline per
     * coordinate through the waypoints, twice continuously differentiable (continuous acceleration, bounded jerk),
     * straight at constant speed between two points. {@link Interpolation#LINEAR}: piecewise linear at constant speed
     * per segment, turning instantly at a waypoint (no angular velocity reported). Before the first and after the last
     * waypoint the body rests there. Velocities are the exact derivatives of the path (at a linear path's waypoint the
     * outgoing segment's). Times strictly increasing, at least two points.
     */
    record Waypoints(List<Double> times, List<Vec3> points, Interpolation interpolation) implements Motion {
        /** How a path passes through its waypoints. */
        public enum Interpolation {
            /** Natural cubic spline: continuous position, velocity and acceleration. */
            SPLINE,
            /** Straight segments at constant speed. */
            LINEAR
        }

        public Waypoints {
            if (times == null || points == null || times.size() != points.size() || times.size() < 2) {
                throw new IllegalArgumentException("waypoints need times and points of equal size >= 2");
            }
            sensor.api.Args.notNull("interpolation", interpolation);
            times = List.copyOf(times);
            points = List.copyOf(points);
            for (int i = 0; i < times.size(); i++) {
                sensor.api.Args.finite("times[" + i + "]", times.get(i));
                if (!points.get(i).isFinite()) {
                    throw new IllegalArgumentException("points[" + i + "] must be finite, got " + points.get(i));
                }
                if (i > 0 && !(times.get(i) > times.get(i - 1))) {
                    throw new IllegalArgumentException("times must be strictly increasing, times[" + i + "] = "
                            + times.get(i) + " <= times[" + (i - 1) + "] = " + times.get(i - 1));
                }
            }
        }

        /** A spline path. */
        public Waypoints(List<Double> times, List<Vec3> points) {
            this(times, points, Interpolation.SPLINE);
        }

        @Override
        public BodyState at(double t) {
            int n = times.size();
            int seg = 0;
            while (seg < n - 2 && t >= times.get(seg + 1)) {
                seg++;
            }
            Vec3 a = points.get(seg), b = points.get(seg + 1);
            double t0 = times.get(seg), t1 = times.get(seg + 1), h = t1 - t0;
            if (interpolation == Interpolation.LINEAR) {
                var q = yaw(b.minus(a), b.minus(a));
                if (t < t0 || t >= t1) {
                    return new BodyState(new Pose(t < t0 ? a : b, q), Vec3.ZERO, Vec3.ZERO);
                }
                Vec3 v = b.minus(a).times(1 / h);
                return new BodyState(new Pose(a.plus(v.times(t - t0)), q), v, Vec3.ZERO);
            }
            // natural cubic spline: S = A a + B b + ((A³ − A) Ma + (B³ − B) Mb) h² / 6, with M the second derivatives
            Vec3[] m = moments();
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
        private static sensor.api.geom.Quat yaw(Vec3 v, Vec3 fallback) {
            Vec3 d = v.x() * v.x() + v.y() * v.y() > 1e-18 ? v : fallback;
            return sensor.api.geom.Quat.axisAngle(Vec3.Z, Math.atan2(d.y(), d.x()));
        }

        /** Second derivatives at the waypoints (natural: zero at both ends), by the tridiagonal (Thomas) solve. */
        private Vec3[] moments() {
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

    /** A joint position script: position and its exact derivative at time {@code t}. */
    interface JointScript {
        double position(double t);

        double velocity(double t);

        /** {@code position = p0 + rate·t}, e.g. a wheel turning at a constant rate. */
        static JointScript constantRate(double p0, double rate) {
            sensor.api.Args.finite("p0", p0);
            sensor.api.Args.finite("rate", rate);
            return new JointScript() {
                @Override
                public double position(double t) { return p0 + rate * t; }

                @Override
                public double velocity(double t) { return rate; }
            };
        }

        /** {@code position = amplitude·sin(2π f t)}. */
        static JointScript sine(double amplitude, double frequency) {
            sensor.api.Args.finite("amplitude", amplitude);
            sensor.api.Args.positive("frequency", frequency);
            double w = 2 * Math.PI * frequency;
            return new JointScript() {
                @Override
                public double position(double t) { return amplitude * Math.sin(w * t); }

                @Override
                public double velocity(double t) { return amplitude * w * Math.cos(w * t); }
            };
        }
    }
}
