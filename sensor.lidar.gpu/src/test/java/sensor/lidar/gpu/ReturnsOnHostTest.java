package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import sensor.lidar.JavaReturns;
import sensor.lidar.api.ReturnMode;

/**
 * The CUDA return selection ({@code returns.cuh}) on the host against the Java pipeline's, beam by beam: sub-rays
 * merged per object [L-MS], mixed pixels [L-DET] and every return mode [L-P], to the bit.
 */
class ReturnsOnHostTest {
    @ParameterizedTest
    @EnumSource(ReturnMode.class)
    void selectionIsJavasToTheBitLPLMS(ReturnMode mode) {
        SplittableRandom random = new SplittableRandom(mode.ordinal() + 620);
        int picked = 0, merged = 0;
        for (int config = 0; config < 24; config++) {
            int samples = 1 + random.nextInt(4), depth = 1 + random.nextInt(3), nodes = (1 << depth) - 1;
            double mixing = config % 3 == 0 ? 0 : random.nextDouble(0.05, 1.5);
            double rangeMin = random.nextDouble(0, 1), rangeMax = random.nextDouble(20, 60);
            double minIntensity = config % 4 == 0 ? 0 : random.nextDouble(0, 0.05);
            int beams = 400, slots = beams * samples * nodes * 2;
            double[] opl = new double[slots], intensity = new double[slots];
            int[] entity = new int[slots];
            for (int k = 0; k < slots; k++) {
                boolean present = random.nextInt(3) > 0;
                intensity[k] = present ? (random.nextInt(20) == 0 ? 0 : random.nextDouble(0, 0.3)) : -1;
                opl[k] = random.nextInt(10) == 0 ? random.nextDouble(-1, 80) : 10 + random.nextInt(4) * 0.4
                        + random.nextDouble(0, 0.3);
                entity[k] = k % 2 == 1 ? -1 : random.nextInt(5);
            }
            double[] java = JavaReturns.select(samples, depth, mode, rangeMin, rangeMax, minIntensity, mixing, opl,
                    intensity, entity, beams);
            double[] args = new double[8 + 3 * slots];
            double[] head = {samples, nodes, mode.ordinal(), rangeMin, rangeMax, minIntensity, mixing, beams};
            System.arraycopy(head, 0, args, 0, 8);
            for (int k = 0; k < slots; k++) {
                args[8 + 3 * k] = opl[k];
                args[9 + 3 * k] = intensity[k];
                args[10 + 3 * k] = entity[k];
            }
            double[] cuda = HostProgram.run("select", List.<double[]>of(args))[0];
            assertEquals(java.length, cuda.length, "values");
            for (int i = 0; i < java.length; i++) {
                int beam = i / 9;
                assertEquals(Double.doubleToRawLongBits(java[i]), Double.doubleToRawLongBits(cuda[i]),
                        "beam " + beam + " value " + i % 9 + " (config " + config + "): Java " + java[i] + ", CUDA " + cuda[i]);
            }
            for (int b = 0; b < beams; b++) {
                picked += (int) java[9 * b];
                merged += samples > 1 && java[9 * b] > 0 ? 1 : 0;
            }
        }
        assertTrue(picked > 8_000 && merged > 1_000, "returns picked " + picked + ", beams of sub-rays " + merged);
    }
}
