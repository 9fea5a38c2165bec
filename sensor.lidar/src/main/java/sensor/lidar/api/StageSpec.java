package sensor.lidar.api;

import sensor.api.Args;

/** A noise or distortion stage by type id and configuration ({@code null} = the type's default). */
public record StageSpec(String typeId, Object config) {
    public StageSpec {
        Args.id("stage typeId", typeId);
    }
}
