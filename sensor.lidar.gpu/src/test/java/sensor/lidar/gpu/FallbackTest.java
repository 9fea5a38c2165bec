package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;
import sensor.raytrace.CpuBvhBackend;

/** A CUDA failure at run time loses no frame: the scene answers through the fallback and warns once. */
class FallbackTest {
    static final int N = 5000;

    /** Device state whose CUDA calls fail from call {@code failAt} on. */
    static final class FailingKernels implements GpuKernels {
        int calls, failAt;
        boolean closed;

        FailingKernels(int failAt) { this.failAt = failAt; }

        private void call() {
            if (++calls >= failAt) {
                throw new IllegalStateException("cuLaunchKernel(closestHit) failed: CUDA_ERROR_LAUNCH_FAILED");
            }
        }

        @Override
        public void uploadMeshes(FlatScene s) { call(); }

        @Override
        public void uploadInstances(FlatScene s) { call(); }

        @Override
        public void closestHit(double[] o, double[] d, int count, double max, HitBuffer out) { call(); }

        @Override
        public long deviceBytes() { return 0; }

        @Override
        public int allocations() { return 0; }

        @Override
        public void close() { closed = true; }
    }

    static CudaBvhBackend backend(FailingKernels k, RaytraceBackend fallback, RecordingLogger log) {
        GpuDevice dev = new GpuDevice() {
            @Override
            public String description() { return "failing"; }

            @Override
            public GpuKernels newKernels() { return k; }

            @Override
            public void close() {}
        };
        return new CudaBvhBackend(dev, () -> fallback, log);
    }

    void check(RaytraceBackend fallback, int failAt) {
        TestScene s = TestScene.mixed(4);
        double[] o = new double[3 * N], d = new double[3 * N];
        TestScene.rays(5, N, o, d);
        HitBuffer expected = new HitBuffer(N), got = new HitBuffer(N);
        try (TraceScene ref = new CpuBvhBackend().createScene(s, 1)) {
            ref.update(s, 0);
            ref.closestHit(o, d, N, 30, expected);
        }
        FailingKernels k = new FailingKernels(failAt);
        RecordingLogger log = new RecordingLogger();
        CudaBvhBackend b = backend(k, fallback, log);
        try (TraceScene scene = b.createScene(s, 2)) {
            scene.update(s, 0);
            scene.closestHit(o, d, N, 30, got);
            FlatSceneTest.assertSame(expected, got, N);
            scene.update(s, 0);
            scene.closestHit(o, d, N, 30, got);
            FlatSceneTest.assertSame(expected, got, N);
            assertTrue(((CudaTraceScene) scene).failedOver());
        }
        assertTrue(k.closed, "device memory freed on failure");
        assertEquals(1, log.lines.size(), log.lines.toString());
        assertTrue(log.lines.get(0).startsWith("WARNING sensor.lidar.gpu: a CUDA call failed"), log.lines.get(0));
    }

    @Test
    void describeNamesTheDevice() { // a run's summary and the bench's report say which GPU traced
        assertEquals("CUDA on failing, binary BVH, one thread per ray",
                backend(new FailingKernels(1), null, new RecordingLogger()).describe());
    }

        @Test
    void launchFailureFallsBackToTheOtherBackend() {
        check(new CpuBvhBackend(), 3); // uploads succeed, the launch fails
    }

    @Test
    void uploadFailureFallsBackToTheOtherBackend() {
        check(new CpuBvhBackend(), 1);
    }

    @Test
    void withoutOtherBackendTheInBundleTraversalAnswers() {
        check(null, 3);
        check(null, 1);
    }
}
