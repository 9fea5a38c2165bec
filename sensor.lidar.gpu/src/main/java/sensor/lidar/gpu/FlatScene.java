package sensor.lidar.gpu;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import sensor.api.Args;
import sensor.api.env.ObjectSpec;
import sensor.api.env.SceneView;
import sensor.api.env.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;

/**
 * The scene as the flat arrays uploaded to the GPU (layout documented in {@code trace.cu}). Two parts with two
 * lifetimes: the <em>mesh pool</em> (every distinct triangle mesh and triangulated heightfield, each with its own
 * binned-SAH BVH, concatenated with global node and slot indices), rebuilt only when the set of mesh shapes
 * changes, and the <em>instances</em> (transforms, closed-form shape parameters, the top-level BVH over their
 * world boxes, the world planes), refreshed at every {@link #pose}. The BVH builder is a copy of the CPU
 * backend's ({@link FlatBvh}); a heightfield is triangulated as the CPU backend does.
 */
final class FlatScene {
    static final int MESH = 0, BOX = 1, SPHERE = 2, CYLINDER = 3;
    /** Traversal stack entries of the kernel ({@code STACK} in trace.cu). */
    static final int STACK = 64;

    // mesh pool
    float[] nodeBounds = new float[0];
    int[] nodeChild = new int[0];
    float[] tri = new float[0];
    int[] triId = new int[0];
    int nodeCount, slotCount;
    /** Deepest mesh BVH (root = 1). */
    int meshDepth;
    /** Incremented whenever the mesh pool is rebuilt (the GPU copy must then be re-uploaded). */
    int meshPoolVersion;
    /** Number of mesh BVH builds so far. */
    int meshBuilds;
    private Map<Shape, MeshEntry> meshes = new IdentityHashMap<>();

    // instances
    int instanceCount;
    int[] instInt = new int[0];
    double[] instD = new double[0];
    float[] instBounds = new float[0];
    float[] tlasBounds = new float[0];
    int[] tlasChild = new int[0];
    int[] tlasOrder = new int[0];
    int tlasNodes, tlasDepth;
    private int[] instKind = new int[0];
    private MeshEntry[] instMesh = new MeshEntry[0];
    private double[] instParam = new double[0];

    // planes
    int planeCount;
    double[] planeD = new double[0];
    int[] planeObj = new int[0];

    long revision;
    boolean scanned;

    /** One mesh of the pool: its root node and local bounds (min xyz, max xyz). */
    private record MeshEntry(Shape shape, float[] vertices, int[] indices, float[] box, int root) {}

    /** Rebuilds the instance list; rebuilds and re-versions the mesh pool only when a new mesh shape appears. */
    void scan(SceneView scene) {
        List<ObjectSpec> objects = scene.objects();
        Map<Shape, MeshEntry> wanted = new IdentityHashMap<>();
        List<Integer> inst = new ArrayList<>(), planes = new ArrayList<>();
        boolean rebuild = false;
        for (int i = 0; i < objects.size(); i++) {
            Shape s = objects.get(i).shape();
            if (s instanceof Shape.Plane) {
                planes.add(i);
                continue;
            }
            inst.add(i);
            if ((s instanceof Shape.TriangleMesh || s instanceof Shape.Heightfield) && !wanted.containsKey(s)) {
                MeshEntry e = meshes.get(s);
                rebuild |= e == null;
                wanted.put(s, e);
            }
        }
        rebuild |= wanted.size() != meshes.size();
        if (rebuild) {
            buildPool(wanted);
        }
        int n = inst.size();
        instanceCount = n;
        instKind = new int[n];
        instMesh = new MeshEntry[n];
        instParam = new double[3 * n];
        instInt = new int[4 * n];
        instD = new double[16 * n];
        instBounds = new float[6 * n];
        for (int k = 0; k < n; k++) {
            int i = inst.get(k);
            Shape s = objects.get(i).shape();
            instInt[4 * k + 1] = i;
            instInt[4 * k + 2] = -1;
            if (s instanceof Shape.Box b) {
                setParam(k, BOX, b.halfX(), b.halfY(), b.halfZ());
            } else if (s instanceof Shape.Sphere sp) {
                setParam(k, SPHERE, sp.radius(), sp.radius(), sp.radius());
            } else if (s instanceof Shape.Cylinder c) {
                setParam(k, CYLINDER, c.radius(), c.radius(), 0.5 * c.height());
            } else {
                instKind[k] = MESH;
                instMesh[k] = meshes.get(s);
                instInt[4 * k + 2] = instMesh[k].root;
            }
            instInt[4 * k] = instKind[k];
        }
        planeCount = planes.size();
        planeObj = planes.stream().mapToInt(Integer::intValue).toArray();
        planeD = new double[4 * planeCount];
        revision = scene.revision();
        scanned = true;
    }

