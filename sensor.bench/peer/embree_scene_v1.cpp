// Peer benchmark: Intel Embree 3.13 on scene v1 (docs/BENCHMARKS.md, "Scene v1").
//
// Builds the same 326,000-triangle scene as sensor.bench.SceneV1 (terrain 400 x 400 cells + 500 SplitMix64 boxes,
// all arithmetic in double, stored as float) as ONE Embree triangle geometry, scene flags and build quality left
// at their defaults (RTC_SCENE_FLAG_NONE, RTC_BUILD_QUALITY_MEDIUM: binned SAH, no spatial splits), and traces the
// 1,048,576 lidar rays from (0, 0, 2), closest hit in (0, 200] m. Figure names and units are those of
// sensor.bench.RaytraceFigures (the Java harness), so `sensorsim bench --peer FILE` can set them side by side:
//
//   raytrace.build.s                       rtcCommitScene of scene v1, best of 3, Embree device "threads=1"
//   raytrace.build.s.<N>t                  the same with a device at Embree's default thread count (N cores)
//   raytrace.closest_hit.mrays_s.{1t,2t}   rtcIntersect1 per ray; std::thread workers, each tracing one contiguous
//                                          chunk of the ray index range; direction generation inside the timing
//   raytrace.closest_hit_packet16.mrays_s.{1t,2t}
//                                          rtcIntersect16, packets of 16 consecutive rays (16 channels of one
//                                          azimuth column), Embree's default (incoherent) intersect context
//   raytrace.closest_hit_packet16_coherent.mrays_s.{1t,2t}
//                                          the same with RTC_INTERSECT_CONTEXT_FLAG_COHERENT (Embree's hint for
//                                          coherent packets; about 2x here)
//   bvh.bytes_per_triangle                 net bytes reported by the device memory monitor across rtcCommitScene
//                                          (BVH nodes, leaf triangles, allocator blocks; the vertex/index buffers are
//                                          ours, shared with Embree, so not counted) / 326,000
//   raytrace.moving_over_static            1,000 boxes (half-extent 0.25 m, as Shape.Box(0.25, 0.25, 0.25)) moving
//                                          with RaytraceFigures.bodyPose, as instances of one box scene, next to
//                                          scene v1 as one identity instance: time of (set 1,000 transforms +
//                                          rtcCommitScene of the top level + trace all rays, rtcIntersect1, 1 thread)
//                                          / the static 1-thread trace time
//   raytrace.moving.update_commit.s        set transforms + top-level commit alone, mean of 500 after 500 warm-ups
//                                          (the update() cost the Java harness used to print), printed in microseconds
//   raytrace.check.hits, raytrace.check.distance_sum
//                                          hit count and sum of hit distances of the static trace (2 threads)
//
// Throughput figures: best of N timed passes (--reps N, default 5; --quick: 2) after 2 warm-up passes, as
// RaytraceFigures.bestRate does. Usage: embree_scene_v1 [--reps N] [--json FILE] [--quick]

#include <embree3/rtcore.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

// ---- Scene v1, exactly as sensor.bench.SceneV1 -------------------------------------------------------------------

constexpr int CELLS = 400, SIDE = CELLS + 1, BOXES = 500;
constexpr int FRAMES = 4, AZIMUTHS = 2048, CHANNELS = 128;
constexpr int RAYS = FRAMES * AZIMUTHS * CHANNELS;
constexpr double OX = 0, OY = 0, OZ = 2, MAX_DISTANCE = 200;
constexpr int BOX_TRIANGLES[36] = {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 4, 6, 0, 6, 2,
                                   1, 3, 7, 1, 7, 5, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3};
constexpr int BODIES = 1000;

double h(double x, double y) { return 3 * std::sin(0.05 * x) * std::cos(0.04 * y) + 0.8 * std::sin(0.3 * x + 0.2 * y); }

