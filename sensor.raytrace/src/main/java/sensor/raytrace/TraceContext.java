package sensor.raytrace;

import sensor.raytrace.geometry.Hit;

/** Per-worker scratch: traversal stacks and the current ray's best hit. Never shared between threads. */
final class TraceContext extends Hit {
    /** Deep enough for any SAH tree the builder makes over fewer than 2^28 primitives. */
    private static final int STACK = 1024;
    /** Rays per packet (rays with nearby origins, traced together); at most 32 (one int mask). */
    static final int PACKET = 32;

    final int[] stack = new int[STACK];
    final float[] stackT = new float[STACK];
    final int[] tlasStack = new int[STACK];
    final float[] tlasStackT = new float[STACK];
    final double[] normal = new double[3];
    /** Float distance left by a mesh traversal. */
    float hitT;
    /** Object of the best hit so far for the current ray (distance and local normal: {@link Hit}). */
    int hitObject;
    /** Packet lanes: world and local origins and directions, float inverses, per-lane best hits. */
    final double[] wdx = new double[PACKET], wdy = new double[PACKET], wdz = new double[PACKET];
    final double[] ldx = new double[PACKET], ldy = new double[PACKET], ldz = new double[PACKET];
    final double[] wox = new double[PACKET], woy = new double[PACKET], woz = new double[PACKET];
    final double[] lox = new double[PACKET], loy = new double[PACKET], loz = new double[PACKET];
    /** Packet lanes: float origins in the frame of the mesh being traversed. */
    final float[] fox = new float[PACKET], foy = new float[PACKET], foz = new float[PACKET];
    /** Whether all lanes of the current packet have bit-identical world origins. */
    boolean sameOrigin;
    final float[] fdx = new float[PACKET], fdy = new float[PACKET], fdz = new float[PACKET];
    final float[] fix = new float[PACKET], fiy = new float[PACKET], fiz = new float[PACKET];
    final float[] ftBest = new float[PACKET];
    final float[] wix = new float[PACKET], wiy = new float[PACKET], wiz = new float[PACKET], wLimit = new float[PACKET];
    /**
     * The packet's inverse-direction intervals (x lo, x hi, y lo, y hi, z lo, z hi) and its lanes' largest TLAS limit,
     * for the TLAS's inner nodes.
     */
    final float[] packetBounds = new float[7];
    /** The packet's float origin range (min x, y, z, max x, y, z), for the TLAS's box tests. */
    final float[] packetOrigins = new float[6];
    /** Whether a lane's TLAS limit was lowered since the packet's largest limit was last taken. */
    boolean limitsLowered;
    /** The nearest box entry of the lanes {@code CpuTraceScene.lanes} found. */
    float lanesNear;
    final int[] slot = new int[PACKET];
    /**
     * Watertight test's constants per lane (lane {@link #PACKET}: a lone ray): axes kx | ky << 2 | kz << 4 (and each
     * axis as a float, for the vector kernel's masks), shear x, y, z.
     */
    final int[] axes = new int[PACKET + 1];
    final float[] kx = new float[PACKET + 1], ky = new float[PACKET + 1], kz = new float[PACKET + 1];
    final float[] shx = new float[PACKET + 1], shy = new float[PACKET + 1], shz = new float[PACKET + 1];
    /** The triangle under test, its vertices less the ray origin (9 floats). */
    final float[] rel = new float[9];
    /** Packet lanes: ray indices. */
    final int[] lane = new int[PACKET];
    /** Ray order within a chunk, and band counts, for grouping rays into packets. */
    final int[] order = new int[CpuTraceScene.CHUNK], bandCount = new int[CpuTraceScene.CHUNK + 2];
    final double[] ptBest = new double[PACKET];
    final int[] pObject = new int[PACKET], pInstance = new int[PACKET];
    final double[] pnx = new double[PACKET], pny = new double[PACKET], pnz = new double[PACKET];
    final int[] stackMask = new int[STACK];
    final int[] tlasStackMask = new int[STACK];

    /**
     * The packet leaf kernel ({@link Traversal}: the Vector API one where it loads), or null for the scalar loops of
     * {@link MeshBvh}. Both give the same results bit for bit.
     */
    LaneKernel kernel = Traversal.newKernel();

    /** Instance of the best hit (−1 for a plane, whose normal is already in the world frame). */
    int hitInstance;
    /**
     * An occlusion query ({@code CpuTraceScene.occluded}): a ray ends at its first hit (its best distance becomes −1,
     * below every node's entry), and the objects in {@link #lookThrough} are not tested.
     */
    boolean anyHit;
    /** Objects an occlusion query looks through (null: none). */
    java.util.BitSet lookThrough;

    /** Whether the query in progress looks through object {@code object} (skips it untested). */
    boolean looksThrough(int object) {
        return lookThrough != null && lookThrough.get(object);
    }
}
