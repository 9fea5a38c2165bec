// Cases of trace.cuh for TraceOnHostTest: a flat scene (HostScene.java's encoding) and rays, their closest hits.
#include "host_cases.h"
#include "trace.cuh"

namespace {
/** Reads an array written as its length and then its values (ints and floats are exact in a double). */
template <typename T> std::vector<T> array(const double *&a) {
    int n = (int) *a++;
    std::vector<T> v(n);
    for (int i = 0; i < n; i++) v[i] = (T) *a++;
    return v;
}
} // namespace

/** The scene, then maxDistance, then rays (origin xyz, direction xyz) to the end: per ray distance, object, normal. */
HOST_CASE_N(closest_hit) {
    const double *end = a + count;
    std::vector<float> nodeBounds = array<float>(a), tri = array<float>(a), tlasBounds = array<float>(a);
    std::vector<int> nodeChild = array<int>(a), triId = array<int>(a), instInt = array<int>(a);
    std::vector<double> instD = array<double>(a);
    std::vector<int> tlasChild = array<int>(a), tlasOrder = array<int>(a);
    int instanceCount = (int) *a++;
    std::vector<double> planeD = array<double>(a);
    std::vector<int> planeObj = array<int>(a);
    int planeCount = (int) *a++;
    double maxDistance = *a++;
    Scene s = {nodeBounds.data(), nodeChild.data(), tri.data(), triId.data(), instInt.data(), instD.data(),
        tlasBounds.data(), tlasChild.data(), tlasOrder.data(), instanceCount, planeD.data(), planeObj.data(),
        planeCount};
    for (; a + 6 <= end; a += 6) {
        double distance, normal[3];
        int object;
        closest_hit(s, a[0], a[1], a[2], a[3], a[4], a[5], maxDistance, &distance, &object, normal);
        r.push_back(distance);
        r.push_back(object);
        r.insert(r.end(), normal, normal + 3);
    }
}
