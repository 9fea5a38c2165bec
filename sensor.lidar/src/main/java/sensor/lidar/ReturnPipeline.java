package sensor.lidar;

import sensor.api.ComputePool;

import sensor.api.scene.SceneView;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.SurfaceMaterial;
import sensor.api.random.CounterRandom;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.raytrace.TraceScene;
import sensor.lidar.api.ReturnMode;

/**
 * The work of the trace, divergence and selection stages of the lidar process [L-P], wave by wave over the interface
 * heap: node {@code h} of a ray has its reflection child at {@code 2h+1} and its transmission child at
 * {@code 2h+2}, up to the configured depth. At each node the segment from the previous interface is
 * traced; it may give an atmospheric candidate [L-14] and, at a surface, a surface candidate. A
 * candidate's intensity is the product of the reflection/transmission factors before it, Beer–Lambert
 * over its OPL [L-13], the BRDF back towards the detector times the incidence cosine [L-3] and the
 * detected power ratio of the diverging beam [L-21] ({@link #diverge}, once all waves are traced). Atmospheric backscatter is taken as an isotropic
 * (Lambertian, C_D = 1, head-on) scatterer: factor {@code 1/π}. Point assembly picks per beam by the
 * return mode ({@link #select}) among candidates with OPL in range and intensity at or above the threshold; with several
 * sub-rays per beam [L-MS] each sub-ray carries {@code 1/S} of the power and candidates on the same
 * object are merged (intensities summed, OPL intensity-weighted), as are the atmospheric candidates of one heap
 * node, which the sub-rays draw together (one draw per beam, so S does not change how often a beam returns). Volumes (fog banks: objects filled with
 * an ambient medium) are crossed, not hit: at their boundary a node goes on in the volume's medium, with
 * its own attenuation and atmospheric returns counted from the entry, and back in the ambient when it
 * leaves; a crossing does not use a heap level. Every random number is drawn from the
 * counter-based generator by (sample, pattern index, node), so the result does not depend on
 * the thread count. Each ray's work is independent; chunks run on the sensor's pool.
 */
final class ReturnPipeline {
    static final int CHUNK = 512;
    private static final double EPS = 1e-4;
    /** Volume boundaries a node may cross (entering and leaving fog banks) before it stops. */
    static final int MAX_CROSSINGS = 8;

    private final int depth, nodes, samples;
    private final double rangeMin, rangeMax, minIntensity, mixingRange;
    private final ReturnMode mode;
    private final BeamDivergence divergence;
    private final ComputePool pool;
    private final int threads;

    // Candidates, slot = ((ray · nodes) + node) · 2 + kind (0 surface, 1 atmosphere); intensity < 0 = none.
    // OPL and intensity stay double until selection (which reads them as floats), so the divergence stage's later
    // factor gives what the product in one step gave
    double[] candOpl = new double[0], candIntensity = new double[0];
    float[] candNormal = new float[0];
    int[] candEntity = new int[0];
    /**
     * Per surface candidate [L-SPEC]: the power a mirror coat returns straight into the detector (its delta lobe,
     * optics included), and the power that reached the surface (prior × attenuation); the divergence stage adds the
     * first, and no return exceeds the second.
     */
    double[] candMirror = new double[0], candPower = new double[0];
    /** Sunlight a surface candidate reflects towards the sensor, klx × reflectance [L-DET]; made only when asked. */
    double[] candBackground = new double[0];
    private boolean keepNormals, keepBackground;
    // the suns (unit vector towards each, then its illuminance in klx) and the sky's illuminance, read per trace
    private double[] suns = new double[0];
    private double skyKlx;
    // the two waves a trace alternates between and its hit buffer, kept from trace to trace (a lidar traces one slice
    // at a time): a frame's waves are tens of MB, which the tracing thread would otherwise allocate and zero alone
    private final Wave[] spareWaves = {new Wave(0), new Wave(0)};
    private HitBuffer hitBuffer = new HitBuffer(0);

    ReturnPipeline(int depth, int samples, double rangeMin, double rangeMax, double minIntensity, double mixingRange,
            ReturnMode mode, BeamDivergence divergence, ComputePool pool, int threads) {
        this.depth = depth;
        this.nodes = (1 << depth) - 1;
        this.samples = samples;
        this.rangeMin = rangeMin;
        this.rangeMax = rangeMax;
        this.minIntensity = minIntensity;
        this.mixingRange = mixingRange;
        this.mode = mode;
        this.divergence = divergence;
        this.pool = pool;
        this.threads = threads;
    }

