package sensor.lidar.gpu;

/** The real CUDA device for GPU tests, opened once per JVM, or why there is none. */
final class Gpu {
    static final JCudaDevice DEVICE;
    static final String WHY_NOT;

    static {
        JCudaDevice d = null;
        String why = null;
        try {
            d = (JCudaDevice) new JCudaProbe().open();
        } catch (CudaProbe.Unavailable e) {
            why = e.getMessage();
        } catch (RuntimeException | LinkageError e) {
            why = e.toString();
        }
        DEVICE = d;
        WHY_NOT = "no CUDA device: " + why;
    }

    private Gpu() {}

    static boolean available() {
        return DEVICE != null;
    }
}
