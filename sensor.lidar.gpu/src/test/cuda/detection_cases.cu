// Cases of random.cuh and detection.cuh for DetectionOnHostTest. A 64-bit integer (a key, a step) travels as two
// doubles, its high and its low 32-bit word (each exact in a double), so no bit pattern is taken for a NaN on the way.
#include "host_cases.h"
#include "detection.cuh"
#include "host_detection.h"

/** key (2 words), step (2 words), index (2 words), draw → the block's 4 words, the uniform, the Gaussian. */
HOST_CASE(philox_draws, 7, 6) {
    unsigned long long key = word64(a), step = word64(a + 2), index = word64(a + 4);
    unsigned int w[4];
    counter_block(key, (long long) step, (long long) index, (int) a[6], w);
    for (int i = 0; i < 4; i++) r[i] = w[i];
    r[4] = counter_uniform(key, (long long) step, (long long) index, (int) a[6]);
    r[5] = counter_gaussian(key, (long long) step, (long long) index, (int) a[6]);
}

HOST_CASE(lidar_expm1, 1, 1) { r[0] = fdlibm_expm1(a[0]); }

/** tan θ_D (Java's), θ_D, E, R, r_D, x, cos → radius(x), detectedRatio(x), mirrorReturn(x, cos), the platform's tan θ_D. */
HOST_CASE(beam_divergence, 7, 4) {
    BeamDivergence b = beam_divergence(a[0], a[2], a[3], a[4]);
    r[0] = beam_radius(b, a[5]);
    r[1] = beam_detected_ratio(b, a[5]);
    r[2] = beam_mirror_return(b, a[5], a[6]);
    r[3] = beam_divergence_of_angle(a[1], a[2], a[3], a[4]).tanTheta;
}

/** Tables, then channel, intensity, background, snr, x → snr, P_d(snr), σ(snr), threshold intensity, P_fa, Φ(x), erfc(x), decides. */
HOST_CASE(detection_return, -1, 8) {
    RowTables rt;
    const double *q = a + readTables(a, rt);
    int c = (int) q[0];
    r[0] = detection_snr(rt.t, c, q[1], q[2]);
    r[1] = detection_probability(rt.t, c, q[3]);
    r[2] = detection_range_sigma(rt.t, c, q[3]);
    r[3] = detection_threshold_intensity(rt.t, c);
    r[4] = detection_false_alarm_rate(rt.t, c);
    r[5] = detection_normal(q[4]);
    r[6] = detection_erfc(q[4]);
    r[7] = detection_decides(rt.t, c) ? 1 : 0;
}

#define DETECTION_ROW_BEAMS 100

/**
 * Tables, key (2 words), step (2 words), rangeMin, rangeMax, returns per beam P (1 or 2), then DETECTION_ROW_BEAMS
 * beams: pattern index, channel, count, then P × (opl, intensity, entity, slot, the background of that slot) →
 * per beam: count, then P × (opl, intensity, entity, slot) after detection_beam (2 × 4 places, unused ones 0).
 */
HOST_CASE(detection_beams, -1, DETECTION_ROW_BEAMS * 9) {
    RowTables rt;
    const double *q = a + readTables(a, rt);
    unsigned long long key = word64(q), step = word64(q + 2);
    double rangeMin = q[4], rangeMax = q[5];
    int perBeam = (int) q[6];
    q += 7;
    for (int i = 0; i < DETECTION_ROW_BEAMS; i++) {
        const double *beam = q + i * (3 + 5 * perBeam);
        double opl[2] = {0, 0}, inten[2] = {0, 0}, background[2] = {0, 0};
        int entity[2] = {0, 0}, slot[2] = {0, 0}, given[2] = {0, 0};
        int count = (int) beam[2];
        for (int k = 0; k < perBeam; k++) {
            opl[k] = beam[3 + 5 * k];
            inten[k] = beam[4 + 5 * k];
            entity[k] = (int) beam[5 + 5 * k];
            given[k] = (int) beam[6 + 5 * k];
            background[k] = beam[7 + 5 * k];
            slot[k] = k; // the beam's own candidates, 0 and 1 here: background[slot] is the given slot's
        }
        int n = detection_beam(rt.t, key, (long long) step, (int) beam[0], (int) beam[1], count, opl, inten, entity,
                slot, background, rangeMin, rangeMax);
        double *out = r + 9 * i;
        out[0] = n;
        for (int k = 0; k < perBeam; k++) {
            out[1 + 4 * k] = opl[k];
            out[2 + 4 * k] = inten[k];
            out[3 + 4 * k] = entity[k];
            out[4 + 4 * k] = slot[k] < 0 ? slot[k] : given[slot[k]];
        }
    }
}

/** mean, σ_base, σ_slope, key (2 words), step (2 words), pattern index, x, y, z, distance (floats) → x, y, z, distance. */
HOST_CASE(distance_noise, 12, 4) {
    float xyz[3] = {(float) a[8], (float) a[9], (float) a[10]}, d = (float) a[11];
    distance_noise(a[0], a[1], a[2], word64(a + 3), (long long) word64(a + 5), (int) a[7], xyz, &d);
    r[0] = xyz[0];
    r[1] = xyz[1];
    r[2] = xyz[2];
    r[3] = d;
}

/** axis, mean, σ, key (2 words), step (2 words), pattern index, x, y, z (floats) → x, y, z. */
HOST_CASE(hitpoint_angle_noise, 11, 3) {
    float xyz[3] = {(float) a[8], (float) a[9], (float) a[10]};
    hitpoint_angle_noise((int) a[0], a[1], a[2], word64(a + 3), (long long) word64(a + 5), (int) a[7], xyz);
    r[0] = xyz[0];
    r[1] = xyz[1];
    r[2] = xyz[2];
}
