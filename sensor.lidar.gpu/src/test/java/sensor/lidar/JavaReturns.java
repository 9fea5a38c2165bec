package sensor.lidar;

import sensor.api.ComputePool;
import sensor.api.random.CounterRandom;
import sensor.api.raytrace.TraceScene;
import sensor.api.scene.SceneView;
import sensor.lidar.api.ReturnMode;

/** The Java pipeline's package-private return selection, for the CUDA port's tests in sensor.lidar.gpu. */
public final class JavaReturns {
    private JavaReturns() {}

    /**
     * ReturnPipeline.select of every beam over the given candidates: per beam its count, then for two returns OPL,
     * intensity, entity and candidate slot (9 values; unused returns 0).
     */
    public static double[] select(int samples, int depth, ReturnMode mode, double rangeMin, double rangeMax,
            double minIntensity, double mixingRange, double[] opl, double[] intensity, int[] entity, int beams) {
        ReturnPipeline p = new ReturnPipeline(depth, samples, rangeMin, rangeMax, minIntensity, mixingRange, mode,
                new BeamDivergence(0, 0, 0, 0), null, 1);
        p.candOpl = opl;
        p.candIntensity = intensity;
        p.candEntity = entity;
        return selections(p, beams);
    }

    /** ReturnPipeline.select of beams 0 .. beams−1: per beam its count, then two returns' OPL, intensity, entity, slot. */
    private static double[] selections(ReturnPipeline p, int beams) {
        ReturnPipeline.Selection s = p.newSelection();
        double[] out = new double[9 * beams];
        for (int b = 0; b < beams; b++) {
            int n = p.select(b, s);
            out[9 * b] = n;
            for (int k = 0; k < n; k++) {
                out[9 * b + 1 + 4 * k] = s.opl[k];
                out[9 * b + 2 + 4 * k] = s.intensity[k];
                out[9 * b + 3 + 4 * k] = s.entity[k];
                out[9 * b + 4 + 4 * k] = s.slot[k];
            }
        }
        return out;
    }

    /** A frame's candidates after the trace and after the divergence stage, and its selected returns. */
    public record Frame(double[] opl, double[] intensity, int[] entity, double[] mirror, double[] power,
            double[] background, double[] diverged, double[] selection) {}

    /**
     * ReturnPipeline.trace, diverge and select over {@code rays} sub-rays ({@code samples} a beam) of one frame, with
     * the optics of BeamDivergence(halfAngle, emitterRadius, detectorRadius, detectorOffset).
     */
    public static Frame frame(SceneView view, TraceScene scene, double[] origins, double[] dirs, int[] rayKey, int rays,
            CounterRandom random, long step, int depth, int samples, ReturnMode mode, double rangeMin, double rangeMax,
            double minIntensity, double mixingRange, double[] optics, boolean background) {
        ReturnPipeline p = new ReturnPipeline(depth, samples, rangeMin, rangeMax, minIntensity, mixingRange, mode,
                new BeamDivergence(optics[0], optics[1], optics[2], optics[3]), ComputePool.serial(), 1);
        p.reset(rays, false, background);
        p.trace(scene, null, false, view, origins, dirs, 0, rays, rayKey, random, step);
        int slots = rays * p.nodes() * 2;
        double[] opl = p.candOpl.clone(), intensity = java.util.Arrays.copyOf(p.candIntensity, slots);
        p.diverge(rays);
        int beams = rays / samples;
        double[] out = selections(p, beams);
        return new Frame(java.util.Arrays.copyOf(opl, slots), intensity, java.util.Arrays.copyOf(p.candEntity, slots),
                java.util.Arrays.copyOf(p.candMirror, slots), java.util.Arrays.copyOf(p.candPower, slots),
                background ? java.util.Arrays.copyOf(p.candBackground, slots) : new double[slots],
                java.util.Arrays.copyOf(p.candIntensity, slots), out);
    }

    /**
     * ReturnPipeline.trace alone (the trace stage) over {@code rays} sub-rays on {@code threads} threads of a plain
     * fork-join pool, with the optics of {@code optics} as {@link #frame} takes them; the benchmark's Java figure.
     */
    public static void trace(SceneView view, TraceScene scene, double[] origins, double[] dirs, int[] rayKey, int rays,
            CounterRandom random, long step, int depth, double rangeMax, double[] optics, int threads) {
        java.util.concurrent.ForkJoinPool fj = java.util.concurrent.ForkJoinPool.commonPool();
        ComputePool pool = new ComputePool() {
            @Override
            public int parallelism() { return threads; }

            @Override
            public void run(int n, int maxParallel, java.util.function.IntConsumer task) {
                fj.submit(() -> java.util.stream.IntStream.range(0, n).parallel().forEach(task)).join();
            }
        };
        ReturnPipeline p = new ReturnPipeline(depth, 1, 0, rangeMax, 0, 0, ReturnMode.STRONGEST,
                new BeamDivergence(optics[0], optics[1], optics[2], optics[3]), threads == 1 ? ComputePool.serial() : pool,
                threads);
        p.reset(rays, false, false);
        p.trace(scene, null, false, view, origins, dirs, 0, rays, rayKey, random, step);
    }
}
