package sensor.camera;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import sensor.api.ComputePool;
import sensor.api.frame.CameraImage;
import sensor.api.scene.Light;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.random.CounterRandom;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.camera.config.CameraConfig;

/**
 * One camera [CAM], rendered on the raytrace backend for data realism rather than art. Per frame:
 * <ol>
 * <li>Rays: {@code supersample} per pixel through the {@link Lens} (jittered in the pixel when more than one); with an
 * exposure, each ray gets a random keyframe in {@code [t − exposure, t]} and the scene and the camera are taken at
 * that time (motion blur, the paper's keyframe method).
 * <li>Shading, in linear intensity (a white diffuse surface under {@code whiteLevel} W/m² is 1): a surface of colour ρ
 * (its material's {@code color}) gets {@code ρ·(Σ E_sun·max(0, n·l)·visible + Σ E_sky·(1 + n_z)/2)/whiteLevel}, sun
 * visibility by shadow rays; a surface with specular reflectance R (the material's) mixes in R times the radiance of
 * the mirror ray, up to {@code traceDepth} bounces; a ray that hits nothing within {@code maxRange} sees the sky,
 * {@code Σ E_sky·colour/whiteLevel}.
 * <li>Media: fog volumes (objects of an ambient material) and the ambient medium attenuate by Beer–Lambert,
 * {@code T = exp(−α·length)}, and add airlight {@code (1 − T)·(Σ E_sky + Σ E_sun/2)/whiteLevel} (Koschmieder).
 * <li>Depth (along the optical axis) and the instance label (object index) come from each pixel's centre ray at t.
 * <li>Noise on linear intensity (eq. 4, or eq. 3 when {@code gain} &gt; 0), then sRGB gamma and 8 bits.
 * </ol>
 * Random numbers are counter-based (frame, ray or pixel, draw), so images do not depend on the thread count. Rays are
 * made, shaded and turned into pixels in fixed blocks on the runtime's pool, each ray and pixel on its own, so neither
 * does the order of the work. Shadow rays are occlusion queries ({@link TraceScene#occluded}) that look through fog.
 */
final class CameraSensor implements Sensor {
    /** The lights when the scenario names none: a sun from the south-east, high, and a bluish sky. */
    static final List<Light> DEFAULT_LIGHTS = List.of(Light.sun(new Vec3(-0.4, 0.3, -0.87), 800),
            new Light(Light.Kind.SKY, null, 200, List.of(0.7, 0.8, 1.0)));
    private static final double EPS = 1e-4;
    /** Rays or pixels per block of work on the pool (fixed: the split never depends on the thread count). */
    private static final int BLOCK = 4096;

    private final CameraConfig c;
    private final Supplier<RaytraceBackend> backends;
    private final Supplier<ComputePool> pools;
    private ComputePool pool = ComputePool.serial();
    private final Lens lens;
    private final int w, h, spp, threads;
    /** The rays in tile order ({@link #tileOrder}). */
    private final int[] tiles;
    private TraceScene scene;
    private RaytraceBackend sceneBackend;

    CameraSensor(CameraConfig c, Supplier<RaytraceBackend> backends, Supplier<ComputePool> pools) {
        this.c = c;
        this.backends = backends;
        this.pools = pools;
        this.lens = new Lens(c);
        w = c.width();
        h = c.height();
        spp = c.supersample();
        threads = c.threads() > 0 ? c.threads() : Runtime.getRuntime().availableProcessors();
        tiles = tileOrder(w, h, spp);
    }

    /** Pixels per tile across and down: a tile's rays (with one per pixel) make one packet of 32. */
    static final int TILE_W = 8, TILE_H = 4;

