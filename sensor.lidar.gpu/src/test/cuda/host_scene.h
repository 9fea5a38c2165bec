// A flat scene as the host program's cases read it (HostScene.java writes it): each array as its length and then its
// values, in the order of the closestHit kernel's parameters.
#pragma once
#include <vector>
#include "trace.cuh"

/** Reads an array written as its length and then its values (ints and floats are exact in a double). */
template <typename T> std::vector<T> host_array(const double *&a) {
    int n = (int) *a++;
    std::vector<T> v(n);
    for (int i = 0; i < n; i++) v[i] = (T) *a++;
    return v;
}

/** The arrays of one scene and the Scene over them; read from a, which it leaves after the scene. */
struct HostSceneArrays {
    std::vector<float> nodeBounds, tri, tlasBounds;
    std::vector<int> nodeChild, triId, instInt, tlasChild, tlasOrder, planeObj;
    std::vector<double> instD, planeD;
    Scene scene;

    explicit HostSceneArrays(const double *&a) {
        nodeBounds = host_array<float>(a);
        tri = host_array<float>(a);
        tlasBounds = host_array<float>(a);
        nodeChild = host_array<int>(a);
        triId = host_array<int>(a);
        instInt = host_array<int>(a);
        instD = host_array<double>(a);
        tlasChild = host_array<int>(a);
        tlasOrder = host_array<int>(a);
        int instanceCount = (int) *a++;
        planeD = host_array<double>(a);
        planeObj = host_array<int>(a);
        int planeCount = (int) *a++;
        scene = {nodeBounds.data(), nodeChild.data(), tri.data(), triId.data(), instInt.data(), instD.data(),
            tlasBounds.data(), tlasChild.data(), tlasOrder.data(), instanceCount, planeD.data(), planeObj.data(),
            planeCount};
    }
    HostSceneArrays(const HostSceneArrays &) = delete;
};
