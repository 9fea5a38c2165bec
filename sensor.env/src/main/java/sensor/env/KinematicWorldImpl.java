package sensor.env;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import sensor.api.Args;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.world.Actuated;
import sensor.api.world.Command;
import sensor.api.world.KinematicWorld;

/**
 * The scripted kinematic world: time is {@code steps · timeStep} (no drift from summing), every body
 * state is the exact analytic value of its motion at that time. Its actuators [CTL]: a {@link Command.Twist} takes a body off
 * its script onto a constant twist in its own frame (exactly integrated: a screw motion); a {@link Command.Brake} of
 * level {@code b} slows a body's twist uniformly to rest at {@code b · }{@value #FULL_BRAKE}{@code  m/s²} along its
 * path (a body turning in place stops at once; level 0 releases the brake at the current speed).
 */
final class KinematicWorldImpl implements KinematicWorld, Actuated {
    /** The deceleration of a full brake, m/s² (a car's on dry asphalt, about 0.8 g). */
    static final double FULL_BRAKE = 8;

    /**
     * A body moving with body-frame velocities {@code v}, {@code w} from {@code pose0} at {@code t0}; braking, the
     * twist falls linearly to zero over {@code stop} s (infinite: no brake).
     */
    private record Commanded(double t0, Pose pose0, Vec3 v, Vec3 w, double stop) {
        BodyState at(double t) {
            double e = Math.max(0, t - t0), f = 1, tau = e;
            if (Double.isFinite(stop)) {
                f = e >= stop ? 0 : 1 - e / stop;
                tau = e >= stop ? stop / 2 : e - e * e / (2 * stop);
            }
            double wn = w.norm(), th = wn * tau;
            Quat q = wn == 0 ? pose0.rotation() : pose0.rotation().times(Quat.axisAngle(w, th)).normalized();
            // ∫ exp([w] s) v ds over [0, tau]: the translation of a screw motion
            Vec3 d = v.times(tau);
            if (wn > 0) {
                Vec3 wv = w.cross(v);
                d = d.plus(wv.times((1 - Math.cos(th)) / (wn * wn))).plus(w.cross(wv).times((tau - Math.sin(th) / wn) / (wn * wn)));
            }
            return new BodyState(new Pose(pose0.position().plus(pose0.rotation().rotate(d)), q), q.rotate(v).times(f),
                    q.rotate(w).times(f));
        }
    }

    private final Map<String, Commanded> commanded = new LinkedHashMap<>();
    private final double timeStep;
    private final Vec3 gravity;
    private final Map<String, Motion> bodies = new LinkedHashMap<>();
    private final Map<String, JointScript> joints = new LinkedHashMap<>();
    private long steps;

    KinematicWorldImpl(double timeStep, Vec3 gravity) {
        this.timeStep = Args.positive("timeStep", timeStep);
        if (gravity == null || !gravity.isFinite()) {
            throw new IllegalArgumentException("gravity must be a finite vector, got " + gravity);
        }
        this.gravity = gravity;
    }

    @Override
    public synchronized KinematicWorld addBody(String bodyId, Motion motion) {
        Args.id("bodyId", bodyId);
        Args.notNull("motion", motion);
        if (bodies.containsKey(bodyId)) {
            throw new IllegalArgumentException("bodyId '" + bodyId + "' is already used; body ids must be unique");
        }
        bodies.put(bodyId, motion);
        return this;
    }

    @Override
    public synchronized KinematicWorld addJoint(String jointId, JointScript script) {
        Args.id("jointId", jointId);
        Args.notNull("script", script);
        if (joints.containsKey(jointId)) {
            throw new IllegalArgumentException("jointId '" + jointId + "' is already used; joint ids must be unique");
        }
        joints.put(jointId, script);
        return this;
    }

    @Override
    public synchronized double time() { return steps * timeStep; }

    @Override
    public double timeStep() { return timeStep; }

    @Override
    public synchronized void step() { steps++; }

    @Override
    public Vec3 gravity() { return gravity; }

    @Override
    public synchronized Set<String> bodyIds() { return Collections.unmodifiableSet(new java.util.LinkedHashSet<>(bodies.keySet())); }

    @Override
    public Pose bodyPose(String bodyId) { return state(bodyId).pose(); }

    @Override
    public Vec3 linearVelocity(String bodyId) { return state(bodyId).linearVelocity(); }

    @Override
    public Vec3 angularVelocity(String bodyId) { return state(bodyId).angularVelocity(); }

    @Override
    public synchronized Set<String> jointIds() { return Collections.unmodifiableSet(new java.util.LinkedHashSet<>(joints.keySet())); }

    @Override
    public double jointPosition(String jointId) { return joint(jointId).position(time()); }

    @Override
    public double jointVelocity(String jointId) { return joint(jointId).velocity(time()); }

    private synchronized BodyState state(String bodyId) {
        Motion m = bodies.get(bodyId);
        if (m == null) {
            throw new IllegalArgumentException("bodyId '" + bodyId + "' is unknown; known bodies: " + bodies.keySet());
        }
        Commanded c = commanded.get(bodyId);
        return c != null ? c.at(time()) : Motions.at(m, time());
    }

    @Override
    public synchronized void check(Command command) {
        if (!(command instanceof Command.Twist || command instanceof Command.Brake)) {
            throw new IllegalArgumentException("a " + command.kind() + " command needs a vehicle under a dynamics engine "
                    + "(dynamics: {type: ode4j} and a body with vehicle: {...}); a scripted body takes twist and brake");
        }
        if (!bodies.containsKey(command.target())) {
            throw new IllegalArgumentException("target '" + command.target() + "' is not a body; bodies: " + bodies.keySet());
        }
        if (command instanceof Command.Brake b) {
            Args.inRange("level", b.level(), 0, 1);
        }
    }

    @Override
    public synchronized void apply(Command command) {
        check(command);
        String id = command.target();
        double t = time();
        BodyState now = state(id);
        Quat inverse = now.pose().rotation().conjugate();
        Vec3 v = inverse.rotate(now.linearVelocity()), w = inverse.rotate(now.angularVelocity());
        if (command instanceof Command.Twist tw) {
            commanded.put(id, new Commanded(t, now.pose(), tw.linear(), tw.angular(), Double.POSITIVE_INFINITY));
        } else {
            double level = ((Command.Brake) command).level();
            double stop = level == 0 ? Double.POSITIVE_INFINITY : v.norm() / (level * FULL_BRAKE);
            commanded.put(id, new Commanded(t, now.pose(), v, w, stop));
        }
    }

    private synchronized JointScript joint(String jointId) {
        JointScript j = joints.get(jointId);
        if (j == null) {
            throw new IllegalArgumentException("jointId '" + jointId + "' is unknown; known joints: " + joints.keySet());
        }
        return j;
    }
}
