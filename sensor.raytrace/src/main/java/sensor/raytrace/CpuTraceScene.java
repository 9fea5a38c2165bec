package sensor.raytrace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import sensor.api.Args;
import sensor.api.ComputePool;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.TraceScene;
import sensor.raytrace.geometry.Analytic;
import sensor.raytrace.geometry.Bvh2;
import sensor.raytrace.geometry.Meshes;
import sensor.raytrace.geometry.Poses;

/**
 * The CPU trace scene: per-shape BVHs (BLAS) cached by shape identity (a deformed mesh, same indices, new
 * vertices, gets its object's previous BLAS refit rather than rebuilt), a top-level BVH (TLAS) over object
 * instances, one per leaf, rebuilt at every {@link #update} from the world poses, infinite planes outside the TLAS.
 * Rays are cut into fixed chunks that a pool of worker threads takes in turn; each ray's result depends on
 * that ray alone, so the output is the same for every thread count.
 */
final class CpuTraceScene implements TraceScene {
    /** Rays per work item (fixed, so the work split does not depend on the thread count). */
    static final int CHUNK = 2048;

    static final int MESH = 0, BOX = 1, SPHERE = 2, CYLINDER = 3;

    /**
     * Rays go into one packet run while their origins stay within this distance (m, per axis) of the run's first
     * origin. Large enough for a lidar whose beams start off its axis (an Ouster's 15.8 mm beam origins, which
     * turn with the encoder: every column has its own origin) and for a sensor moving during a chunk (16
     * columns of 2048: under 2 cm at 20 m/s and 10 Hz), small enough that the packet's node tests, which are
     * widened by the origins' spread, stay tight. Only the grouping depends on it, never a ray's result.
     */
    static final double ORIGIN_SPREAD = 0.05;
    /**
     * The same for a run of parallel rays (bit-identical directions): a camera's shadow rays towards the sun from the
     * surface points of one tile. Their packet's boxes are widened by the origins' spread alone, not by a spread of
     * directions as well, so a wider run still prunes: on the demo town's camera 1 m traced 10–15 % more frames per
     * second than 5 cm, and 3 m no more than 1 m.
     */
    static final double PARALLEL_SPREAD = 1;

    private final int threads;
    private final ComputePool pool;
    private final SharedBlas shared;
    private final TraceContext[] contexts;

    private SceneView view;
    private long revision;
    private boolean scanned;
    private boolean posed;
    private Map<Shape, MeshBvh> blasCache = new IdentityHashMap<>();
    /** The BLAS of each mesh or heightfield object at the last scan, by object id (refit candidates). */
    private Map<String, MeshBvh> blasByObject = new HashMap<>();
    /**
     * Number of BLAS obtained for shapes new to this scene so far, built or shared with another scene of the backend
     * ({@link SharedBlas}); tests check that moving bodies cause none.
     */
    int blasBuilds;
    /**
     * Number of BLAS refits so far: an object whose new triangle mesh has the same indices as its previous
     * BLAS (a deformed mesh) gets that tree refit to the new vertices ({@link MeshBvh#refit}) rather than
     * built afresh.
     */
    int blasRefits;
    /**
     * Trace rays with nearby origins (within {@link #ORIGIN_SPREAD} of a run's first origin, {@link #PARALLEL_SPREAD}
     * for parallel rays) as packets of up to {@link TraceContext#PACKET} (on by default): a long run is regrouped by
     * direction ({@link #bandOrder}) unless its own order spreads less ({@link #spread}), then a mesh is traversed
     * once per packet with an interval-arithmetic box test over the packet's directions and origins, and each ray
     * tests leaf boxes and triangles on its own, from its own origin ({@link MeshBvh#intersectPacket}). On scene v1
     * this is about 3× as fast as single rays. Results are identical either way (tested); off traces ray by ray.
     */
    boolean packets = true;
    /**
     * Packets' leaf work through the Vector API kernel ({@link Traversal}) or, with {@code false}, the scalar loops;
     * the same results either way (tested). The default is {@link Traversal}'s choice; without the kernel
     * {@code true} changes nothing.
     */
    void vector(boolean on) {
        for (TraceContext c : contexts) {
            c.kernel = on ? Traversal.newKernel() : null;
        }
    }

    /** Number of TLAS builds so far. */
    int tlasBuilds;

    // instances (everything but planes)
    int instanceCount;
    int[] instKind = new int[0];
    int[] instObject = new int[0];
    MeshBvh[] instMesh = new MeshBvh[0];
    double[] instParam = new double[0];
    double[] instRot = new double[0];
    double[] instPos = new double[0];
    boolean[] instIdentity = new boolean[0];
    float[] instBounds = new float[0];
    Bvh2 tlas;
    // planes
    int planeCount;
    int[] planeObject = new int[0];
    double[] planeNormal = new double[0];
    double[] planeOffset = new double[0];

    CpuTraceScene(SceneView scene, int threads, ComputePool pool, SharedBlas shared) {
        Args.notNull("scene", scene);
        this.shared = shared;
        this.threads = Args.inRange("threads", threads, 1, 1024);
        this.pool = Args.notNull("pool", pool);
        contexts = new TraceContext[threads];
        for (int i = 0; i < threads; i++) {
            contexts[i] = new TraceContext();
        }
        this.view = scene;
        scan(scene);
    }

    @Override
    public synchronized void update(SceneView scene, double t) {
        Args.notNull("scene", scene);
        Args.finite("t", t);
        if (!scanned || scene.revision() != revision || scene.objects().size() != view.objects().size()) {
            scan(scene);
        }
        view = scene;
        pose(t);
        posed = true;
    }

