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
     * A path through timed waypoints, piecewise linear in position at constant speed per segment, with
     * the body's x axis along the direction of travel (yaw only, z up). Before the first and after the
     * last waypoint the body rests there. Velocities are the exact derivatives of this path (piecewise
     * constant; at a waypoint the outgoing segment's). Times strictly increasing, at least two points.
     */
    record Waypoints(List<Double> times, List<Vec3> points) implements Motion {
        public Waypoints {
            if (times == null || points == null || times.size() != points.size() || times.size() < 2) {
                throw new IllegalArgumentException("waypoints need times and points of equal size >= 2");
            }
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

        @Override
        public BodyState at(double t) {
            int n = times.size();
            int seg = 0;
            while (seg < n - 2 && t >= times.get(seg + 1)) {
                seg++;
            }
            Vec3 a = points.get(seg), b = points.get(seg + 1);
            double t0 = times.get(seg), t1 = times.get(seg + 1);
            Vec3 dir = b.minus(a);
            double yaw = Math.atan2(dir.y(), dir.x());
            var q = sensor.api.geom.Quat.axisAngle(Vec3.Z, yaw);
            if (t < t0) {
                return new BodyState(new Pose(a, q), Vec3.ZERO, Vec3.ZERO);
            }
            if (t >= t1) {
                return new BodyState(new Pose(b, q), Vec3.ZERO, Vec3.ZERO);
            }
            Vec3 v = dir.times(1 / (t1 - t0));
            return new BodyState(new Pose(a.plus(v.times(t - t0)), q), v, Vec3.ZERO);
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
