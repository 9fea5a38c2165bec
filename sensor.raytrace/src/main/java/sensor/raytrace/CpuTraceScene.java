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

    private final InstanceTraversal traversal = new InstanceTraversal(this);

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
                            traversal.trace(c, o[3 * p], o[3 * p + 1], o[3 * p + 2], d[3 * p], d[3 * p + 1], d[3 * p + 2], max);
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
     * transforms, leaf boxes and triangles use its own origin, with the arithmetic of {@link InstanceTraversal#trace}, which it gives
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
            traversal.instancePacket(c, 0, all);
        } else if (instanceCount > 0) {
            traversal.tlasPacket(c, all, n);
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
