package sensor.lidar.gpu;

import sensor.api.raytrace.HitBuffer;

/**
 * The device side of one trace scene: the uploaded flat arrays and the ray buffers. Buffers are reused while the
 * sizes do not grow; {@link #close()} frees them all. Any method may throw a {@link RuntimeException} when a CUDA
 * call fails; the scene then falls back (see {@link CudaTraceScene}).
 */
interface GpuKernels extends AutoCloseable {
    /** Uploads the mesh pool (nodes, triangles, ids): only when it was rebuilt. */
    void uploadMeshes(FlatScene scene);

    /** Uploads the instances, the top-level BVH and the planes: at every update. */
    void uploadInstances(FlatScene scene);

    /** Runs the {@code closestHit} kernel over {@code count} rays and copies the hits back. */
    void closestHit(double[] origins, double[] directions, int count, double maxDistance, HitBuffer out);

    /**
     * The last closest-hit query's milliseconds of rays' upload, kernel and hits' download, by CUDA events; null
     * unless it was profiled ({@code JCudaDevice.profile}).
     */
    default float[] phases() {
        return null;
    }

    /** Bytes of device memory held now. */
    long deviceBytes();

    /** Number of device allocations made so far (a leak check: must stop growing when sizes stop growing). */
    int allocations();

    /** Frees the device memory; idempotent. */
    @Override
    void close();
}
