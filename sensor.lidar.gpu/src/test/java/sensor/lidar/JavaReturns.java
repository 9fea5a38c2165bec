package sensor.lidar;

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
}