    private void setParam(int k, int kind, double a, double b, double c) {
        instKind[k] = kind;
        instParam[3 * k] = a;
        instParam[3 * k + 1] = b;
        instParam[3 * k + 2] = c;
        instD[16 * k + 12] = a;
        instD[16 * k + 13] = b;
        instD[16 * k + 14] = c;
    }

    /** Builds a BVH per mesh shape and concatenates them, node and slot references made global. */
    private void buildPool(Map<Shape, MeshEntry> wanted) {
        List<float[]> nb = new ArrayList<>();
        List<int[]> nc = new ArrayList<>();
        List<float[]> tr = new ArrayList<>();
        List<int[]> ids = new ArrayList<>();
        int nodes = 0, slots = 0, depth = 0;
        Map<Shape, MeshEntry> pool = new IdentityHashMap<>();
        for (Shape s : wanted.keySet()) {
            float[] v;
            int[] idx;
            if (s instanceof Shape.TriangleMesh m) {
                v = m.vertices();
                idx = m.indices();
            } else {
                Shape.Heightfield h = (Shape.Heightfield) s;
                v = heightfieldVertices(h);
                idx = heightfieldIndices(h);
            }
            int n = idx.length / 3;
            float[] pb = new float[6 * n];
            float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
            for (int t = 0; t < n; t++) {
                int a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
                for (int k = 0; k < 3; k++) {
                    float lo = Math.min(v[a + k], Math.min(v[b + k], v[c + k]));
                    float hi = Math.max(v[a + k], Math.max(v[b + k], v[c + k]));
                    pb[6 * t + k] = lo;
                    pb[6 * t + 3 + k] = hi;
                    box[k] = Math.min(box[k], lo);
                    box[3 + k] = Math.max(box[3 + k], hi);
                }
            }
            FlatBvh bvh = FlatBvh.build(pb, n);
            meshBuilds++;
            depth = Math.max(depth, bvh.depth());
            int[] child = bvh.child.clone();
            for (int i = 0; i < child.length; i++) {
                int c = child[i];
                child[i] = c >= 0 ? c + nodes : ~((((~c) >>> 3) + slots) << 3 | ((~c) & 7));
            }
            float[] t9 = new float[9 * n];
            int[] id = new int[n];
            for (int q = 0; q < n; q++) {
                int t = bvh.order[q];
                id[q] = t;
                for (int corner = 0; corner < 3; corner++) {
                    int vi = 3 * idx[3 * t + corner];
                    t9[9 * q + 3 * corner] = v[vi];
                    t9[9 * q + 3 * corner + 1] = v[vi + 1];
                    t9[9 * q + 3 * corner + 2] = v[vi + 2];
                }
            }
            pool.put(s, new MeshEntry(s, v, idx, box, nodes));
            nb.add(bvh.bounds);
            nc.add(child);
            tr.add(t9);
            ids.add(id);
            nodes += bvh.nodeCount;
            slots += n;
            if (slots >= (1 << 28)) {
                throw new IllegalArgumentException("too many triangles for the GPU scene: " + slots);
            }
        }
        nodeBounds = concatF(nb, 12 * nodes);
        nodeChild = concatI(nc, 2 * nodes);
        tri = concatF(tr, 9 * slots);
        triId = concatI(ids, slots);
        nodeCount = nodes;
        slotCount = slots;
        meshDepth = depth;
        meshes = pool;
        meshPoolVersion++;
    }

    /** Heightfield vertices, centred on the origin (as the CPU backend's MeshBvh.of(Heightfield)). */
    static float[] heightfieldVertices(Shape.Heightfield h) {
        int c = h.columns(), r = h.rows();
        float[] z = h.heights();
        float[] v = new float[3 * c * r];
        for (int j = 0; j < r; j++) {
            for (int i = 0; i < c; i++) {
                int k = j * c + i;
                v[3 * k] = (float) ((i - (c - 1) / 2.0) * h.dx());
                v[3 * k + 1] = (float) ((j - (r - 1) / 2.0) * h.dy());
                v[3 * k + 2] = z[k];
            }
        }
        return v;
    }

