package sensor.lidar.api;

/**
 * Where a lidar's trace stage runs [L-P]: the interface heap with its materials and media, as its scenario's
 * {@code backend} field says.
 */
public enum LidarBackend {
    /** In Java (its closest hits by the highest-ranked raytrace backend, which may be a GPU's): the default. */
    CPU,
    /**
     * On the GPU ({@code sensor.lidar.gpu}'s scene); a lidar that cannot (no CUDA device, or a material without a
     * kernel form in the scene) stops the run with the reason.
     */
    GPU,
    /** On the GPU where it can, else in Java; the lidar logs which, and why, whenever that changes. */
    AUTO
}