struct SplitMix64 {
    uint64_t state;
    uint64_t next() {
        state += 0x9E3779B97F4A7C15ULL;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    double nextDouble() { return double(next() >> 11) * 0x1.0p-53; }
};

struct Mesh {
    std::vector<float> vertices;     // xyz per vertex, plus padding: Embree may read 16 bytes at the last vertex
    std::vector<unsigned> indices;   // 3 per triangle
    size_t vertexCount() const { return (vertices.size() - 1) / 3; }
    size_t triangleCount() const { return indices.size() / 3; }
};

Mesh buildSceneV1() {
    const int terrainVertices = SIDE * SIDE;
    const int vertexCount = terrainVertices + 8 * BOXES;
    const int triangleCount = 2 * CELLS * CELLS + 12 * BOXES;
    Mesh m;
    m.vertices.assign(3 * size_t(vertexCount) + 1, 0.0f);
    m.indices.assign(3 * size_t(triangleCount), 0u);
    float* v = m.vertices.data();
    for (int j = 0; j <= CELLS; j++) {
        for (int i = 0; i <= CELLS; i++) {
            int k = j * SIDE + i;
            double x = -200 + i, y = -200 + j;
            v[3 * k] = float(x);
            v[3 * k + 1] = float(y);
            v[3 * k + 2] = float(h(x, y));
        }
    }
    size_t q = 0;
    for (int j = 0; j < CELLS; j++) {
        for (int i = 0; i < CELLS; i++) {
            unsigned v00 = j * SIDE + i, v10 = v00 + 1, v01 = v00 + SIDE, v11 = v01 + 1;
            unsigned tri[6] = {v00, v10, v11, v00, v11, v01};
            for (unsigned t : tri) m.indices[q++] = t;
        }
    }
    SplitMix64 rng{42};
    for (int b = 0; b < BOXES; b++) {
        double cx = -150 + 300 * rng.nextDouble();
        double cy = -150 + 300 * rng.nextDouble();
        double sx = 1 + 5 * rng.nextDouble();
        double sy = 1 + 5 * rng.nextDouble();
        double sz = 1 + 9 * rng.nextDouble();
        if (std::fabs(cx) < 10 && std::fabs(cy) < 10) cx += 20;
        double z0 = h(cx, cy) - 0.5, z1 = z0 + sz;
        int first = terrainVertices + 8 * b;
        for (int k = 0; k < 8; k++) {
            int w = first + k;
            v[3 * w] = float((k & 1) ? cx + sx / 2 : cx - sx / 2);
            v[3 * w + 1] = float((k & 2) ? cy + sy / 2 : cy - sy / 2);
            v[3 * w + 2] = float((k & 4) ? z1 : z0);
        }
        for (int t : BOX_TRIANGLES) m.indices[q++] = unsigned(first + t);
    }
    return m;
}

// Box of half-extent 0.25 m centred on the origin (Shape.Box holds half-sizes), same corner/triangle layout.
Mesh buildBodyBox(double half) {
    Mesh m;
    m.vertices.assign(3 * 8 + 1, 0.0f);
    for (int k = 0; k < 8; k++) {
        m.vertices[3 * k] = float((k & 1) ? half : -half);
        m.vertices[3 * k + 1] = float((k & 2) ? half : -half);
        m.vertices[3 * k + 2] = float((k & 4) ? half : -half);
    }
    m.indices.assign(std::begin(BOX_TRIANGLES), std::end(BOX_TRIANGLES));
    return m;
}

// Per-channel elevation trigonometry, as SceneV1's tables: cos el in double, sin el stored as float.
struct ElevationTable {
    double cosEl[CHANNELS];
    float sinEl[CHANNELS];
    ElevationTable() {
        for (int c = 0; c < CHANNELS; c++) {
            double el = (-25 + 40.0 * c / 127) * M_PI / 180;
            cosEl[c] = std::cos(el);
            sinEl[c] = float(std::sin(el));
        }
    }
};
const ElevationTable EL;

// Azimuth trigonometry of ray r's column (computed once per column, as SceneV1.rays does).
inline void azimuth(int r, double& ca, double& sa) {
    int f = r / (AZIMUTHS * CHANNELS), a = (r / CHANNELS) % AZIMUTHS;
    double az = 2 * M_PI * (a + f / 4.0) / AZIMUTHS;
    ca = std::cos(az);
    sa = std::sin(az);
}

// ---- Embree plumbing ---------------------------------------------------------------------------------------------

std::atomic<long long> monitoredBytes{0};

bool memoryMonitor(void*, ssize_t bytes, bool) {
    monitoredBytes += bytes;
    return true;
}

void errorFunction(void*, RTCError code, const char* str) {
    std::fprintf(stderr, "Embree error %d: %s\n", int(code), str ? str : "");
    std::exit(1);
}

RTCDevice newDevice(const char* config) {
    RTCDevice d = rtcNewDevice(config);
    if (!d) {
        std::fprintf(stderr, "rtcNewDevice(%s) failed: error %d\n", config ? config : "null", int(rtcGetDeviceError(nullptr)));
        std::exit(1);
    }
    rtcSetDeviceErrorFunction(d, errorFunction, nullptr);
    return d;
}

// A scene holding `mesh` as one triangle geometry sharing our buffers (no copy); not committed.
RTCScene newMeshScene(RTCDevice device, const Mesh& mesh) {
    RTCScene scene = rtcNewScene(device);
    RTCGeometry g = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
    rtcSetSharedGeometryBuffer(g, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, mesh.vertices.data(), 0,
                               3 * sizeof(float), mesh.vertexCount());
    rtcSetSharedGeometryBuffer(g, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, mesh.indices.data(), 0,
                               3 * sizeof(unsigned), mesh.triangleCount());
    rtcCommitGeometry(g);
    rtcAttachGeometry(scene, g);
    rtcReleaseGeometry(g);
    return scene;
}

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// ---- Tracing -------------------------------------------------------------------------------------------------------

struct Hits {
    std::vector<float> distance = std::vector<float>(RAYS);     // tfar of the hit, -1 on a miss
    std::vector<unsigned> geomID = std::vector<unsigned>(RAYS); // RTC_INVALID_GEOMETRY_ID on a miss
    std::vector<unsigned> primID = std::vector<unsigned>(RAYS); // triangle index (>= 320,000: a scene-v1 box)
    std::vector<unsigned> instID = std::vector<unsigned>(RAYS); // top-level geometry for the instanced scene
};

// Rays [from, to), one rtcIntersect1 each; directions generated on the fly exactly as SceneV1.rays.
void traceSingle(RTCScene scene, int from, int to, Hits& out) {
    RTCIntersectContext ctx;
    rtcInitIntersectContext(&ctx);
    int lastColumn = -1;
    double ca = 0, sa = 0;
    for (int r = from; r < to; r++) {
        int column = r / CHANNELS, c = r % CHANNELS;
        if (column != lastColumn) {
            azimuth(r, ca, sa);
            lastColumn = column;
        }
        double ce = EL.cosEl[c];
        RTCRayHit rh;
        rh.ray.org_x = float(OX);
        rh.ray.org_y = float(OY);
        rh.ray.org_z = float(OZ);
        rh.ray.tnear = 0.0f;
        rh.ray.dir_x = float(ce * ca);
        rh.ray.dir_y = float(ce * sa);
        rh.ray.dir_z = EL.sinEl[c];
        rh.ray.time = 0.0f;
        rh.ray.tfar = float(MAX_DISTANCE);
        rh.ray.mask = 0xFFFFFFFFu;
        rh.ray.id = 0;
        rh.ray.flags = 0;
        rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
        rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
        rtcIntersect1(scene, &ctx, &rh);
        bool hit = rh.hit.geomID != RTC_INVALID_GEOMETRY_ID;
        out.distance[r] = hit ? rh.ray.tfar : -1.0f;
        out.geomID[r] = rh.hit.geomID;
        out.primID[r] = rh.hit.primID;
        out.instID[r] = rh.hit.instID[0];
    }
}

// Rays [from, to) (multiples of 16) in packets of 16 consecutive rays: 16 channels of one azimuth column. The
// context says the packet is incoherent (Embree's default) or, with `coherent`, RTC_INTERSECT_CONTEXT_FLAG_COHERENT.
template <bool coherent>
void tracePacket16(RTCScene scene, int from, int to, Hits& out) {
    RTCIntersectContext ctx;
    rtcInitIntersectContext(&ctx);
    if (coherent) ctx.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
    alignas(64) int valid[16];
    std::fill(valid, valid + 16, -1);
    alignas(64) RTCRayHit16 rh;
    for (int base = from; base < to; base += 16) {
        double ca, sa;
        azimuth(base, ca, sa); // the 16 rays share a column
        for (int k = 0; k < 16; k++) {
            int c = (base + k) % CHANNELS;
            double ce = EL.cosEl[c];
            rh.ray.org_x[k] = float(OX);
            rh.ray.org_y[k] = float(OY);
            rh.ray.org_z[k] = float(OZ);
            rh.ray.tnear[k] = 0.0f;
            rh.ray.dir_x[k] = float(ce * ca);
            rh.ray.dir_y[k] = float(ce * sa);
            rh.ray.dir_z[k] = EL.sinEl[c];
            rh.ray.time[k] = 0.0f;
            rh.ray.tfar[k] = float(MAX_DISTANCE);
            rh.ray.mask[k] = 0xFFFFFFFFu;
            rh.ray.id[k] = 0;
            rh.ray.flags[k] = 0;
            rh.hit.geomID[k] = RTC_INVALID_GEOMETRY_ID;
            rh.hit.instID[0][k] = RTC_INVALID_GEOMETRY_ID;
        }
        rtcIntersect16(valid, scene, &ctx, &rh);
        for (int k = 0; k < 16; k++) {
            bool hit = rh.hit.geomID[k] != RTC_INVALID_GEOMETRY_ID;
            out.distance[base + k] = hit ? rh.ray.tfar[k] : -1.0f;
            out.geomID[base + k] = rh.hit.geomID[k];
            out.primID[base + k] = rh.hit.primID[k];
            out.instID[base + k] = rh.hit.instID[0][k];
        }
    }
}

using TraceFn = void (*)(RTCScene, int, int, Hits&);

// All rays on `threads` std::threads, each a contiguous chunk (whole columns); chunk 0 runs on the caller.
void traceAll(TraceFn fn, RTCScene scene, int threads, Hits& out) {
    const int columns = RAYS / CHANNELS;
    auto bound = [&](int t) { return int(int64_t(columns) * t / threads) * CHANNELS; };
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; t++) workers.emplace_back(fn, scene, bound(t), bound(t + 1), std::ref(out));
    fn(scene, bound(0), bound(1), out);
    for (auto& w : workers) w.join();
}

