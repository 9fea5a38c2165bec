package sensor.encoder.config;

/** How the measured position is kept within {@code [lower, upper]}. */
public enum EncoderMode {
    /** Wrapped into the range [E-33], like an incremental encoder without an index. */
    INCREMENTAL,
    /** Clamped to the range [E-34], like an absolute encoder. */
    ABSOLUTE,
    /**
     * Wrapped [E-33] into the range of the same width centred on zero, {@code [−(upper − lower)/2, (upper − lower)/2)}:
     * the signed angle of a joint that turns both ways, such as steering ({@code [−π, π)} with the default range).
     */
    SIGNED
}
