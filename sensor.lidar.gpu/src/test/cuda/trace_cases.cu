// Cases of trace.cuh for TraceOnHostTest: a flat scene (HostScene.java's encoding) and rays, their closest hits.
#include "host_cases.h"
#include "host_scene.h"

/** The scene, then maxDistance, then rays (origin xyz, direction xyz) to the end: per ray distance, object, normal. */
HOST_CASE_N(closest_hit) {
    const double *end = a + count;
    HostSceneArrays arrays(a);
    const Scene &s = arrays.scene;
    double maxDistance = *a++;
    for (; a + 6 <= end; a += 6) {
        double distance, normal[3];
        int object;
        closest_hit(s, a[0], a[1], a[2], a[3], a[4], a[5], maxDistance, &distance, &object, normal);
        r.push_back(distance);
        r.push_back(object);
        r.insert(r.end(), normal, normal + 3);
    }
}