    /**
     * The ray indices ({@code pixel · spp + sample}, pixels row by row) in tile order: tiles of {@link #TILE_W} ×
     * {@link #TILE_H} pixels row by row (clipped at the image's edges), the pixels of a tile row by row, a pixel's
     * samples in their order. The backend traces consecutive rays as packets, and a tile's rays are close in both
     * angles; a pixel's samples still add up in their own order.
     */
    static int[] tileOrder(int w, int h, int spp) {
        int[] order = new int[w * h * spp];
        int k = 0;
        for (int ty = 0; ty < h; ty += TILE_H) {
            for (int tx = 0; tx < w; tx += TILE_W) {
                for (int y = ty; y < Math.min(h, ty + TILE_H); y++) {
                    for (int x = tx; x < Math.min(w, tx + TILE_W); x++) {
                        for (int s = 0; s < spp; s++) {
                            order[k++] = (y * w + x) * spp + s;
                        }
                    }
                }
            }
        }
        return order;
    }

    /** What one frame needs while it is rendered. */
    private final class Frame {
        final SceneView view;
        final List<Light> suns = new ArrayList<>(), skies = new ArrayList<>();
        final double[] colors;
        final double airlight;
        final double[] sky = new double[3];
        /** The objects of an ambient material (fog volumes): shadow rays look through them. */
        final java.util.BitSet volumes = new java.util.BitSet();

        Frame(SceneView view) {
            this.view = view;
            List<Light> lights = view.lights().isEmpty() ? DEFAULT_LIGHTS : view.lights();
            double air = 0;
            for (Light l : lights) {
                (l.kind() == Light.Kind.SUN ? suns : skies).add(l);
                air += l.kind() == Light.Kind.SUN ? l.irradiance() / 2 : l.irradiance();
                if (l.kind() == Light.Kind.SKY) {
                    for (int k = 0; k < 3; k++) {
                        sky[k] += l.irradiance() * l.color().get(k) / c.whiteLevel();
                    }
                }
            }
            airlight = air / c.whiteLevel();
            List<ObjectSpec> objects = view.objects();
            colors = new double[3 * objects.size()];
            for (int i = 0; i < objects.size(); i++) {
                if (view.volume(i) != null) {
                    volumes.set(i);
                }
                List<Double> rgb = objects.get(i).material() == null ? sensor.api.scene.MaterialSpec.GREY
                        : objects.get(i).material().visibleColor();
                for (int k = 0; k < 3; k++) {
                    colors[3 * i + k] = rgb.get(k);
                }
            }
        }
    }

    /** Closest surface hits through media: distance, object (−1: none), normal, transmittance and airlight on the way. */
    private static final class Path {
        final double[] distance, normal, transmittance, airlight;
        final int[] object;

        Path(double[] distance, double[] normal, double[] transmittance, double[] airlight, int[] object) {
            this.distance = distance;
            this.normal = normal;
            this.transmittance = transmittance;
            this.airlight = airlight;
            this.object = object;
        }
    }

    /**
     * The frame's working arrays, kept from frame to frame by name and level (a mirror bounce is a level of its own):
     * at 640 × 480 they are about 100 MB a frame, which the sampling thread would otherwise allocate and zero alone.
     * An array is handed out as it was left unless it is filled (in blocks on the pool); a camera samples one frame at
     * a time.
     */
    private final java.util.Map<String, Object> scratch = new java.util.HashMap<>();
    private double[] pixelCentres;

    /** Working array {@code name} of {@code level} with room for {@code n} values, as it was left. */
    private double[] doubles(String name, int level, int n) {
        return kept(name, level, n, double[]::new);
    }

    /** Working int array {@code name} of {@code level} with room for {@code n} values, as it was left. */
    private int[] ints(String name, int level, int n) {
        return kept(name, level, n, int[]::new);
    }

    /** The kept array {@code name} of {@code level}, made anew by {@code make} where it holds fewer than {@code n}. */
    @SuppressWarnings("unchecked")
    private <T> T kept(String name, int level, int n, java.util.function.IntFunction<T> make) {
        Object a = scratch.get(name + level);
        if (a == null || java.lang.reflect.Array.getLength(a) < n) {
            a = make.apply(n);
            scratch.put(name + level, a);
        }
        return (T) a;
    }

