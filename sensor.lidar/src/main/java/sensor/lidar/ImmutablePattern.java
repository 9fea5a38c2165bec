package sensor.lidar;

/**
 * A ray pattern of this bundle: immutable, so its firing times may be computed from several threads at once (a
 * plugin's pattern promises nothing of the kind and is called from one thread).
 */
interface ImmutablePattern {
}
