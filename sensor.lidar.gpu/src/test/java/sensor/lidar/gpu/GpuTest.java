package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.random.CounterRandom;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;
import sensor.raytrace.CpuBvhBackend;

/** On a real GPU (skipped without one): CPU/GPU equivalence, no leak over 1,000 updates, Philox on the device. */
class GpuTest {
    @BeforeEach
    void needsCuda() {
        Gpu.require();
    }

    CudaBvhBackend backend(RecordingLogger log) {
        GpuDevice shared = new GpuDevice() { // the JVM-wide device; closing a backend must not release it
            @Override
            public String description() { return Gpu.DEVICE.description(); }

            @Override
            public GpuKernels newKernels() { return Gpu.DEVICE.newKernels(); }

            @Override
            public void close() {}
        };
        return new CudaBvhBackend(shared, CpuBvhBackend::new, log);
    }

    @Test
    void gpuHitsEqualCpuHitsBitForBit() {
        int n = 100_000;
        TestScene s = TestScene.mixed(21);
        double[] o = new double[3 * n], d = new double[3 * n];
        TestScene.rays(22, n, o, d);
        HitBuffer cpu = new HitBuffer(n), gpu = new HitBuffer(n);
        RecordingLogger log = new RecordingLogger();
        try (TraceScene ref = new CpuBvhBackend().createScene(s, 2);
                TraceScene g = backend(log).createScene(s, 1)) {
            for (int step = 0; step < 3; step++) {
                if (step > 0) {
                    s.move(1, TestScene.pose(new Random(step), 10));
                    s.move(4, TestScene.pose(new Random(step + 50), 10));
                }
                ref.update(s, step);
                g.update(s, step);
                ref.closestHit(o, d, n, 40, cpu);
                g.closestHit(o, d, n, 40, gpu);
                FlatSceneTest.assertSame(cpu, gpu, n);
            }
            assertFalse(((CudaTraceScene) g).failedOver(), log.lines.toString());
        }
    }

    @Test
    void thousandUpdatesLeakNothing() {
        int n = 4096;
        TestScene s = TestScene.mixed(23);
        double[] o = new double[3 * n], d = new double[3 * n];
        TestScene.rays(24, n, o, d);
        HitBuffer out = new HitBuffer(n);
        long[] free = new long[1], total = new long[1];
        Gpu.DEVICE.makeCurrent();
        jcuda.driver.JCudaDriver.cuMemGetInfo(free, total);
        long before = free[0];
        try (TraceScene g = backend(new RecordingLogger()).createScene(s, 1)) {
            g.update(s, 0);
            g.closestHit(o, d, n, 40, out);
            GpuKernels k = ((CudaTraceScene) g).kernels();
            // moved bodies change the flattened tree's size a little (the builder's leaves follow the geometry), so
            // the buffers may grow during the first passes; the third repeats the second from the same state: sizes
            // seen before
            Random rnd = new Random(25);
            Pose[] poses = new Pose[500];
            for (int i = 0; i < poses.length; i++) {
                poses[i] = Pose.translation(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble());
            }
            int allocations = 0;
            long bytes = 0;
            for (int pass = 0; pass < 3; pass++) {
                for (int i = 0; i < poses.length; i++) {
                    s.move(1 + i % 5, poses[i]);
                    g.update(s, 1 + pass * poses.length + i);
                    g.closestHit(o, d, n, 40, out);
                }
                if (pass == 1) {
                    allocations = k.allocations();
                    bytes = k.deviceBytes();
                }
            }
            assertEquals(allocations, k.allocations(), "no new device allocation when sizes do not grow");
            assertEquals(bytes, k.deviceBytes());
            assertFalse(((CudaTraceScene) g).failedOver());
        }
        Gpu.DEVICE.makeCurrent();
        jcuda.driver.JCudaDriver.cuMemGetInfo(free, total);
        assertTrue(free[0] >= before - (1 << 20), "device memory back after close: " + before + " -> " + free[0]);
    }

    @Test
    void philoxOnTheDeviceEqualsCounterRandom() {
        int n = 100_000;
        CounterRandom g = CounterRandom.of(42, "lidar-0");
        long step = 123;
        int[] k = Philox.keyWords(g.key(), step);
        int[] words = new int[4 * n];
        double[] u = new double[n];
        Gpu.DEVICE.philox(k[0], k[1], 1L << 33, n, (int) step, 3, words, u);
        int[] w = new int[4];
        for (int i = 0; i < n; i++) {
            long index = (1L << 33) + i;
            g.block((int) index, (int) (index >>> 32), (int) step, 3, w);
            for (int j = 0; j < 4; j++) {
                assertEquals(w[j], words[4 * i + j]);
            }
            assertEquals(g.uniform(step, index, 3), u[i]);
        }
    }
}
