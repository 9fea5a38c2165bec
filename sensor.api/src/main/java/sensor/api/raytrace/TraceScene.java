package sensor.api.raytrace;

import org.osgi.annotation.versioning.ConsumerType;

/** Acceleration structures over a scene, refreshed per step, answering closest-hit queries. */
@ConsumerType
public interface TraceScene extends AutoCloseable {
    /** Refreshes geometry and poses for time {@code t} (rebuild on a new scene revision, refit otherwise). */
    void update(double t);

    /**
     * Closest hit of {@code count} rays (world frame, packed xyz origins and unit directions) in
     * {@code (0, maxDistance]}; fills {@code out}.
     */
    void closestHit(double[] origins, double[] directions, int count, double maxDistance, HitBuffer out);

    /** Releases resources. */
    @Override
    void close();
}