    int nodes() { return nodes; }

    /** The beam's divergence and optics [L-21]. */
    BeamDivergence divergence() { return divergence; }

    /**
     * Clears the candidate slots of {@code rays} rays; candidates keep their normals only when {@code normals}, their
     * background only when {@code background}.
     */
    void reset(int rays, boolean normals, boolean background) {
        keepNormals = normals;
        keepBackground = background;
        int slots = rays * nodes * 2;
        if (background && candBackground.length < slots) {
            candBackground = new double[slots]; // only read where this frame's trace stored a surface candidate
        }
        if (candIntensity.length < slots) {
            candOpl = new double[slots];
            candIntensity = new double[slots];
            candEntity = new int[slots];
            candMirror = new double[slots]; // only read where this frame's trace stored a surface candidate
            candPower = new double[slots];
        }
        if (normals && candNormal.length < 3 * slots) {
            candNormal = new float[3 * slots];
        }
        double[] intensity = candIntensity;
        parallel(slots, (from, end) -> java.util.Arrays.fill(intensity, from, end, -1));
    }

    /** Runs {@code block} over {@code [0, n)} in blocks of {@link #CHUNK} on the pool. */
    void parallel(int n, ComputePool.Block block) {
        pool.runBlocks(n, CHUNK, threads, block);
    }

    /**
     * Traces rays {@code first..first+count} (world frame origins and directions, packed) through the heap: on
     * {@code device} when not null (its candidates are this method's, up to the last bits of exp and log; kept there
     * for {@link #finish} when {@code kept}), else here. {@code rayKey[i]} is the noise counter (pattern index) of ray
     * i. Returns false only when the device failed with {@code kept}: the rays are then not traced (the caller
     * retraces the frame in Java, since the earlier slices' candidates were on the device).
     */
    boolean trace(TraceScene scene, ShadingTraceScene device, boolean kept, SceneView view, double[] worldOrigins,
            double[] worldDirs, int first, int count, int[] rayKey, CounterRandom random, long step) {
        double n = view.ambient().refractiveIndex();
        if (keepBackground) {
            lights(view.lights());
        }
        if (device != null) {
            if (device.shade(view, new ShadingTraceScene.Shading(nodes, rangeMax, divergence.tanTheta(),
                    divergence.emitterRadius(), divergence.detectorRadius(), divergence.detectorOffset(), random.key(),
                    step, keepNormals, keepBackground, suns, skyKlx), worldOrigins, worldDirs, rayKey, first, count,
                    kept ? null : new ShadingTraceScene.Candidates(candOpl, candIntensity, candEntity, candMirror,
                            candPower, candBackground, keepNormals ? candNormal : null))) {
                return true;
            }
            if (kept) {
                return false;
            }
        }
        Wave wave = wave(0, count), w0 = wave;
        parallel(count, (from, end) -> {
            System.arraycopy(worldOrigins, 3 * (first + from), w0.origin, 3 * from, 3 * (end - from));
            System.arraycopy(worldDirs, 3 * (first + from), w0.dir, 3 * from, 3 * (end - from));
            for (int i = from; i < end; i++) {
                w0.ray[i] = first + i;
                w0.node[i] = 0;
                w0.prior[i] = 1;
                w0.medium[i] = -1;
                w0.opl[i] = 0;
                w0.tau[i] = 0;
                w0.entry[i] = 0;
                w0.crossings[i] = 0;
            }
        });
        wave.size = count;
        // heap levels, plus the crossings of volume boundaries (which continue a node, not a new level)
        for (int waves = 0; waves < depth + MAX_CROSSINGS && wave.size > 0; waves++) {
            if (hitBuffer.distance.length < wave.size) {
                hitBuffer = new HitBuffer(wave.size);
            }
            HitBuffer hits = hitBuffer;
            scene.closestHit(wave.origin, wave.dir, wave.size, rangeMax / n, hits);
            Wave next = wave((waves + 1) % 2, 2 * wave.size), w = wave; // up to two children per node
            parallel(w.size, (from, end) -> {
                for (int i = from; i < end; i++) {
                    shade(w, i, hits, view, random, step, rayKey, next);
                }
            });
            next.compact();
            wave = next;
        }
        return true;
    }

