package sensor.api.raytrace;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.scene.SceneView;

/** Acceleration structures over a scene, refreshed per step, answering closest-hit and occlusion queries. */
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
     * Whether each of {@code count} rays is blocked within {@code (0, maxDistance]} (Embree's {@code rtcOccluded}, for
     * shadow rays): {@code out[r]} is true when an object not in {@code lookThrough} (object indices; null: none) lies
     * on ray {@code r}. Objects in {@code lookThrough} (fog volumes, for a camera's sun) block nothing. Any blocking
     * hit answers, not only the closest, so a backend may stop a ray at its first. The default finds closest hits and
     * steps 0.1 mm past each looked-through one, at most {@value #LOOK_THROUGH_STEPS} times (a ray that crosses more
     * counts as blocked).
     */
    default void occluded(double[] origins, double[] directions, int count, double maxDistance,
            java.util.BitSet lookThrough, boolean[] out) {
        checkOccluded(origins, directions, count, maxDistance, out);
        double[] travelled = new double[count], o = java.util.Arrays.copyOf(origins, 3 * count);
        int[] active = new int[count];
        int m = 0;
        for (int r = 0; r < count; r++) {
            out[r] = false;
            active[m++] = r;
        }
        for (int step = 0; m > 0; step++) {
            double[] ao = new double[3 * m], ad = new double[3 * m];
            for (int a = 0; a < m; a++) {
                System.arraycopy(o, 3 * active[a], ao, 3 * a, 3);
                System.arraycopy(directions, 3 * active[a], ad, 3 * a, 3);
            }
            HitBuffer hits = new HitBuffer(m);
            closestHit(ao, ad, m, maxDistance, hits);
            int next = 0;
            for (int a = 0; a < m; a++) {
                int r = active[a], obj = hits.objectIndex[a];
                double at = travelled[r] + hits.distance[a];
                if (obj < 0 || !(at <= maxDistance)) {
                    continue;
                }
                if (lookThrough == null || !lookThrough.get(obj) || step == LOOK_THROUGH_STEPS) {
                    out[r] = true;
                    continue;
                }
                travelled[r] = at + 1e-4;
                for (int x = 0; x < 3; x++) {
                    o[3 * r + x] = origins[3 * r + x] + directions[3 * r + x] * travelled[r];
                }
                active[next++] = r;
            }
            m = next;
        }
    }

    /** How many looked-through objects the default {@link #occluded} steps past on one ray. */
    int LOOK_THROUGH_STEPS = 64;

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
        checkRays(origins, directions, count, maxDistance);
    }

    /**
     * The argument checks of {@link #occluded}: those of {@link #checkClosestHit}, with {@code out} of at least
     * {@code count} answers.
     */
    static void checkOccluded(double[] origins, double[] directions, int count, double maxDistance, boolean[] out) {
        sensor.api.Args.notNull("origins", origins);
        sensor.api.Args.notNull("directions", directions);
        sensor.api.Args.notNull("out", out);
        if (count < 0 || 3L * count > origins.length || 3L * count > directions.length || count > out.length) {
            throw new IllegalArgumentException("count must be in [0, " + Math.min(Math.min(origins.length,
                    directions.length) / 3, out.length) + "], got " + count);
        }
        checkRays(origins, directions, count, maxDistance);
    }

    private static void checkRays(double[] origins, double[] directions, int count, double maxDistance) {
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
