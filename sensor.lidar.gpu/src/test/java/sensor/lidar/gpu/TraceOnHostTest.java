package sensor.lidar.gpu;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;
import sensor.raytrace.CpuBvhBackend;

/**
 * The kernel's closest-hit traversal ({@code trace.cuh}) compiled for the host: bit for bit the CPU backend's hits on
 * every shape kind, rotated, translated and moved, as the kernel gives them on a GPU ({@code GpuTest}).
 */
class TraceOnHostTest {
    static final int N = 20_000;

    /** The host program's hits of {@code n} rays in {@code f}, in a hit buffer. */
    static HitBuffer closestHit(FlatScene f, double[] o, double[] d, int n, double max) {
        double[] scene = HostScene.encode(f);
        double[] args = java.util.Arrays.copyOf(scene, scene.length + 1 + 6 * n);
        args[scene.length] = max;
        for (int i = 0; i < n; i++) {
            System.arraycopy(o, 3 * i, args, scene.length + 1 + 6 * i, 3);
            System.arraycopy(d, 3 * i, args, scene.length + 4 + 6 * i, 3);
        }
        double[] r = HostProgram.run("closest_hit", List.<double[]>of(args))[0];
        HitBuffer hits = new HitBuffer(n);
        for (int i = 0; i < n; i++) {
            hits.distance[i] = r[5 * i];
            hits.objectIndex[i] = (int) r[5 * i + 1];
            System.arraycopy(r, 5 * i + 2, hits.normal, 3 * i, 3);
        }
        return hits;
    }

    @Test
    void mixedSceneIsTheCpuBackendsToTheBit() {
        TestScene s = TestScene.mixed(7);
        double[] o = new double[3 * N], d = new double[3 * N];
        TestScene.rays(12, N, o, d);
        HitBuffer cpu = new HitBuffer(N);
        try (TraceScene ref = new CpuBvhBackend().createScene(s, 1)) {
            for (double t : new double[] {0, 1}) {
                if (t == 1) {
                    s.move(1, TestScene.pose(new Random(99), 10));
                    s.move(5, TestScene.pose(new Random(98), 10));
                }
                ref.update(s, t);
                ref.closestHit(o, d, N, 40, cpu);
                FlatSceneTest.assertSame(cpu, closestHit(FlatSceneTest.flat(s, t), o, d, N, 40), N);
            }
        }
    }
}
