package sensor.service.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import sensor.scenario.Scenario;
import sensor.scenario.ScenarioReader;

/**
 * The objects, sensors and controllers of a scenario as Configuration Admin factory configurations: key
 * {@code <factory PID>|<simulation>.<id>}, properties as {@link ObjectConfiguration}, {@link SensorConfiguration} and
 * {@link ControllerConfiguration} read them (each object's material inlined from the scenario's {@code materials}).
 */
final class ScenarioConfigurations {
    private static final ObjectMapper JSON = new ObjectMapper().setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private ScenarioConfigurations() {}

    static Map<String, Map<String, Object>> of(String simulation, ScenarioReader.Loaded loaded) {
        Scenario s = loaded.scenario();
        String baseDir = loaded.file().toAbsolutePath().getParent().toString();
        Map<String, Map<String, Object>> all = new LinkedHashMap<>();
        for (Scenario.Item o : s.objects()) {
            Map<String, Object> p = base(simulation, o.id(), loaded);
            p.put("shape", json(o.shape()));
            p.put("baseDir", baseDir);
            p.put("body", o.body() == null ? "" : o.body());
            pose(p, o.pose());
            JsonNode m = o.material() == null ? null : s.materials().get(o.material());
            if (m != null) {
                ObjectNode fields = m.deepCopy();
                JsonNode type = fields.remove("type");
                p.put("materialType", type == null ? "" : type.asText());
                p.put("materialConfig", json(fields));
            }
            all.put(ObjectConfiguration.PID + "|" + simulation + "." + o.id(), p);
        }
        for (Scenario.SensorEntry e : s.sensors()) {
            Map<String, Object> p = base(simulation, e.id(), loaded);
            p.put("type", e.type());
            p.put("body", e.body() == null ? "" : e.body());
            pose(p, e.pose());
            p.put("frequency", e.frequency() == null ? 10.0 : e.frequency());
            p.put("lag", e.lag() == null ? 0.0 : e.lag());
            p.put("config", e.config() == null ? "{}" : json(e.config()));
            p.put("baseDir", baseDir);
            all.put(SensorConfiguration.PID + "|" + simulation + "." + e.id(), p);
        }
        for (Scenario.ControllerEntry c : s.controllers()) {
            Map<String, Object> p = base(simulation, c.id(), loaded);
            p.put("type", c.type());
            p.put("sensors", c.sensors() == null ? new String[0] : c.sensors().toArray(String[]::new));
            p.put("config", c.config() == null ? "{}" : json(c.config()));
            p.put("baseDir", baseDir);
            all.put(ControllerConfiguration.PID + "|" + simulation + "." + c.id(), p);
        }
        return all;
    }

    /** The properties as one comparable text. */
    static String text(Map<String, Object> properties) {
        return json(properties);
    }

    private static Map<String, Object> base(String simulation, String id, ScenarioReader.Loaded loaded) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("simulation", simulation);
        p.put("id", id);
        p.put("scenario", loaded.file().toAbsolutePath().normalize().toString());
        return p;
    }

    private static void pose(Map<String, Object> p, Scenario.PoseSpec pose) {
        p.put("position", doubles(pose == null ? null : pose.position()));
        p.put("rpy", doubles(pose == null ? null : pose.rpy()));
    }

    private static double[] doubles(List<Double> v) {
        return v == null ? new double[3] : v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write a configuration: " + e.getOriginalMessage(), e);
        }
    }
}
