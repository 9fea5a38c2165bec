package sensor.api.raytrace;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.scene.SceneView;

/**
 * A raytrace backend (CPU or GPU), registered as a service; the one with the highest service ranking
 * serves. Creates per-sensor trace scenes over the environment's scene.
 */
@ConsumerType
public interface RaytraceBackend {
    /** Unique id, e.g. {@code "cpu-bvh"}. */
    String id();

    /**
     * A trace scene over {@code scene} answering queries with up to {@code threads} threads (results must
     * not depend on the thread count); close it when done.
     */
    TraceScene createScene(SceneView scene, int threads);

    /**
     * How this backend traces in this JVM, in one line for run summaries and benchmark reports (e.g. the kernel it
     * chose and why). Default: its {@link #id()}.
     */
    default String describe() {
        return id();
    }
}
