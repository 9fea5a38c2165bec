package sensor.lidar;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.function.Supplier;

import sensor.api.ComputePool;
import sensor.api.frame.PointCloud;
import sensor.api.lidar.OutputNoise;
import sensor.api.lidar.RayDistortion;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.raytrace.TraceScene;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.lidar.api.LidarBackend;
import sensor.lidar.api.LidarConfig;

/**
 * A lidar sensor: the raytrace process [L-P] once per sample over the rays its pattern fires in the
 * sample window {@code (time − period, time]}, run as a {@link StageGraph} of {@link LidarStages} planned for
 * the configured fields. Each ray is traced from the sensor pose at its own firing time and the scene is
 * refreshed in {@code timeSlices} slices of the window, so motion of the sensor and of bodies distorts the
 * cloud as on a real spinning lidar [L-T]. Points are in the lidar frame at each ray's firing time.
 * Distortions [N-1] run before tracing, output noise [L-DN] [N-2] after; the output [O] wraps the points'
 * columns.
 */
final class LidarSensor implements Sensor {
    private static final System.Logger LOG = System.getLogger("sensor.lidar");

    private final LidarConfig config;
    private final RayPatternGenerator pattern;
    private final Supplier<RaytraceBackend> backends;
    private final StageGraph graph;
    /** Whether a device that runs the trace stage runs the divergence, selection and detection stages too. */
    private final boolean finishesOnDevice;
    /** The scan of a single-plane lidar, published with its points as a LaserScan; null for any other. */
    private final PlanarGeometry planar;
    private TraceScene scene;
    private RaytraceBackend sceneBackend;
    private boolean windowChecked;
    private boolean warnedNoBackend;
    /** Where the trace stage ran last, in words (the run's summary), or null before the first frame. */
    private volatile String ranOn;

    LidarSensor(LidarConfig config, List<LidarStages.PluginStage<RayDistortion>> distortions,
            List<LidarStages.PluginStage<OutputNoise>> noises, Supplier<RaytraceBackend> backends, ComputePool pool) {
        this.config = config;
        this.pattern = config.pattern();
        this.backends = backends;
        ReturnPipeline pipeline = new ReturnPipeline(config.heapDepth(), config.beamSamples(), config.rangeMin(),
                config.rangeMax(), config.minIntensity(), config.rangeResolution(), config.returnMode(), new BeamDivergence(
                        config.divergenceHalfAngle(), config.emitterRadius(), config.detectorRadius(),
                        config.detectorOffset()), pool, config.threads());
        this.finishesOnDevice = pipeline.finishesOnDevice();
        this.graph = StageGraph.plan(LidarStages.chain(config, distortions, noises, pipeline),
                LidarStages.wanted(config.fields()));
        LOG.log(Level.DEBUG, "lidar stages: {0}", graph);
        this.planar = PlanarGeometry.checked(config);
    }

    /** The stages that run, in order. */
    StageGraph graph() {
        return graph;
    }

    /**
     * Rejects a sensor frequency below the scan rate of a scanning pattern: a frame holds at most one scan, so a
     * longer frame would silently drop rays (a 1024x20 Ouster sampled at 10 Hz loses every other rotation).
     */
    private void checkWindow(double start, double end) {
        if (pattern instanceof ScanningPattern p && (end - start) * p.scanRate() > 1 + 1e-9) {
            throw new IllegalArgumentException("frequency " + plain(1 / (end - start)) + " Hz is below the scan rate "
                    + plain(p.scanRate()) + " Hz of its ray pattern: a frame holds at most one scan, so rays would be "
                    + "dropped; set frequency to " + plain(p.scanRate()) + " Hz or higher");
        }
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    @Override
    public PointCloud sample(SampleContext ctx) {
        RaytraceBackend backend = backends.get();
        if (backend == null) {
            if (!warnedNoBackend) {
                LOG.log(Level.WARNING, "lidar ''{0}'': no raytrace backend available, no output until one is", ctx.sensorId());
                warnedNoBackend = true;
            }
            return null;
        }
        warnedNoBackend = false;
        if (backend != sceneBackend) {
            closeScene();
            scene = backend.createScene(ctx.scene(), config.threads());
            sceneBackend = backend;
        }
        if (!windowChecked) {
            checkWindow(ctx.time() - ctx.period(), ctx.time());
            windowChecked = true;
        }
        LidarFrame frame = new LidarFrame(ctx, scene, device(ctx), graph);
        graph.run(frame);
        return new PointCloud(config.fields(), frame.points, ctx.sensorPose(ctx.time()), config.cloudLayout(),
                planar == null ? null : planar.at(firstFiring(ctx), config.rangeMin(), config.rangeMax()));
    }

    /**
     * The scene when this frame's trace stage runs on its device, as the lidar's backend setting says [L-P]: cpu never;
     * gpu always, or the run stops with the reason; auto where the scene's device can shade every material and medium.
     * Where a beam's candidates fit the device's selection, the divergence, selection and detection stages run there
     * too. A change of where it runs is logged once, with the reason.
     */
    private ShadingTraceScene device(SampleContext ctx) {
        LidarBackend wanted = config.backend();
        if (wanted == LidarBackend.CPU) {
            return null; // the default: nothing to report
        }
        String why = scene instanceof ShadingTraceScene s ? s.unsupported(ctx.scene()).orElse(null)
                : "the raytrace backend " + sceneBackend.id() + " has no GPU (is sensor.lidar.gpu deployed, with a CUDA"
                        + " device?)";
        if (why != null && wanted == LidarBackend.GPU) {
            throw new IllegalStateException("lidar '" + ctx.sensorId() + "': backend gpu, but " + why
                    + "; set backend: auto (the GPU where it can, else Java) or cpu");
        }
        String now = why == null ? "trace stage on the GPU (" + sceneBackend.id() + ")" + (finishesOnDevice
                ? "; divergence, selection" + (config.detection().isEmpty() ? "" : ", detection") + " there too" : "")
                : "trace stage in Java: " + why;
        if (!now.equals(ranOn)) {
            LOG.log(why == null ? Level.INFO : Level.WARNING, "lidar ''{0}'': {1}", ctx.sensorId(), now);
            ranOn = now;
        }
        return why == null ? (ShadingTraceScene) scene : null;
    }

    @Override
    public String summary() {
        return ranOn;
    }

    /** When the frame's first ray fires (the frame's end when it fires none). */
    private double firstFiring(SampleContext ctx) {
        double start = ctx.time() - ctx.period(), end = ctx.time();
        sensor.api.lidar.RayInterval fired = pattern.interval(start, end);
        return fired.count() > 0 ? pattern.firingTime(0, fired, start, end) : end;
    }

    private void closeScene() {
        if (scene != null) {
            scene.close();
            scene = null;
        }
    }

    @Override
    public void close() {
        closeScene();
    }
}
