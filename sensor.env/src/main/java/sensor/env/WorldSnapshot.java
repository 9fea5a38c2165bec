package sensor.env;

import java.util.HashMap;
import java.util.Map;

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
}
