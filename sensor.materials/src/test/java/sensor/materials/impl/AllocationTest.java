package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import sensor.api.material.SurfaceMaterial;

/** The evaluation paths of [L-4], [L-12], [L-BRDF] and [L-14] allocate nothing. */
class AllocationTest {

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void allocationL12_brdfEvaluationAllocatesNothing() {
        Assumptions.assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        double[] grid = new double[5 * 6 * 5 * 6];
        java.util.Arrays.fill(grid, 0.2);
        SurfaceMaterial[] ms = {new sensor.api.material.Lambertian(0.8), new GgxOrenNayarBrdf(1.4517, 0, 0.3, 0.3, 0.8),
            new GgxOrenNayarBrdf(0.037, 5.57, 0.001, 0, 0.02), new ExplicitBrdf(5, 6, 5, 6, grid)};
        Atmosphere atm = new Atmosphere(1.000273, 0.000402272, 1.58899e-5, 9.5, 0.52);
        double sink = run(ms, atm, 20_000); // warm-up (class loading, JIT)
        long before = allocated();
        sink += run(ms, atm, 200_000);
        long bytes = allocated() - before;
        assertTrue(bytes < 1024, "evaluation allocated " + bytes + " bytes (sink " + sink + ")");
    }

    private static double run(SurfaceMaterial[] ms, Atmosphere atm, int n) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            double a = i * 0.001, b = i * 0.0007;
            double lx = 0.3 * Math.cos(a), ly = 0.3 * Math.sin(a), lz = Math.sqrt(1 - 0.09);
            double vx = 0.5 * Math.cos(b), vy = 0.5 * Math.sin(b), vz = Math.sqrt(1 - 0.25);
            for (SurfaceMaterial m : ms) {
                s += m.brdf(lx, ly, lz, vx, vy, vz);
            }
            if ((i & 15) == 0) {
                s += atm.returnProbability(1, 2 + (i & 255) * 0.01) + atm.sampleReturn(1, 8, (i & 1023) / 1024.0);
            }
        }
        return s;
    }
}
