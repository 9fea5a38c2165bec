package sensor.api.raytrace;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.env.SceneView;

/** Acceleration structures over a scene, refreshed per step, answering closest-hit queries. */
@ConsumerType
public interface TraceScene extends AutoCloseable {
    /**
     * Refreshes the structures for time {@code t}: the scene view given at creation may be replaced by a
     * newer one ({@code scene}); per-shape structures are rebuilt only when its revision changed, object
     * poses (the top level) are refreshed every call, so moving rigid bodies are cheap.
     */
    void update(SceneView scene, double t);

    /**
     * Closest hit of {@code count} rays (world frame, packed xyz origins and unit directions) in
     * {@code (0, maxDistance]}; fills {@code out}.
     */
    void closestHit(double[] origins, double[] directions, int count, double maxDistance, HitBuffer out);

    /** Releases resources. */
    @Override
    void close();
}
