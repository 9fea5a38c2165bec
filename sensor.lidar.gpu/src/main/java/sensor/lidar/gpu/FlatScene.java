package sensor.lidar.gpu;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import sensor.api.Args;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.raytrace.geometry.Bvh2;
import sensor.raytrace.geometry.Meshes;
import sensor.raytrace.geometry.Poses;

/**
 * The scene as the flat arrays uploaded to the GPU (layout documented in {@code trace.cu}). Two parts with two
 * lifetimes: the <em>mesh pool</em> (every distinct triangle mesh and triangulated heightfield, each with its own
 * binned-SAH BVH, concatenated with global node and slot indices), rebuilt only when the set of mesh shapes
 * changes, and the <em>instances</em> (transforms, closed-form shape parameters, the top-level BVH over their
 * world boxes, the world planes), refreshed at every {@link #pose}. The BVH builder, the triangulation and the
 * instance boxes are the CPU backend's ({@link Bvh2}, {@link Meshes}, {@link Poses}), so both build the same trees.
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
                v = Meshes.heightfieldVertices(h);
                idx = Meshes.heightfieldIndices(h);
            }
            int n = idx.length / 3;
            float[] box = new float[6];
            float[] pb = Meshes.triangleBounds(v, idx, box);
            Bvh2 bvh = Bvh2.build(pb, n);
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

    /** World poses at {@code t}: instance transforms and boxes, plane equations, then a fresh top-level BVH. */
    void pose(SceneView view, double t) {
        double[] r = new double[9];
        for (int k = 0; k < instanceCount; k++) {
            int object = instInt[4 * k + 1];
            Pose p = Args.notNull("objectPose(" + object + ")", view.objectPose(object, t));
            Poses.rotation(p.rotation(), r, 0);
            int o = 16 * k;
            System.arraycopy(r, 0, instD, o, 9);
            double px = p.position().x(), py = p.position().y(), pz = p.position().z();
            instD[o + 9] = px;
            instD[o + 10] = py;
            instD[o + 11] = pz;
            instInt[4 * k + 3] = px == 0 && py == 0 && pz == 0 && r[0] == 1 && r[4] == 1 && r[8] == 1 ? 1 : 0;
            Poses.worldBounds(r, 0, instD, o + 9, instKind[k] == MESH ? instMesh[k].box : null, instParam[3 * k],
                    instParam[3 * k + 1], instParam[3 * k + 2], instBounds, 6 * k);
        }
        for (int k = 0; k < planeCount; k++) {
            Pose p = Args.notNull("objectPose(" + planeObj[k] + ")", view.objectPose(planeObj[k], t));
            Poses.rotation(p.rotation(), r, 0);
            planeD[4 * k] = r[2];
            planeD[4 * k + 1] = r[5];
            planeD[4 * k + 2] = r[8];
            planeD[4 * k + 3] = r[2] * p.position().x() + r[5] * p.position().y() + r[8] * p.position().z();
        }
        Bvh2 tlas = Bvh2.buildInstances(instBounds, instanceCount);
        tlasBounds = tlas.bounds;
        tlasChild = tlas.child;
        tlasOrder = tlas.order;
        tlasNodes = tlas.nodeCount;
        tlasDepth = tlas.depth();
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