    /** Two triangles per cell, {@code (v00, v10, v11)} and {@code (v00, v11, v01)}. */
    static int[] heightfieldIndices(Shape.Heightfield h) {
        int c = h.columns(), r = h.rows();
        int[] idx = new int[6 * (c - 1) * (r - 1)];
        int q = 0;
        for (int j = 0; j < r - 1; j++) {
            for (int i = 0; i < c - 1; i++) {
                int v00 = j * c + i, v10 = v00 + 1, v01 = v00 + c, v11 = v01 + 1;
                idx[q++] = v00;
                idx[q++] = v10;
                idx[q++] = v11;
                idx[q++] = v00;
                idx[q++] = v11;
                idx[q++] = v01;
            }
        }
        return idx;
    }

    /** World poses at {@code t}: instance transforms and boxes, plane equations, then a fresh top-level BVH. */
    void pose(SceneView view, double t) {
        double[] r = new double[9];
        for (int k = 0; k < instanceCount; k++) {
            int object = instInt[4 * k + 1];
            Pose p = Args.notNull("objectPose(" + object + ")", view.objectPose(object, t));
            rotation(p.rotation(), r);
            int o = 16 * k;
            System.arraycopy(r, 0, instD, o, 9);
            double px = p.position().x(), py = p.position().y(), pz = p.position().z();
            instD[o + 9] = px;
            instD[o + 10] = py;
            instD[o + 11] = pz;
            instInt[4 * k + 3] = px == 0 && py == 0 && pz == 0 && r[0] == 1 && r[4] == 1 && r[8] == 1 ? 1 : 0;
            double cx, cy, cz, hx, hy, hz;
            if (instKind[k] == MESH) {
                float[] b = instMesh[k].box;
                cx = 0.5 * ((double) b[0] + b[3]);
                cy = 0.5 * ((double) b[1] + b[4]);
                cz = 0.5 * ((double) b[2] + b[5]);
                hx = 0.5 * ((double) b[3] - b[0]);
                hy = 0.5 * ((double) b[4] - b[1]);
                hz = 0.5 * ((double) b[5] - b[2]);
            } else {
                cx = cy = cz = 0;
                hx = instParam[3 * k];
                hy = instParam[3 * k + 1];
                hz = instParam[3 * k + 2];
            }
            for (int a = 0; a < 3; a++) {
                int row = 3 * a;
                double c = r[row] * cx + r[row + 1] * cy + r[row + 2] * cz + instD[o + 9 + a];
                double h = Math.abs(r[row]) * hx + Math.abs(r[row + 1]) * hy + Math.abs(r[row + 2]) * hz;
                h = h * (1 + 1e-9) + 1e-9;
                instBounds[6 * k + a] = Math.nextDown((float) (c - h));
                instBounds[6 * k + 3 + a] = Math.nextUp((float) (c + h));
            }
        }
        for (int k = 0; k < planeCount; k++) {
            Pose p = Args.notNull("objectPose(" + planeObj[k] + ")", view.objectPose(planeObj[k], t));
            rotation(p.rotation(), r);
            planeD[4 * k] = r[2];
            planeD[4 * k + 1] = r[5];
            planeD[4 * k + 2] = r[8];
            planeD[4 * k + 3] = r[2] * p.position().x() + r[5] * p.position().y() + r[8] * p.position().z();
        }
        FlatBvh tlas = FlatBvh.build(instBounds, instanceCount);
        tlasBounds = tlas.bounds;
        tlasChild = tlas.child;
        tlasOrder = tlas.order;
        tlasNodes = tlas.nodeCount;
        tlasDepth = tlas.depth();
    }

    /** Row-major world-from-local rotation matrix of a unit quaternion (normalised first). */
    static void rotation(Quat q, double[] m) {
        double w = q.w(), x = q.x(), y = q.y(), z = q.z();
        double n = 1 / Math.sqrt(w * w + x * x + y * y + z * z);
        w *= n;
        x *= n;
        y *= n;
        z *= n;
        m[0] = 1 - 2 * (y * y + z * z);
        m[1] = 2 * (x * y - w * z);
        m[2] = 2 * (x * z + w * y);
        m[3] = 2 * (x * y + w * z);
        m[4] = 1 - 2 * (x * x + z * z);
        m[5] = 2 * (y * z - w * x);
        m[6] = 2 * (x * z - w * y);
        m[7] = 2 * (y * z + w * x);
        m[8] = 1 - 2 * (x * x + y * y);
    }

    /** True when the kernel's fixed traversal stacks are deep enough for these trees. */
    boolean fitsKernelStack() {
        return meshDepth <= STACK && tlasDepth <= STACK;
    }

    private static float[] concatF(List<float[]> parts, int n) {
        float[] out = new float[n];
        int o = 0;
        for (float[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }

    private static int[] concatI(List<int[]> parts, int n) {
        int[] out = new int[n];
        int o = 0;
        for (int[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
