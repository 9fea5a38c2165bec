package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.raytrace.ShadingTraceScene.Candidates;
import sensor.api.raytrace.ShadingTraceScene.Shading;
import sensor.api.raytrace.TraceScene;
import sensor.materials.impl.Atmosphere;
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

    static CudaBvhBackend backend(GpuKernels k, RaytraceBackend fallback, RecordingLogger log) {
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

    // ---- the lidar's trace stage (ShadingTraceScene)

    /**
     * Device state that runs the lidar's kernels and records its calls; the call named {@code failOn} ("uploadInputs",
     * "trace", "candidates" or "finish") throws as a failing CUDA call does.
     */
    static final class RecordingLidarKernels implements LidarKernels {
        final List<String> calls = new ArrayList<>();
        final List<Inputs> uploaded = new ArrayList<>();
        final String failOn;
        Object[] candidateArrays;
        ShadingTraceScene.Finish finished;
        boolean closed;

        RecordingLidarKernels(String failOn) { this.failOn = failOn; }

        private void call(String what) {
            calls.add(what);
            if (what.startsWith(failOn)) {
                throw new IllegalStateException("cuLaunchKernel(lidarTrace) failed: CUDA_ERROR_LAUNCH_FAILED");
            }
        }

        @Override
        public void uploadMeshes(FlatScene s) { call("uploadMeshes"); }

        @Override
        public void uploadInstances(FlatScene s) { call("uploadInstances"); }

        @Override
        public void closestHit(double[] o, double[] d, int count, double max, HitBuffer out) {
            call("closestHit");
            throw new UnsupportedOperationException("not traced by this fake");
        }

        @Override
        public void uploadInputs(Inputs inputs) {
            uploaded.add(inputs);
            call("uploadInputs");
        }

        @Override
        public void trace(double[] origins, double[] directions, int[] rayKey, int first, int count) {
            call("trace " + first + " " + count);
        }

        @Override
        public void candidates(int first, int count, double[] opl, double[] intensity, int[] entity, double[] mirror,
                double[] power, double[] background, float[] normal) {
            candidateArrays = new Object[] {opl, intensity, entity, mirror, power, background, normal};
            call("candidates " + first + " " + count);
        }

        @Override
        public void finish(ShadingTraceScene.Finish finish, ShadingTraceScene.Returns out) {
            finished = finish;
            call("finish " + finish.beams());
        }

        @Override
        public long deviceBytes() { return 0; }

        @Override
        public int allocations() { return 0; }

        @Override
        public void close() { closed = true; }
    }

    static Shading shading(long step) {
        return new Shading(7, 120, 0.0015, 0.004, 0.012, 0.03, 99, step, false, true, new double[] {0, 0, 1, 90}, 12);
    }

    static Candidates candidates(int slots) {
        return new Candidates(new double[slots], new double[slots], new int[slots], new double[slots],
                new double[slots], new double[slots], new float[3 * slots]);
    }

    static PipelineOnHostTest.View view() {
        return PipelineOnHostTest.scene(7, new Atmosphere(1.000273, 0.004, 0.15, 1.5, 12));
    }

    @Test
    void aDeviceWithoutTheLidarsKernelsSaysSo() {
        CudaBvhBackend b = backend(new FailingKernels(Integer.MAX_VALUE), null, new RecordingLogger());
        PipelineOnHostTest.View v = view();
        try (ShadingTraceScene scene = (ShadingTraceScene) b.createScene(v, 1)) {
            assertEquals(Optional.of("this device does not run the lidar's kernels"), scene.unsupported(v));
            scene.update(v, 0);
            assertEquals(Optional.of("this device does not run the lidar's kernels"), scene.unsupported(v));
        }
    }

    @Test
    void aDeviceWithTheLidarsKernelsAsksTheScenesKernelForms() {
        CudaBvhBackend b = backend(new RecordingLidarKernels("none"), null, new RecordingLogger());
        PipelineOnHostTest.View v = view();
        try (ShadingTraceScene scene = (ShadingTraceScene) b.createScene(v, 1)) {
            assertEquals(Optional.empty(), scene.unsupported(v));
            PipelineOnHostTest.View third = view();
            third.materials.set(4, (lx, ly, lz, vx, vy, vz) -> 0.2);
            assertEquals(ShadingInputs.unsupported(third), scene.unsupported(third));
            assertTrue(scene.unsupported(third).orElseThrow().contains("object 'o4'"));
        }
    }

    @Test
    void shadeUploadsTheInputsOnlyWhenTheViewItsRevisionOrTheShadingChange() {
        RecordingLidarKernels k = new RecordingLidarKernels("none");
        CudaBvhBackend b = backend(k, null, new RecordingLogger());
        PipelineOnHostTest.View v = view();
        int rays = 40, nodes = 7;
        double[] o = new double[3 * rays], d = new double[3 * rays];
        TestScene.rays(3, rays, o, d);
        int[] key = new int[rays];
        Candidates out = candidates(rays * nodes * 2);
        try (ShadingTraceScene scene = (ShadingTraceScene) b.createScene(v, 1)) {
            scene.update(v, 0);
            k.calls.clear();
            Shading s = shading(1);
            assertTrue(scene.shade(v, s, o, d, key, 10, 20, out));
            assertEquals(List.of("uploadInputs", "trace 10 20", "candidates 10 20"), k.calls);
            Object[] filled = {out.opl(), out.intensity(), out.entity(), out.mirror(), out.power(), out.background(),
                out.normal()};
            for (int i = 0; i < filled.length; i++) {
                assertSame(filled[i], k.candidateArrays[i], "the caller's arrays are filled: " + i);
            }
            assertEquals(1, k.uploaded.size());
            LidarKernels.Inputs want = ShadingInputs.of(v, s), got = k.uploaded.get(0);
            assertArrayEquals(want.materialSpec(), got.materialSpec());
            assertArrayEquals(want.media(), got.media());
            assertArrayEquals(want.objectMaterial(), got.objectMaterial());
            assertEquals(s.step(), got.step());

            k.calls.clear();
            assertTrue(scene.shade(v, s, o, d, key, 30, 10, out)); // same view, revision and shading
            assertEquals(List.of("trace 30 10", "candidates 30 10"), k.calls);
            assertTrue(scene.shade(v, new Shading(s.nodes(), s.rangeMax(), s.tanDivergence(), s.emitterRadius(),
                    s.detectorRadius(), s.detectorOffset(), s.randomKey(), s.step(), s.normals(), s.background(),
                    s.suns(), s.skyKlx()), o, d, key, 0, 5, out)); // an equal record
            assertEquals(1, k.uploaded.size());

            k.calls.clear();
            Shading next = shading(2); // the next step
            assertTrue(scene.shade(v, next, o, d, key, 0, 40, out));
            assertEquals(List.of("uploadInputs", "trace 0 40", "candidates 0 40"), k.calls);
            assertEquals(2, k.uploaded.size());
            assertEquals(2, k.uploaded.get(1).step());
            assertTrue(scene.shade(v, next, o, d, key, 0, 40, out));
            assertEquals(2, k.uploaded.size());

            v.shapes.revision++; // materials changed
            assertTrue(scene.shade(v, next, o, d, key, 0, 40, out));
            assertEquals(3, k.uploaded.size());
            assertTrue(scene.shade(v, next, o, d, key, 0, 40, out));
            assertEquals(3, k.uploaded.size());

            PipelineOnHostTest.View copy = view(); // another view, even of the same revision
            copy.shapes.revision = v.shapes.revision;
            assertTrue(scene.shade(copy, next, o, d, key, 0, 40, out));
            assertEquals(4, k.uploaded.size());
            assertFalse(((CudaTraceScene) scene).failedOver());
        }
    }

    @Test
    void aFrameKeptOnTheDeviceIsFinishedThereOnceLP() {
        RecordingLidarKernels k = new RecordingLidarKernels("none");
        CudaBvhBackend b = backend(k, null, new RecordingLogger());
        PipelineOnHostTest.View v = view();
        int rays = 40;
        double[] o = new double[3 * rays], d = new double[3 * rays];
        TestScene.rays(3, rays, o, d);
        int[] key = new int[rays];
        ShadingTraceScene.Finish f = new ShadingTraceScene.Finish(rays, 1, ShadingTraceScene.Finish.DUAL, 0.3, 100,
                0, 0.1, null, false);
        ShadingTraceScene.Returns out = new ShadingTraceScene.Returns(new int[rays], new double[2 * rays],
                new double[2 * rays], new int[2 * rays], new int[2 * rays], null);
        try (ShadingTraceScene scene = (ShadingTraceScene) b.createScene(v, 1)) {
            scene.update(v, 0);
            assertFalse(scene.finish(f, out), "no frame kept on the device yet");
            k.calls.clear();
            assertTrue(scene.shade(v, shading(1), o, d, key, 0, 25, null));
            assertTrue(scene.shade(v, shading(1), o, d, key, 25, 15, null));
            assertTrue(scene.finish(f, out));
            assertEquals(List.of("uploadInputs", "trace 0 25", "trace 25 15", "finish 40"), k.calls,
                    "the candidates never come back");
            assertSame(f, k.finished);
            assertFalse(scene.finish(f, out), "a frame is finished once");
            assertTrue(scene.shade(v, shading(1), o, d, key, 0, 40, candidates(40 * 14)));
            assertFalse(scene.finish(f, out), "the last frame's candidates came back");
        }
    }

    @Test
    void aFinishFailureFailsOverAndLeavesTheFrameToJavaLP() {
        RecordingLidarKernels k = new RecordingLidarKernels("finish");
        RecordingLogger log = new RecordingLogger();
        CudaBvhBackend b = backend(k, new CpuBvhBackend(), log);
        PipelineOnHostTest.View v = view();
        double[] o = new double[3], d = {0, 0, 1};
        ShadingTraceScene.Finish f = new ShadingTraceScene.Finish(1, 1, ShadingTraceScene.Finish.STRONGEST, 0.3, 100,
                0, 0, null, false);
        try (ShadingTraceScene scene = (ShadingTraceScene) b.createScene(v, 1)) {
            scene.update(v, 0);
            assertTrue(scene.shade(v, shading(0), o, d, new int[1], 0, 1, null));
            assertFalse(scene.finish(f, new ShadingTraceScene.Returns(new int[1], new double[1], new double[1],
                    new int[1], new int[1], null)));
            assertTrue(((CudaTraceScene) scene).failedOver());
            assertTrue(k.closed, "device memory freed on failure");
            assertEquals(1, log.lines.size(), log.lines.toString());
            assertFalse(scene.shade(v, shading(1), o, d, new int[1], 0, 1, null), "the scene left the GPU");
        }
    }

    @Test
    void shadeBeforeUpdateOrAfterCloseIsRefused() {
        RecordingLidarKernels k = new RecordingLidarKernels("none");
        CudaBvhBackend b = backend(k, null, new RecordingLogger());
        PipelineOnHostTest.View v = view();
        double[] o = new double[3], d = {0, 0, 1};
        ShadingTraceScene scene = (ShadingTraceScene) b.createScene(v, 1);
        var e = assertThrows(IllegalStateException.class,
                () -> scene.shade(v, shading(0), o, d, new int[1], 0, 1, candidates(14)));
        assertTrue(e.getMessage().contains("update"), e.getMessage());
        assertTrue(k.calls.isEmpty(), k.calls.toString());
        scene.update(v, 0);
        scene.close();
        assertThrows(IllegalStateException.class,
                () -> scene.shade(v, shading(0), o, d, new int[1], 0, 1, candidates(14)));
        assertThrows(IllegalStateException.class, () -> scene.finish(new ShadingTraceScene.Finish(1, 1, 0, 0, 1, 0, 0,
                null, false), new ShadingTraceScene.Returns(new int[1], new double[1], new double[1], new int[1],
                        new int[1], null)));
    }

    void checkShadeFailure(String failOn, RaytraceBackend fallback) {
        PipelineOnHostTest.View v = view();
        double[] o = new double[3 * N], d = new double[3 * N];
        TestScene.rays(5, N, o, d);
        HitBuffer expected = new HitBuffer(N), got = new HitBuffer(N);
        try (TraceScene ref = new CpuBvhBackend().createScene(v, 1)) {
            ref.update(v, 0);
            ref.closestHit(o, d, N, 30, expected);
        }
        RecordingLidarKernels k = new RecordingLidarKernels(failOn);
        RecordingLogger log = new RecordingLogger();
        CudaBvhBackend b = backend(k, fallback, log);
        int[] key = new int[N];
        try (ShadingTraceScene scene = (ShadingTraceScene) b.createScene(v, 1)) {
            scene.update(v, 0);
            assertEquals(Optional.empty(), scene.unsupported(v));
            assertFalse(scene.shade(v, shading(0), o, d, key, 0, 100, candidates(100 * 14)), failOn);
            assertTrue(((CudaTraceScene) scene).failedOver());
            assertTrue(k.closed, "device memory freed on failure");
            assertEquals(1, log.lines.size(), log.lines.toString());
            assertTrue(log.lines.get(0).startsWith("WARNING sensor.lidar.gpu: a CUDA call failed (cuLaunchKernel"),
                    log.lines.get(0));
            assertEquals(Optional.of("a CUDA call failed earlier: the scene left the GPU"), scene.unsupported(v));

            int before = k.calls.size();
            assertFalse(scene.shade(v, shading(1), o, d, key, 0, 100, candidates(100 * 14)));
            assertEquals(before, k.calls.size(), "the device is not called again");

            scene.closestHit(o, d, N, 30, got); // answered by the fallback
            FlatSceneTest.assertSame(expected, got, N);
            scene.update(v, 0);
            scene.closestHit(o, d, N, 30, got);
            FlatSceneTest.assertSame(expected, got, N);
            assertEquals(before, k.calls.size(), "the device is not called again");
        }
        assertEquals(1, log.lines.size(), log.lines.toString());
    }

    @Test
    void aTraceFailureFailsOverToTheOtherBackend() {
        checkShadeFailure("trace", new CpuBvhBackend());
    }

    @Test
    void aTraceFailureWithoutOtherBackendFailsOverToTheInBundleTraversal() {
        checkShadeFailure("trace", null);
    }

    @Test
    void anInputsOrCandidatesFailureFailsOverToo() {
        checkShadeFailure("uploadInputs", new CpuBvhBackend());
        checkShadeFailure("candidates", null);
    }

    // ---- the scene's life cycle around a failure

    /** A raytrace backend that hands out the CPU backend's scenes and records which of them were closed. */
    static final class RecordingBackend implements RaytraceBackend {
        final List<Boolean> closed = new ArrayList<>();
        private final CpuBvhBackend cpu = new CpuBvhBackend();

        @Override
        public String id() { return cpu.id(); }

        @Override
        public TraceScene createScene(sensor.api.scene.SceneView scene, int threads) {
            TraceScene inner = cpu.createScene(scene, threads);
            int i = closed.size();
            closed.add(false);
            return new TraceScene() {
                @Override
                public void update(sensor.api.scene.SceneView v, double t) { inner.update(v, t); }

                @Override
                public void closestHit(double[] o, double[] d, int count, double max, HitBuffer out) {
                    inner.closestHit(o, d, count, max, out);
                }

                @Override
                public void close() {
                    closed.set(i, true);
                    inner.close();
                }
            };
        }
    }

    /** The CPU backend's hits of {@code view} as it stands. */
    static HitBuffer reference(sensor.api.scene.SceneView view, double[] o, double[] d) {
        HitBuffer h = new HitBuffer(N);
        try (TraceScene ref = new CpuBvhBackend().createScene(view, 1)) {
            ref.update(view, 0);
            ref.closestHit(o, d, N, 30, h);
        }
        return h;
    }

    @Test
    void anUpdateFailureFailsOverAtOnceAndNamesTheTarget() {
        RecordingLogger log = new RecordingLogger();
        TestScene s = TestScene.mixed(4);
        try (TraceScene scene = backend(new FailingKernels(1), new CpuBvhBackend(), log).createScene(s, 1)) {
            scene.update(s, 0);
            assertTrue(((CudaTraceScene) scene).failedOver(), "failed over in update, before any query");
        }
        assertTrue(log.lines.get(0).endsWith("the scene continues on backend cpu-bvh"), log.lines.get(0));
        log = new RecordingLogger();
        try (TraceScene scene = backend(new FailingKernels(1), null, log).createScene(s, 1)) {
            scene.update(s, 0);
            assertTrue(((CudaTraceScene) scene).failedOver());
        }
        assertTrue(log.lines.get(0).endsWith("the in-bundle Java traversal (no other raytrace backend registered)"),
                log.lines.get(0));
    }

    @Test
    void theFallbackSceneFollowsLaterUpdatesAndIsClosedWithTheScene() {
        TestScene s = TestScene.mixed(4);
        double[] o = new double[3 * N], d = new double[3 * N];
        TestScene.rays(5, N, o, d);
        RecordingBackend other = new RecordingBackend();
        FailingKernels k = new FailingKernels(1);
        HitBuffer got = new HitBuffer(N);
        TraceScene scene = backend(k, other, new RecordingLogger()).createScene(s, 1);
        scene.update(s, 0);
        assertEquals(List.of(false), other.closed);
        scene.closestHit(o, d, N, 30, got);
        FlatSceneTest.assertSame(reference(s, o, d), got, N);
        for (int i = 0; i < s.objects.size(); i++) { // every object moves: the fallback scene must be updated
            sensor.api.geom.Pose p = s.poses.get(i);
            s.move(i, new sensor.api.geom.Pose(p.position().plus(new sensor.api.geom.Vec3(0.7, -0.4, 0.3)),
                    p.rotation()));
        }
        scene.update(s, 0);
        scene.closestHit(o, d, N, 30, got);
        FlatSceneTest.assertSame(reference(s, o, d), got, N);
        scene.close();
        assertEquals(List.of(true), other.closed, "the fallback scene is closed with the scene");
        scene.close(); // idempotent
        assertEquals(1, other.closed.size());
    }

    @Test
    void theInBundleTraversalFollowsSceneChanges() {
        TestScene s = TestScene.mixed(4);
        double[] o = new double[3 * N], d = new double[3 * N];
        TestScene.rays(5, N, o, d);
        HitBuffer got = new HitBuffer(N);
        try (TraceScene scene = backend(new FailingKernels(1), null, new RecordingLogger()).createScene(s, 1)) {
            scene.update(s, 0);
            scene.closestHit(o, d, N, 30, got);
            FlatSceneTest.assertSame(reference(s, o, d), got, N);
            // a new shape for every sphere and box, at the same count: a new revision
            for (int i = 0; i < s.objects.size(); i++) {
                sensor.api.scene.Shape shape = s.objects.get(i).shape();
                if (shape instanceof sensor.api.scene.Shape.Sphere || shape instanceof sensor.api.scene.Shape.Box) {
                    s.objects.set(i, sensor.api.scene.ObjectSpec.fixed("o" + i,
                            new sensor.api.scene.Shape.Sphere(2.5), s.poses.get(i)));
                }
            }
            s.revision++;
            scene.update(s, 0);
            scene.closestHit(o, d, N, 30, got);
            FlatSceneTest.assertSame(reference(s, o, d), got, N);
            // another view of more objects that claims the same revision: rescanned all the same
            TestScene more = TestScene.mixed(4);
            more.objects.clear();
            more.poses.clear();
            more.objects.addAll(s.objects);
            more.poses.addAll(s.poses);
            more.add(new sensor.api.scene.Shape.Box(20, 20, 0.5), sensor.api.geom.Pose.IDENTITY);
            more.revision = s.revision;
            scene.update(more, 0);
            scene.closestHit(o, d, N, 30, got);
            FlatSceneTest.assertSame(reference(more, o, d), got, N);
        }
    }

    @Test
    void queriesCheckTheirArgumentsAndTheSceneBeingOpen() {
        RecordingLidarKernels k = new RecordingLidarKernels("none");
        PipelineOnHostTest.View v = view();
        TraceScene scene = backend(k, null, new RecordingLogger()).createScene(v, 1);
        assertSame(k, ((CudaTraceScene) scene).kernels());
        scene.update(v, 0);
        HitBuffer small = new HitBuffer(2);
        assertThrows(IllegalArgumentException.class, () -> scene.closestHit(new double[9], new double[9], 3, 30, small));
        assertThrows(IllegalArgumentException.class, () -> scene.update(v, Double.NaN));
        assertFalse(k.calls.contains("closestHit"), k.calls.toString());
        scene.close();
        assertTrue(k.closed, "device memory freed on close");
        assertFalse(((CudaTraceScene) scene).failedOver());
        assertThrows(IllegalStateException.class, () -> scene.update(v, 0));
        assertThrows(IllegalStateException.class,
                () -> scene.closestHit(new double[3], new double[] {0, 0, 1}, 1, 30, small));
        assertFalse(k.calls.contains("closestHit"), k.calls.toString());
    }
}
