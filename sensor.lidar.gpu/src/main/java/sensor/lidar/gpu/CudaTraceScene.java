package sensor.lidar.gpu;

import java.util.Optional;
import java.util.function.Supplier;

import sensor.api.Args;
import sensor.api.scene.SceneView;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.raytrace.TraceScene;

/**
 * A trace scene on the GPU. The flat arrays are built on the CPU ({@link FlatScene}); {@link #update} re-uploads
 * the mesh pool only when it was rebuilt (a new mesh shape) and the instances, top-level BVH and planes every
 * call, into device buffers that are reused while they do not grow; {@link #closestHit} runs one kernel thread
 * per ray (the thread count given at creation is irrelevant on the GPU; results never depend on it).
 *
 * <p><b>Failure.</b> When a CUDA call fails at run time (device lost, out of memory, launch failure) the frame is
 * not lost: the scene logs one warning (once per backend), frees its device memory and from then on delegates to
 * the fallback — a trace scene of the highest-ranked other registered {@link RaytraceBackend} (normally the CPU
 * backend {@code cpu-bvh}), created on the spot and brought to the last update's time — or, when none is
 * registered, the in-bundle Java traversal of the same flat arrays ({@link FlatTracer}). The failing query is
 * answered by the fallback, so the caller sees no error. A scene never returns to the GPU.
 *
 * <p><b>The lidar's stages.</b> Where every material and medium has a kernel form, {@link #shade} runs the
 * lidar's trace stage on the device ({@code lidarTrace}) and copies the candidates back, or keeps them there for
 * {@link #finish} ({@code lidarFinish}: divergence, selection, detection), which copies back only the returns; after a
 * failure both return false and the lidar runs the stages in Java.
 */
final class CudaTraceScene implements ShadingTraceScene {
    private final FlatScene flat = new FlatScene();
    private final int threads;
    private final Supplier<RaytraceBackend> fallbackBackend;
    private final CudaBvhBackend owner;
    private GpuKernels gpu;
    private SceneView view;
    private double lastT;
    private boolean posed;
    private int uploadedPool = -1;
    /** After a CUDA failure: the other backend's scene, or null for the in-bundle traversal. */
    private TraceScene fallback;
    private FlatTracer flatTracer;
    private boolean failed, closed;
    /** The view, its revision and the shading whose inputs are on the device. */
    private SceneView shadedView;
    private long shadedRevision;
    private Shading shaded;
    /** Whether the last shade kept its candidates on the device (for finish). */
    private boolean keptFrame;

    CudaTraceScene(CudaBvhBackend owner, GpuKernels gpu, SceneView scene, int threads,
            Supplier<RaytraceBackend> fallbackBackend) {
        Args.notNull("scene", scene);
        this.threads = Args.inRange("threads", threads, 1, 1024);
        this.owner = owner;
        this.gpu = gpu;
        this.fallbackBackend = fallbackBackend;
        this.view = scene;
        flat.scan(scene);
    }

    @Override
    public synchronized void update(SceneView scene, double t) {
        Args.notNull("scene", scene);
        Args.finite("t", t);
        checkOpen();
        if (failed && fallback != null) {
            fallback.update(scene, t);
            view = scene;
            lastT = t;
            posed = true;
            return;
        }
        if (!flat.scanned || scene.revision() != flat.revision || scene.objects().size() != view.objects().size()) {
            flat.scan(scene);
        }
        flat.pose(scene, t);
        view = scene;
        lastT = t;
        posed = true;
        if (failed) {
            return;
        }
        try {
            if (!flat.fitsKernelStack()) {
                throw new IllegalStateException("a BVH is deeper (" + Math.max(flat.meshDepth, flat.tlasDepth)
                        + ") than the kernel's traversal stack (" + FlatScene.STACK + ")");
            }
            if (uploadedPool != flat.meshPoolVersion) {
                gpu.uploadMeshes(flat);
                uploadedPool = flat.meshPoolVersion;
            }
            gpu.uploadInstances(flat);
        } catch (RuntimeException e) {
            failOver(e);
        }
    }