    /**
     * Whether {@link #finish} can run on a device: a beam's candidate slots (sub-rays × heap nodes × 2) fit the
     * kernel's selection (returns.cuh's SELECT_MAX_SLOTS).
     */
    boolean finishesOnDevice() {
        return samples * nodes * 2 <= 64;
    }

    /**
     * The divergence, selection and (with {@code detection}) detection stages of a frame of {@code beams} beams traced
     * on {@code device} with its candidates kept there, into the returns arrays (P a beam: 2 in dual mode, else 1; the
     * normals only when non-null). Returns false when the device failed: nothing was written.
     */
    boolean finish(ShadingTraceScene device, int beams, ShadingTraceScene.Detection detection, int[] count,
            double[] opl, double[] intensity, int[] entity, int[] slot, float[] normal) {
        // ReturnMode's order is Finish's: STRONGEST 0, FIRST 1, LAST 2, DUAL 3 (LidarBackendTest holds them together)
        return device.finish(new ShadingTraceScene.Finish(beams, samples, mode.ordinal(), rangeMin, rangeMax,
                minIntensity, mixingRange, detection, normal != null), new ShadingTraceScene.Returns(count, opl,
                        intensity, entity, slot, normal));
    }

    /** Spare wave {@code k} (the trace alternates between two), emptied for {@code slots} slots. */
    private Wave wave(int k, int slots) {
        if (spareWaves[k].capacity() < slots) {
            spareWaves[k] = new Wave(slots);
        }
        return spareWaves[k].clear(slots);
    }

