package sensor.lidar.gpu;

import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import sensor.api.Args;
import sensor.api.scene.SceneView;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;

/**
 * The GPU raytrace backend {@code "cuda-bvh"}: closest hits of the same scene model as the CPU backend (meshes
 * and heightfields through per-shape BVHs, closed-form boxes, spheres, cylinders and planes, a per-update
 * top-level BVH), computed by the {@code closestHit} kernel with the CPU backend's arithmetic, so hits agree to
 * the last bit. Registered by {@link CudaBackendComponent} only when CUDA works.
 */
final class CudaBvhBackend implements RaytraceBackend {
    private final GpuDevice device;
    private final Supplier<RaytraceBackend> fallback;
    private final System.Logger log;
    private final AtomicBoolean warned = new AtomicBoolean();
    private final Set<CudaTraceScene> scenes = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    CudaBvhBackend(GpuDevice device, Supplier<RaytraceBackend> fallback, System.Logger log) {
        this.device = device;
        this.fallback = fallback;
        this.log = log;
    }

    @Override
    public String id() {
        return CudaBackendComponent.ID;
    }

    /** The device it runs on, for run summaries and benchmark reports. */
    @Override
    public String describe() {
        return "CUDA on " + device.description() + ", binary BVH, one thread per ray";
    }

        /** {@code threads} in [1, 1024] is checked but irrelevant: the GPU runs one thread per ray. */
    @Override
    public TraceScene createScene(SceneView scene, int threads) {
        if (closed) {
            throw new IllegalStateException("the cuda-bvh backend was unregistered");
        }
        Args.notNull("scene", scene);
        Args.inRange("threads", threads, 1, 1024);
        CudaTraceScene s = new CudaTraceScene(this, device.newKernels(), scene, threads, fallback);
        scenes.add(s);
        return s;
    }

    GpuDevice device() {
        return device;
    }

    void warnOnce(String message, Throwable cause) {
        if (warned.compareAndSet(false, true)) {
            log.log(Level.WARNING, message, cause);
        }
    }

    void closed(CudaTraceScene s) {
        scenes.remove(s);
    }

    /** Closes the scenes still open (freeing their device memory), then the device. */
    void close() {
        closed = true;
        for (CudaTraceScene s : scenes) {
            s.close();
        }
        device.close();
    }
}
