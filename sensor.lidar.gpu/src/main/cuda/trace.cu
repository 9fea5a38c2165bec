// The kernels of sensor.lidar.gpu: closest hit, Philox4x32-10, and the lidar's trace, divergence and selection
// stages [L-P]. Their per-ray work lives in the SIM_HD headers (trace.cuh, pipeline.cuh, returns.cuh, ...), which the
// host test program runs against the Java code; here are only the launches' entry points.
//
// Compiled to PTX at build time (nvcc -ptx -arch=compute_75 -fmad=false) and loaded with cuModuleLoadData.
// With -fmad=false no multiply-add is contracted, so every float and double operation rounds exactly as in
// Java: the hits are the CPU's to the last bit (only +, -, *, /, sqrt, correctly rounded on both), and the pipeline's
// candidates differ only where exp, log or pow do (the bounds are in the headers and their tests).
//
// Flat layout (see FlatScene.java):
//   mesh pool : nodeBounds float[12 per node] (left box min xyz max xyz, right box), nodeChild int[2 per node]
//               (>= 0 inner node, < 0 leaf ~(slot << 3 | count)), tri float[9 per slot] (v0, v1, v2),
//               triId int[slot] (triangle index within its mesh, for ties)
//   instances : instInt int[4] (kind, object, mesh root node, identity), instD double[16] (row-major world-from-
//               local rotation 9, position 3, shape parameters 3, pad)
//   TLAS      : tlasBounds/tlasChild as above over instance boxes, tlasOrder int[] instance per leaf slot
//   planes    : planeD double[4] (world normal xyz, offset), planeObj int[]

#include "pipeline.cuh"
#include "returns.cuh"


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

// ---------------------------------------------------------------- the lidar pipeline [L-P]

/** Material's size on the device, which JCudaDevice allocates per material (a check that the layout is the one built). */
static_assert(sizeof(Material) == 136, "JCudaDevice.MATERIAL_BYTES");
static_assert(sizeof(AtmosphereParams) == 48, "six doubles per medium");

/**
 * Builds the materials from their specifications: material i at spec[offset[i]]: its kind, then Lambertian: C_D;
 * GGX + Oren–Nayar: n, k, σ_B, σ_ON, C_D; explicit BRDF: its four counts and the offset of its samples in the BRDF
 * table (the constructors' precomputation runs here, by the same SIM_HD code the host tests check).
 */
extern "C" __global__ void lidarMaterials(const double *spec, const int *offset, int count, Material *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    const double *a = spec + offset[i];
    int kind = (int) a[0];
    if (kind == MAT_LAMBERTIAN) out[i] = material_lambertian(a[1]);
    else if (kind == MAT_GGX_OREN_NAYAR) out[i] = material_ggx_oren_nayar(a[1], a[2], a[3], a[4], a[5]);
    else out[i] = material_explicit((int) a[1], (int) a[2], (int) a[3], (int) a[4], (long long) a[5]);
}

/**
 * The interface heap of the sub-rays of one time slice (ReturnPipeline.trace): the slice's origins, directions and
 * pattern indices (count of them), sub-ray i being the frame's sub-ray first + i, whose candidates go to its slots of
 * the frame's candidate arrays (normal may be null unless keepNormals, background unless keepBackground). media: six
 * doubles a medium (n, α, A, k, θ, ln Γ(k)), the ambient first; optics: tan θ_D, emitter radius, detector radius,
 * detector offset.
 */
extern "C" __global__ void __launch_bounds__(128) lidarTrace(const float *nodeBounds, const int *nodeChild,
        const float *tri, const int *triId, const int *instInt, const double *instD, const float *tlasBounds,
        const int *tlasChild, const int *tlasOrder, int instanceCount, const double *planeD, const int *planeObj,
        int planeCount, const int *objectMaterial, const Material *materials, const double *brdfTable,
        const int *objectMedium, const double *media, const double *optics, const double *suns, int sunCount,
        double skyKlx, double rangeMax, int nodes, int keepNormals, int keepBackground, unsigned long long randomKey,
        long long step, const double *origins, const double *directions, const int *rayKey, int count, long long first,
        double *opl,
        double *intensity, double *mirror, double *power, double *background, int *entity, float *normal) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    PipelineScene p;
    p.trace = {nodeBounds, nodeChild, tri, triId, instInt, instD, tlasBounds, tlasChild, tlasOrder, instanceCount,
        planeD, planeObj, planeCount};
    p.objectMaterial = objectMaterial;
    p.materials = materials;
    p.brdfTable = brdfTable;
    p.objectMedium = objectMedium;
    p.media = (const AtmosphereParams *) media;
    p.divergence = beam_divergence(optics[0], optics[1], optics[2], optics[3]);
    p.suns = suns;
    p.sunCount = sunCount;
    p.skyKlx = skyKlx;
    p.rangeMax = rangeMax;
    p.nodes = nodes;
    p.keepNormals = keepNormals != 0;
    p.keepBackground = keepBackground != 0;
    p.randomKey = randomKey;
    p.step = step;
    Candidates c = {opl, intensity, mirror, power, background, entity, normal};
    pipe_trace_ray(p, c, first + i, rayKey[i], origins[3 * i], origins[3 * i + 1], origins[3 * i + 2], directions[3 * i],
            directions[3 * i + 1], directions[3 * i + 2]);
}

/**
 * The stages after the trace, per beam of the frame (pipe_finish_beam): divergence, selection and, when detect, the
 * detection decision with its tables (as DetectionTables; channelOf per pattern index, patternIndex per beam) on
 * random stream key. Beam b's returns go to count[b] and, P a beam (2 for dual returns, else 1), OPL, intensity,
 * entity, candidate slot and, when normals, the candidate's normal (3 floats; a false alarm's is left alone).
 */
extern "C" __global__ void lidarFinish(double *opl, double *intensity, const double *mirror, const double *power,
        const int *entity, const double *background, const float *normal, const double *optics, int samples, int nodes,
        int mode, double rangeMin, double rangeMax, double minIntensity, double mixingRange, int beams, long long step,
        int detect, unsigned long long key, const int *patternIndex, const int *channelOf, const double *scale,
        const double *threshold, const double *falseAlarm, const double *detectionBackground,
        const int *precisionStart, const double *logSnr, const double *logSigma, double darkShare, int normals,
        int *count, double *returnOpl, double *returnIntensity, int *returnEntity, int *returnSlot,
        float *returnNormal) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= beams) return;
    PipelineScene p;
    p.divergence = beam_divergence(optics[0], optics[1], optics[2], optics[3]);
    p.step = step;
    Candidates c = {opl, intensity, (double *) mirror, (double *) power, (double *) background, (int *) entity,
        (float *) normal};
    SelectConfig config = {samples, nodes, mode, rangeMin, rangeMax, minIntensity, mixingRange};
    DetectionTables tables = {scale, threshold, falseAlarm, detectionBackground, precisionStart, logSnr, logSigma,
        darkShare};
    int index = detect ? patternIndex[b] : 0;
    FrameReturns r = {count, returnOpl, returnIntensity, returnEntity, returnSlot, normals ? returnNormal : nullptr};
    pipe_finish_write(p, c, config, detect ? &tables : nullptr, key, index, detect ? channelOf[index] : 0, b, r);
}
