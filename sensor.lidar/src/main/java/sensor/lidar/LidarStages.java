package sensor.lidar;

import static sensor.lidar.LidarStage.Column.AZIMUTH;
import static sensor.lidar.LidarStage.Column.CANDIDATES;
import static sensor.lidar.LidarStage.Column.CANDIDATE_NORMALS;
import static sensor.lidar.LidarStage.Column.ELEVATION;
import static sensor.lidar.LidarStage.Column.ENTITY;
import static sensor.lidar.LidarStage.Column.HIT;
import static sensor.lidar.LidarStage.Column.NORMAL;
import static sensor.lidar.LidarStage.Column.POINTS;
import static sensor.lidar.LidarStage.Column.REFLECTIVITY;
import static sensor.lidar.LidarStage.Column.RAYS;
import static sensor.lidar.LidarStage.Column.RETURNS;
import static sensor.lidar.LidarStage.Column.RETURN_TYPE;
import static sensor.lidar.LidarStage.Column.RING;
import static sensor.lidar.LidarStage.Column.WORLD_RAYS;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntUnaryOperator;

import sensor.api.scene.SceneView;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.frame.OutputField;
import sensor.api.lidar.OutputNoise;
import sensor.api.frame.PointBuffer;
import sensor.api.lidar.RayBuffer;
import sensor.api.lidar.RayDistortion;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.random.CounterRandom;
import sensor.lidar.LidarStage.Column;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.ReturnMode;

/**
 * The lidar process [L-P] as a chain of stages over a frame's columns: pattern → ray distortions [N-1] → world
 * sub-rays [L-MS] → trace (closest hits over the interface heap with the ambient [L-13] [L-14] and the materials'
 * response [L-3]) → beam divergence [L-21] → return selection → points → output noise [L-DN] [N-2] → the fields
 * [O] (ring, azimuth, elevation, entity, hit flag, return type, normal), each field stage making its own column.
 * Distortions and noises are the plugins' stages, each on its own random stream in chain order.
 */
final class LidarStages {
    private LidarStages() {}

