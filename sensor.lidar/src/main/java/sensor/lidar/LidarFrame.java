package sensor.lidar;

import sensor.api.geom.Pose;
import sensor.api.frame.PointBuffer;
import sensor.api.lidar.RayBuffer;
import sensor.api.random.CounterRandom;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.raytrace.TraceScene;
import sensor.api.sensor.SampleContext;

/**
 * One sample of a lidar as its stages see it: the sample's context and scene, the random streams, and the
 * columns the stages pass on (see {@link LidarStage.Column}); a column is null until a stage writes it.
 */
final class LidarFrame {
    /** Increment of a stream's key from one random stage to the next (the golden-ratio constant). */
    private static final long STREAM_STEP = 0x9E3779B97F4A7C15L;

    final SampleContext ctx;
    final TraceScene scene;
    /** The scene when the trace stage runs on its device; null when it runs in Java (or the device failed). */
    ShadingTraceScene device;
    /**
     * Whether the frame's candidates are on the device, so that its divergence, selection and detection stages run
     * there ({@link ReturnPipeline#finish}); false again if the device fails before they have.
     */
    boolean onDevice;
    final StageGraph graph;
    /** The sensor's own stream (the trace's draws). */
    final CounterRandom random;
    private CounterRandom stream;
    /** The detection stage's stream, once a stage asked for it (the device's selection, or the stage itself). */
    private CounterRandom detectionStream;

    /** {@link LidarStage.Column#RAYS}: the fired rays in the lidar frame. */
    RayBuffer rays;
    /** {@link LidarStage.Column#WORLD_RAYS}: sub-ray origins and directions (3 per sub-ray), noise key, beam poses. */
    double[] worldOrigins, worldDirs;
    int[] rayKey;
    Pose[] poses;
    /**
     * {@link LidarStage.Column#RETURNS}: per beam its returns (count) and per return OPL, intensity, object, candidate;
     * and its candidate's normal (3 floats) where the device picked them and normals are wanted, else null.
     */
    int[] returnCount, returnEntity, returnSlot;
    double[] returnOpl, returnIntensity;
    float[] returnNormal;
    /** {@link LidarStage.Column#POINTS}: the points, and per point its beam and return number (−1 for a miss). */
    PointBuffer points;
    int[] pointBeam, pointReturn;

    LidarFrame(SampleContext ctx, TraceScene scene, ShadingTraceScene device, StageGraph graph) {
        this.ctx = ctx;
        this.scene = scene;
        this.device = device;
        this.graph = graph;
        this.random = ctx.random();
        this.stream = random;
    }

    /**
     * The stream of the next random stage: the previous stage's key advanced by the golden-ratio constant (the
     * sensor's own before the first), so every distortion and noise stage draws from its own Philox stream.
     */
    CounterRandom nextStream() {
        stream = CounterRandom.ofKey(stream.key() + STREAM_STEP);
        return stream;
    }

    /** The detection stage's stream: the next one, taken once whichever of the selection and detection asks first. */
    CounterRandom detectionStream() {
        if (detectionStream == null) {
            detectionStream = nextStream();
        }
        return detectionStream;
    }
}