    /** The hit buffer of {@code level} with room for {@code n} rays (a query writes every answer it is asked for). */
    private HitBuffer hits(int level, int n) {
        Object a = scratch.get("hits" + level);
        if (a instanceof HitBuffer b && b.distance.length >= n) {
            return b;
        }
        HitBuffer b = new HitBuffer(n);
        scratch.put("hits" + level, b);
        return b;
    }

    /** Working array {@code name} of {@code level}, its first {@code n} values set to {@code value}. */
    private double[] doubles(String name, int level, int n, double value) {
        double[] d = doubles(name, level, n);
        parallel(n, (from, to) -> java.util.Arrays.fill(d, from, to, value));
        return d;
    }

    /** Working int array {@code name} of {@code level}, its first {@code n} values set to {@code value}. */
    private int[] ints(String name, int level, int n, int value) {
        int[] d = ints(name, level, n);
        parallel(n, (from, to) -> java.util.Arrays.fill(d, from, to, value));
        return d;
    }

    @Override
    public CameraImage sample(SampleContext ctx) {
        RaytraceBackend backend = backends.get();
        if (backend == null) {
            return null;
        }
        if (backend != sceneBackend) {
            close();
            scene = backend.createScene(ctx.scene(), threads);
            sceneBackend = backend;
        }
        pool = pools.get();
        double t = ctx.time();
        Frame frame = new Frame(ctx.scene());
        CounterRandom random = ctx.random();
        long index = ctx.index();
        int rays = w * h * spp, slices = c.exposureTime() > 0 ? c.timeSlices() : 1;
        // counting sort of the rays by keyframe, stable over the tile order (one keyframe: the tile order itself)
        int[] start = new int[slices + 1], order;
        if (slices == 1) {
            start[1] = rays;
            order = tiles;
        } else {
            order = new int[rays];
            int[] sliceOf = new int[rays];
            parallel(rays, (from, to) -> {
                for (int r = from; r < to; r++) {
                    sliceOf[r] = Math.min(slices - 1, (int) (random.uniform(index, r, 2) * slices));
                }
            });
            for (int r = 0; r < rays; r++) {
                start[sliceOf[r] + 1]++;
            }
            for (int j = 0; j < slices; j++) {
                start[j + 1] += start[j];
            }
            int[] fill = start.clone();
            for (int r : tiles) {
                order[fill[sliceOf[r]]++] = r;
            }
        }
        double[] sum = doubles("sum", 0, 3 * w * h, 0);
        boolean centreRays = spp == 1 && slices == 1;
        float[] depth = new float[w * h];
        int[] labels = new int[w * h];
        for (int j = 0; j < slices; j++) {
            int count = start[j + 1] - start[j];
            if (count == 0) {
                continue;
            }
            double time = slices == 1 ? t : t - c.exposureTime() + (j + 0.5) / slices * c.exposureTime();
            scene.update(frame.view, time);
            Pose pose = ctx.sensorPose(time);
            double[] rotation = matrix(pose), origins = doubles("origins", 0, 3 * count),
                    dirs = doubles("dirs", 0, 3 * count);
            int first = start[j];
            double[] centres = pixelCentres(w, h);
            parallel(count, (from, to) -> {
                double[] dir = new double[3];
                for (int k = from; k < to; k++) {
                    int r = order[first + k], p = r / spp;
                    if (spp == 1) {
                        put(pose, rotation, centres, 3 * p, origins, dirs, k);
                    } else {
                        lens.direction(p % w + random.uniform(index, r, 0), p / w + random.uniform(index, r, 1), dir, 0);
                        put(pose, rotation, dir, 0, origins, dirs, k);
                    }
                }
            });
            Path primary = trace(frame, origins, dirs, count, 0);
            double[] radiance = shade(frame, primary, origins, dirs, count, 0);
            Vec3 axis = pose.transformVector(new Vec3(1, 0, 0));
            ComputePool.Block add = (from, to) -> {
                for (int k = from; k < to; k++) {
                    int p = order[first + k] / spp;
                    for (int ch = 0; ch < 3; ch++) {
                        sum[3 * p + ch] += radiance[3 * k + ch];
                    }
                    if (centreRays) {
                        label(primary, dirs, k, axis, p, depth, labels);
                    }
                }
            };
            if (spp == 1) { // a pixel per ray
                parallel(count, add);
            } else { // one after another: the rays of one pixel add up in a fixed order
                add.run(0, count);
            }
        }
        Pose pose = ctx.sensorPose(t);
        if (!centreRays) { // depth and labels from the pixel-centre rays at t
            scene.update(frame.view, t);
            double[] rotation = matrix(pose), origins = new double[3 * w * h], dirs = new double[3 * w * h];
            double[] centres = pixelCentres(w, h);
            for (int p = 0; p < w * h; p++) {
                put(pose, rotation, centres, 3 * p, origins, dirs, p);
            }
            Path centre = trace(frame, origins, dirs, w * h, 0);
            Vec3 axis = pose.transformVector(new Vec3(1, 0, 0));
            for (int p = 0; p < w * h; p++) {
                label(centre, dirs, p, axis, p, depth, labels);
            }
        }
        byte[] rgb = new byte[3 * w * h];
        parallel(w * h, (from, to) -> {
            for (int p = from; p < to; p++) {
                for (int ch = 0; ch < 3; ch++) {
                    double intensity = Math.max(0, sum[3 * p + ch] / spp);
                    double sigma = Math.sqrt(noiseVariance(intensity));
                    if (sigma > 0) {
                        intensity += sigma * random.gaussian(index, p, 3 + ch);
                    }
                    rgb[3 * p + ch] = encode(intensity);
                }
            }
        });
        List<String> ids = frame.view.objects().stream().map(ObjectSpec::id).toList();
        double f = lens.focal();
        return new CameraImage(w, h, rgb, depth, labels, ids, f, f, w / 2.0, h / 2.0, c.lens(), pose);
    }

