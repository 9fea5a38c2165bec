package sensor.radar.config;

import java.util.Map;

/**
 * A flash radar: the sensor frame looks along +x (y left, z up). Field of view {@code horizontalFov} × {@code verticalFov}
 * (degrees, centred on +x) divided into cells of about {@code azimuthResolution} × {@code elevationResolution} degrees;
 * ranges {@code minRange}…{@code maxRange} (m) binned by {@code rangeResolution} (m) and radial velocities by
 * {@code velocityResolution} (m/s); {@code raysPerCell} rays per cell and angle. Gaussian noise σ: {@code rangeNoise}
 * (m), {@code angleNoise} (degrees, azimuth and elevation), {@code velocityNoise} (m/s). A detection needs a radar
 * cross-section of at least {@code minRcsAtMaxRange} (dBsm) at {@code maxRange}, 40 log10(r / maxRange) dB less nearer
 * (the radar equation). {@code reflectivity} maps a surface material type id to its normalized radar cross-section
 * σ° (dB m²/m²); {@code default} applies to the others.
 */
public record RadarConfig(double horizontalFov, double verticalFov, double minRange, double maxRange,
        double azimuthResolution, double elevationResolution, double rangeResolution, double velocityResolution,
        int raysPerCell, double rangeNoise, double angleNoise, double velocityNoise, double minRcsAtMaxRange,
        Map<String, Double> reflectivity) {
    /** The key of {@link #reflectivity} for materials not listed. */
    public static final String DEFAULT_MATERIAL = "default";

    public RadarConfig {
        reflectivity = reflectivity == null ? Map.of(DEFAULT_MATERIAL, -10.0) : Map.copyOf(reflectivity);
    }

    /**
     * An automotive mid-range radar: 60° × 10°, 0.5–100 m, 2° × 2° cells, 0.5 m and 0.1 m/s bins, 4 rays per cell and
     * angle, no noise, −10 dBsm at 100 m, σ° = −10 dB.
     */
    public static final RadarConfig DEFAULT = new RadarConfig(60, 10, 0.5, 100, 2, 2, 0.5, 0.1, 4, 0, 0, 0, -10,
            Map.of(DEFAULT_MATERIAL, -10.0));
}