    /**
     * One segment of one heap node: from its start to the closest hit, in the node's medium (the ambient
     * material, or the volume it is inside). Optical depth accumulates segment by segment [L-13].
     */
    private void shade(Wave w, int i, HitBuffer hits, SceneView view, CounterRandom random, long step, int[] rayKey,
            Wave next) {
        int ray = w.ray[i], h = w.node[i], medium = w.medium[i];
        AmbientMaterial ambient = medium < 0 ? view.ambient() : view.volume(medium);
        double n = ambient.refractiveIndex(), alpha = ambient.attenuation();
        double x0 = w.opl[i], prior = w.prior[i], tau = w.tau[i], entry = w.entry[i];
        double dx = w.dir[3 * i], dy = w.dir[3 * i + 1], dz = w.dir[3 * i + 2];
        double d = hits.distance[i];
        double x1 = Math.min(rangeMax, x0 + n * d);
        int slot = (ray * nodes + h) * 2;
        int key = rayKey[ray];
        // the draws belong to the beam, not the sub-ray: the sub-rays of a beam sample one atmospheric return, so its
        // probability stays the beam's whatever the number of sub-rays [L-MS]
        int drawBase = (h * (MAX_CROSSINGS + 1) + w.crossings[i]) * 2;
        // atmospheric return on the segment [x0, x1), OPL counted from the medium's entry [L-14]; a node keeps
        // the first one along its path
        // (the number is drawn first: at or above the medium's bound it is no return, and the probability, two incomplete
        // gamma functions, is not needed; the decision is the same)
        double bound = ambient.maxReturnProbability(), u = 1;
        if (bound > 0 && x1 > x0 && candIntensity[slot + 1] < 0) {
            u = random.uniform(step, key, drawBase);
        }
        if (u < bound && u < ambient.returnProbability(x0 - entry, x1 - entry)) {
            double xa = entry + ambient.sampleReturn(x0 - entry, x1 - entry, random.uniform(step, key, drawBase + 1));
            double intensity = prior * Math.exp(-(tau + alpha * (xa - x0))) / Math.PI;
            store(slot + 1, xa, intensity, -1, -dx, -dy, -dz);
            if (keepBackground) {
                candBackground[slot + 1] = 0; // the detection's sunlight is reflected by surfaces only [L-DET]
            }
        }
        if (!(d < Double.POSITIVE_INFINITY) || x0 + n * d > rangeMax) {
            return;
        }
        double x = x0 + n * d, tauHere = tau + alpha * (x - x0);
        int obj = hits.objectIndex[i];
        double nx = hits.normal[3 * i], ny = hits.normal[3 * i + 1], nz = hits.normal[3 * i + 2];
        double px = w.origin[3 * i] + d * dx, py = w.origin[3 * i + 1] + d * dy, pz = w.origin[3 * i + 2] + d * dz;
        if (view.volume(obj) != null) {
            // a volume boundary: the node goes on in the volume (entering) or back in the ambient (leaving)
            if (w.crossings[i] < MAX_CROSSINGS) {
                boolean leaving = medium == obj;
                next.put(2 * i, ray, h, px + EPS * dx, py + EPS * dy, pz + EPS * dz, dx, dy, dz, x + n * EPS, prior,
                        tauHere, leaving ? -1 : obj, leaving ? 0 : x, w.crossings[i] + 1);
            }
            return;
        }
        double cos = -(dx * nx + dy * ny + dz * nz);
        if (!(cos > 0)) {
            return;
        }
        SurfaceMaterial m = view.material(obj);
        // local frame: normal = z, tangent from the world axis least aligned with the normal
        double tx, ty, tz;
        if (Math.abs(nz) < 0.9) {
            tx = ny; ty = -nx; tz = 0; // n × z
        } else {
            tx = 0; ty = nz; tz = -ny; // n × x
        }
        double tl = Math.sqrt(tx * tx + ty * ty + tz * tz);
        tx /= tl; ty /= tl; tz /= tl;
        double bx = ny * tz - nz * ty, by = nz * tx - nx * tz, bz = nx * ty - ny * tx;
        double lx = -(dx * tx + dy * ty + dz * tz), ly = -(dx * bx + dy * by + dz * bz);
        double f = m.brdf(lx, ly, cos, lx, ly, cos);
        double power = prior * Math.exp(-tauHere);
        store(slot, x, power * f * cos, obj, nx, ny, nz);
        double reflect = m.specularReflectance(cos);
        candMirror[slot] = reflect > 0 ? power * reflect * divergence.mirrorReturn(x, cos) : 0;
        candPower[slot] = power;
        if (keepBackground) {
            double b = skyKlx > 0 ? skyKlx * Math.PI * m.brdf(0, 0, 1, lx, ly, cos) * (1 + nz) / 2 : 0;
            for (int k = 0; k < suns.length; k += 4) {
                double sn = suns[k] * nx + suns[k + 1] * ny + suns[k + 2] * nz;
                if (sn > 0) {
                    double st = suns[k] * tx + suns[k + 1] * ty + suns[k + 2] * tz;
                    double sb = suns[k] * bx + suns[k + 1] * by + suns[k + 2] * bz;
                    b += suns[k + 3] * Math.PI * m.brdf(st, sb, sn, lx, ly, cos) * sn;
                }
            }
            candBackground[slot] = b;
        }
        if (reflect > 0 && 2 * h + 1 < nodes) {
            double k = 2 * cos; // r = d − 2 (d·n) n with d·n = −cos
            double rx = dx + k * nx, ry = dy + k * ny, rz = dz + k * nz;
            // children start EPS along their own direction, so no self-hit and the OPL stays exact
            next.put(2 * i, ray, 2 * h + 1, px + EPS * rx, py + EPS * ry, pz + EPS * rz, rx, ry, rz, x + n * EPS,
                    prior * reflect, tauHere, medium, entry, w.crossings[i]);
        }
        double transmit = m.transmittance(cos);
        if (transmit > 0 && 2 * h + 2 < nodes) {
            next.put(2 * i + 1, ray, 2 * h + 2, px + EPS * dx, py + EPS * dy, pz + EPS * dz, dx, dy, dz, x + n * EPS,
                    prior * transmit, tauHere, medium, entry, w.crossings[i]);
        }
    }

    /** Reads the suns and the sky of {@code lights} (irradiance in W/m², as klx of daylight) [L-DET]. */
    private void lights(java.util.List<sensor.api.scene.Light> lights) {
        double[] sun = new double[0];
        double sky = 0;
        for (sensor.api.scene.Light l : lights) {
            double klx = l.irradiance() * Detection.KLX_PER_W_M2;
            if (l.kind() == sensor.api.scene.Light.Kind.SKY) {
                sky += klx;
            } else {
                sensor.api.geom.Vec3 to = l.direction().normalized().times(-1);
                sun = java.util.Arrays.copyOf(sun, sun.length + 4);
                sun[sun.length - 4] = to.x();
                sun[sun.length - 3] = to.y();
                sun[sun.length - 2] = to.z();
                sun[sun.length - 1] = klx;
            }
        }
        suns = sun;
        skyKlx = sky;
    }

