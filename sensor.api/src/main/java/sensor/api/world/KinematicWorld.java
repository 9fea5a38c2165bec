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

    /**
     * An analytic body motion: a record of its parameters. The world gives its exact state (pose, linear and angular
     * velocity) at any time; {@code docs/MODELS.md} states each motion's formulas.
     */
    sealed interface Motion permits Fixed, ConstantVelocity, ConstantAngularVelocity, Waypoints {}

    /** State of a body at an instant. */
    record BodyState(Pose pose, Vec3 linearVelocity, Vec3 angularVelocity) {}

    /** A body at rest. */
    record Fixed(Pose pose) implements Motion {
        public Fixed {
            sensor.api.Args.notNull("pose", pose);
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
