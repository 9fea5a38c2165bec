// Closest-hit raytracing and Philox4x32-10 for sensor.lidar.gpu.
//
// Compiled to PTX at build time (nvcc -ptx -arch=compute_75 -fmad=false) and loaded with cuModuleLoadData.
// Every function here is a line-by-line port of the Java reference traversal FlatTracer (itself following
// sensor.raytrace's CpuTraceScene/MeshBvh/Analytic): same flat arrays, same float slab tests, the same
// watertight triangle test (Woop, Benthin and Wald) with ties to the lower triangle id, the same double refinement
// and closed-form shapes.
// With -fmad=false no multiply-add is contracted, so every float and double operation rounds exactly as in
// Java, and the hits are the CPU's to the last bit (up to libm differences in no function used here: only
// +, -, *, /, sqrt, which are correctly rounded on both).
//
// Flat layout (see FlatScene.java):
//   mesh pool : nodeBounds float[12 per node] (left box min xyz max xyz, right box), nodeChild int[2 per node]
//               (>= 0 inner node, < 0 leaf ~(slot << 3 | count)), tri float[9 per slot] (v0, v1, v2),
//               triId int[slot] (triangle index within its mesh, for ties)
//   instances : instInt int[4] (kind, object, mesh root node, identity), instD double[16] (row-major world-from-
//               local rotation 9, position 3, shape parameters 3, pad)
//   TLAS      : tlasBounds/tlasChild as above over instance boxes, tlasOrder int[] instance per leaf slot
//   planes    : planeD double[4] (world normal xyz, offset), planeObj int[]

#include "random.cuh"
#include "trace.cuh"


// ---------------------------------------------------------------- Philox4x32-10 (sensor.api CounterRandom)

/**
 * Philox blocks for counters (index low, index high, step, draw) with index = first + i, i < n; writes 4 words
 * per block and the uniform of CounterRandom.uniform (step high word must already be folded into the key).
 */
extern "C" __global__ void philoxBlocks(unsigned int k0, unsigned int k1, long long first, int n, unsigned int step,
        unsigned int draw, unsigned int *words, double *uniform) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long index = (unsigned long long) (first + i);
    unsigned int c[4] = {(unsigned int) index, (unsigned int) (index >> 32), step, draw};
    philox4x32_10(c, k0, k1);
    words[4 * i] = c[0];
    words[4 * i + 1] = c[1];
    words[4 * i + 2] = c[2];
    words[4 * i + 3] = c[3];
    uniform[i] = counter_unit(c[0], c[1]);
}

/**
 * Closest hit of {@code count} rays (packed xyz origins and unit directions, double) in (0, maxDistance]:
 * distance (+inf on a miss), object index (-1), world unit normal facing the ray origin (0 on a miss).
 */
// __launch_bounds__(128, 8): at most 64 registers a thread, so 8 blocks of 128 fit on an SM (50 % occupancy instead
// of 31 % at the 96 registers the compiler takes unbounded); on an H200 the kernel ran 10 % faster (1.60 -> 1.45 ms
// for scene v1's 1,048,576 rays), hits bit for bit the same. 128 is JCudaDevice.BLOCK.
extern "C" __global__ void __launch_bounds__(128, 8) closestHit(const float *nodeBounds, const int *nodeChild, const float *tri,
        const int *triId, const int *instInt, const double *instD, const float *tlasBounds, const int *tlasChild,
        const int *tlasOrder, int instanceCount, const double *planeD, const int *planeObj, int planeCount,
        const double *origins, const double *directions, int count, double maxDistance, double *distance,
        int *objectIndex, double *normal) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= count) return;
    Scene s = {nodeBounds, nodeChild, tri, triId, instInt, instD, tlasBounds, tlasChild, tlasOrder, instanceCount,
        planeD, planeObj, planeCount};
    closest_hit(s, origins[3 * r], origins[3 * r + 1], origins[3 * r + 2], directions[3 * r], directions[3 * r + 1],
            directions[3 * r + 2], maxDistance, distance + r, objectIndex + r, normal + 3 * r);
}
