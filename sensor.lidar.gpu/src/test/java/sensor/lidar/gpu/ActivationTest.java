package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

import sensor.api.scene.SceneView;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;

/** The activation logic of the component, with an injected CUDA probe (no CUDA needed). */
class ActivationTest {
    /** registerService calls seen by the fake bundle context: {interface, service, properties}. */
    final List<Object[]> registered = new ArrayList<>();

    BundleContext context() {
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BundleContext.class},
                (p, m, args) -> {
                    if (m.getName().equals("registerService")) {
                        registered.add(args);
                        return Proxy.newProxyInstance(getClass().getClassLoader(),
                                new Class<?>[] {ServiceRegistration.class}, (q, n, a) -> null);
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }

    @ParameterizedTest
    @EnumSource(CudaProbe.Reason.class)
    void unavailableCudaRegistersNothingAndLogsOneLine(CudaProbe.Reason reason) {
        RecordingLogger log = new RecordingLogger();
        CudaBackendComponent c = new CudaBackendComponent(() -> {
            throw new CudaProbe.Unavailable(reason, "probe says so", null);
        }, log);
        c.activate(context());
        assertTrue(registered.isEmpty());
        assertFalse(c.registered());
        assertEquals(1, log.lines.size(), log.lines.toString());
        String expected = switch (reason) {
            case NO_DRIVER -> "no driver";
            case NO_DEVICE -> "no device";
            case PTX_FAILED -> "PTX failed";
        };
        assertTrue(log.lines.get(0).contains("not registered: " + expected), log.lines.get(0));
        c.deactivate();
        assertEquals(1, log.lines.size());
    }

    @Test
    void aProbeThatCannotLinkCountsAsNoDriver() {
        RecordingLogger log = new RecordingLogger();
        CudaBackendComponent c = new CudaBackendComponent(() -> {
            throw new UnsatisfiedLinkError("Error while loading native library\nlibcuda.so.1: cannot open shared object");
        }, log);
        c.activate(context());
        assertTrue(registered.isEmpty());
        assertEquals(1, log.lines.size());
        assertTrue(log.lines.get(0).contains("no driver"));
        assertFalse(log.lines.get(0).contains("\n"), "one line");
    }

    /** The real probe, on a machine without CUDA: nothing registered, one line (which says why). */
    @Test
    void realProbeWithoutCuda() {
        Assumptions.assumeFalse(Gpu.available() || Gpu.KERNELS_BROKEN, "this machine has a CUDA device");
        RecordingLogger log = new RecordingLogger();
        CudaBackendComponent c = new CudaBackendComponent(new JCudaProbe(), log);
        c.activate(context());
        assertTrue(registered.isEmpty());
        assertEquals(1, log.lines.size(), log.lines.toString());
        assertTrue(log.lines.get(0).matches("DEBUG sensor\\.lidar\\.gpu: CUDA raytrace backend cuda-bvh not registered: "
                + "(no driver|no device|PTX failed) \\(.*"), log.lines.get(0));
        assertFalse(log.lines.get(0).contains("\n"), "one line");
        System.out.println("logged: " + log.lines.get(0));
    }

    @Test
    void workingCudaRegistersRankedBackend() {
        RecordingLogger log = new RecordingLogger();
        boolean[] closed = {false};
        GpuDevice fake = new GpuDevice() {
            @Override
            public String description() { return "fake GPU"; }

            @Override
            public GpuKernels newKernels() { throw new UnsupportedOperationException(); }

            @Override
            public void close() { closed[0] = true; }
        };
        CudaBackendComponent c = new CudaBackendComponent(() -> fake, log);
        c.activate(context());
        assertEquals(1, registered.size());
        assertEquals(RaytraceBackend.class, registered.get(0)[0]);
        assertEquals("cuda-bvh", ((RaytraceBackend) registered.get(0)[1]).id());
        Dictionary<?, ?> props = (Dictionary<?, ?>) registered.get(0)[2];
        assertEquals(100, props.get("service.ranking"));
        assertEquals(1, log.lines.size());
        c.deactivate();
        assertTrue(closed[0]);
    }

    @Test
    void fallbackIsTheHighestRankedOtherBackend() {
        CudaBackendComponent c = new CudaBackendComponent(() -> null, new RecordingLogger());
        RaytraceBackend low = backend("low"), high = backend("high");
        c.addBackend(low, Map.of("service.ranking", -5));
        c.addBackend(high, Map.of("service.ranking", 0));
        assertEquals(high, c.fallback());
        c.removeBackend(high);
        assertEquals(low, c.fallback());
        c.removeBackend(low);
        assertEquals(null, c.fallback());
    }

    static RaytraceBackend backend(String id) {
        return new RaytraceBackend() {
            @Override
            public String id() { return id; }

            @Override
            public TraceScene createScene(SceneView scene, int threads) {
                return new TraceScene() {
                    @Override
                    public void update(SceneView s, double t) {}

                    @Override
                    public void closestHit(double[] o, double[] d, int count, double max, HitBuffer out) {}

                    @Override
                    public void close() {}
                };
            }
        };
    }
}
