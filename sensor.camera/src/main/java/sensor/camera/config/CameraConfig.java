package sensor.camera.config;

/**
 * A camera as a data sheet gives it [CAM]. The camera looks along its mount's +x axis (+y left, +z up); pixel (0, 0) is
 * the top-left, u right, v down.
 * <ul>
 * <li>{@code width} × {@code height} pixels, {@code horizontalFov} (degrees); pinhole intrinsics
 * {@code fx = fy = (width/2)/tan(hfov/2)}, {@code cx = width/2}, {@code cy = height/2}, pixel centres at half-integers.
 * <li>{@code lens}: {@code pinhole}, or {@code fov} (the wide-angle lens of the Chrono::Sensor paper, applied to the
 * launched rays; it keeps the horizontal field of view).
 * <li>{@code supersample}: rays per pixel (the first at the pixel centre when 1), averaged.
 * <li>{@code exposureTime} (s): each ray starts at a random time in {@code [t − exposure, t]}, drawn from
 * {@code timeSlices} keyframes of the scene and the camera (motion blur); 0: no blur.
 * <li>{@code traceDepth}: mirror reflections followed per ray; {@code shadows}: sun shadows by shadow rays;
 * {@code maxRange} (m): farther surfaces are sky, and have no depth.
 * <li>{@code whiteLevel} (W/m²): the irradiance that makes a white diffuse surface full scale (intensity 1).
 * <li>Noise, on linear intensity I in [0, 1] per pixel and channel: σ² = {@code noiseSigma1}²·I + {@code noiseSigma2}²
 * (the paper's eq. 4), or, when {@code gain} &gt; 0, its EMVA form (eq. 3) with I = Φt/g: σ² = I/g + σ_read²/g² +
 * σ_ADC², {@code gain} g in photo-electrons at full scale, {@code readNoise} σ_read in electrons, {@code adcNoise}
 * σ_ADC in full-scale units.
 * <li>{@code threads}: worker threads (0: all processors; results do not depend on it).
 * </ul>
 */
public record CameraConfig(int width, int height, double horizontalFov, String lens, int supersample, double exposureTime,
        int timeSlices, int traceDepth, boolean shadows, double maxRange, double whiteLevel, double noiseSigma1,
        double noiseSigma2, double gain, double readNoise, double adcNoise, int threads) {
    /** The pinhole lens. */
    public static final String PINHOLE = "pinhole";
    /** The wide-angle field-of-view lens of the Chrono::Sensor paper. */
    public static final String FOV = "fov";

    public CameraConfig {
        lens = lens == null ? PINHOLE : lens;
    }

    /** 640 × 480, 90°, pinhole, 1 ray per pixel, no blur, 2 reflections, shadows, 1 km, white at 1000 W/m², no noise. */
    public static final CameraConfig DEFAULT = new CameraConfig(640, 480, 90, PINHOLE, 1, 0, 8, 2, true, 1000, 1000, 0, 0, 0,
            0, 0, 0);
}
