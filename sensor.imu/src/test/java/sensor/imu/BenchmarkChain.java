package sensor.imu;

import sensor.api.geom.Vec3;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.BiasConfig;
import sensor.imu.config.CrossAxisConfig;
import sensor.imu.config.Gyroscope;
import sensor.imu.config.LinearAccelerationConfig;
import sensor.imu.config.Matrix3;
import sensor.imu.config.NoiseConfig;
import sensor.imu.config.RandomWalkConfig;
import sensor.imu.config.RangeConfig;
import sensor.imu.config.SpectralNoiseConfig;
import sensor.imu.config.StageSpec;

/** Sub-sensors with every built-in stage on (datasheet-like values). */
final class BenchmarkChain {
    private BenchmarkChain() {}

    static Accelerometer accelerometer() {
        return Accelerometer.of().withStages(
                StageSpec.range(RangeConfig.symmetric(16 * 9.81)),
                StageSpec.bias(new BiasConfig(new Vec3(0.02, -0.01, 0.03))),
                StageSpec.crossAxis(CrossAxisConfig.uniform(0.01)),
                StageSpec.noise(new NoiseConfig(new Vec3(0.01, 0.01, 0.01))),
                StageSpec.spectralNoise(new SpectralNoiseConfig(new Vec3(1.5e-3, 1.5e-3, 2e-3))),
                StageSpec.randomWalk(new RandomWalkConfig(Vec3.ZERO, new Vec3(4e-4, 4e-4, 4e-4), new Vec3(100, 100, 100))));
    }

    static Gyroscope gyroscope() {
        return Gyroscope.of().withStages(
                StageSpec.range(RangeConfig.symmetric(35)),
                StageSpec.bias(new BiasConfig(new Vec3(1e-3, 0, -1e-3))),
                StageSpec.crossAxis(CrossAxisConfig.uniform(0.01)),
                StageSpec.linearAccelerationEffects(new LinearAccelerationConfig(Matrix3.diagonal(1e-4, 1e-4, 1e-4))),
                StageSpec.spectralNoise(new SpectralNoiseConfig(new Vec3(1e-4, 1e-4, 1e-4))),
                StageSpec.randomWalk(new RandomWalkConfig(Vec3.ZERO, new Vec3(1e-5, 1e-5, 1e-5), new Vec3(100, 100, 100))));
    }
}
