package sensor.raytrace;

/**
 * The per-lane work of a packet traversal at a leaf ({@link MeshBvh#intersectPacket}): the lanes' leaf box test and
 * their watertight triangle tests, done several lanes at a time; and the top-level tree's box test of the lanes.
 * Implemented by {@code VectorLanes} (the Vector API, {@code jdk.incubator.vector}); where that module is absent (or
 * the scalar path is forced) no kernel is made and {@link MeshBvh} and {@code CpuTraceScene} run their scalar loops
 * ({@link Traversal}). A kernel gives exactly the scalar results, bit for bit: the same float operations in the same
 * order, never fused, lanes whose edge functions need the scalar code's double recomputation done by the scalar code. One per {@link TraceContext}, never shared between threads.
 */
interface LaneKernel {
    /** A fresh kernel with its own scratch (for another {@link TraceContext}). */
    LaneKernel fresh();

    /**
     * The lanes of {@code mask} that enter the leaf box (near faces {@code pn*}, far faces {@code pf*}) from the
     * one origin {@code o*} no farther than their limits {@code c.ftBest}: {@link MeshBvh}'s same-origin leaf box test.
     */
    int leafBoxSame(float pnx, float pny, float pnz, float pfx, float pfy, float pfz, float ox, float oy, float oz,
            int mask, TraceContext c);

    /** The same for lanes each from its own origin ({@code c.fo*}): {@link MeshBvh}'s spread-origin leaf box test. */
    int leafBoxSpread(float pnx, float pny, float pnz, float pfx, float pfy, float pfz, int mask, TraceContext c);

    /**
     * The triangles of leaf slots {@code [s0, s1)} of {@code mesh} against the lanes of {@code lm}, from the one
     * origin {@code o*} when {@code same}, else each lane's own ({@code c.fo*}): updates {@code c.ftBest} and
     * {@code c.slot} as {@link MeshBvh#testLane} does lane by lane.
     */
    void leafTriangles(MeshBvh mesh, int s0, int s1, int lm, boolean same, float ox, float oy, float oz, TraceContext c);

    /**
     * The lanes of {@code m} that enter the top-level box at {@code nb[b .. b + 6)} widened by the packet's origin
     * range {@code c.packetOrigins} no farther than their limits {@code c.wLimit}, from the inverse directions
     * {@code c.wi*}; the nearest entry among them into {@code c.lanesNear}: {@code CpuTraceScene.lanes}.
     */
    int topBox(float[] nb, int b, int m, TraceContext c);

    /** One line: what this kernel is (for the bench's machine line and the run summary). */
    String describe();
}