    /**
     * Scales every candidate of {@code rays} rays by the detected power ratio of the diverging beam at its OPL
     * [L-21] (the trace leaves it out); a surface candidate then gains its mirror coat's direct return, and none
     * exceeds the power that reached its surface [L-SPEC].
     */
    void diverge(int rays) {
        int slots = rays * nodes * 2;
        parallel(slots, (from, end) -> {
            for (int s = from; s < end; s++) {
                if (candIntensity[s] >= 0) {
                    double i = candIntensity[s] * divergence.detectedRatio(candOpl[s]);
                    candIntensity[s] = (s & 1) == 0 ? Math.min(i + candMirror[s], candPower[s]) : i;
                }
            }
        });
    }

    private void store(int slot, double opl, double intensity, int entity, double nx, double ny, double nz) {
        candOpl[slot] = opl;
        candIntensity[slot] = intensity;
        candEntity[slot] = entity;
        if (keepNormals) {
            candNormal[3 * slot] = (float) nx;
            candNormal[3 * slot + 1] = (float) ny;
            candNormal[3 * slot + 2] = (float) nz;
        }
    }

    /** Scratch space and result of {@link #select}, one per worker chunk (no allocation per beam). */
    final class Selection {
        private final int slots = samples * nodes * 2; // a beam's candidate slots: at most as many groups
        final double[] gi = new double[slots], gx = new double[slots];
        final int[] ge = new int[slots], gs = new int[slots], gk = new int[slots];
        /** The groups by range, for mixing. */
        final int[] order = new int[slots];
        /** The picked returns: OPL, intensity, entity and candidate slot; {@link #select} returns how many. */
        final double[] opl = new double[2], intensity = new double[2];
        final int[] entity = new int[2], slot = new int[2];
    }

    Selection newSelection() {
        return new Selection();
    }

    /**
     * Picks the returns of beam {@code b} (its sub-rays are rays {@code b·S .. b·S+S−1}) into {@code s};
     * returns how many (0 to 2).
     */
    int select(int b, Selection s) {
        int first = b * samples * nodes * 2, end = first + samples * nodes * 2;
        double[] gi = s.gi, gx = s.gx;
        int[] ge = s.ge, gs = s.gs;
        // merge candidates on the same object, and atmospheric ones of the same heap node (sub-rays of one beam),
        // 1/S of the power each
        int groups = 0;
        int[] gk = s.gk;
        for (int c = first; c < end; c++) {
            float in = (float) candIntensity[c];
            if (in < 0) {
                continue;
            }
            double w = in / (double) samples;
            int e = candEntity[c];
            int key = e >= 0 ? e : -1 - (c / 2) % nodes;
            int g = -1;
            if (samples > 1) {
                for (int k = 0; k < groups; k++) {
                    if (gk[k] == key) {
                        g = k;
                        break;
                    }
                }
            }
            if (g < 0) {
                g = groups++;
                gk[g] = key;
                ge[g] = e;
                gs[g] = c;
                gi[g] = 0;
                gx[g] = 0;
            }
            gi[g] += w;
            gx[g] += w * (float) candOpl[c];
        }
        for (int g = 0; g < groups; g++) {
            gx[g] = gi[g] > 0 ? gx[g] / gi[g] : (float) candOpl[gs[g]];
        }
        if (mixingRange > 0 && groups > 1) {
            groups = mix(s, groups);
        }
        int best = -1, firstG = -1, lastG = -1;
        for (int g = 0; g < groups; g++) {
            double opl = gx[g];
            if (opl < rangeMin || opl > rangeMax || gi[g] < minIntensity || gi[g] <= 0) {
                continue;
            }
            if (best < 0 || gi[g] > gi[best]) best = g;
            if (firstG < 0 || opl < gx[firstG]) firstG = g;
            if (lastG < 0 || opl > gx[lastG]) lastG = g;
        }
        if (best < 0) {
            return 0;
        }
        int n = 1;
        int pick0 = switch (mode) {
            case STRONGEST, DUAL -> best;
            case FIRST -> firstG;
            case LAST -> lastG;
        };
        put(s, 0, pick0);
        if (mode == ReturnMode.DUAL && lastG != best) {
            put(s, 1, lastG);
            n = 2;
        }
        return n;
    }