    /**
     * Rebuilds the instance list, reusing the BLAS of every mesh or heightfield already seen, refitting an
     * object's previous BLAS to its new triangle mesh when only the vertices changed.
     */
    private void scan(SceneView scene) {
        List<ObjectSpec> objects = scene.objects();
        Map<Shape, MeshBvh> cache = new IdentityHashMap<>();
        Map<String, MeshBvh> byObject = new HashMap<>();
        List<Integer> inst = new ArrayList<>(), planes = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            ObjectSpec o = objects.get(i);
            Shape s = o.shape();
            if (s instanceof Shape.Plane) {
                planes.add(i);
            } else {
                inst.add(i);
                if (s instanceof Shape.TriangleMesh || s instanceof Shape.Heightfield) {
                    MeshBvh m = cache.get(s);
                    if (m == null) {
                        m = blasCache.get(s);
                    }
                    if (m == null && s instanceof Shape.TriangleMesh tm) { // a deformed mesh: same triangles
                        MeshBvh previous = blasByObject.get(o.id());
                        m = previous == null ? null : previous.refit(tm);
                        if (m != null) {
                            blasRefits++;
                        }
                    }
                    if (m == null) {
                        m = s instanceof Shape.TriangleMesh tm ? shared.get(tm.vertices(), tm.indices(), pool, threads)
                                : shared.get(Meshes.heightfieldVertices((Shape.Heightfield) s),
                                        Meshes.heightfieldIndices((Shape.Heightfield) s), pool, threads);
                        blasBuilds++;
                    }
                    cache.put(s, m);
                    byObject.put(o.id(), m);
                }
            }
        }
        blasCache = cache;
        blasByObject = byObject;
        int n = inst.size();
        instanceCount = n;
        instKind = new int[n];
        instObject = new int[n];
        instMesh = new MeshBvh[n];
        instParam = new double[3 * n];
        instRot = new double[9 * n];
        instPos = new double[3 * n];
        instIdentity = new boolean[n];
        instBounds = new float[6 * n];
        for (int k = 0; k < n; k++) {
            int i = inst.get(k);
            Shape s = objects.get(i).shape();
            instObject[k] = i;
            if (s instanceof Shape.Box b) {
                instKind[k] = BOX;
                instParam[3 * k] = b.halfX();
                instParam[3 * k + 1] = b.halfY();
                instParam[3 * k + 2] = b.halfZ();
            } else if (s instanceof Shape.Sphere sp) {
                instKind[k] = SPHERE;
                instParam[3 * k] = sp.radius();
                instParam[3 * k + 1] = sp.radius();
                instParam[3 * k + 2] = sp.radius();
            } else if (s instanceof Shape.Cylinder c) {
                instKind[k] = CYLINDER;
                instParam[3 * k] = c.radius();
                instParam[3 * k + 1] = c.radius();
                instParam[3 * k + 2] = 0.5 * c.height();
            } else {
                instKind[k] = MESH;
                instMesh[k] = cache.get(s);
            }
        }
        planeCount = planes.size();
        planeObject = planes.stream().mapToInt(Integer::intValue).toArray();
        planeNormal = new double[3 * planeCount];
        planeOffset = new double[planeCount];
        revision = scene.revision();
        scanned = true;
        posed = false;
    }

    /** World poses at {@code t}: instance transforms and boxes, plane equations, then a fresh TLAS. */
    private void pose(double t) {
        for (int k = 0; k < instanceCount; k++) {
            Pose p = Args.notNull("objectPose(" + instObject[k] + ")", view.objectPose(instObject[k], t));
            double[] r = instRot;
            Poses.rotation(p.rotation(), r, 9 * k);
            double px = p.position().x(), py = p.position().y(), pz = p.position().z();
            instPos[3 * k] = px;
            instPos[3 * k + 1] = py;
            instPos[3 * k + 2] = pz;
            instIdentity[k] = px == 0 && py == 0 && pz == 0 && r[9 * k] == 1 && r[9 * k + 4] == 1 && r[9 * k + 8] == 1;
            Poses.worldBounds(r, 9 * k, instPos, 3 * k, instKind[k] == MESH ? instMesh[k].box : null,
                    instParam[3 * k], instParam[3 * k + 1], instParam[3 * k + 2], instBounds, 6 * k);
        }
        for (int k = 0; k < planeCount; k++) {
            Pose p = Args.notNull("objectPose(" + planeObject[k] + ")", view.objectPose(planeObject[k], t));
            double[] r = new double[9];
            Poses.rotation(p.rotation(), r, 0);
            planeNormal[3 * k] = r[2];
            planeNormal[3 * k + 1] = r[5];
            planeNormal[3 * k + 2] = r[8];
            planeOffset[k] = r[2] * p.position().x() + r[5] * p.position().y() + r[8] * p.position().z();
        }
        tlas = Bvh2.buildInstances(instBounds, instanceCount);
        tlasBuilds++;
    }

    @Override
    public synchronized void closestHit(double[] origins, double[] directions, int count, double maxDistance,
            HitBuffer out) {
        if (out == null || !certainlyValid(origins, directions, count, maxDistance,
                Math.min(Math.min(out.distance.length, out.objectIndex.length), out.normal.length / 3))) {
            TraceScene.checkClosestHit(origins, directions, count, maxDistance, out);
        }
        query(origins, directions, count, maxDistance, out, null, null);
    }

    /**
     * A true any-hit query: the traversal of a ray ends at its first blocking hit, found in any order (instances and
     * planes in {@code lookThrough} are skipped, not tested), so a shadow ray stops at the first building in its way.
     * Inside one mesh the tree is still searched nearest first up to that mesh's first hit.
     */
    @Override
    public synchronized void occluded(double[] origins, double[] directions, int count, double maxDistance,
            java.util.BitSet lookThrough, boolean[] out) {
        if (out == null || !certainlyValid(origins, directions, count, maxDistance, out.length)) {
            TraceScene.checkOccluded(origins, directions, count, maxDistance, out);
        }
        query(origins, directions, count, maxDistance, null, lookThrough, out);
    }

    /**
     * Whether a query's arguments certainly pass the contract's checks ({@link TraceScene#checkClosestHit}), the rays'
     * part in blocks on the pool (serially it is a few per cent of a lidar's trace). Where they may not, the caller
     * runs the contract's own check, which throws the message naming the fault or, if the arguments pass, returns.
     */
    private boolean certainlyValid(double[] origins, double[] directions, int count, double maxDistance, int answers) {
        if (origins == null || directions == null || count < 0 || 3L * count > origins.length
                || 3L * count > directions.length || count > answers || !(maxDistance > 0)) {
            return false;
        }
        boolean[] fault = new boolean[1];
        pool.runBlocks(count, CHUNK, threads, (from, to) -> {
            for (int r = from; r < to; r++) {
                double dx = directions[3 * r], dy = directions[3 * r + 1], dz = directions[3 * r + 2];
                if (!(Double.isFinite(origins[3 * r]) && Double.isFinite(origins[3 * r + 1])
                        && Double.isFinite(origins[3 * r + 2]) && Math.abs(dx * dx + dy * dy + dz * dz - 1) <= 1e-4)) {
                    fault[0] = true;
                    return;
                }
            }
        });
        return !fault[0];
    }

    /** Closest hits into {@code hits}, or (with {@code blocked}) the occlusion answers. */
    private void query(double[] origins, double[] directions, int count, double maxDistance, HitBuffer hits,
            java.util.BitSet lookThrough, boolean[] blocked) {
        if (!posed) {
            throw new IllegalStateException("call update(scene, t) before closestHit: no object poses yet");
        }
        for (TraceContext c : contexts) {
            c.anyHit = blocked != null;
            c.lookThrough = lookThrough == null || lookThrough.isEmpty() ? null : lookThrough;
        }
        int chunks = (count + CHUNK - 1) / CHUNK;
        if (threads == 1 || chunks <= 1) {
            run(contexts[0], new AtomicInteger(), chunks, origins, directions, count, maxDistance, hits, blocked);
            return;
        }
        AtomicInteger next = new AtomicInteger();
        int workers = Math.min(threads, chunks);
        pool.run(workers, workers, w -> run(contexts[w], next, chunks, origins, directions, count, maxDistance, hits,
                blocked));
    }

    private void run(TraceContext c, AtomicInteger next, int chunks, double[] o, double[] d, int count, double max,
            HitBuffer out, boolean[] blocked) {
        final int[] lane = c.lane;
        for (int k = next.getAndIncrement(); k < chunks; k = next.getAndIncrement()) {
            int from = k * CHUNK, to = Math.min(count, from + CHUNK);
            for (int r = from; r < to;) {
                int end = r + 1, limit = packets ? to : r + 1;
                double ox = o[3 * r], oy = o[3 * r + 1], oz = o[3 * r + 2];
                double dx = d[3 * r], dy = d[3 * r + 1], dz = d[3 * r + 2];
                boolean one = true; // one origin for the whole run
                boolean parallel = true; // one direction for the whole run
                double reach = 0; // the run's largest offset (per axis) from its first origin
                while (end < limit) {
                    double x = o[3 * end], y = o[3 * end + 1], z = o[3 * end + 2];
                    double off = Math.max(Math.abs(x - ox), Math.max(Math.abs(y - oy), Math.abs(z - oz)));
                    boolean along = parallel && d[3 * end] == dx && d[3 * end + 1] == dy && d[3 * end + 2] == dz;
                    double runReach = Math.max(reach, off);
                    if (!(runReach <= (along ? PARALLEL_SPREAD : ORIGIN_SPREAD))) {
                        break;
                    }
                    one &= x == ox && y == oy && z == oz;
                    parallel = along;
                    reach = runReach;
                    end++;
                }
                int n = end - r;
                if (n >= 4 * TraceContext.PACKET) {
                    bandOrder(c, r, n, d);
                    boolean banded = spread(c.order, 0, n, d, SPREAD_SAMPLE) < spread(null, r, n, d, SPREAD_SAMPLE);
                    for (int p = 0; p < n; p += TraceContext.PACKET) {
                        int m = Math.min(TraceContext.PACKET, n - p);
                        if (banded) {
                            System.arraycopy(c.order, p, lane, 0, m);
                        } else {
                            for (int i = 0; i < m; i++) {
                                lane[i] = r + p + i;
                            }
                        }
                        tracePacket(c, m, o, d, max, out, blocked, one);
                    }
                } else {
                    for (int p = r; p < end; p += TraceContext.PACKET) {
                        int m = Math.min(TraceContext.PACKET, end - p);
                        if (m >= 2) {
                            for (int i = 0; i < m; i++) {
                                lane[i] = p + i;
                            }
                            tracePacket(c, m, o, d, max, out, blocked, one);
                        } else {
                            trace(c, o[3 * p], o[3 * p + 1], o[3 * p + 2], d[3 * p], d[3 * p + 1], d[3 * p + 2], max);
                            if (blocked != null) {
                                blocked[p] = c.hitObject >= 0;
                            } else {
                                store(c, p, d[3 * p], d[3 * p + 1], d[3 * p + 2], max, out);
                            }
                        }
                    }
                }
                r = end;
            }
        }
    }

    /**
     * Orders the {@code n} rays from {@code r0} (nearby origins) into {@code c.order} by the z component of their
     * directions, in {@code n} bands, stable within a band (a counting sort: linear time). For a lidar, whose
     * chunk holds a few columns of channels, consecutive packets then hold the same two or so channels of all
     * the chunk's columns (16 rays over 8 columns × 2 channels rather than 1 column × 16 channels): compact
     * in both angles, which keeps a packet's traversal tight. Only the grouping into packets changes, never a
     * ray's result.
     */
    static void bandOrder(TraceContext c, int r0, int n, double[] d) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double z = d[3 * (r0 + i) + 2];
            lo = Math.min(lo, z);
            hi = Math.max(hi, z);
        }
        int bands = n;
        int[] count = c.bandCount, order = c.order;
        java.util.Arrays.fill(count, 0, bands + 1, 0);
        double scale = hi > lo ? bands / (hi - lo) * 0.999999 : 0;
        for (int i = 0; i < n; i++) {
            int b = Math.min(bands - 1, (int) ((d[3 * (r0 + i) + 2] - lo) * scale));
            count[b + 1]++;
        }
        for (int b = 0; b < bands; b++) {
            count[b + 1] += count[b];
        }
        for (int i = 0; i < n; i++) {
            int b = Math.min(bands - 1, (int) ((d[3 * (r0 + i) + 2] - lo) * scale));
            order[count[b]++] = r0 + i;
        }
    }

    /**
     * Which order a run traces in is decided on every {@value #SPREAD_SAMPLE}th packet: the two spreads are then a
     * quarter of the work (they took 4.5 % of a 1-thread closest-hit pass on all packets), and a run's packets are
     * alike enough for the sample to pick as all of them do (a lidar's whole columns, a camera's tiles).
     */
    static final int SPREAD_SAMPLE = 4;

    /**
     * How far the directions of packets spread: the sum over every {@code step}th packet of {@link TraceContext#PACKET}
     * rays of their directions' extents along x, y and z, for the rays {@code order[from .. from + n)}, or (with a null
     * {@code order}) the rays {@code from .. from + n) in their own order. The run traces its packets in whichever
     * of its own order and {@link #bandOrder} spreads less: a lidar's chunk of whole columns in band order, a camera's
     * rays already in tiles in theirs.
     */
    static double spread(int[] order, int from, int n, double[] d, int step) {
        double sum = 0;
        for (int p = 0; p < n; p += step * TraceContext.PACKET) {
            double x0 = Double.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Double.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
            for (int i = p, e = Math.min(n, p + TraceContext.PACKET); i < e; i++) {
                int q = 3 * (order == null ? from + i : order[from + i]);
                x0 = Math.min(x0, d[q]);
                x1 = Math.max(x1, d[q]);
                y0 = Math.min(y0, d[q + 1]);
                y1 = Math.max(y1, d[q + 1]);
                z0 = Math.min(z0, d[q + 2]);
                z1 = Math.max(z1, d[q + 2]);
            }
            sum += (x1 - x0) + (y1 - y0) + (z1 - z0);
        }
        return sum;
    }

    private void store(TraceContext c, int r, double dx, double dy, double dz, double max, HitBuffer out) {
        if (c.hitObject < 0 || !(c.tBest <= max)) {
            out.distance[r] = Double.POSITIVE_INFINITY;
            out.objectIndex[r] = -1;
            out.normal[3 * r] = 0;
            out.normal[3 * r + 1] = 0;
            out.normal[3 * r + 2] = 0;
            return;
        }
        double nx = c.nx, ny = c.ny, nz = c.nz;
        int k = c.hitInstance;
        if (k >= 0 && !instIdentity[k]) {
            double[] m = instRot;
            int b = 9 * k;
            double wx = m[b] * nx + m[b + 1] * ny + m[b + 2] * nz;
            double wy = m[b + 3] * nx + m[b + 4] * ny + m[b + 5] * nz;
            double wz = m[b + 6] * nx + m[b + 7] * ny + m[b + 8] * nz;
            nx = wx;
            ny = wy;
            nz = wz;
        }
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nx * dx + ny * dy + nz * dz > 0) {
            len = -len;
        }
        out.distance[r] = c.tBest;
        out.objectIndex[r] = c.hitObject;
        out.normal[3 * r] = nx / len;
        out.normal[3 * r + 1] = ny / len;
        out.normal[3 * r + 2] = nz / len;
    }

    /**
     * Closest hits of the {@code n <= PACKET} rays {@code c.lane[0 .. n)}, whose origins are nearby: one TLAS
     * traversal with per-ray masks (boxes widened by the origins' spread; none in a scene of one instance), then per
     * instance a packet traversal of its BLAS (see {@link MeshBvh#intersectPacket}). Every ray's planes, instance
     * transforms, leaf boxes and triangles use its own origin, with the arithmetic of {@link #trace}, which it gives
     * ray by ray.
     */
    private void tracePacket(TraceContext c, int n, double[] o, double[] d, double max, HitBuffer out,
            boolean[] blocked, boolean one) {
        int r0 = c.lane[0];
        double ox = o[3 * r0], oy = o[3 * r0 + 1], oz = o[3 * r0 + 2];
        // one origin (lane 0's) for all: the run had one (equal as == compares, as the grouping always did), or
        // the lanes' origins are bit-identical; otherwise each lane's origin in c.wo*
        boolean same = true;
        c.wox[0] = ox;
        c.woy[0] = oy;
        c.woz[0] = oz;
        if (!one) {
            long bx = Double.doubleToRawLongBits(ox), by = Double.doubleToRawLongBits(oy),
                    bz = Double.doubleToRawLongBits(oz);
            for (int i = 1; i < n; i++) {
                int r = c.lane[i];
                double x = o[3 * r], y = o[3 * r + 1], z = o[3 * r + 2];
                c.wox[i] = x;
                c.woy[i] = y;
                c.woz[i] = z;
                same &= Double.doubleToRawLongBits(x) == bx && Double.doubleToRawLongBits(y) == by
                        && Double.doubleToRawLongBits(z) == bz;
            }
        }
        double start = Math.nextUp(max);
        int all = n == 32 ? -1 : (1 << n) - 1;
        for (int i = 0; i < n; i++) {
            int r = c.lane[i];
            c.wdx[i] = d[3 * r];
            c.wdy[i] = d[3 * r + 1];
            c.wdz[i] = d[3 * r + 2];
            c.ptBest[i] = start;
            c.pObject[i] = -1;
            c.pInstance[i] = -1;
        }
        for (int k = 0; k < planeCount; k++) {
            if (c.looksThrough(planeObject[k])) {
                continue;
            }
            double nx = planeNormal[3 * k], ny = planeNormal[3 * k + 1], nz = planeNormal[3 * k + 2];
            double num = planeOffset[k] - (nx * ox + ny * oy + nz * oz);
            for (int i = 0; i < n; i++) {
                double den = nx * c.wdx[i] + ny * c.wdy[i] + nz * c.wdz[i];
                if (den != 0) {
                    double t = (same ? num : planeOffset[k] - (nx * c.wox[i] + ny * c.woy[i] + nz * c.woz[i])) / den;
                    if (t > 0 && t < c.ptBest[i]) {
                        c.ptBest[i] = t;
                        c.pObject[i] = planeObject[k];
                        c.pInstance[i] = -1;
                        c.pnx[i] = nx;
                        c.pny[i] = ny;
                        c.pnz[i] = nz;
                    }
                }
            }
        }
        if (c.anyHit) {
            for (int i = 0; i < n; i++) {
                if (c.pObject[i] >= 0) {
                    c.ptBest[i] = -1;
                }
            }
        }
        c.sameOrigin = same;
        if (instanceCount == 1) {
            // one object: the top level has nothing to choose, and its box test would only repeat the object's own
            // (scene v1, or a world merged into one mesh: 18-22 % of a 1-thread closest-hit pass)
            instancePacket(c, 0, all);
        } else if (instanceCount > 0) {
            tlasPacket(c, all, n);
        }
        if (blocked != null) {
            for (int i = 0; i < n; i++) {
                blocked[c.lane[i]] = c.pObject[i] >= 0;
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            c.tBest = c.ptBest[i];
            c.hitObject = c.pObject[i];
            c.hitInstance = c.pInstance[i];
            c.nx = c.pnx[i];
            c.ny = c.pny[i];
            c.nz = c.pnz[i];
            store(c, c.lane[i], c.wdx[i], c.wdy[i], c.wdz[i], max, out);
        }
    }

    /**
     * The TLAS for a packet. Each box is tested per ray against the box's faces less the packet's float origin
     * range: min faces less the range's max, max faces less its min. For a ray of inverse direction {@code a}
     * and any origin in the range, {@code min} of the two products is then at most the ray's near slab
     * distance and {@code max} at least its far one (with one origin, exactly the ray's own slab distances).
     */
    private void tlasPacket(TraceContext c, int mask, int n) {
        final float[] nb = tlas.bounds;
        final int[] nc = tlas.child;
        final int[] stack = c.tlasStack, stackM = c.tlasStackMask;
        final float[] wix = c.wix, wiy = c.wiy, wiz = c.wiz, lim = c.wLimit;
        for (int i = 0; i < n; i++) {
            wix[i] = MeshBvh.inv((float) c.wdx[i]);
            wiy[i] = MeshBvh.inv((float) c.wdy[i]);
            wiz[i] = MeshBvh.inv((float) c.wdz[i]);
            lim[i] = Math.nextUp((float) c.ptBest[i]);
        }
        float x0 = (float) c.wox[0], y0 = (float) c.woy[0], z0 = (float) c.woz[0], x1 = x0, y1 = y0, z1 = z0;
        if (!c.sameOrigin) {
            for (int i = 1; i < n; i++) {
                float x = (float) c.wox[i], y = (float) c.woy[i], z = (float) c.woz[i];
                x0 = Math.min(x0, x);
                x1 = Math.max(x1, x);
                y0 = Math.min(y0, y);
                y1 = Math.max(y1, y);
                z0 = Math.min(z0, z);
                z1 = Math.max(z1, z);
            }
        }
        // the packet's origin range (for every box test) and interval of inverse directions (for the inner nodes')
        float[] po = c.packetOrigins;
        po[0] = x0;
        po[1] = y0;
        po[2] = z0;
        po[3] = x1;
        po[4] = y1;
        po[5] = z1;
        float[] pk = c.packetBounds;
        pk[0] = pk[2] = pk[4] = Float.POSITIVE_INFINITY;
        pk[1] = pk[3] = pk[5] = Float.NEGATIVE_INFINITY;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            pk[0] = Math.min(pk[0], wix[i]);
            pk[1] = Math.max(pk[1], wix[i]);
            pk[2] = Math.min(pk[2], wiy[i]);
            pk[3] = Math.max(pk[3], wiy[i]);
            pk[4] = Math.min(pk[4], wiz[i]);
            pk[5] = Math.max(pk[5], wiz[i]);
        }
        c.limitsLowered = true; // pk[6], the packet's limit, is computed when an inner node first needs it
        int sp = 0, node = 0, m = mask;
        for (;;) {
            int b = 12 * node;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            int lm, rm;
            float lmin, rmin;
            if (cl >= 0 || cr >= 0) {
                tighten(c, mask);
            }
            if (cl < 0) {
                lm = lanes(c, nb, b, m);
                lmin = c.lanesNear;
            } else {
                lmin = packetNear(c, nb, b);
                lm = lmin < Float.POSITIVE_INFINITY ? m : 0;
            }
            if (cr < 0) {
                rm = lanes(c, nb, b + 6, m);
                rmin = c.lanesNear;
            } else {
                rmin = packetNear(c, nb, b + 6);
                rm = rmin < Float.POSITIVE_INFINITY ? m : 0;
            }
            // a leaf holds one instance (Bvh2.buildInstances), or none: the empty side of a tree of one, whose
            // inverted box the lanes' min-max test does not rule out
            if (lm != 0 && cl < 0) {
                if (Bvh2.leafCount(cl) == 1) {
                    instancePacket(c, tlas.order[Bvh2.leafStart(cl)], lm);
                }
                lm = 0;
            }
            if (rm != 0 && cr < 0) {
                if (Bvh2.leafCount(cr) == 1) {
                    instancePacket(c, tlas.order[Bvh2.leafStart(cr)], rm);
                }
                rm = 0;
            }
            if (lm != 0) {
                if (rm != 0) {
                    if (lmin <= rmin) {
                        stack[sp] = cr;
                        stackM[sp++] = rm;
                        node = cl;
                        m = lm;
                    } else {
                        stack[sp] = cl;
                        stackM[sp++] = lm;
                        node = cr;
                        m = rm;
                    }
                } else {
                    node = cl;
                    m = lm;
                }
                continue;
            }
            if (rm != 0) {
                node = cr;
                m = rm;
                continue;
            }
            if (sp == 0) {
                return;
            }
            node = stack[--sp];
            m = stackM[sp];
        }
    }

    /**
     * The lanes of {@code m} whose rays enter the box at {@code nb[b..b+6)} (widened by the origins' spread
     * {@code c.packetOrigins}) no farther than their limits; the nearest entry among them in {@code c.lanesNear}.
     */
    private static int lanes(TraceContext c, float[] nb, int b, int m) {
        if (c.kernel != null) {
            return c.kernel.topBox(nb, b, m, c);
        }
        float[] po = c.packetOrigins;
        float lx0 = nb[b] - po[3], ly0 = nb[b + 1] - po[4], lz0 = nb[b + 2] - po[5];
        float lx1 = nb[b + 3] - po[0], ly1 = nb[b + 4] - po[1], lz1 = nb[b + 5] - po[2];
        int hit = 0;
        float near = Float.POSITIVE_INFINITY;
        float[] wix = c.wix, wiy = c.wiy, wiz = c.wiz, lim = c.wLimit;
        int hi = 32 - Integer.numberOfLeadingZeros(m);
        for (int i = Integer.numberOfTrailingZeros(m); i < hi; i++) { // lanes out of m are dropped below
            float a = wix[i], cc = wiy[i], e = wiz[i];
            float ax0 = lx0 * a, ax1 = lx1 * a, ay0 = ly0 * cc, ay1 = ly1 * cc, az0 = lz0 * e, az1 = lz1 * e;
            float ln = Math.max(Math.max(Math.min(ax0, ax1), Math.min(ay0, ay1)), Math.max(Math.min(az0, az1), 0f));
            float lf = Math.min(Math.min(Math.max(ax0, ax1), Math.max(ay0, ay1)), Math.max(az0, az1)) * MeshBvh.ROBUST;
            if (ln <= lf && ln <= lim[i] && (m & 1 << i) != 0) {
                hit |= 1 << i;
                near = Math.min(near, ln);
            }
        }
        c.lanesNear = near;
        return hit;
    }

    /**
     * A lower bound of where any ray of the packet enters the box at {@code nb[b..b+6)}, or +∞ when none can reach it
     * within the largest limit of the packet's lanes: the slab distances are bilinear in the (widened) box's
     * offsets and the inverse directions, so their extremes over the packet's intervals lie at the corners. Inner TLAS
     * nodes take this one test instead of one per lane; the leaves test lane by lane ({@link #lanes}).
     */
    private static float packetNear(TraceContext c, float[] nb, int b) {
        float[] pk = c.packetBounds, po = c.packetOrigins;
        float near = 0, far = Float.POSITIVE_INFINITY;
        for (int k = 0; k < 3; k++) { // the products of the box's offsets and the inverse directions at four corners
            float lo = nb[b + k] - po[3 + k], hi = nb[b + 3 + k] - po[k], i0 = pk[2 * k], i1 = pk[2 * k + 1];
            float min, max;
            // lo <= hi, and a rounded product is monotonic in each factor: where the inverse directions share a sign,
            // the smallest and the largest of the four are known without computing the others
            if (i0 >= 0) {
                min = lo * (lo >= 0 ? i0 : i1);
                max = hi * (hi >= 0 ? i1 : i0);
            } else if (i1 <= 0) {
                min = hi * (hi >= 0 ? i0 : i1);
                max = lo * (lo >= 0 ? i1 : i0);
            } else {
                float p0 = lo * i0, p1 = lo * i1, p2 = hi * i0, p3 = hi * i1;
                min = Math.min(Math.min(p0, p1), Math.min(p2, p3));
                max = Math.max(Math.max(p0, p1), Math.max(p2, p3));
            }
            near = Math.max(near, min);
            far = Math.min(far, max);
        }
        return near <= far * MeshBvh.ROBUST && near <= pk[6] ? near : Float.POSITIVE_INFINITY;
    }

    /**
     * Sets the inner nodes' limit to the packet's largest lane limit before inner nodes are tested, as {@link #trace}
     * lowers its limit after each instance: instances whose boxes start beyond are not visited (with 1,000 bodies over
     * a terrain, most of them). The lanes' own limits follow their best hits already ({@link #hitLane}); only when one
     * of them changed since is the packet's limit recomputed (never, in a tree whose nodes have leaves only).
     */
    private static void tighten(TraceContext c, int packet) {
        if (c.limitsLowered) {
            c.packetBounds[6] = packetLimit(c, packet);
            c.limitsLowered = false;
        }
    }

    /** The largest TLAS limit of the lanes of {@code mask}: the inner nodes' test prunes beyond it. */
    private static float packetLimit(TraceContext c, int mask) {
        float limit = 0;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            limit = Math.max(limit, c.wLimit[Integer.numberOfTrailingZeros(bits)]);
        }
        return limit;
    }

    /** Tests instance {@code k} with the packet rays of {@code mask}, updating their best hits. */
    private void instancePacket(TraceContext c, int k, int mask) {
        if (c.looksThrough(instObject[k])) {
            return;
        }
        boolean identity = instIdentity[k], same = c.sameOrigin;
        double[] m = instRot;
        int b = 9 * k;
        int i0 = Integer.numberOfTrailingZeros(mask), w = same ? 0 : i0; // lane 0 holds a shared origin
        double lox = c.wox[w], loy = c.woy[w], loz = c.woz[w];
        if (!identity) { // each ray's origin into the instance frame, as trace() does (once when they share one)
            double qx = instPos[3 * k], qy = instPos[3 * k + 1], qz = instPos[3 * k + 2];
            for (int bits = same ? 1 : mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                double px = c.wox[i] - qx, py = c.woy[i] - qy, pz = c.woz[i] - qz;
                c.lox[i] = m[b] * px + m[b + 3] * py + m[b + 6] * pz;
                c.loy[i] = m[b + 1] * px + m[b + 4] * py + m[b + 7] * pz;
                c.loz[i] = m[b + 2] * px + m[b + 5] * py + m[b + 8] * pz;
            }
            lox = c.lox[w];
            loy = c.loy[w];
            loz = c.loz[w];
        } else if (!same) {
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                c.lox[i] = c.wox[i];
                c.loy[i] = c.woy[i];
                c.loz[i] = c.woz[i];
            }
        }
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            double dx = c.wdx[i], dy = c.wdy[i], dz = c.wdz[i];
            if (identity) {
                c.ldx[i] = dx;
                c.ldy[i] = dy;
                c.ldz[i] = dz;
            } else {
                c.ldx[i] = m[b] * dx + m[b + 3] * dy + m[b + 6] * dz;
                c.ldy[i] = m[b + 1] * dx + m[b + 4] * dy + m[b + 7] * dz;
                c.ldz[i] = m[b + 2] * dx + m[b + 5] * dy + m[b + 8] * dz;
            }
        }
        int kind = instKind[k];
        if (kind == MESH) {
            MeshBvh mesh = instMesh[k];
            if (same) {
                float flx = (float) lox, fly = (float) loy, flz = (float) loz;
                c.fox[i0] = flx;
                c.foy[i0] = fly;
                c.foz[i0] = flz;
            } else {
                for (int bits = mask; bits != 0; bits &= bits - 1) {
                    int i = Integer.numberOfTrailingZeros(bits);
                    c.fox[i] = (float) c.lox[i];
                    c.foy[i] = (float) c.loy[i];
                    c.foz[i] = (float) c.loz[i];
                }
            }
            // unturned, the top level's inverse directions and limits (c.wix ..., c.wLimit, kept current by each hit)
            // are already the ones the tree needs; a scene of one instance has no top level (tracePacket)
            boolean reuse = identity && instanceCount > 1;
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                float fx = (float) c.ldx[i], fy = (float) c.ldy[i], fz = (float) c.ldz[i];
                c.fdx[i] = fx;
                c.fdy[i] = fy;
                c.fdz[i] = fz;
                if (reuse) {
                    c.fix[i] = c.wix[i];
                    c.fiy[i] = c.wiy[i];
                    c.fiz[i] = c.wiz[i];
                    c.ftBest[i] = c.wLimit[i];
                } else {
                    c.fix[i] = MeshBvh.inv(fx);
                    c.fiy[i] = MeshBvh.inv(fy);
                    c.fiz[i] = MeshBvh.inv(fz);
                    c.ftBest[i] = Math.nextUp((float) c.ptBest[i]);
                }
            }
            mesh.intersectPacket(mask, c);
            double[] n = c.normal;
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int i = Integer.numberOfTrailingZeros(bits);
                int slot = c.slot[i];
                if (slot >= 0) {
                    double t = same ? mesh.refine(slot, lox, loy, loz, c.ldx[i], c.ldy[i], c.ldz[i], n)
                            : mesh.refine(slot, c.lox[i], c.loy[i], c.loz[i], c.ldx[i], c.ldy[i], c.ldz[i], n);
                    if (t > 0 && t < c.ptBest[i]) {
                        hitLane(c, i, k, t, n[0], n[1], n[2]);
                    }
                }
            }
            return;
        }
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int i = Integer.numberOfTrailingZeros(bits);
            c.tBest = c.ptBest[i];
            double dx = c.ldx[i], dy = c.ldy[i], dz = c.ldz[i];
            if (!same) {
                lox = c.lox[i];
                loy = c.loy[i];
                loz = c.loz[i];
            }
            boolean hit = switch (kind) {
                case BOX -> Analytic.box(lox, loy, loz, dx, dy, dz, instParam[3 * k], instParam[3 * k + 1],
                        instParam[3 * k + 2], c);
                case SPHERE -> Analytic.sphere(lox, loy, loz, dx, dy, dz, instParam[3 * k], c);
                default -> Analytic.cylinder(lox, loy, loz, dx, dy, dz, instParam[3 * k], instParam[3 * k + 2], c);
            };
            if (hit) {
                hitLane(c, i, k, c.tBest, c.nx, c.ny, c.nz);
            }
        }
    }

    private void hitLane(TraceContext c, int i, int k, double t, double nx, double ny, double nz) {
        c.ptBest[i] = t;
        c.pObject[i] = instObject[k];
        c.pInstance[i] = k;
        c.pnx[i] = nx;
        c.pny[i] = ny;
        c.pnz[i] = nz;
        if (c.anyHit) { // done: no later hit is nearer than −1, no box entry within it
            c.ptBest[i] = -1;
        }
        c.wLimit[i] = Math.nextUp((float) c.ptBest[i]);
        c.limitsLowered = true;
    }

    /** Closest hit of one world ray; leaves it in {@code c}. */
    void trace(TraceContext c, double ox, double oy, double oz, double dx, double dy, double dz, double max) {
        c.tBest = Math.nextUp(max);
        c.hitObject = -1;
        c.hitInstance = -1;
        for (int k = 0; k < planeCount; k++) {
            if (c.looksThrough(planeObject[k])) {
                continue;
            }
            double nx = planeNormal[3 * k], ny = planeNormal[3 * k + 1], nz = planeNormal[3 * k + 2];
            double den = nx * dx + ny * dy + nz * dz;
            if (den != 0) {
                double t = (planeOffset[k] - (nx * ox + ny * oy + nz * oz)) / den;
                if (t > 0 && t < c.tBest) {
                    c.tBest = t;
                    c.hitObject = planeObject[k];
                    c.hitInstance = -1;
                    c.nx = nx;
                    c.ny = ny;
                    c.nz = nz;
                }
            }
        }
        if (instanceCount == 0 || c.anyHit && c.hitObject >= 0) {
            return;
        }
        final float[] nb = tlas.bounds;
        final int[] nc = tlas.child;
        final int[] stack = c.tlasStack;
        final float[] stackT = c.tlasStackT;
        float fox = (float) ox, foy = (float) oy, foz = (float) oz;
        float ix = MeshBvh.inv((float) dx), iy = MeshBvh.inv((float) dy), iz = MeshBvh.inv((float) dz);
        int nx = ix >= 0 ? 0 : 3, ny = iy >= 0 ? 1 : 4, nz = iz >= 0 ? 2 : 5;
        int fx = 3 - nx, fy = 5 - ny, fz = 7 - nz;
        float limit = Math.nextUp((float) c.tBest);
        int sp = 0, node = 0;
        for (;;) {
            int b = 12 * node;
            float ln = MeshBvh.max(MeshBvh.max((nb[b + nx] - fox) * ix, (nb[b + ny] - foy) * iy),
                    MeshBvh.max((nb[b + nz] - foz) * iz, 0f));
            float lf = MeshBvh.min(MeshBvh.min((nb[b + fx] - fox) * ix, (nb[b + fy] - foy) * iy), (nb[b + fz] - foz) * iz)
                    * MeshBvh.ROBUST;
            b += 6;
            float rn = MeshBvh.max(MeshBvh.max((nb[b + nx] - fox) * ix, (nb[b + ny] - foy) * iy),
                    MeshBvh.max((nb[b + nz] - foz) * iz, 0f));
            float rf = MeshBvh.min(MeshBvh.min((nb[b + fx] - fox) * ix, (nb[b + fy] - foy) * iy), (nb[b + fz] - foz) * iz)
                    * MeshBvh.ROBUST;
            boolean hl = ln <= lf && ln <= limit;
            boolean hr = rn <= rf && rn <= limit;
            int cl = nc[2 * node], cr = nc[2 * node + 1];
            if (hl && cl < 0) { // a leaf holds one instance (Bvh2.buildInstances); an empty box is never entered
                instance(c, tlas.order[Bvh2.leafStart(cl)], ox, oy, oz, dx, dy, dz);
                limit = Math.nextUp((float) c.tBest);
                hl = false;
            }
            if (hr && cr < 0) {
                instance(c, tlas.order[Bvh2.leafStart(cr)], ox, oy, oz, dx, dy, dz);
                limit = Math.nextUp((float) c.tBest);
                hr = false;
            }
            if (hl) {
                if (hr) {
                    if (ln <= rn) {
                        stack[sp] = cr;
                        stackT[sp++] = rn;
                        node = cl;
                    } else {
                        stack[sp] = cl;
                        stackT[sp++] = ln;
                        node = cr;
                    }
                } else {
                    node = cl;
                }
                continue;
            }
            if (hr) {
                node = cr;
                continue;
            }
            do {
                if (sp == 0) {
                    return;
                }
                node = stack[--sp];
            } while (stackT[sp] > limit);
        }
    }

    /** Tests instance {@code k}, updating the best hit in {@code c}. */
    private void instance(TraceContext c, int k, double ox, double oy, double oz, double dx, double dy, double dz) {
        if (c.looksThrough(instObject[k])) {
            return;
        }
        double lox = ox, loy = oy, loz = oz, ldx = dx, ldy = dy, ldz = dz;
        if (!instIdentity[k]) { // local = Rᵀ (world − p)
            double[] m = instRot;
            int b = 9 * k;
            double px = ox - instPos[3 * k], py = oy - instPos[3 * k + 1], pz = oz - instPos[3 * k + 2];
            lox = m[b] * px + m[b + 3] * py + m[b + 6] * pz;
            loy = m[b + 1] * px + m[b + 4] * py + m[b + 7] * pz;
            loz = m[b + 2] * px + m[b + 5] * py + m[b + 8] * pz;
            ldx = m[b] * dx + m[b + 3] * dy + m[b + 6] * dz;
            ldy = m[b + 1] * dx + m[b + 4] * dy + m[b + 7] * dz;
            ldz = m[b + 2] * dx + m[b + 5] * dy + m[b + 8] * dz;
        }
        boolean hit;
        switch (instKind[k]) {
            case MESH -> {
                MeshBvh mesh = instMesh[k];
                int slot = mesh.intersect((float) lox, (float) loy, (float) loz, (float) ldx, (float) ldy, (float) ldz,
                        Math.nextUp((float) c.tBest), c);
                hit = false;
                if (slot >= 0) {
                    double[] n = c.normal;
                    double t = mesh.refine(slot, lox, loy, loz, ldx, ldy, ldz, n);
                    if (t > 0 && t < c.tBest) {
                        c.tBest = t;
                        c.nx = n[0];
                        c.ny = n[1];
                        c.nz = n[2];
                        hit = true;
                    }
                }
            }
            case BOX -> hit = Analytic.box(lox, loy, loz, ldx, ldy, ldz, instParam[3 * k], instParam[3 * k + 1],
                    instParam[3 * k + 2], c);
            case SPHERE -> hit = Analytic.sphere(lox, loy, loz, ldx, ldy, ldz, instParam[3 * k], c);
            default -> hit = Analytic.cylinder(lox, loy, loz, ldx, ldy, ldz, instParam[3 * k], instParam[3 * k + 2], c);
        }
        if (hit) {
            c.hitObject = instObject[k];
            c.hitInstance = k;
            if (c.anyHit) { // done: the traversal's limit falls below every box entry
                c.tBest = -1;
            }
        }
    }

    /**
     * The distinct BLAS (4-wide nodes, leaf-order triangles and their ids) plus the top level and the instance
     * arrays, as allocated.
     */
    @Override
    public synchronized long acceleratorBytes() {
        long bytes = 0;
        java.util.Set<MeshBvh> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (MeshBvh m : instMesh) {
            if (m != null && seen.add(m)) {
                bytes += 4L * (m.wide.bounds.length + m.wide.child.length + m.tri.length + m.triId.length);
            }
        }
        if (tlas != null) {
            bytes += 4L * (tlas.bounds.length + tlas.child.length + tlas.order.length);
        }
        return bytes + 4L * (instKind.length + instObject.length + instBounds.length) + 8L * (instParam.length
                + instRot.length + instPos.length) + instIdentity.length + 8L * instMesh.length;
    }

    @Override
    public synchronized void close() {
        // the worker pool is the runtime's; nothing of this scene's holds threads
    }
}
