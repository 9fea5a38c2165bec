package sensor.api.sensor;

import sensor.api.frame.FrameData;

/**
 * One output of one sensor: the data measured at {@code time} (s), sample number {@code index}, delivered
 * at {@code deliveredAt} ({@code time + lag}).
 */
public record SensorFrame(String sensorId, String typeId, long index, double time, double deliveredAt, FrameData data) {}
