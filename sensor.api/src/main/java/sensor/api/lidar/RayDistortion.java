package sensor.api.lidar;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.random.CounterRandom;

/**
 * A ray distortion applied before tracing ([L-P] step 2), e.g. ray angular noise [N-1]. Deterministic:
 * numbers come from {@code random} keyed by {@code step} and each ray's pattern index.
 */
@ConsumerType
public interface RayDistortion {
    /** Distorts the rays in place. The buffer is the lidar's, refilled every step: keep no reference to it. */
    void distort(RayBuffer rays, CounterRandom random, long step);
}