    /** The whole chain in run order; {@link StageGraph#plan} leaves out what the fields do not need. */
    static List<LidarStage> chain(LidarConfig config, List<PluginStage<RayDistortion>> distortions,
            List<PluginStage<OutputNoise>> noises, ReturnPipeline pipeline) {
        RayPatternGenerator pattern = config.pattern();
        double[] origins = patternOrigins(pattern), dirs = patternDirections(pattern);
        FrameArrays kept = new FrameArrays();
        List<LidarStage> c = new ArrayList<>();
        c.add(stage("pattern", Set.of(), Set.of(RAYS), f -> fire(f, pattern, origins, dirs, pipeline, kept)));
        for (PluginStage<RayDistortion> d : distortions) {
            c.add(stage(d.id(), Set.of(RAYS), Set.of(RAYS), f -> d.stage().distort(f.rays, f.nextStream(), f.ctx.index())));
        }
        c.add(stage("rays", Set.of(RAYS), Set.of(WORLD_RAYS), f -> worldRays(f, config, pipeline, kept)));
        c.add(stage("trace", Set.of(WORLD_RAYS), Set.of(CANDIDATES, CANDIDATE_NORMALS), f -> trace(f, config, pipeline)));
        c.add(stage("divergence", Set.of(CANDIDATES), Set.of(CANDIDATES), f -> {
            if (!f.onDevice) { // else the device's selection does it
                pipeline.diverge(f.worldOrigins.length / 3);
            }
        }));
        int[] channelOf = pattern.beams();
        Detection detection = config.detection().isEmpty() ? null : new Detection(config.detection(),
                java.util.Arrays.stream(channelOf).max().orElse(0) + 1, pipeline.divergence(), config.darkShare());
        c.add(stage("selection", Set.of(CANDIDATES), Set.of(RETURNS),
                f -> select(f, config, pipeline, kept, detection, channelOf)));
        if (detection != null) {
            c.add(stage("detection", Set.of(RAYS, RETURNS), Set.of(RETURNS), f -> {
                if (!f.onDevice) { // else done on the device with the selection
                    detect(f, config, pipeline, detection, channelOf);
                }
            }));
        }
        c.add(stage("points", Set.of(RAYS, RETURNS), Set.of(POINTS), f -> points(f, config, pipeline)));
        for (PluginStage<OutputNoise> n : noises) {
            c.add(stage(n.id(), Set.of(POINTS), Set.of(POINTS), f -> n.stage().apply(f.points, f.nextStream(), f.ctx.index())));
        }
        int[] beams = pattern.beams();
        c.add(stage("ring", Set.of(POINTS), Set.of(RING), f -> intField(f, pipeline, OutputField.RING_ID_U16,
                i -> beams[f.points.patternIndex[i]])));
        c.add(stage("azimuth", Set.of(POINTS), Set.of(AZIMUTH), f -> floatField(f, pipeline, OutputField.AZIMUTH_F32,
                i -> Math.atan2(dirs[3 * f.points.patternIndex[i] + 1], dirs[3 * f.points.patternIndex[i]]))));
        c.add(stage("elevation", Set.of(POINTS), Set.of(ELEVATION), f -> floatField(f, pipeline, OutputField.ELEVATION_F32,
                i -> Math.asin(Math.max(-1, Math.min(1, dirs[3 * f.points.patternIndex[i] + 2]))))));
        c.add(stage("entity", Set.of(POINTS, RETURNS), Set.of(ENTITY), f -> intField(f, pipeline, OutputField.ENTITY_ID_I32,
                i -> f.pointReturn[i] < 0 ? -1 : f.returnEntity[f.pointReturn[i]])));
        c.add(stage("hit", Set.of(POINTS), Set.of(HIT), f -> intField(f, pipeline, OutputField.IS_HIT_I32,
                i -> f.pointReturn[i] < 0 ? 0 : 1)));
        int perBeam = perBeam(config);
        c.add(stage("return-type", Set.of(POINTS), Set.of(RETURN_TYPE), f -> intField(f, pipeline, OutputField.RETURN_TYPE_U8,
                i -> f.pointReturn[i] < 0 ? 0 : f.pointReturn[i] % perBeam)));
        BeamDivergence optics = pipeline.divergence();
        c.add(stage("reflectivity", Set.of(POINTS), Set.of(REFLECTIVITY), f -> floatField(f, pipeline,
                OutputField.REFLECTIVITY_F32, i -> reflectivity(optics, f.points.intensity[i], f.points.distance[i]))));
        c.add(stage("normal", Set.of(POINTS, RETURNS, CANDIDATE_NORMALS, WORLD_RAYS), Set.of(NORMAL), f -> {
            float[] out = f.points.floats(OutputField.NORMAL_VEC3_F32);
            forPoints(f, pipeline, i -> normal(f, pipeline.candNormal, out, i));
        }));
        return c;
    }

    /** A plugin's stage with the type id it was configured by. */
    record PluginStage<T>(String id, T stage) {}

    /** The columns a configuration's fields ask for. */
    static Set<Column> wanted(List<OutputField> fields) {
        Set<Column> w = EnumSet.of(POINTS);
        fields.forEach(f -> w.add(Column.of(f)));
        return w;
    }

    private static LidarStage stage(String name, Set<Column> reads, Set<Column> writes, Consumer<LidarFrame> body) {
        return new LidarStage() {
            @Override public String name() { return name; }
            @Override public Set<Column> reads() { return reads; }
            @Override public Set<Column> writes() { return writes; }
            @Override public void run(LidarFrame frame) { body.accept(frame); }
        };
    }

    private static int perBeam(LidarConfig config) {
        return config.returnMode() == ReturnMode.DUAL ? 2 : 1;
    }

