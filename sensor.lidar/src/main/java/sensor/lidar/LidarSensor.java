package sensor.lidar;

import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import sensor.api.ComputePool;
import java.util.function.Supplier;

import sensor.api.env.SceneView;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.lidar.OutputField;
import sensor.api.lidar.OutputNoise;
import sensor.api.lidar.PointBuffer;
import sensor.api.lidar.RayBuffer;
import sensor.api.lidar.RayDistortion;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.random.CounterRandom;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.lidar.api.LidarConfig;
import sensor.api.lidar.LidarOutput;

/**
 * A lidar sensor: the raytrace process [L-P] once per sample over the rays its pattern fires in the
 * sample window {@code (time − period, time]}. Each ray is traced from the sensor pose at its own firing
 * time and the scene is refreshed in {@code timeSlices} slices of the window, so motion of the sensor
 * and of bodies distorts the cloud as on a real spinning lidar [L-T]. Points are in the lidar frame at
 * each ray's firing time. Distortions [N-1] run before tracing, output noise [L-DN] [N-2] after; then
 * the fields are packed [O].
 */
final class LidarSensor implements Sensor {
    private static final System.Logger LOG = System.getLogger("sensor.lidar");

    private final LidarConfig config;
    private final RayPatternGenerator pattern;
    private final List<RayDistortion> distortions;
    private final List<OutputNoise> noises;
    private final Supplier<RaytraceBackend> backends;
    private final ReturnPipeline pipeline;
    /** Ring (channel) of each ray of the pattern. */
    private final int[] ringOf;
    private final double[] patternOrigins, patternDirs;
    private TraceScene scene;
    private RaytraceBackend sceneBackend;
    private boolean windowChecked;
    private boolean warnedNoBackend;

