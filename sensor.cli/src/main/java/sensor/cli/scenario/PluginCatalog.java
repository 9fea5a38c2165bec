package sensor.cli.scenario;

import java.util.Map;

import sensor.api.PluginType;

/**
 * The plugin types a scenario can name, by id, so their configurations can be read into their classes:
 * sensor, surface material, ambient material and stage types (lidar distortions and noise, IMU stages).
 */
public record PluginCatalog(Map<String, PluginType<?>> sensorTypes, Map<String, PluginType<?>> surfaceTypes,
        Map<String, PluginType<?>> ambientTypes, Map<String, PluginType<?>> stageTypes) {}