    /** Runs {@code block} over {@code [0, n)} in fixed blocks of {@link #BLOCK} on the pool, {@code threads} at once. */
    private void parallel(int n, ComputePool.Block block) {
        pool.runBlocks(n, BLOCK, threads, block);
    }

    /** The noise variance at linear intensity {@code i}: eq. 3 (EMVA) when a gain is given, else eq. 4. */
    double noiseVariance(double i) {
        if (c.gain() > 0) {
            return i / c.gain() + c.readNoise() * c.readNoise() / (c.gain() * c.gain()) + c.adcNoise() * c.adcNoise();
        }
        return c.noiseSigma1() * c.noiseSigma1() * i + c.noiseSigma2() * c.noiseSigma2();
    }

    /** Linear intensities at which the 8-bit sRGB code steps up: code k for {@code STEPS[k-1] <= I < STEPS[k]}. */
    private static final double[] STEPS = new double[255];

    static {
        for (int k = 1; k <= 255; k++) { // round(255·srgb(I)) >= k  ⇔  I >= srgb⁻¹((k − 0.5)/255); srgb is increasing
            double v = (k - 0.5) / 255;
            STEPS[k - 1] = v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        }
    }

    /** A linear intensity as its 8-bit sRGB code (clamped to [0, 1]): the code at the start of its bin, then steps up. */
    static byte encode(double intensity) {
        if (!(intensity < STEPS[254])) {
            return intensity >= STEPS[254] ? (byte) 255 : 0; // NaN: 0
        }
        if (!(intensity > 0)) {
            return 0;
        }
        int code = BIN_CODE[(int) (intensity * BINS)] & 0xff; // at most the intensity's code: the codes never fall
        while (STEPS[code] <= intensity) { // one or two steps at most (a bin is narrower than a code below the knee)
            code++;
        }
        return (byte) code;
    }

    /** Bins of [0, 1] in the table of {@link #BIN_CODE}. */
    private static final int BINS = 4096;
    /** The code of each bin's lowest intensity, {@code k / BINS}. */
    private static final byte[] BIN_CODE = new byte[BINS];

