// Cases of returns.cuh for ReturnsOnHostTest.
#include "host_cases.h"
#include "returns.cuh"

/**
 * samples, nodes, mode, rangeMin, rangeMax, minIntensity, mixingRange, beams, then per candidate slot its OPL,
 * intensity and entity: per beam the count and two returns' OPL, intensity, entity and slot (0 where unused).
 */
HOST_CASE_N(select) {
    SelectConfig c = {(int) a[0], (int) a[1], (int) a[2], a[3], a[4], a[5], a[6]};
    long long beams = (long long) a[7], slots = beams * c.samples * c.nodes * 2;
    std::vector<double> opl(slots), intensity(slots);
    std::vector<int> entity(slots);
    for (long long k = 0; k < slots; k++) {
        opl[k] = a[8 + 3 * k];
        intensity[k] = a[9 + 3 * k];
        entity[k] = (int) a[10 + 3 * k];
    }
    Selection s;
    for (long long b = 0; b < beams; b++) {
        int n = select_beam(c, opl.data(), intensity.data(), entity.data(), b, s);
        r.push_back(n);
        for (int k = 0; k < 2; k++) {
            r.push_back(k < n ? s.opl[k] : 0);
            r.push_back(k < n ? s.intensity[k] : 0);
            r.push_back(k < n ? s.entity[k] : 0);
            r.push_back(k < n ? s.slot[k] : 0);
        }
    }
}
