package sensor.api.control;

import java.util.List;

import sensor.api.Args;

/**
 * A controller of a simulation: its id (unique among the controllers), its type id, the ids of the sensors whose frames
 * it receives, and its configuration (as data, read by the type, or the type's configuration object).
 */
public record ControllerSpec(String id, String typeId, List<String> sensors, Object config) {
    public ControllerSpec {
        Args.id("controller id", id);
        Args.id("controller type", typeId);
        sensors = List.copyOf(Args.notNull("sensors", sensors));
        sensors.forEach(s -> Args.id("sensors", s));
    }
}