    static {
        for (int k = 0; k < BINS; k++) {
            BIN_CODE[k] = searchCode((double) k / BINS);
        }
    }

    /** The code of a linear intensity by binary search in {@link #STEPS}: the number of steps at or below it. */
    private static byte searchCode(double intensity) {
        int lo = 0, hi = 255;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (STEPS[mid - 1] <= intensity) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return (byte) lo;
    }

    /** The rotation of {@code pose} as a row-major 3 × 3 matrix (its columns: the images of x, y, z). */
    private static double[] matrix(Pose pose) {
        double[] m = new double[9];
        for (int col = 0; col < 3; col++) {
            Vec3 c = pose.transformVector(new Vec3(col == 0 ? 1 : 0, col == 1 ? 1 : 0, col == 2 ? 1 : 0));
            m[col] = c.x();
            m[3 + col] = c.y();
            m[6 + col] = c.z();
        }
        return m;
    }

    /** Ray {@code k}: from the camera's position along the camera-frame direction {@code cam} rotated by {@code m}. */
    private static void put(Pose pose, double[] m, double[] cam, int at, double[] origins, double[] dirs, int k) {
        origins[3 * k] = pose.position().x();
        origins[3 * k + 1] = pose.position().y();
        origins[3 * k + 2] = pose.position().z();
        for (int row = 0; row < 3; row++) {
            dirs[3 * k + row] = m[3 * row] * cam[at] + m[3 * row + 1] * cam[at + 1] + m[3 * row + 2] * cam[at + 2];
        }
    }

    /**
     * The camera-frame direction through every pixel's centre, 3 per pixel, made through the lens on the first frame
     * that asks (the lens and the image size are the configuration's, fixed for the camera's life).
     */
    private double[] pixelCentres(int w, int h) {
        double[] d = pixelCentres;
        if (d == null) {
            double[] made = new double[3 * w * h];
            parallel(w * h, (from, to) -> {
                for (int p = from; p < to; p++) {
                    lens.direction(p % w + 0.5, p / w + 0.5, made, 3 * p);
                }
            });
            pixelCentres = d = made;
        }
        return d;
    }

    /** Depth along the optical axis ({@code axis}, the pose's +x) and the label of ray {@code k} into pixel {@code p}. */
    private static void label(Path path, double[] dirs, int k, Vec3 axis, int p, float[] depth, int[] labels) {
        labels[p] = path.object[k];
        if (path.object[k] < 0) {
            depth[p] = Float.NaN;
        } else {
            depth[p] = (float) (path.distance[k] * (dirs[3 * k] * axis.x() + dirs[3 * k + 1] * axis.y() + dirs[3 * k + 2] * axis.z()));
        }
    }

