package sensor.env;

import java.util.HashMap;
import java.util.Map;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.world.KinematicWorld.BodyState;
import sensor.api.world.WorldSource;

/** The state of every body and joint of a world at one instant. */
record WorldSnapshot(double time, Map<String, BodyState> bodies, Map<String, Double> joints) {

    static WorldSnapshot of(WorldSource world) {
        Map<String, BodyState> b = new HashMap<>();
        for (String id : world.bodyIds()) {
            b.put(id, new BodyState(world.bodyPose(id), world.linearVelocity(id), world.angularVelocity(id)));
        }
        Map<String, Double> j = new HashMap<>();
        for (String id : world.jointIds()) {
            j.put(id, world.jointPosition(id));
        }
        return new WorldSnapshot(world.time(), Map.copyOf(b), Map.copyOf(j));
    }

    /**
     * The state between {@code a} and {@code b} at time {@code t}: linear in position and velocities, slerp
     * in rotation; exact at the two ends.
     */
    static BodyState body(WorldSnapshot a, WorldSnapshot b, String id, double t) {
        BodyState sb = b.bodies.get(id);
        if (sb == null) {
            throw new IllegalArgumentException("bodyId '" + id + "' is unknown; known bodies: " + b.bodies.keySet());
        }
        BodyState sa = a.bodies.getOrDefault(id, sb);
        double s = fraction(a, b, t);
        if (s == 1) {
            return sb;
        }
        return new BodyState(Pose.interpolate(sa.pose(), sb.pose(), s),
                Vec3.lerp(sa.linearVelocity(), sb.linearVelocity(), s),
                Vec3.lerp(sa.angularVelocity(), sb.angularVelocity(), s));
    }

    static double joint(WorldSnapshot a, WorldSnapshot b, String id, double t) {
        Double pb = b.joints.get(id);
        if (pb == null) {
            throw new IllegalArgumentException("jointId '" + id + "' is unknown; known joints: " + b.joints.keySet());
        }
        double pa = a.joints.getOrDefault(id, pb);
        return pa + fraction(a, b, t) * (pb - pa);
    }

    private static double fraction(WorldSnapshot a, WorldSnapshot b, double t) {
        double span = b.time - a.time;
        if (!(span > 0)) {
            return 1;
        }
        return Math.min(1, Math.max(0, (t - a.time) / span));
    }
}
