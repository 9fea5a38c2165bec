package sensor.env;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import sensor.api.env.Simulation.Interruption;

/** Gaps of sensors without their type and objects without their material type; begin and end are idempotent. */
final class Interruptions {
    private final List<Interruption> ended = new ArrayList<>();
    private final Map<String, Interruption> open = new LinkedHashMap<>();

    synchronized void begin(String kind, String id, String typeId, double t) {
        open.putIfAbsent(kind + "/" + id, new Interruption(kind, id, typeId, t, Double.NaN));
    }

    synchronized void end(String kind, String id, double t) {
        Interruption i = open.remove(kind + "/" + id);
        if (i != null) {
            ended.add(new Interruption(i.kind(), i.id(), i.typeId(), i.from(), t));
        }
    }

    /** The ended ones, then those still open. */
    synchronized List<Interruption> list(double now) {
        List<Interruption> all = new ArrayList<>(ended);
        all.addAll(open.values());
        return all;
    }
}
