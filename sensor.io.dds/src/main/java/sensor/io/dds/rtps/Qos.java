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

    /**
     * A topic's QoS from settings: {@code {reliability: reliable|best_effort, durability: volatile|transient_local,
     * depth: 1..1000}}, each field optional (ROS 2's default: reliable, volatile, 10).
     *
     * @throws IllegalArgumentException naming the topic, the field and the allowed values
     */
    public static Qos of(String topic, Object settings) {
        if (!(settings instanceof java.util.Map<?, ?> m)) {
            throw new IllegalArgumentException("qos " + topic + " must be {reliability, durability, depth}, got " + settings);
        }
        for (Object key : m.keySet()) {
            if (!java.util.List.of("reliability", "durability", "depth").contains(key)) {
                throw new IllegalArgumentException("qos " + topic + ": unknown field '" + key
                        + "'; expected reliability, durability or depth");
            }
        }
        String reliability = String.valueOf(m.containsKey("reliability") ? m.get("reliability") : "reliable");
        String durability = String.valueOf(m.containsKey("durability") ? m.get("durability") : "volatile");
        Object depth = m.containsKey("depth") ? m.get("depth") : 10;
        if (!reliability.equals("reliable") && !reliability.equals("best_effort")) {
            throw new IllegalArgumentException("qos " + topic + ": reliability must be reliable or best_effort, got '"
                    + reliability + "'");
        }
        if (!durability.equals("volatile") && !durability.equals("transient_local")) {
            throw new IllegalArgumentException("qos " + topic + ": durability must be volatile or transient_local, got '"
                    + durability + "'");
        }
        if (!(depth instanceof Integer d) || d < 1 || d > 1000) {
            throw new IllegalArgumentException("qos " + topic + ": depth must be an integer in [1, 1000], got " + depth);
        }
        return new Qos(reliability.equals("reliable"), durability.equals("transient_local"), d);
    }
}