// 2 warm-up passes, then `reps` timed passes; returns the best time in seconds (median in *median).
double bestTime(const std::function<void()>& pass, int reps, double* median = nullptr) {
    for (int i = 0; i < 2; i++) pass();
    std::vector<double> times;
    for (int i = 0; i < reps; i++) {
        double t0 = now();
        pass();
        times.push_back(now() - t0);
    }
    std::sort(times.begin(), times.end());
    if (median) *median = times[times.size() / 2];
    return times.front();
}

// ---- Moving bodies (RaytraceFigures.bodyPose) ------------------------------------------------------------------

// Pose of body `index` at time t as a column-major 3x4 transform: rotation about (1,1,1) by index + t, at a point
// on a circle of radius 5-100 m around the origin, 1 m above the terrain.
void bodyTransform(int index, double t, float xfm[12]) {
    double radius = 5 + 95.0 * std::fmod(index * 0.618034, 1.0);
    double phase = 2 * M_PI * index / BODIES + 0.3 * t;
    double px = radius * std::cos(phase), py = radius * std::sin(phase), pz = h(px, py) + 1;
    double n = std::sqrt(3.0), ax = 1 / n, ay = 1 / n, az = 1 / n; // Vec3(1, 1, 1).normalized()
    double half = 0.5 * (index + t), s = std::sin(half);
    double w = std::cos(half), x = ax * s, y = ay * s, z = az * s;
    double R[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                      {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                      {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    for (int col = 0; col < 3; col++)
        for (int row = 0; row < 3; row++) xfm[3 * col + row] = float(R[row][col]);
    xfm[9] = float(px);
    xfm[10] = float(py);
    xfm[11] = float(pz);
}

// Two levels: scene v1 enters the top scene as one identity instance, because a plain triangle geometry there
// would have its 326,000-triangle BVH rebuilt by every top-level commit (measured: ~0.1 s per update). The identity
// instance alone costs ~1.25x on the trace (measured with the bodies sunk out of sight).
struct MovingScene {
    RTCScene top = nullptr, staticScene = nullptr, boxScene = nullptr;
    std::vector<RTCGeometry> bodies; // geomID b + 1 in `top`; geomID 0 is scene v1

    MovingScene(RTCDevice device, const Mesh& v1, const Mesh& box) {
        staticScene = newMeshScene(device, v1);
        rtcCommitScene(staticScene);
        boxScene = newMeshScene(device, box);
        rtcCommitScene(boxScene);
        top = rtcNewScene(device);
        const float identity[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        RTCGeometry s = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_INSTANCE);
        rtcSetGeometryInstancedScene(s, staticScene);
        rtcSetGeometryTransform(s, 0, RTC_FORMAT_FLOAT3X4_COLUMN_MAJOR, identity);
        rtcCommitGeometry(s);
        rtcAttachGeometryByID(top, s, 0);
        rtcReleaseGeometry(s);
        for (int b = 0; b < BODIES; b++) {
            RTCGeometry g = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_INSTANCE);
            rtcSetGeometryInstancedScene(g, boxScene);
            rtcAttachGeometryByID(top, g, unsigned(b + 1));
            bodies.push_back(g);
        }
        update(0);
    }

    // New poses for every body, then the top-level commit (instance BVH rebuild; no BLAS work).
    void update(double t) {
        float xfm[12];
        for (int b = 0; b < BODIES; b++) {
            bodyTransform(b, t, xfm);
            rtcSetGeometryTransform(bodies[b], 0, RTC_FORMAT_FLOAT3X4_COLUMN_MAJOR, xfm);
            rtcCommitGeometry(bodies[b]);
        }
        rtcCommitScene(top);
    }

    ~MovingScene() {
        for (RTCGeometry g : bodies) rtcReleaseGeometry(g);
        rtcReleaseScene(top);
        rtcReleaseScene(boxScene);
        rtcReleaseScene(staticScene);
    }
};

// ---- Machine and output ------------------------------------------------------------------------------------------

struct Machine {
    std::string cpu = "unknown CPU", simd = "scalar";
    unsigned cores = std::thread::hardware_concurrency();
    bool avx512f = false, avx2 = false;
};

Machine machine() {
    Machine m;
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    bool gotModel = false, gotFlags = false;
    while (std::getline(in, line) && !(gotModel && gotFlags)) {
        auto value = [&] {
            size_t p = line.find(':');
            std::string v = p == std::string::npos ? "" : line.substr(p + 1);
            size_t a = v.find_first_not_of(" \t");
            return a == std::string::npos ? std::string() : v.substr(a);
        };
        if (!gotModel && line.rfind("model name", 0) == 0) {
            m.cpu = value();
            gotModel = true;
        } else if (!gotFlags && line.rfind("flags", 0) == 0) {
            std::string flags = " " + value() + " ";
            m.avx512f = flags.find(" avx512f ") != std::string::npos;
            m.avx2 = flags.find(" avx2 ") != std::string::npos;
            m.simd = m.avx512f ? "AVX-512" : m.avx2 ? "AVX2" : flags.find(" sse4_2 ") != std::string::npos ? "SSE4.2" : "SSE2";
            gotFlags = true;
        }
    }
    return m;
}

struct Figure {
    std::string name;
    double value;
    std::string unit;
};

std::string jsonString(const std::string& s) {
    std::string o = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') o += '\\';
        if (static_cast<unsigned char>(c) < 0x20) continue;
        o += c;
    }
    return o + "\"";
}

void writeJson(const std::string& file, const Machine& m, const std::vector<Figure>& figures) {
    FILE* f = std::fopen(file.c_str(), "w");
    if (!f) {
        std::perror(file.c_str());
        std::exit(1);
    }
    std::fprintf(f, "{\"machine\": {\"cpu\": %s, \"cores\": %u, \"simd\": %s, \"engine\": %s},\n \"figures\": [",
                 jsonString(m.cpu).c_str(), m.cores, jsonString(m.simd).c_str(),
                 jsonString(std::string("Embree ") + RTC_VERSION_STRING).c_str());
    for (size_t i = 0; i < figures.size(); i++)
        std::fprintf(f, "%s\n  {\"name\": %s, \"value\": %.9g, \"unit\": %s}", i ? "," : "",
                     jsonString(figures[i].name).c_str(), figures[i].value, jsonString(figures[i].unit).c_str());
    std::fprintf(f, "\n]}\n");
    std::fclose(f);
}

} // namespace

