package sensor.raytrace;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import sensor.api.ComputePool;

/**
 * Bottom-level trees shared by content among all trace scenes of one backend: every sensor of a simulation, and every
 * simulation of the runtime. A mesh or heightfield whose triangles equal (bit for bit) those of a tree some scene still
 * holds gets that tree instead of a new build; the build is deterministic, so the results are the same either way.
 * Trees are held weakly: one that no scene uses any more is collected.
 */
final class SharedBlas {
    private final Map<Long, List<WeakReference<MeshBvh>>> byContent = new HashMap<>();
    /** Trees built so far (tests check that equal meshes are built once). */
    int builds;

    /** The tree over these triangles: an existing one of equal content, or a new build on up to {@code threads}. */
    synchronized MeshBvh get(float[] vertices, int[] indices, ComputePool pool, int threads) {
        long key = 31L * Arrays.hashCode(vertices) + Arrays.hashCode(indices);
        List<WeakReference<MeshBvh>> same = byContent.computeIfAbsent(key, k -> new ArrayList<>());
        same.removeIf(r -> r.get() == null);
        for (WeakReference<MeshBvh> r : same) {
            MeshBvh m = r.get();
            if (m != null && Arrays.equals(m.vertices, vertices) && Arrays.equals(m.indices, indices)) {
                return m;
            }
        }
        MeshBvh m = new MeshBvh(vertices, indices, pool, threads);
        same.add(new WeakReference<>(m));
        builds++;
        return m;
    }
}
