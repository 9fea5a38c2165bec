package ${package};

import sensor.api.lidar.OutputNoise;
import sensor.testkit.OutputNoiseConformance;

/** Unit test of the noise stage: seed-deterministic, keyed by pattern index, independent of threads. */
class IntensityNoiseTest extends OutputNoiseConformance {
    @Override
    protected OutputNoise noise() {
        return new IntensityNoiseType().create(new IntensityNoiseType.Config(0.1));
    }
}
