package sensor.api.raytrace;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.scene.SceneView;

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

    /**
     * The argument checks every implementation of {@link #closestHit} applies before touching anything:
     * arrays present and large enough for {@code count}, {@code maxDistance > 0}, finite origins and unit
     * directions (within 1e-4 on |d|²). Throws {@link IllegalArgumentException} naming the argument.
     */
    static void checkClosestHit(double[] origins, double[] directions, int count, double maxDistance, HitBuffer out) {
        sensor.api.Args.notNull("origins", origins);
        sensor.api.Args.notNull("directions", directions);
        sensor.api.Args.notNull("out", out);
        if (count < 0 || 3L * count > origins.length || 3L * count > directions.length || count > out.distance.length
                || count > out.objectIndex.length || 3L * count > out.normal.length) {
            throw new IllegalArgumentException("count must be in [0, " + Math.min(Math.min(origins.length,
                    directions.length) / 3, Math.min(out.distance.length, out.objectIndex.length)) + "], got " + count);
        }
        if (!(maxDistance > 0)) {
            throw new IllegalArgumentException("maxDistance must be > 0, got " + maxDistance);
        }
        for (int r = 0; r < count; r++) {
            double ox = origins[3 * r], oy = origins[3 * r + 1], oz = origins[3 * r + 2];
            double dx = directions[3 * r], dy = directions[3 * r + 1], dz = directions[3 * r + 2];
            if (!(Double.isFinite(ox) && Double.isFinite(oy) && Double.isFinite(oz))) {
                throw new IllegalArgumentException("origins of ray " + r + " must be finite");
            }
            double len2 = dx * dx + dy * dy + dz * dz;
            if (!(Math.abs(len2 - 1) <= 1e-4)) {
                throw new IllegalArgumentException("directions of ray " + r + " must be a unit vector, |d|^2 = " + len2);
            }
        }
    }

    /**
     * Bytes held by the acceleration structures (trees and the triangle copies they test, not the scene's own
     * vertex and index arrays), or -1 when the backend cannot tell (the default).
     */
    default long acceleratorBytes() {
        return -1;
    }

    /** Releases resources. */
    @Override
    void close();
}
