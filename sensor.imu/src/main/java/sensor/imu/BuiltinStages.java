package sensor.imu;

import java.util.List;

import sensor.imu.api.TriaxialStageType;

/** The built-in stage types, for use outside a framework (inside one they are DS components). */
final class BuiltinStages {
    private BuiltinStages() {}

    static List<TriaxialStageType<?>> all() {
        return List.of(new RangeStageType(), new BiasStageType(), new CrossAxisStageType(), new NoiseStageType(),
                new SpectralNoiseStageType(), new RandomWalkStageType(), new LinearAccelerationStageType());
    }
}
