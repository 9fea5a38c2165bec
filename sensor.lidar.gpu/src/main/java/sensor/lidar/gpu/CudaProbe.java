package sensor.lidar.gpu;

/**
 * Opens the CUDA device the backend runs on, or says why it cannot: injected into {@link CudaBackendComponent}
 * so that its activation logic is testable on machines without CUDA ({@link JCudaProbe} is the real one).
 */
@FunctionalInterface
interface CudaProbe {
    /** Why CUDA is unusable here. */
    enum Reason {
        /** No NVIDIA driver ({@code libcuda}) or JCuda's native library could not load, or cuInit failed. */
        NO_DRIVER,
        /** The driver works but reports no CUDA device. */
        NO_DEVICE,
        /** A device exists but the shipped PTX could not be loaded (missing, or rejected by the driver's JIT). */
        PTX_FAILED
    }

    /** CUDA cannot be used: the reason and a detail for the log line. */
    final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;
        /** The reason. */
        public final Reason reason;

        /** {@code detail} is appended to the log line. */
        public Unavailable(Reason reason, String detail, Throwable cause) {
            super(reason + ": " + detail, cause);
            this.reason = reason;
        }
    }

    /** Initialises CUDA, picks device 0 and loads the kernels. */
    GpuDevice open() throws Unavailable;
}
