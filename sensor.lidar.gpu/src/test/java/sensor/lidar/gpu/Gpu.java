package sensor.lidar.gpu;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The real CUDA device for GPU tests, opened once per JVM, or why there is none. Only a missing driver or device
 * skips a GPU test; a device whose kernels fail to load (PTX rejected by the driver) fails it with the driver's
 * message, so a broken kernel never looks like a missing GPU.
 */
final class Gpu {
    static final JCudaDevice DEVICE;
    static final String WHY_NOT;
    /** True when a device exists but the shipped kernels could not be loaded on it. */
    static final boolean KERNELS_BROKEN;

    static {
        JCudaDevice d = null;
        String why = null;
        boolean broken = false;
        try {
            d = (JCudaDevice) new JCudaProbe().open();
        } catch (CudaProbe.Unavailable e) {
            why = e.getMessage();
            broken = e.reason == CudaProbe.Reason.PTX_FAILED;
        } catch (RuntimeException | LinkageError e) {
            why = e.toString();
        }
        DEVICE = d;
        KERNELS_BROKEN = broken;
        WHY_NOT = (broken ? "a CUDA device exists but the kernels did not load: " : "no CUDA device: ") + why;
    }

    private Gpu() {}

    static boolean available() {
        return DEVICE != null;
    }

    /** Skips the calling test without a driver or device; fails it when the device cannot load the kernels. */
    static void require() {
        if (KERNELS_BROKEN) {
            Assertions.fail(WHY_NOT);
        }
        Assumptions.assumeTrue(available(), WHY_NOT);
    }
}