    LidarSensor(LidarConfig config, List<RayDistortion> distortions, List<OutputNoise> noises,
            Supplier<RaytraceBackend> backends, ComputePool pool) {
        this.config = config;
        this.pattern = config.pattern();
        this.distortions = distortions;
        this.noises = noises;
        this.backends = backends;
        this.pipeline = new ReturnPipeline(config.heapDepth(), config.beamSamples(), config.rangeMin(), config.rangeMax(),
                config.minIntensity(), config.returnMode(), new BeamDivergence(config.divergenceHalfAngle(),
                        config.emitterRadius(), config.detectorRadius(), config.detectorOffset()), pool, config.threads());
        List<Pose> rays = pattern.rays();
        this.ringOf = rings(pattern, rays);
        patternOrigins = new double[3 * rays.size()];
        patternDirs = new double[3 * rays.size()];
        for (int i = 0; i < rays.size(); i++) {
            Pose p = rays.get(i);
            Vec3 d = p.transformVector(Vec3.Z);
            patternOrigins[3 * i] = p.position().x();
            patternOrigins[3 * i + 1] = p.position().y();
            patternOrigins[3 * i + 2] = p.position().z();
            patternDirs[3 * i] = d.x();
            patternDirs[3 * i + 1] = d.y();
            patternDirs[3 * i + 2] = d.z();
        }
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

    /**
     * The ring of each ray: a sweep's channel (its position in the pattern's column); for any other pattern the rank of
     * the ray's elevation among the pattern's distinct elevations, 0 the lowest (as in a Velodyne's ring field).
     */
    static int[] rings(RayPatternGenerator pattern, List<Pose> rays) {
        int[] ring = new int[rays.size()];
        if (pattern instanceof SweepPattern s) {
            for (int i = 0; i < ring.length; i++) {
                ring[i] = i % s.channels();
            }
            return ring;
        }
        long[] key = new long[ring.length];
        for (int i = 0; i < ring.length; i++) {
            double z = rays.get(i).transformVector(Vec3.Z).z();
            key[i] = Math.round(Math.asin(Math.max(-1, Math.min(1, z))) * 1e9); // elevations equal to a nanoradian
        }
        long[] levels = java.util.Arrays.stream(key).distinct().sorted().toArray();
        for (int i = 0; i < ring.length; i++) {
            ring[i] = java.util.Arrays.binarySearch(levels, key[i]);
        }
        return ring;
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    @Override
    public Object sample(SampleContext ctx) {
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
        double end = ctx.time(), start = end - ctx.period();
        int size = pattern.rays().size();
        if (!windowChecked) {
            checkWindow(start, end);
            windowChecked = true;
        }
        RayInterval interval = pattern.interval(start, end).checkWithin(size);
        int beams = interval.count();
        RayBuffer rays = new RayBuffer(beams);
        for (int i = 0; i < beams; i++) {
            int r = interval.rayIndex(i, size);
            System.arraycopy(patternOrigins, 3 * r, rays.origins, 3 * i, 3);
            System.arraycopy(patternDirs, 3 * r, rays.directions, 3 * i, 3);
            rays.patternIndex[i] = r;
            rays.times[i] = pattern.firingTime(i, interval, start, end);
        }
        CounterRandom random = ctx.random();
        CounterRandom stage = random;
        for (RayDistortion d : distortions) {
            stage = nextStream(stage);
            d.distort(rays, stage, ctx.index());
        }
        return trace(ctx, rays, random, stage);
    }

    /** {@code lastStage}: the stream of the last distortion stage (the sensor's own when none); noise stages follow it. */
    private LidarOutput trace(SampleContext ctx, RayBuffer beams, CounterRandom random, CounterRandom lastStage) {
        int b = beams.size(), s = config.beamSamples(), total = b * s;
        double[] wo = new double[3 * total], wd = new double[3 * total];
        int[] key = new int[total];
        Pose[] poses = new Pose[b];
        pipeline.parallel(b, c -> { // world rays from the sensor pose at each beam's firing time
            Pose pose = null;
            double poseTime = Double.NaN;
            for (int i = c * ReturnPipeline.CHUNK, end = Math.min(b, (c + 1) * ReturnPipeline.CHUNK); i < end; i++) {
                if (beams.times[i] != poseTime) {
                    poseTime = beams.times[i];
                    pose = ctx.sensorPose(poseTime);
                }
                poses[i] = pose;
                Vec3 o = pose.transformPoint(new Vec3(beams.origins[3 * i], beams.origins[3 * i + 1], beams.origins[3 * i + 2]));
                Vec3 d = new Vec3(beams.directions[3 * i], beams.directions[3 * i + 1], beams.directions[3 * i + 2]).normalized();
                for (int k = 0; k < s; k++) {
                    Vec3 dk = pose.transformVector(subRay(d, k, s));
                    int r = i * s + k;
                    wo[3 * r] = o.x(); wo[3 * r + 1] = o.y(); wo[3 * r + 2] = o.z();
                    wd[3 * r] = dk.x(); wd[3 * r + 1] = dk.y(); wd[3 * r + 2] = dk.z();
                    key[r] = beams.patternIndex[i];
                }
            }
        });
        pipeline.reset(total);
        SceneView view = ctx.scene();
        // the scene is refreshed per time slice only when some object moves with a body
        boolean moving = view.objects().stream().anyMatch(o -> o.bodyId() != null);
        int slices = moving ? Math.min(config.timeSlices(), Math.max(1, b)) : 1;
        for (int sl = 0; sl < slices; sl++) {
            int first = (int) ((long) b * sl / slices), last = (int) ((long) b * (sl + 1) / slices);
            if (last <= first) {
                continue;
            }
            scene.update(view, 0.5 * (beams.times[first] + beams.times[last - 1]));
            pipeline.trace(scene, view, wo, wd, first * s, (last - first) * s, key, random, ctx.index());
        }
        return assemble(ctx, beams, poses, lastStage);
    }

    /** Sub-ray {@code k} of {@code s} of a beam [L-MS]: the axis, then a ring at half the divergence half-angle. */
    private Vec3 subRay(Vec3 d, int k, int s) {
        if (k == 0) {
            return d;
        }
        Vec3 u = Math.abs(d.z()) < 0.9 ? d.cross(Vec3.Z).normalized() : d.cross(Vec3.X).normalized();
        Vec3 v = d.cross(u);
        double psi = 2 * Math.PI * (k - 1) / (s - 1), t = Math.tan(0.5 * config.divergenceHalfAngle());
        return d.plus(u.times(t * Math.cos(psi))).plus(v.times(t * Math.sin(psi))).normalized();
    }

    private LidarOutput assemble(SampleContext ctx, RayBuffer beams, Pose[] poses, CounterRandom lastStage) {
        int b = beams.size();
        int perBeam = config.returnMode() == sensor.lidar.api.ReturnMode.DUAL ? 2 : 1;
        double[] opl = new double[b * perBeam], inten = new double[b * perBeam];
        int[] entity = new int[b * perBeam], slot = new int[b * perBeam], count = new int[b];
        pipeline.parallel(b, c -> {
            int end = Math.min(b, (c + 1) * ReturnPipeline.CHUNK);
            ReturnPipeline.Selection sel = pipeline.newSelection();
            for (int i = c * ReturnPipeline.CHUNK; i < end; i++) {
                int n = pipeline.select(i, sel);
                count[i] = n;
                for (int k = 0; k < n; k++) {
                    opl[i * perBeam + k] = sel.opl[k];
                    inten[i * perBeam + k] = sel.intensity[k];
                    entity[i * perBeam + k] = sel.entity[k];
                    slot[i * perBeam + k] = sel.slot[k];
                }
            }
        });
        // first point of each beam (prefix sum), so beams fill their points in parallel
        int[] firstPoint = new int[b + 1];
        for (int i = 0; i < b; i++) {
            firstPoint[i + 1] = firstPoint[i] + (config.emitMisses() && count[i] == 0 ? 1 : count[i]);
        }
        int points = firstPoint[b];
        PointBuffer pts = new PointBuffer(points);
        int[] ring = new int[points], ent = new int[points], type = new int[points], hit = new int[points];
        float[] normal = new float[3 * points];
        pipeline.parallel(b, c -> {
            int end = Math.min(b, (c + 1) * ReturnPipeline.CHUNK);
            for (int i = c * ReturnPipeline.CHUNK; i < end; i++) {
                int p = firstPoint[i], n = count[i];
                if (n == 0 && config.emitMisses()) {
                    pts.patternIndex[p] = beams.patternIndex[i];
                    pts.times[p] = beams.times[i];
                    ring[p] = ringOf[beams.patternIndex[i]];
                    ent[p] = -1;
                    continue;
                }
                Quat inv = n == 0 ? null : poses[i].rotation().conjugate();
                for (int k = 0; k < n; k++, p++) {
                    int j = i * perBeam + k;
                    double dx = beams.directions[3 * i], dy = beams.directions[3 * i + 1], dz = beams.directions[3 * i + 2];
                    pts.xyz[3 * p] = (float) (beams.origins[3 * i] + dx * opl[j]);
                    pts.xyz[3 * p + 1] = (float) (beams.origins[3 * i + 1] + dy * opl[j]);
                    pts.xyz[3 * p + 2] = (float) (beams.origins[3 * i + 2] + dz * opl[j]);
                    pts.distance[p] = (float) opl[j];
                    pts.intensity[p] = (float) inten[j];
                    pts.patternIndex[p] = beams.patternIndex[i];
                    pts.times[p] = beams.times[i];
                    ring[p] = ringOf[beams.patternIndex[i]];
                    ent[p] = entity[j];
                    type[p] = k;
                    hit[p] = 1;
                    int cs = slot[j];
                    Vec3 nl = inv.rotate(new Vec3(pipeline.candNormal[3 * cs], pipeline.candNormal[3 * cs + 1],
                            pipeline.candNormal[3 * cs + 2]));
                    normal[3 * p] = (float) nl.x();
                    normal[3 * p + 1] = (float) nl.y();
                    normal[3 * p + 2] = (float) nl.z();
                }
            }
        });
        pts.count(points);
        CounterRandom stage = lastStage;
        for (OutputNoise noise : noises) {
            stage = nextStream(stage);
            noise.apply(pts, stage, ctx.index());
        }
        return pack(pts, ring, ent, type, hit, normal, ctx.sensorPose(ctx.time()));
    }

    /** Packs the fields of every point in order [O]; points are written in parallel at their own offsets. */
    private LidarOutput pack(PointBuffer pts, int[] ring, int[] ent, int[] type, int[] hit, float[] normal, Pose pose) {
        List<OutputField> fields = config.fields();
        int n = pts.count(), stride = LidarOutput.stride(fields);
        ByteBuffer buf = ByteBuffer.allocate(n * stride).order(ByteOrder.LITTLE_ENDIAN);
        OutputField[] order = fields.toArray(OutputField[]::new);
        pipeline.parallel(n, c -> {
            int end = Math.min(n, (c + 1) * ReturnPipeline.CHUNK);
            for (int i = c * ReturnPipeline.CHUNK; i < end; i++) {
                int at = i * stride;
                for (OutputField f : order) {
                    switch (f) {
                        case XYZ_VEC3_F32 -> {
                            buf.putFloat(at, pts.xyz[3 * i]).putFloat(at + 4, pts.xyz[3 * i + 1]).putFloat(at + 8, pts.xyz[3 * i + 2]);
                        }
                        case INTENSITY_F32 -> buf.putFloat(at, pts.intensity[i]);
                        case DISTANCE_F32 -> buf.putFloat(at, pts.distance[i]);
                        case AZIMUTH_F32 -> buf.putFloat(at, (float) Math.atan2(patternDirs[3 * pts.patternIndex[i] + 1],
                                patternDirs[3 * pts.patternIndex[i]]));
                        case ELEVATION_F32 -> buf.putFloat(at, (float) Math.asin(Math.max(-1, Math.min(1,
                                patternDirs[3 * pts.patternIndex[i] + 2]))));
                        case RING_ID_U16 -> buf.putShort(at, (short) ring[i]);
                        case TIME_STAMP_F64 -> buf.putDouble(at, pts.times[i]);
                        case ENTITY_ID_I32 -> buf.putInt(at, ent[i]);
                        case IS_HIT_I32 -> buf.putInt(at, hit[i]);
                        case NORMAL_VEC3_F32 -> buf.putFloat(at, normal[3 * i]).putFloat(at + 4, normal[3 * i + 1])
                                .putFloat(at + 8, normal[3 * i + 2]);
                        case RETURN_TYPE_U8 -> buf.put(at, (byte) type[i]);
                    }
                    at += f.bytes();
                }
            }
        });
        return new LidarOutput(fields, n, buf, pose);
    }

    /**
     * The stream of the next stage: the sensor's own stream's key advanced by the golden-ratio constant once per stage
     * (distortions first, then noises), so every stage draws from its own independent Philox stream.
     */
    private static CounterRandom nextStream(CounterRandom previous) {
        return CounterRandom.ofKey(previous.key() + 0x9E3779B97F4A7C15L);
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
