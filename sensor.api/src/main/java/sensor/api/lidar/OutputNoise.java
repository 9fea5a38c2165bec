package sensor.api.lidar;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.random.CounterRandom;
import sensor.api.frame.PointBuffer;

/**
 * Output-stage noise applied after tracing ([L-P] step 5), e.g. distance noise [L-DN] or hitpoint
 * angular noise [N-2]. Deterministic: numbers come from {@code random} keyed by {@code step} and each
 * point's pattern index.
 */
@ConsumerType
public interface OutputNoise {
    /** Perturbs the points in place. */
    void apply(PointBuffer points, CounterRandom random, long step);
}
