package sensor.env;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import sensor.api.Args;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.world.KinematicWorld;

/**
 * The scripted kinematic world: time is {@code steps · timeStep} (no drift from summing), every body
 * state is the exact analytic value of its motion at that time.
 */
final class KinematicWorldImpl implements KinematicWorld {
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
        return m.at(time());
    }

    private synchronized JointScript joint(String jointId) {
        JointScript j = joints.get(jointId);
        if (j == null) {
            throw new IllegalArgumentException("jointId '" + jointId + "' is unknown; known joints: " + joints.keySet());
        }
        return j;
    }
}
