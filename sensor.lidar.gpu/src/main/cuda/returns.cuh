// Return selection [L-P] step 4, ported line by line from sensor.lidar's ReturnPipeline.select and mix: a beam's
// candidates (its S sub-rays × heap nodes × {surface, atmosphere}) merged per object [L-MS], mixed pixels merged
// within the range resolution [L-DET], then the strongest, first, last or dual returns picked.
#pragma once
#include "sim.cuh"

#define RETURN_STRONGEST 0
#define RETURN_FIRST 1
#define RETURN_LAST 2
#define RETURN_DUAL 3
/** A beam's candidate slots a kernel holds at most (samples × nodes × 2); a lidar with more runs on the CPU. */
#define SELECT_MAX_SLOTS 64

/** What the selection of every beam of a lidar shares. */
struct SelectConfig {
    int samples, nodes, mode;
    double rangeMin, rangeMax, minIntensity, mixingRange;
};

/** A beam's groups (scratch) and its picked returns: OPL, intensity, entity, candidate slot. */
struct Selection {
    double gi[SELECT_MAX_SLOTS], gx[SELECT_MAX_SLOTS];
    int ge[SELECT_MAX_SLOTS], gs[SELECT_MAX_SLOTS], gk[SELECT_MAX_SLOTS], order[SELECT_MAX_SLOTS];
    double opl[2], intensity[2];
    int entity[2], slot[2];
};

/** Mixed pixels (ReturnPipeline.mix): merges groups closer than the mixing range; returns the groups left. */
SIM_HD int select_mix(const SelectConfig &c, Selection &s, int groups) {
    int *order = s.order;
    for (int g = 0; g < groups; g++) {
        int k = g;
        while (k > 0 && s.gx[order[k - 1]] > s.gx[g]) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = g;
    }
    double in[SELECT_MAX_SLOTS], x[SELECT_MAX_SLOTS];
    int e[SELECT_MAX_SLOTS], slot[SELECT_MAX_SLOTS], strongest[SELECT_MAX_SLOTS];
    for (int g = 0; g < groups; g++) {
        in[g] = 0;
        x[g] = 0;
    }
    int m = -1;
    double previous = NAN;
    for (int k = 0; k < groups; k++) {
        int g = order[k];
        if (m < 0 || !(s.gx[g] - previous < c.mixingRange)) {
            m++;
            strongest[m] = g;
        } else if (s.gi[g] > s.gi[strongest[m]]) {
            strongest[m] = g;
        }
        previous = s.gx[g];
        in[m] += s.gi[g];
        x[m] += s.gi[g] * s.gx[g];
    }
    for (int k = 0; k <= m; k++) {
        int g = strongest[k];
        e[k] = s.ge[g];
        slot[k] = s.gs[g];
        x[k] = in[k] > 0 ? x[k] / in[k] : s.gx[g];
    }
    for (int k = 0; k <= m; k++) {
        s.gi[k] = in[k];
        s.gx[k] = x[k];
        s.ge[k] = e[k];
        s.gs[k] = slot[k];
    }
    return m + 1;
}

SIM_HD void select_put(Selection &s, int k, int g) {
    s.opl[k] = s.gx[g];
    s.intensity[k] = s.gi[g];
    s.entity[k] = s.ge[g];
    s.slot[k] = s.gs[g];
}

/**
 * Picks the returns of beam b (ReturnPipeline.select) from the candidate arrays (slot = ((ray · nodes) + node) · 2 +
 * kind, intensity < 0 for none, its sub-rays rays b·S .. b·S+S−1) into s; returns how many (0 to 2).
 */
SIM_HD int select_beam(const SelectConfig &c, const double *candOpl, const double *candIntensity,
        const int *candEntity, long long b, Selection &s) {
    long long first = b * c.samples * c.nodes * 2, end = first + (long long) c.samples * c.nodes * 2;
    int groups = 0;
    for (long long cand = first; cand < end; cand++) {
        float in = (float) candIntensity[cand];
        if (in < 0) continue;
        double w = in / (double) c.samples;
        int e = candEntity[cand];
        int key = e >= 0 ? e : -1 - (int) ((cand / 2) % c.nodes);
        int g = -1;
        if (c.samples > 1) {
            for (int k = 0; k < groups; k++) {
                if (s.gk[k] == key) {
                    g = k;
                    break;
                }
            }
        }
        if (g < 0) {
            g = groups++;
            s.gk[g] = key;
            s.ge[g] = e;
            s.gs[g] = (int) cand;
            s.gi[g] = 0;
            s.gx[g] = 0;
        }
        s.gi[g] += w;
        s.gx[g] += w * (float) candOpl[cand];
    }
    for (int g = 0; g < groups; g++) {
        s.gx[g] = s.gi[g] > 0 ? s.gx[g] / s.gi[g] : (float) candOpl[s.gs[g]];
    }
    if (c.mixingRange > 0 && groups > 1) groups = select_mix(c, s, groups);
    int best = -1, firstG = -1, lastG = -1;
    for (int g = 0; g < groups; g++) {
        double opl = s.gx[g];
        if (opl < c.rangeMin || opl > c.rangeMax || s.gi[g] < c.minIntensity || s.gi[g] <= 0) continue;
        if (best < 0 || s.gi[g] > s.gi[best]) best = g;
        if (firstG < 0 || opl < s.gx[firstG]) firstG = g;
        if (lastG < 0 || opl > s.gx[lastG]) lastG = g;
    }
    if (best < 0) return 0;
    int n = 1;
    int pick0 = c.mode == RETURN_FIRST ? firstG : c.mode == RETURN_LAST ? lastG : best;
    select_put(s, 0, pick0);
    if (c.mode == RETURN_DUAL && lastG != best) {
        select_put(s, 1, lastG);
        n = 2;
    }
    return n;
}
