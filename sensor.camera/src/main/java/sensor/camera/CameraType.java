package sensor.camera;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.Args;
import sensor.api.ComputePool;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.camera.config.CameraConfig;

/**
 * The {@code camera} sensor type [CAM]: a raytraced camera on the raytrace backend ({@link CameraSensor}). Each frame is
 * a {@link sensor.api.frame.CameraImage}: RGB, depth and instance labels.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=" + CameraType.ID)
public class CameraType implements SensorType<CameraConfig> {
    /** Type id. */
    public static final String ID = "camera";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile RaytraceBackend backend;

    /** Sets the backend directly (plain Java use without DS). */
    public void setBackend(RaytraceBackend b) { backend = b; }

    /** The runtime's one worker pool: a frame's rays are made and shaded in blocks on it ({@code threads} at once). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile ComputePool pool;

    @Override
    public String id() { return ID; }

    @Override
    public Class<CameraConfig> configType() { return CameraConfig.class; }

    @Override
    public CameraConfig defaultConfig() { return CameraConfig.DEFAULT; }

    @Override
    public String description() {
        return "raytraced camera: RGB (sun, sky, shadows, reflections, fog, motion blur, noise), depth and instance labels";
    }

    @Override
    public Sensor create(CameraConfig c) {
        Args.notNull("camera config", c);
        Args.inRange("width", c.width(), 1, 8192);
        Args.inRange("height", c.height(), 1, 8192);
        Args.inRange("horizontalFov", c.horizontalFov(), 1, 179);
        Args.inRange("supersample", c.supersample(), 1, 256);
        if ((long) c.width() * c.height() * c.supersample() > 50_000_000L) {
            throw new IllegalArgumentException("camera rays per frame (width × height × supersample) must be at most "
                    + "50000000, got " + (long) c.width() * c.height() * c.supersample());
        }
        Args.inRange("exposureTime", c.exposureTime(), 0, 1);
        Args.inRange("timeSlices", c.timeSlices(), 1, 256);
        Args.inRange("traceDepth", c.traceDepth(), 0, 8);
        Args.inRange("maxRange", c.maxRange(), 0.01, 1e6);
        Args.inRange("whiteLevel", c.whiteLevel(), 1e-3, 1e6);
        Args.inRange("noiseSigma1", c.noiseSigma1(), 0, 10);
        Args.inRange("noiseSigma2", c.noiseSigma2(), 0, 10);
        Args.inRange("gain", c.gain(), 0, 1e9);
        Args.inRange("readNoise", c.readNoise(), 0, 1e6);
        Args.inRange("adcNoise", c.adcNoise(), 0, 10);
        Args.inRange("threads", c.threads(), 0, 1024);
        Lens.check(c);
        return new CameraSensor(c, () -> backend, () -> {
            ComputePool p = pool;
            return p != null ? p : ComputePool.serial();
        });
    }
}
