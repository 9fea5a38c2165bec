package sensor.raytrace;

import org.osgi.service.component.annotations.Component;

import sensor.api.scene.SceneView;
import sensor.api.ComputePool;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;

/**
 * The CPU raytrace backend {@code "cpu-bvh"}: SAH BVHs over meshes and heightfields, closed-form boxes,
 * spheres, cylinders and planes, a top-level BVH over object instances refreshed every update, and a
 * deterministic multi-threaded closest-hit query; meshes of equal content share one bottom-level tree across all its
 * scenes ({@link SharedBlas}). Ranked 0, so any GPU backend outranks it.
 */
@Component(service = RaytraceBackend.class, property = "service.ranking:Integer=0")
public final class CpuBvhBackend implements RaytraceBackend {
    /** The backend id. */
    public static final String ID = "cpu-bvh";

    /** The runtime's one worker pool (outside a framework without one: {@link ComputePool#serial()}). */
    @org.osgi.service.component.annotations.Reference(cardinality = org.osgi.service.component.annotations.ReferenceCardinality.OPTIONAL,
            policy = org.osgi.service.component.annotations.ReferencePolicy.DYNAMIC,
            policyOption = org.osgi.service.component.annotations.ReferencePolicyOption.GREEDY)
    volatile ComputePool pool;

    /** Bottom-level trees shared by content among this backend's scenes (sensors and simulations). */
    final SharedBlas blas = new SharedBlas();

    /**
     * How this backend traverses packets ({@link Traversal}: the Vector API kernel or the scalar loops, with the reason),
     * decided once per JVM.
     */
    @Override
    public String describe() {
        return Traversal.describe();
    }

    @Override
    public String toString() {
        return ID + " (" + describe() + ")";
    }

    @Override
    public String id() {
        return ID;
    }

    /**
     * Builds the per-shape structures of {@code scene}; call {@link TraceScene#update} with a time before the
     * first query. {@code threads} in [1, 1024].
     */
    @Override
    public TraceScene createScene(SceneView scene, int threads) {
        ComputePool p = pool;
        return new CpuTraceScene(scene, threads, p != null ? p : ComputePool.serial(), blas);
    }
}
