package sensor.api.sensor;

import sensor.api.Args;
import sensor.api.geom.Pose;

/** Where a sensor sits: on a body of the dynamics source ({@code null} = the world) at an offset pose. */
public record SensorMount(String bodyId, Pose offset) {
    public SensorMount {
        Args.notNull("offset", offset);
        if (bodyId != null) {
            Args.id("bodyId", bodyId);
        }
    }

    /** Fixed in the world at {@code pose}. */
    public static SensorMount world(Pose pose) {
        return new SensorMount(null, pose);
    }

    /** On {@code bodyId} at {@code offset}. */
    public static SensorMount on(String bodyId, Pose offset) {
        return new SensorMount(bodyId, offset);
    }
}