    /**
     * Traces rays to their closest surface within {@code maxRange}, through fog volumes (at most 4 crossings), with the
     * transmittance and airlight of the media on the way.
     */
    private Path trace(Frame frame, double[] origins, double[] dirs, int n, int level) {
        Path path = new Path(doubles("distance", level, n, 0), doubles("normal", level, 3 * n),
                doubles("transmittance", level, n, 1), doubles("airlight", level, n, 0), ints("object", level, n, -1));
        double[] o = doubles("o", level, 3 * n), entry = doubles("entry", level, n);
        int[] inside = ints("inside", level, n, -1), active = ints("active", level, n);
        int m = n;
        parallel(n, (from, to) -> {
            for (int k = from; k < to; k++) {
                active[k] = k;
            }
        });
        double alpha = frame.view.ambient().attenuation();
        for (int pass = 0; m > 0; pass++) { // a ray goes on only from passes 0 to 7: none is left after pass 8
            double[] ao = pass == 0 ? origins : new double[3 * m], ad = pass == 0 ? dirs : new double[3 * m];
            for (int a = 0; pass > 0 && a < m; a++) {
                System.arraycopy(o, 3 * active[a], ao, 3 * a, 3);
                System.arraycopy(dirs, 3 * active[a], ad, 3 * a, 3);
            }
            HitBuffer hits = hits(level, m);
            scene.closestHit(ao, ad, m, c.maxRange(), hits);
            boolean[] goesOn = new boolean[m];
            int crossing = pass;
            parallel(m, (from, to) -> {
                for (int a = from; a < to; a++) {
                    int k = active[a], obj = hits.objectIndex[a];
                    double at = path.distance[k] + hits.distance[a];
                    boolean within = obj >= 0 && at <= c.maxRange();
                    AmbientMaterial volume = within ? frame.view.volume(obj) : null;
                    if (within && volume != null && crossing < 8) {
                        if (inside[k] < 0) {
                            inside[k] = obj;
                            entry[k] = at;
                        } else {
                            attenuate(path, k, volume.attenuation(), at - entry[k], frame.airlight);
                            inside[k] = -1;
                        }
                        path.distance[k] = at + EPS;
                        for (int x = 0; x < 3; x++) {
                            o[3 * k + x] = origins[3 * k + x] + dirs[3 * k + x] * path.distance[k];
                        }
                        goesOn[a] = true;
                        continue;
                    }
                    double end = within ? at : c.maxRange();
                    if (inside[k] >= 0) { // a surface or the end of range inside a volume
                        attenuate(path, k, frame.view.volume(inside[k]).attenuation(), end - entry[k], frame.airlight);
                    }
                    attenuate(path, k, alpha, end, frame.airlight);
                    if (within) {
                        path.object[k] = obj;
                        path.distance[k] = at;
                        System.arraycopy(hits.normal, 3 * a, path.normal, 3 * k, 3);
                    } else {
                        path.distance[k] = Double.POSITIVE_INFINITY;
                    }
                }
            });
            int next = 0;
            for (int a = 0; a < m; a++) {
                if (goesOn[a]) {
                    active[next++] = active[a];
                }
            }
            m = next;
        }
        return path;
    }

    private static void attenuate(Path path, int k, double alpha, double length, double airlight) {
        double segment = Math.exp(-alpha * Math.max(0, length));
        path.airlight[k] += path.transmittance[k] * (1 - segment) * airlight;
        path.transmittance[k] *= segment;
    }

