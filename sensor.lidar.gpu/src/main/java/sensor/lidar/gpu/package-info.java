/**
 * The CUDA raytrace backend {@code "cuda-bvh"} (private package): a DS component that probes CUDA and registers
 * the backend only when it works, the flat BVH arrays uploaded to the GPU, their Java reference traversal, and the
 * JCuda driver-API glue.
 */
package sensor.lidar.gpu;