    private static double[] patternOrigins(RayPatternGenerator pattern) {
        List<Pose> rays = pattern.rays();
        double[] origins = new double[3 * rays.size()];
        for (int i = 0; i < rays.size(); i++) {
            Vec3 o = rays.get(i).position();
            origins[3 * i] = o.x();
            origins[3 * i + 1] = o.y();
            origins[3 * i + 2] = o.z();
        }
        return origins;
    }

    private static double[] patternDirections(RayPatternGenerator pattern) {
        List<Pose> rays = pattern.rays();
        double[] dirs = new double[3 * rays.size()];
        for (int i = 0; i < rays.size(); i++) {
            Vec3 d = rays.get(i).transformVector(Vec3.Z);
            dirs[3 * i] = d.x();
            dirs[3 * i + 1] = d.y();
            dirs[3 * i + 2] = d.z();
        }
        return dirs;
    }

    /**
     * The pattern's rays fired in the sample window {@code (time − period, time]}, with their firing times: in blocks
     * on the pool for a pattern of this bundle ({@link ImmutablePattern}), on the caller's thread for a plugin's.
     */
    private static void fire(LidarFrame f, RayPatternGenerator pattern, double[] origins, double[] dirs,
            ReturnPipeline pipeline, FrameArrays kept) {
        double end = f.ctx.time(), start = end - f.ctx.period();
        int size = dirs.length / 3;
        RayInterval interval = pattern.interval(start, end).checkWithin(size);
        int beams = interval.count();
        RayBuffer rays = kept.rays(beams);
        sensor.api.ComputePool.Block block = (from, to) -> {
            for (int i = from; i < to; i++) {
                int r = interval.rayIndex(i, size);
                System.arraycopy(origins, 3 * r, rays.origins, 3 * i, 3);
                System.arraycopy(dirs, 3 * r, rays.directions, 3 * i, 3);
                rays.patternIndex[i] = r;
                rays.times[i] = pattern.firingTime(i, interval, start, end);
            }
        };
        if (pattern instanceof ImmutablePattern) {
            pipeline.parallel(beams, block);
        } else {
            block.run(0, beams);
        }
        f.rays = rays;
    }

    /** World sub-rays from the sensor pose at each beam's firing time; sub-ray k of a beam per {@link #subRay}. */
    private static void worldRays(LidarFrame f, LidarConfig config, ReturnPipeline pipeline, FrameArrays kept) {
        RayBuffer beams = f.rays;
        int b = beams.size(), s = config.beamSamples(), total = b * s;
        double[] wo = kept.get("world origins", 3 * total, double[]::new), wd = kept.get("world directions", 3 * total,
                double[]::new);
        int[] key = kept.get("ray keys", total, int[]::new);
        Pose[] poses = kept.get("poses", b, Pose[]::new);
        pipeline.parallel(b, (from, end) -> {
            Pose pose = null;
            double poseTime = Double.NaN;
            for (int i = from; i < end; i++) {
                if (beams.times[i] != poseTime) {
                    poseTime = beams.times[i];
                    pose = f.ctx.sensorPose(poseTime);
                }
                poses[i] = pose;
                Vec3 o = pose.transformPoint(new Vec3(beams.origins[3 * i], beams.origins[3 * i + 1], beams.origins[3 * i + 2]));
                Vec3 d = new Vec3(beams.directions[3 * i], beams.directions[3 * i + 1], beams.directions[3 * i + 2]).normalized();
                for (int k = 0; k < s; k++) {
                    Vec3 dk = pose.transformVector(subRay(d, k, s, config.divergenceHalfAngle()));
                    int r = i * s + k;
                    wo[3 * r] = o.x(); wo[3 * r + 1] = o.y(); wo[3 * r + 2] = o.z();
                    wd[3 * r] = dk.x(); wd[3 * r + 1] = dk.y(); wd[3 * r + 2] = dk.z();
                    key[r] = beams.patternIndex[i];
                }
            }
        });
        f.worldOrigins = wo;
        f.worldDirs = wd;
        f.rayKey = key;
        f.poses = poses;
    }