    @Override
    public synchronized void closestHit(double[] origins, double[] directions, int count, double maxDistance,
            HitBuffer out) {
        TraceScene.checkClosestHit(origins, directions, count, maxDistance, out);
        checkOpen();
        if (!posed) {
            throw new IllegalStateException("call update(scene, t) before closestHit: no object poses yet");
        }
        if (!failed) {
            try {
                gpu.closestHit(origins, directions, count, maxDistance, out);
                return;
            } catch (RuntimeException e) {
                failOver(e);
            }
        }
        if (fallback != null) {
            fallback.closestHit(origins, directions, count, maxDistance, out);
        } else {
            flatTracer.closestHit(origins, directions, count, maxDistance, out);
        }
    }

    @Override
    public synchronized Optional<String> unsupported(SceneView scene) {
        if (failed) {
            return Optional.of("a CUDA call failed earlier: the scene left the GPU");
        }
        return gpu instanceof LidarKernels ? ShadingInputs.unsupported(scene)
                : Optional.of("this device does not run the lidar's kernels");
    }

    @Override
    public synchronized boolean shade(SceneView scene, Shading shading, double[] origins, double[] directions,
            int[] rayKey, int first, int count, Candidates out) {
        checkOpen();
        if (!posed) {
            throw new IllegalStateException("call update(scene, t) before shade: no object poses yet");
        }
        if (failed || !(gpu instanceof LidarKernels k)) {
            return false; // the caller runs the stage in Java (unsupported says why)
        }
        try {
            if (scene != shadedView || scene.revision() != shadedRevision || !sameInputs(shading, shaded)) {
                k.uploadInputs(ShadingInputs.of(scene, shading));
                shadedView = scene;
                shadedRevision = scene.revision();
                shaded = shading;
            }
            k.trace(origins, directions, rayKey, first, count);
            keptFrame = out == null;
            if (out != null) {
                k.candidates(first, count, out.opl(), out.intensity(), out.entity(), out.mirror(), out.power(),
                        out.background(), out.normal());
            }
            return true;
        } catch (RuntimeException e) {
            failOver(e);
            return false;
        }
    }

    @Override
    public synchronized boolean finish(Finish finish, Returns out) {
        checkOpen();
        if (failed || !keptFrame || !(gpu instanceof LidarKernels k)) {
            return false;
        }
        try {
            k.finish(finish, out);
            return true;
        } catch (RuntimeException e) {
            failOver(e);
            return false;
        } finally {
            keptFrame = false;
        }
    }

    /**
     * Whether two shadings give the kernel the same inputs: the record compares its suns by identity, and the lidar
     * makes a new array for every slice, so they are compared by value here (one upload a frame, not a slice).
     */
    private static boolean sameInputs(Shading a, Shading b) {
        return b != null && a.nodes() == b.nodes() && a.rangeMax() == b.rangeMax() && a.tanDivergence() == b.tanDivergence()
                && a.emitterRadius() == b.emitterRadius() && a.detectorRadius() == b.detectorRadius()
                && a.detectorOffset() == b.detectorOffset() && a.randomKey() == b.randomKey() && a.step() == b.step()
                && a.normals() == b.normals() && a.background() == b.background()
                && java.util.Arrays.equals(a.suns(), b.suns()) && a.skyKlx() == b.skyKlx();
    }

    /** True once this scene has left the GPU. */
    synchronized boolean failedOver() {
        return failed;
    }

    /** The device state (tests: leak checks). */
    synchronized GpuKernels kernels() {
        return gpu;
    }

    private void failOver(RuntimeException cause) {
        failed = true;
        try {
            gpu.close();
        } catch (RuntimeException ignored) {
            // the device may be gone; nothing more to free
        }
        RaytraceBackend other = fallbackBackend == null ? null : fallbackBackend.get();
        String target;
        if (other != null) {
            fallback = other.createScene(view, threads);
            if (posed) {
                fallback.update(view, lastT);
            }
            target = "backend " + other.id();
        } else {
            flatTracer = new FlatTracer(flat);
            target = "the in-bundle Java traversal (no other raytrace backend registered)";
        }
        owner.warnOnce("sensor.lidar.gpu: a CUDA call failed (" + cause.getMessage() + "); the scene continues on "
                + target, cause);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the trace scene is closed");
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            gpu.close();
        } finally {
            if (fallback != null) {
                fallback.close();
            }
            owner.closed(this);
        }
    }
}
