package sensor.lidar.gpu;

/** An initialised CUDA device with the kernels loaded; creates per-scene device state. */
interface GpuDevice extends AutoCloseable {
    /** The device, in words (name, compute capability, driver version). */
    String description();

    /** Fresh device state for one trace scene. */
    GpuKernels newKernels();

    /** Unloads the module and releases the context. */
    @Override
    void close();
}
