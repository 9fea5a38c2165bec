package sensor.io.dds.rtps;

/**
 * The QoS an endpoint offers or requests, as far as matching and delivery go (DDS 1.4 §2.2.3).
 *
 * @param reliable       reliable (repairs lost samples) or best effort
 * @param transientLocal a late-joining reader gets the writer's history (transient local) or only what follows (volatile)
 * @param depth          samples kept per writer (KEEP_LAST), 1 to 10000
 */
public record Qos(boolean reliable, boolean transientLocal, int depth) {
    /** ROS 2's default: reliable, volatile, keep last 10. */
    public static final Qos DEFAULT = new Qos(true, false, 10);
    /** ROS 2's sensor-data profile: best effort, volatile, keep last 5. */
    public static final Qos SENSOR_DATA = new Qos(false, false, 5);
    /** What {@code /tf_static} uses: reliable, transient local, keep last 1. */
    public static final Qos LATCHED = new Qos(true, true, 1);

    /** Checks the depth. */
    public Qos {
        if (depth < 1 || depth > 10000) {
            throw new IllegalArgumentException("history depth must be 1 to 10000, got " + depth);
        }
    }

    /** Whether a writer offering this satisfies a reader requesting {@code requested} (RxO: offered ≥ requested). */
    public boolean satisfies(Qos requested) {
        return (reliable || !requested.reliable) && (transientLocal || !requested.transientLocal);
    }
}