    /** Sub-ray {@code k} of {@code s} of a beam [L-MS]: the axis, then a ring at half the divergence half-angle. */
    private static Vec3 subRay(Vec3 d, int k, int s, double divergenceHalfAngle) {
        if (k == 0) {
            return d;
        }
        Vec3 u = Math.abs(d.z()) < 0.9 ? d.cross(Vec3.Z).normalized() : d.cross(Vec3.X).normalized();
        Vec3 v = d.cross(u);
        double psi = 2 * Math.PI * (k - 1) / (s - 1), t = Math.tan(0.5 * divergenceHalfAngle);
        return d.plus(u.times(t * Math.cos(psi))).plus(v.times(t * Math.sin(psi))).normalized();
    }

    /**
     * The interface heap over all sub-rays [L-P]; the scene is refreshed per time slice of the window only when some
     * object moves with a body [L-T]. On a device that can finish the frame, the candidates stay there; if it fails
     * with some slices' candidates on it, the frame is traced again in Java.
     */
    private static void trace(LidarFrame f, LidarConfig config, ReturnPipeline pipeline) {
        boolean kept = f.device != null && pipeline.finishesOnDevice();
        if (!traceSlices(f, config, pipeline, kept)) {
            f.device = null;
            kept = false;
            traceSlices(f, config, pipeline, false);
        }
        f.onDevice = kept;
    }