    /** Linear RGB radiance (intensity units) arriving along each ray of {@code path}. */
    private double[] shade(Frame frame, Path path, double[] origins, double[] dirs, int n, int bounce) {
        double[] out = doubles("out", bounce, 3 * n), light = doubles("light", bounce, 3 * n, 0),
                px = doubles("px", bounce, 3 * n);
        parallel(n, (from, to) -> {
            for (int k = from; k < to; k++) {
                if (path.object[k] < 0) {
                    for (int ch = 0; ch < 3; ch++) {
                        out[3 * k + ch] = frame.sky[ch];
                    }
                    continue;
                }
                for (int x = 0; x < 3; x++) {
                    px[3 * k + x] = origins[3 * k + x] + dirs[3 * k + x] * path.distance[k] + path.normal[3 * k + x] * EPS;
                }
                double nz = path.normal[3 * k + 2];
                for (Light sky : frame.skies) {
                    for (int ch = 0; ch < 3; ch++) {
                        light[3 * k + ch] += sky.irradiance() * sky.color().get(ch) * (1 + nz) / 2;
                    }
                }
            }
        });
        for (Light sun : frame.suns) {
            sunlight(frame, sun, path, px, n, light, bounce);
        }
        // mirror rays
        double[] reflectance = doubles("reflectance", bounce, n, 0);
        parallel(n, (from, to) -> {
            for (int k = from; k < to; k++) {
                int obj = path.object[k];
                if (obj < 0) {
                    continue;
                }
                double cos = -(dirs[3 * k] * path.normal[3 * k] + dirs[3 * k + 1] * path.normal[3 * k + 1]
                        + dirs[3 * k + 2] * path.normal[3 * k + 2]);
                double r = bounce < c.traceDepth() ? frame.view.material(obj).specularReflectance(Math.min(1, Math.max(0, cos))) : 0;
                reflectance[k] = Math.min(1, Math.max(0, r));
                for (int ch = 0; ch < 3; ch++) {
                    out[3 * k + ch] = (1 - reflectance[k]) * frame.colors[3 * obj + ch] * light[3 * k + ch] / c.whiteLevel();
                }
            }
        });
        int[] mirrored = ints("mirrored", bounce, n);
        int m = 0;
        for (int k = 0; k < n; k++) {
            if (reflectance[k] > 0) {
                mirrored[m++] = k;
            }
        }
        if (m > 0) {
            double[] ro = new double[3 * m], rd = new double[3 * m];
            for (int a = 0; a < m; a++) {
                int k = mirrored[a];
                double dn = dirs[3 * k] * path.normal[3 * k] + dirs[3 * k + 1] * path.normal[3 * k + 1]
                        + dirs[3 * k + 2] * path.normal[3 * k + 2];
                double len = 0;
                for (int x = 0; x < 3; x++) {
                    rd[3 * a + x] = dirs[3 * k + x] - 2 * dn * path.normal[3 * k + x];
                    len += rd[3 * a + x] * rd[3 * a + x];
                    ro[3 * a + x] = px[3 * k + x];
                }
                len = Math.sqrt(len);
                for (int x = 0; x < 3; x++) {
                    rd[3 * a + x] /= len;
                }
            }
            double[] reflected = shade(frame, trace(frame, ro, rd, m, bounce + 1), ro, rd, m, bounce + 1);
            for (int a = 0; a < m; a++) {
                int k = mirrored[a];
                for (int ch = 0; ch < 3; ch++) {
                    out[3 * k + ch] += reflectance[k] * reflected[3 * a + ch];
                }
            }
        }
        parallel(n, (from, to) -> {
            for (int k = from; k < to; k++) {
                for (int ch = 0; ch < 3; ch++) {
                    out[3 * k + ch] = out[3 * k + ch] * path.transmittance[k] + path.airlight[k];
                }
            }
        });
        return out;
    }

    /**
     * Adds the irradiance of {@code sun} to every surface point that faces it and sees it: a shadow ray, an occlusion
     * query that looks through fog volumes (fog does not cast a hard shadow; whatever lies behind it still does).
     */
    private void sunlight(Frame frame, Light sun, Path path, double[] px, int n, double[] light, int level) {
        Vec3 to = sun.direction().times(-1);
        int[] facing = ints("facing", level, n);
        double[] cos = doubles("cos", level, n);
        int m = 0;
        for (int k = 0; k < n; k++) {
            if (path.object[k] < 0) {
                continue;
            }
            double ct = path.normal[3 * k] * to.x() + path.normal[3 * k + 1] * to.y() + path.normal[3 * k + 2] * to.z();
            if (ct > 0) {
                cos[k] = ct;
                facing[m++] = k;
            }
        }
        boolean[] blocked = new boolean[m];
        if (c.shadows() && m > 0) {
            double[] so = doubles("so", level, 3 * m), sd = doubles("sd", level, 3 * m);
            int count = m;
            parallel(count, (from, end) -> {
                for (int a = from; a < end; a++) {
                    System.arraycopy(px, 3 * facing[a], so, 3 * a, 3);
                    sd[3 * a] = to.x();
                    sd[3 * a + 1] = to.y();
                    sd[3 * a + 2] = to.z();
                }
            });
            scene.occluded(so, sd, m, c.maxRange(), frame.volumes, blocked);
        }
        parallel(m, (from, end) -> {
            for (int a = from; a < end; a++) {
                if (!blocked[a]) {
                    int k = facing[a];
                    for (int ch = 0; ch < 3; ch++) {
                        light[3 * k + ch] += sun.irradiance() * sun.color().get(ch) * cos[k];
                    }
                }
            }
        });
    }

    @Override
    public void close() {
        if (scene != null) {
            scene.close();
            scene = null;
        }
    }
}