    /**
     * Mixed pixels [L-DET]: the returns of one beam closer in range than the pulse's range resolution c·τ/2 to the next
     * one arrive as one pulse, so they merge into one return at the energy-weighted range, with the summed intensity,
     * whatever they hit; the strongest part names the object. Returns the number of groups left (in range order).
     */
    private int mix(Selection s, int groups) {
        int[] order = s.order;
        for (int g = 0; g < groups; g++) { // insertion sort by range: a beam has a handful of groups
            int k = g;
            while (k > 0 && s.gx[order[k - 1]] > s.gx[g]) {
                order[k] = order[k - 1];
                k--;
            }
            order[k] = g;
        }
        double[] in = new double[groups], x = new double[groups];
        int[] e = new int[groups], slot = new int[groups], strongest = new int[groups];
        int m = -1;
        double previous = Double.NaN;
        for (int k = 0; k < groups; k++) {
            int g = order[k];
            if (m < 0 || !(s.gx[g] - previous < mixingRange)) {
                m++;
                strongest[m] = g;
            } else if (s.gi[g] > s.gi[strongest[m]]) {
                strongest[m] = g;
            }
            previous = s.gx[g];
            in[m] += s.gi[g];
            x[m] += s.gi[g] * s.gx[g];
        }
        for (int k = 0; k <= m; k++) {
            int g = strongest[k];
            e[k] = s.ge[g];
            slot[k] = s.gs[g];
            x[k] = in[k] > 0 ? x[k] / in[k] : s.gx[g];
        }
        System.arraycopy(in, 0, s.gi, 0, m + 1);
        System.arraycopy(x, 0, s.gx, 0, m + 1);
        System.arraycopy(e, 0, s.ge, 0, m + 1);
        System.arraycopy(slot, 0, s.gs, 0, m + 1);
        return m + 1;
    }

    private static void put(Selection s, int k, int g) {
        s.opl[k] = s.gx[g];
        s.intensity[k] = s.gi[g];
        s.entity[k] = s.ge[g];
        s.slot[k] = s.gs[g];
    }

    /**
     * The nodes of one wave: ray, heap node, origin, direction, OPL so far, prior factor, optical depth so far,
     * medium (−1 the ambient, else the volume object), OPL at the medium's entry, volume crossings so far.
     */
    static final class Wave {
        final int[] ray, node, medium, crossings;
        final double[] origin, dir, opl, prior, tau, entry;
        final boolean[] used;
        int size;
        private int limit; // the slots in use: [0, limit)

        Wave(int capacity) {
            ray = new int[capacity];
            node = new int[capacity];
            medium = new int[capacity];
            crossings = new int[capacity];
            origin = new double[3 * capacity];
            dir = new double[3 * capacity];
            opl = new double[capacity];
            prior = new double[capacity];
            tau = new double[capacity];
            entry = new double[capacity];
            used = new boolean[capacity];
        }

        int capacity() {
            return ray.length;
        }

        /** Empties the wave for {@code slots} slots (at most its capacity) and returns it. */
        Wave clear(int slots) {
            java.util.Arrays.fill(used, 0, slots, false);
            limit = slots;
            size = 0;
            return this;
        }

        void put(int slot, int r, int h, double ox, double oy, double oz, double dx, double dy, double dz, double x,
                double p, double t, int m, double e, int c) {
            ray[slot] = r;
            node[slot] = h;
            origin[3 * slot] = ox; origin[3 * slot + 1] = oy; origin[3 * slot + 2] = oz;
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            dir[3 * slot] = dx / len; dir[3 * slot + 1] = dy / len; dir[3 * slot + 2] = dz / len;
            opl[slot] = x;
            prior[slot] = p;
            tau[slot] = t;
            medium[slot] = m;
            entry[slot] = e;
            crossings[slot] = c;
            used[slot] = true;
        }

        /** Moves the used slots to the front, keeping their order. */
        void compact() {
            int k = 0;
            for (int s = 0; s < limit; s++) {
                if (!used[s]) {
                    continue;
                }
                if (k != s) {
                    ray[k] = ray[s];
                    node[k] = node[s];
                    System.arraycopy(origin, 3 * s, origin, 3 * k, 3);
                    System.arraycopy(dir, 3 * s, dir, 3 * k, 3);
                    opl[k] = opl[s];
                    prior[k] = prior[s];
                    tau[k] = tau[s];
                    medium[k] = medium[s];
                    entry[k] = entry[s];
                    crossings[k] = crossings[s];
                }
                k++;
            }
            size = k;
        }
    }
}