int main(int argc, char** argv) {
    int reps = 5;
    std::string jsonFile;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
        else if (a == "--json" && i + 1 < argc) jsonFile = argv[++i];
        else if (a == "--quick") reps = 2;
        else {
            std::fprintf(stderr, "usage: %s [--reps N] [--json FILE] [--quick]\n", argv[0]);
            return 2;
        }
    }
    std::vector<Figure> figures;
    auto figure = [&](const std::string& name, double value, const std::string& unit) {
        figures.push_back({name, value, unit});
    };

    Machine mc = machine();
    std::printf("machine: %s, %u cores, avx512f %s, avx2 %s; Embree %s (%s)\n", mc.cpu.c_str(), mc.cores,
                mc.avx512f ? "yes" : "no", mc.avx2 ? "yes" : "no", RTC_VERSION_STRING, mc.simd.c_str());

    const Mesh v1 = buildSceneV1();
    std::printf("scene v1: %zu vertices, %zu triangles, %d rays; build quality MEDIUM (default), scene flags NONE, "
                "%d timed passes after 2 warm-ups\n", v1.vertexCount(), v1.triangleCount(), RAYS, reps);

    // Build time and memory, on a 1-thread device, then on one with Embree's default thread count.
    RTCDevice device = newDevice("threads=1");
    rtcSetDeviceMemoryMonitorFunction(device, memoryMonitor, nullptr);
    double build1 = 1e30, buildAll = 1e30;
    long long bvhBytes = 0;
    for (int i = 0; i < 3; i++) {
        RTCScene s = newMeshScene(device, v1);
        long long before = monitoredBytes.load();
        double t0 = now();
        rtcCommitScene(s);
        build1 = std::min(build1, now() - t0);
        bvhBytes = monitoredBytes.load() - before;
        rtcReleaseScene(s);
    }
    {
        RTCDevice all = newDevice(nullptr);
        for (int i = 0; i < 3; i++) {
            RTCScene s = newMeshScene(all, v1);
            double t0 = now();
            rtcCommitScene(s);
            buildAll = std::min(buildAll, now() - t0);
            rtcReleaseScene(s);
        }
        rtcReleaseDevice(all);
    }
    double perTriangle = double(bvhBytes) / double(v1.triangleCount());
    std::printf("build (rtcCommitScene, best of 3): %.4f s on 1 Embree thread, %.4f s on Embree's default threads\n",
                build1, buildAll);
    std::printf("memory: %lld bytes net across rtcCommitScene (memory monitor; vertex/index buffers shared, not "
                "counted) = %.1f bytes/triangle\n", bvhBytes, perTriangle);
    figure("raytrace.build.s", build1, "s");
    // named like the Java bench's build on N threads (N = the cores, Embree's default thread count)
    figure("raytrace.build.s." + std::to_string(std::thread::hardware_concurrency()) + "t", buildAll, "s");
    figure("bvh.bytes_per_triangle", perTriangle, "bytes");

    // Static closest hit.
    RTCScene scene = newMeshScene(device, v1);
    rtcCommitScene(scene);
    Hits out;
    double static1t = 0;
    struct Kind {
        TraceFn fn;
        const char* label;
        const char* figure;
    };
    const Kind kinds[] = {
        {traceSingle, "rtcIntersect1", "raytrace.closest_hit"},
        {tracePacket16<false>, "rtcIntersect16 (packets of 16 channels)", "raytrace.closest_hit_packet16"},
        {tracePacket16<true>, "rtcIntersect16, context flag COHERENT", "raytrace.closest_hit_packet16_coherent"},
    };
    for (const Kind& kind : kinds) {
        bool single = kind.fn == traceSingle;
        for (int threads : {1, 2}) {
            double median;
            double best = bestTime([&] { traceAll(kind.fn, scene, threads, out); }, reps, &median);
            if (single && threads == 1) static1t = best;
            std::printf("closest hit %s, %d thread%s: best %.2f Mrays/s, median %.2f Mrays/s\n", kind.label, threads,
                        threads == 1 ? "" : "s", RAYS / best * 1e-6, RAYS / median * 1e-6);
            figure(std::string(kind.figure) + ".mrays_s." + std::to_string(threads) + "t", RAYS / best * 1e-6,
                   "Mrays/s");
            if (threads == 2) { // the check, after each ray kind
                const unsigned terrainTriangles = 2 * CELLS * CELLS;
                long long hits = 0, boxHits = 0;
                double sum = 0;
                for (int r = 0; r < RAYS; r++) {
                    if (out.geomID[r] != RTC_INVALID_GEOMETRY_ID) {
                        hits++;
                        boxHits += out.primID[r] >= terrainTriangles;
                        sum += out.distance[r];
                    }
                }
                std::printf("  check (%s): hits %lld (%lld on boxes), sum of hit distances %.1f m (expected about "
                            "827,560 (259,500) and 14,900,280 m)\n", kind.label, hits, boxHits, sum);
                if (single) {
                    figure("raytrace.check.hits", double(hits), "rays");
                    figure("raytrace.check.distance_sum", std::rint(sum * 10) / 10, "m");
                }
            }
        }
    }

    // 1,000 moving bodies over the static scene.
    {
        const Mesh box = buildBodyBox(0.25);
        MovingScene moving(device, v1, box);
        const int updates = 500;
        for (int i = 0; i < updates; i++) moving.update(i * 1e-3);
        double t0 = now();
        for (int i = 0; i < updates; i++) moving.update(1 + i * 1e-3);
        double updateCommit = (now() - t0) / updates;
        int step = 0;
        double median;
        double best = bestTime([&] {
            moving.update(1 + (step++) * 1e-3);
            traceAll(traceSingle, moving.top, 1, out);
        }, reps, &median);
        long long bodyHits = 0, hits = 0;
        for (int r = 0; r < RAYS; r++) {
            if (out.geomID[r] != RTC_INVALID_GEOMETRY_ID) {
                hits++;
                bodyHits += out.instID[r] >= 1;
            }
        }
        std::printf("1,000 moving bodies (instances of one box BLAS + scene v1 as one instance), 1 thread: update + "
                    "top-level commit %.1f us; update + commit + trace best %.4f s, median %.4f s = %.3f x the static "
                    "trace (%.2f Mrays/s incl. update; %lld hits, %lld on a body)\n", updateCommit * 1e6, best, median,
                    best / static1t, RAYS / best * 1e-6, hits, bodyHits);
        figure("raytrace.moving_over_static", best / static1t, "ratio");
        figure("raytrace.moving.update_commit.s", updateCommit, "s");
    }

    rtcReleaseScene(scene);
    rtcReleaseDevice(device);
    if (!jsonFile.empty()) {
        writeJson(jsonFile, mc, figures);
        std::printf("wrote %s\n", jsonFile.c_str());
    }
    return 0;
}
