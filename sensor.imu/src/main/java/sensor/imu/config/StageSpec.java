package sensor.imu.config;

/**
 * One entry of a sub-sensor's stage chain: a stage type id (a registered
 * {@link sensor.imu.api.TriaxialStageType}) and its configuration ({@code null} = the type's default).
 */
public record StageSpec(String typeId, Object config) {
    /** A stage of any registered type. */
    public static StageSpec of(String typeId, Object config) {
        return new StageSpec(typeId, config);
    }

    /** Range clamp [T-29]/[T-30]/[T-M]. */
    public static StageSpec range(RangeConfig c) { return new StageSpec(RangeConfig.TYPE_ID, c); }

    /** Zero bias (zero-g, zero-rate, zero-flux). */
    public static StageSpec bias(BiasConfig c) { return new StageSpec(BiasConfig.TYPE_ID, c); }

    /** Cross-axis sensitivity [T-22]. */
    public static StageSpec crossAxis(CrossAxisConfig c) { return new StageSpec(CrossAxisConfig.TYPE_ID, c); }

    /** Total noise [T-23]. */
    public static StageSpec noise(NoiseConfig c) { return new StageSpec(NoiseConfig.TYPE_ID, c); }

    /** Spectral noise [T-25]. */
    public static StageSpec spectralNoise(SpectralNoiseConfig c) { return new StageSpec(SpectralNoiseConfig.TYPE_ID, c); }

    /** Bias random walk [T-RW]. */
    public static StageSpec randomWalk(RandomWalkConfig c) { return new StageSpec(RandomWalkConfig.TYPE_ID, c); }

    /** Linear acceleration effects [T-LAE] (gyroscopes). */
    public static StageSpec linearAccelerationEffects(LinearAccelerationConfig c) {
        return new StageSpec(LinearAccelerationConfig.TYPE_ID, c);
    }
}
