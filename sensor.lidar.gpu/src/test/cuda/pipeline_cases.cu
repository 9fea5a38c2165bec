// Cases of pipeline.cuh and returns.cuh for PipelineOnHostTest: one frame of the trace, divergence, selection and
// detection stages, on a flat scene with its materials, media and lights (PipelineOnHostTest.encode writes the arguments).
#include <cstring>
#include "host_cases.h"
#include "host_detection.h"
#include "host_scene.h"
#include "pipeline.cuh"
#include "returns.cuh"

/**
 * Results: per candidate slot after the trace its OPL, intensity, entity, mirror return, power and background; then
 * per slot the intensity after the divergence stage; then per beam its returns as lidarFinish writes them
 * (pipe_finish_write; here count, two returns' OPL, intensity, entity, slot): selected, and decided by the detection
 * tables when the arguments have them.
 */
HOST_CASE_N(frame) {
    HostSceneArrays arrays(a);
    PipelineScene p = {};
    p.trace = arrays.scene;
    p.rangeMax = *a++;
    p.nodes = (int) *a++;
    p.keepBackground = *a++ != 0;
    memcpy(&p.randomKey, a++, sizeof p.randomKey);
    p.step = (long long) *a++;
    std::vector<double> optics = host_array<double>(a), suns = host_array<double>(a), spec = host_array<double>(a),
            table = host_array<double>(a), mediaSpec = host_array<double>(a);
    p.skyKlx = *a++;
    std::vector<int> specOffset = host_array<int>(a), objectMaterial = host_array<int>(a), objectMedium = host_array<int>(a);
    p.divergence = beam_divergence(optics[0], optics[1], optics[2], optics[3]);
    p.suns = suns.data();
    p.sunCount = (int) suns.size() / 4;
    std::vector<Material> materials; // as the lidarMaterials kernel builds them
    for (int s : specOffset) {
        const double *m = spec.data() + s;
        int kind = (int) m[0];
        if (kind == MAT_LAMBERTIAN) materials.push_back(material_lambertian(m[1]));
        else if (kind == MAT_GGX_OREN_NAYAR) materials.push_back(material_ggx_oren_nayar(m[1], m[2], m[3], m[4], m[5]));
        else materials.push_back(material_explicit((int) m[1], (int) m[2], (int) m[3], (int) m[4], (long long) m[5]));
    }
    p.materials = materials.data();
    p.brdfTable = table.data();
    p.objectMaterial = objectMaterial.data();
    p.objectMedium = objectMedium.data();
    std::vector<AtmosphereParams> media; // six doubles a medium, as lidarTrace reads them
    for (size_t i = 0; i + 6 <= mediaSpec.size(); i += 6) {
        AtmosphereParams m = {mediaSpec[i], mediaSpec[i + 1], mediaSpec[i + 2], mediaSpec[i + 3], mediaSpec[i + 4],
            mediaSpec[i + 5]};
        media.push_back(m);
    }
    p.media = media.data();
    SelectConfig select = {(int) a[0], p.nodes, (int) a[1], a[2], p.rangeMax, a[3], a[4]};
    a += 5;
    bool detect = *a++ != 0; // then the tables, the detection stream's key (2 words) and the channel of each pattern index
    RowTables tables;
    unsigned long long detectionKey = 0;
    std::vector<int> channelOf;
    if (detect) {
        a += readTables(a, tables);
        detectionKey = word64(a);
        a += 2;
        channelOf = host_array<int>(a);
    }
    long long rays = (long long) *a++, slots = rays * p.nodes * 2;
    // the background as uninitialised device memory might be: every slot a candidate's detection reads must be written
    std::vector<double> opl(slots), intensity(slots), mirror(slots), power(slots), background(slots, NAN);
    std::vector<int> entity(slots);
    Candidates c = {opl.data(), intensity.data(), mirror.data(), power.data(), background.data(), entity.data(),
        nullptr};
    std::vector<int> patternIndex(rays);
    for (long long ray = 0; ray < rays; ray++, a += 7) {
        patternIndex[ray] = (int) a[6];
        pipe_trace_ray(p, c, ray, (int) a[6], a[0], a[1], a[2], a[3], a[4], a[5]);
    }
    for (long long s = 0; s < slots; s++) {
        r.push_back(opl[s]);
        r.push_back(intensity[s]);
        r.push_back(entity[s]);
        r.push_back(mirror[s]);
        r.push_back(power[s]);
        r.push_back(background[s]);
    }
    long long beams = rays / select.samples, per = select.mode == RETURN_DUAL ? 2 : 1;
    std::vector<int> returnCount(beams), returnEntity(per * beams), returnSlot(per * beams);
    std::vector<double> returnOpl(per * beams), returnIntensity(per * beams);
    FrameReturns frame = {returnCount.data(), returnOpl.data(), returnIntensity.data(), returnEntity.data(),
        returnSlot.data(), nullptr};
    for (long long b = 0; b < beams; b++) { // as lidarFinish, one beam a thread
        int index = patternIndex[b * select.samples];
        pipe_finish_write(p, c, select, detect ? &tables.t : nullptr, detectionKey, index,
                detect ? channelOf[index] : 0, b, frame);
    }
    std::vector<double> returns;
    for (long long b = 0; b < beams; b++) {
        int n = returnCount[b];
        returns.push_back(n);
        for (int k = 0; k < 2; k++) {
            long long j = per * b + k;
            returns.push_back(k < n ? returnOpl[j] : 0);
            returns.push_back(k < n ? returnIntensity[j] : 0);
            returns.push_back(k < n ? returnEntity[j] : 0);
            returns.push_back(k < n ? returnSlot[j] : 0);
        }
    }
    r.insert(r.end(), intensity.begin(), intensity.end()); // after the divergence stage
    r.insert(r.end(), returns.begin(), returns.end());
}