    /** The trace stage's time slices; false when the device failed with {@code kept} (the frame is then not traced). */
    private static boolean traceSlices(LidarFrame f, LidarConfig config, ReturnPipeline pipeline, boolean kept) {
        RayBuffer beams = f.rays;
        int b = beams.size(), s = config.beamSamples();
        boolean normals = f.graph.needs(CANDIDATE_NORMALS), background = !config.detection().isEmpty();
        pipeline.reset(kept ? 0 : b * s, normals, background); // kept: the candidates are the device's, none here
        SceneView view = f.ctx.scene();
        boolean moving = view.objects().stream().anyMatch(o -> o.bodyId() != null);
        int slices = moving ? Math.min(config.timeSlices(), Math.max(1, b)) : 1;
        for (int sl = 0; sl < slices; sl++) {
            int first = (int) ((long) b * sl / slices), last = (int) ((long) b * (sl + 1) / slices);
            if (last <= first) {
                continue;
            }
            f.scene.update(view, 0.5 * (beams.times[first] + beams.times[last - 1]));
            if (!pipeline.trace(f.scene, f.device, kept, view, f.worldOrigins, f.worldDirs, first * s,
                    (last - first) * s, f.rayKey, f.random, f.ctx.index())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The returns of each beam by the return mode, with range and intensity gates [L-P]; on the device, when the frame's
     * candidates are there, with the divergence stage before and the detection stage after it [L-DET] (on the detection
     * stage's stream). Should the device fail, the frame is traced again in Java.
     */
    private static void select(LidarFrame f, LidarConfig config, ReturnPipeline pipeline, FrameArrays kept,
            Detection detection, int[] channelOf) {
        int b = f.rays.size(), perBeam = perBeam(config);
        // a beam's returns beyond its count are left from an earlier frame: every reader stops at the count
        double[] opl = kept.get("return OPL", b * perBeam, double[]::new);
        double[] inten = kept.get("return intensity", b * perBeam, double[]::new);
        int[] entity = kept.get("return entity", b * perBeam, int[]::new);
        int[] slot = kept.get("return slot", b * perBeam, int[]::new);
        int[] count = kept.get("return count", b, int[]::new);
        f.returnCount = count;
        f.returnOpl = opl;
        f.returnIntensity = inten;
        f.returnEntity = entity;
        f.returnSlot = slot;
        f.returnNormal = null;
        if (f.onDevice) {
            float[] normal = f.graph.needs(CANDIDATE_NORMALS) ? kept.get("return normal", 3 * b * perBeam,
                    float[]::new) : null;
            if (pipeline.finish(f.device, b, detection == null ? null : detection.onDevice(channelOf,
                    f.rays.patternIndex, f.detectionStream().key()), count, opl, inten, entity, slot, normal)) {
                f.returnNormal = normal;
                return;
            }
            f.device = null; // its candidates are lost with it
            f.onDevice = false;
            trace(f, config, pipeline);
            pipeline.diverge(f.worldOrigins.length / 3);
        }
        pipeline.parallel(b, (from, end) -> {
            ReturnPipeline.Selection sel = pipeline.newSelection();
            for (int i = from; i < end; i++) {
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
    }

    /**
     * Threshold detection [L-DET] on the selected returns, on its own random stream: each return is kept with its
     * detection probability (draw 2k for return k, keyed by the ray's pattern index and the step); a beam left without
     * a return reports a false alarm with the channel's rate (draw 4) at a uniform range (draw 5), its intensity the
     * threshold's, no object (entity −1). A kept return's range scatters by the line's precision at its SNR (draw 6 + k).
     */
    private static void detect(LidarFrame f, LidarConfig config, ReturnPipeline pipeline, Detection detection,
            int[] channelOf) {
        CounterRandom random = f.detectionStream();
        long step = f.ctx.index();
        int b = f.rays.size(), perBeam = perBeam(config);
        int[] count = f.returnCount, slot = f.returnSlot, entity = f.returnEntity;
        double[] opl = f.returnOpl, inten = f.returnIntensity, background = pipeline.candBackground;
        double min = config.rangeMin(), max = config.rangeMax();
        pipeline.parallel(b, (from, end) -> {
            for (int i = from; i < end; i++) {
                int key = f.rays.patternIndex[i], channel = channelOf[key];
                if (!detection.decides(channel)) {
                    continue;
                }
                int kept = 0;
                for (int k = 0; k < count[i]; k++) {
                    int j = i * perBeam + k;
                    double snr = detection.snr(channel, inten[j], background[slot[j]]);
                    if (random.uniform(step, key, 2 * k) < detection.probability(channel, snr)) {
                        double sigma = detection.rangeSigma(channel, snr);
                        int to = i * perBeam + kept++;
                        opl[to] = sigma > 0 ? opl[j] + sigma * random.gaussian(step, key, 6 + k) : opl[j];
                        inten[to] = inten[j];
                        entity[to] = entity[j];
                        slot[to] = slot[j];
                    }
                }
                if (kept == 0 && random.uniform(step, key, 4) < detection.falseAlarmRate(channel)) {
                    int to = i * perBeam;
                    opl[to] = min + (max - min) * random.uniform(step, key, 5);
                    inten[to] = detection.thresholdIntensity(channel);
                    entity[to] = -1;
                    slot[to] = -1;
                    kept = 1;
                }
                count[i] = kept;
            }
        });
    }

    /**
     * One point per return (and per missed beam when misses are emitted, at the origin with distance 0): position
     * along the beam at its OPL in the lidar frame, distance, intensity, pattern index and firing time.
     */
    private static void points(LidarFrame f, LidarConfig config, ReturnPipeline pipeline) {
        RayBuffer beams = f.rays;
        int b = beams.size(), perBeam = perBeam(config);
        int[] count = f.returnCount;
        int[] firstPoint = new int[b + 1]; // prefix sum, so beams fill their points in parallel
        for (int i = 0; i < b; i++) {
            firstPoint[i + 1] = firstPoint[i] + (config.emitMisses() && count[i] == 0 ? 1 : count[i]);
        }
        int n = firstPoint[b];
        PointBuffer pts = new PointBuffer(n);
        int[] beamOf = new int[n], returnOf = new int[n];
        double[] opl = f.returnOpl, inten = f.returnIntensity;
        pipeline.parallel(b, (from, end) -> {
            for (int i = from; i < end; i++) {
                int p = firstPoint[i], m = count[i];
                if (m == 0 && config.emitMisses()) {
                    pts.patternIndex[p] = beams.patternIndex[i];
                    pts.times[p] = beams.times[i];
                    beamOf[p] = i;
                    returnOf[p] = -1;
                    continue;
                }
                double dx = beams.directions[3 * i], dy = beams.directions[3 * i + 1], dz = beams.directions[3 * i + 2];
                for (int k = 0; k < m; k++, p++) {
                    int j = i * perBeam + k;
                    pts.xyz[3 * p] = (float) (beams.origins[3 * i] + dx * opl[j]);
                    pts.xyz[3 * p + 1] = (float) (beams.origins[3 * i + 1] + dy * opl[j]);
                    pts.xyz[3 * p + 2] = (float) (beams.origins[3 * i + 2] + dz * opl[j]);
                    pts.distance[p] = (float) opl[j];
                    pts.intensity[p] = (float) inten[j];
                    pts.patternIndex[p] = beams.patternIndex[i];
                    pts.times[p] = beams.times[i];
                    beamOf[p] = i;
                    returnOf[p] = j;
                }
            }
        });
        pts.count(n);
        f.points = pts;
        f.pointBeam = beamOf;
        f.pointReturn = returnOf;
    }

    /** Makes the int column of {@code field} and sets point {@code i} to {@code value(i)}, in parallel chunks. */
    private static void intField(LidarFrame f, ReturnPipeline pipeline, OutputField field, IntUnaryOperator value) {
        int[] column = f.points.ints(field);
        forPoints(f, pipeline, i -> column[i] = value.applyAsInt(i));
    }

    /** Makes the float column of {@code field} and sets point {@code i} to {@code value(i)}, in parallel chunks. */
    private static void floatField(LidarFrame f, ReturnPipeline pipeline, OutputField field, IntToDoubleFunction value) {
        float[] column = f.points.floats(field);
        forPoints(f, pipeline, i -> column[i] = (float) value.applyAsDouble(i));
    }

    /** Runs {@code body} for every point, in parallel chunks. */
    private static void forPoints(LidarFrame f, ReturnPipeline pipeline, IntConsumer body) {
        int n = f.points.count();
        pipeline.parallel(n, (from, end) -> {
            for (int i = from; i < end; i++) {
                body.accept(i);
            }
        });
    }

    /**
     * The calibrated reflectivity of a return [L-DET]: its intensity over the intensity a perpendicular 100 % Lambertian
     * target would give at its range in clear air, {@code π·I / η(R)} with η the detected power ratio [L-21]; a miss 0.
     */
    static double reflectivity(BeamDivergence optics, double intensity, double range) {
        double eta = range > 0 ? optics.detectedRatio(range) : 0;
        return eta > 0 ? Math.PI * intensity / eta : 0;
    }

    /**
     * The surface normal of point {@code i}'s candidate (the device's per return, else the candidates' per slot),
     * turned into the lidar frame at its beam's firing time.
     */
    private static void normal(LidarFrame f, float[] cn, float[] out, int i) {
        int j = f.pointReturn[i];
        if (j < 0) {
            return;
        }
        int cs = f.returnSlot[j];
        if (cs < 0) { // a false alarm: no surface
            return;
        }
        float[] n = f.returnNormal != null ? f.returnNormal : cn;
        int at = f.returnNormal != null ? j : cs;
        Quat inv = f.poses[f.pointBeam[i]].rotation().conjugate();
        Vec3 nl = inv.rotate(new Vec3(n[3 * at], n[3 * at + 1], n[3 * at + 2]));
        out[3 * i] = (float) nl.x();
        out[3 * i + 1] = (float) nl.y();
        out[3 * i + 2] = (float) nl.z();
    }
}
