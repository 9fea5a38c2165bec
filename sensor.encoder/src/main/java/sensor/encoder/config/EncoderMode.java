package sensor.encoder.config;

/** How the measured position is kept within {@code [lower, upper]}. */
public enum EncoderMode {
    /** Wrapped into the range [E-33], like an incremental encoder without an index. */
    INCREMENTAL,
    /** Clamped to the range [E-34], like an absolute encoder. */
    ABSOLUTE
}
