// The lidar's per-return optics, detection and output noise, ported line by line from sensor.lidar: BeamDivergence
// [L-21] [L-SPEC] (with fdlibm's expm1, as sensor.lidar.Expm1 and StrictMath.expm1), Detection's per-return work and LidarStages.detect's
// per-beam decision [L-DET], and NoiseStages' distance noise [L-DN] and hitpoint angular noise [N-2].
//
// What gives Java's bits (+ - * / sqrt, integer and bit operations, the fdlibm port, Philox): the beam radius, expm1,
// the detected ratio without a detector offset, the SNR, the threshold intensity, the uniforms and every kept/dropped
// decision whose uniform is not within an ulp or two of its probability. What may differ in the last place or two:
// anything through exp, log, cos or sin (the platform's, where Java uses HotSpot's intrinsics): Φ and erfc, the range
// sigma, the mirror return, the detected ratio with an offset, the Gaussians (log and cos), the rotations (cos, sin).
// DetectionOnHostTest measures how often and by how much.
#pragma once
#include "fdlibm_log.cuh"
#include "random.cuh"

// ---------------------------------------------------------------- [L-21] [L-SPEC] beam divergence (BeamDivergence)

/** 1 / (1 − e^−2) as BeamDivergence.NORM holds it (Math.exp(-2) is the correctly rounded 0x1.152aaa3bf81ccp-3). */
#define BEAM_NORM 0x1.28118a4cdb58fp0

/** A beam radius (m) taken as zero (BeamDivergence.TINY). */
#define BEAM_TINY 1e-150

/** BeamDivergence's fields: tan θ_D, the emitter radius E, R² and r_D² (detector radius and offset squared). */
struct BeamDivergence {
    double tanTheta, emitterRadius, r2, rd2;
};

/**
 * BeamDivergence's constructor with tan θ_D given: the host passes Java's Math.tan(halfAngle), so a kernel has the
 * Java stage's very optics (the platform's tan may differ in the last place: beam_divergence_of_angle).
 */
SIM_HD BeamDivergence beam_divergence(double tanTheta, double emitterRadius, double detectorRadius,
        double detectorOffset) {
    BeamDivergence b;
    b.tanTheta = tanTheta;
    b.emitterRadius = emitterRadius;
    b.r2 = detectorRadius * detectorRadius;
    b.rd2 = detectorOffset * detectorOffset;
    return b;
}

/** BeamDivergence's constructor, tan by the platform's tan. */
SIM_HD BeamDivergence beam_divergence_of_angle(double halfAngle, double emitterRadius, double detectorRadius,
        double detectorOffset) {
    return beam_divergence(tan(halfAngle), emitterRadius, detectorRadius, detectorOffset);
}

/** Beam radius at OPL x, m (BeamDivergence.radius). */
SIM_HD double beam_radius(const BeamDivergence &b, double x) { return x * b.tanTheta + b.emitterRadius; }

/** [L-SPEC] The share of the beam a flat mirror at OPL x, hit at incidence acos(cos), sends into the detector. */
SIM_HD double beam_mirror_return(const BeamDivergence &b, double x, double cos) {
    if (!(cos > sqrt(0.5))) {
        return 0;
    }
    double sin = sqrt(sim_max(0, 1 - cos * cos));
    double shift = x * 2 * sin * cos / (2 * cos * cos - 1); // x tan 2θ
    double s2 = shift * shift + b.rd2;
    double w = beam_radius(b, 2 * x);
    if (!(w > BEAM_TINY)) { // a point (w² would underflow)
        return s2 == 0 && b.r2 > 0 ? 1 : 0;
    }
    double inv = 2 / (w * w);
    return -fdlibm_expm1(-b.r2 * inv) * exp(-s2 * inv);
}

/** [L-21] Detected power ratio at OPL x (BeamDivergence.detectedRatio). */
SIM_HD double beam_detected_ratio(const BeamDivergence &b, double x) {
    double w = beam_radius(b, x);
    if (!(w > BEAM_TINY)) { // a point (w² would underflow)
        return b.rd2 == 0 ? BEAM_NORM : 0;
    }
    double inv = 2 / (w * w);
    return BEAM_NORM * -fdlibm_expm1(-b.r2 * inv) * exp(-b.rd2 * inv);
}

// ---------------------------------------------------------------- [L-DET] detection (Detection, LidarStages.detect)

/**
 * Detection's calibration as a kernel receives it: its constructor (the datasheet lines, Φ⁻¹ by bisection) stays on the
 * host, which copies the per-channel tables. Channel c (0-based, as Detection's arrays) has scale K (NaN: no line
 * covers it, the channel is not decided), threshold z, false-alarm rate per ray, the datasheet's background E_ds·ρ_ds
 * (klx), and its range precision figures logSnr/logSigma[precisionStart[c] .. precisionStart[c + 1]) sorted by SNR
 * (none: Java's null, no range noise).
 */
struct DetectionTables {
    const double *scale, *threshold, *falseAlarm, *background;
    const int *precisionStart; // channels + 1 offsets
    const double *logSnr, *logSigma;
    double darkShare;
};

/** erfc(x) by Numerical Recipes' erfcc (Detection.erfc). */
SIM_HD double detection_erfc(double x) {
    double z = fabs(x), t = 1 / (1 + 0.5 * z);
    double r = t * exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
            + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
            + t * (-0.82215223 + t * 0.17087277)))))))));
    return x >= 0 ? r : 2 - r;
}

/** Φ(x), the standard normal distribution function (Detection.normal). */
SIM_HD double detection_normal(double x) { return 0.5 * detection_erfc(-x / sqrt(2.0)); }

/** Whether channel c has a datasheet line (Detection.decides). */
SIM_HD bool detection_decides(const DetectionTables &t, int c) { return !isnan(t.scale[c]); }

/** Signal over noise of a return of {@code intensity} on channel c with background b, klx (Detection.snr). */
SIM_HD double detection_snr(const DetectionTables &t, int c, double intensity, double b) {
    double ref = t.background[c]; // a line without sunlight: the noise is the dark noise whatever the sun
    return t.scale[c] * intensity / sqrt(ref > 0 ? t.darkShare + (1 - t.darkShare) * b / ref : 1);
}

/** The probability that a return of signal-to-noise ratio snr is detected on channel c (Detection.probability). */
SIM_HD double detection_probability(const DetectionTables &t, int c, double snr) {
    return detection_normal(snr - t.threshold[c]);
}

/** The range's standard deviation (m) at signal-to-noise ratio snr on channel c; 0 without figures. */
SIM_HD double detection_range_sigma(const DetectionTables &t, int c, double snr) {
    int first = t.precisionStart[c], n = t.precisionStart[c + 1] - first;
    if (n == 0) {
        return 0;
    }
    const double *x = t.logSnr + first, *y = t.logSigma + first;
    double l = log(snr), floor = sim_min(0.0, x[0]); // the law holds down to SNR 1 (or the lowest figure below it)
    if (l < floor) l = floor; // Math.max: a NaN stays NaN
    if (n == 1 || l >= x[n - 1]) {
        return exp(y[n - 1]);
    }
    int k = 0; // the segment [k, k+1] holding l (below the highest SNR), or the lowest one below the lowest SNR
    while (l > x[k + 1]) {
        k++;
    }
    return exp(y[k] + (y[k + 1] - y[k]) * (l - x[k]) / (x[k + 1] - x[k]));
}

/** The intensity at the threshold with the datasheet's noise on channel c (a false alarm's). */
SIM_HD double detection_threshold_intensity(const DetectionTables &t, int c) { return t.threshold[c] / t.scale[c]; }

/** The false-alarm rate per ray of channel c. */
SIM_HD double detection_false_alarm_rate(const DetectionTables &t, int c) { return t.falseAlarm[c]; }

/**
 * LidarStages.detect for one beam: its {@code count} selected returns (opl, intensity, entity, slot: the beam's own
 * entries, at most 2) on channel {@code channel}, random stream {@code key} (the detection stage's), sample
 * {@code step}, the beam's pattern index {@code patternIndex}. Return k is kept when uniform(draw 2k) < P_d(SNR), its
 * background candBackground[slot], and a kept one's range scatters by σ(SNR)·N(0, 1) (draw 6 + k) when σ > 0; kept
 * returns move to the front in their order. A beam left without one reports a false alarm when uniform(draw 4) <
 * P_fa: at rangeMin + (rangeMax − rangeMin)·uniform(draw 5), the threshold's intensity, entity and slot −1. A channel
 * without a line is left as it is. Returns the beam's new count.
 */
SIM_HD int detection_beam(const DetectionTables &t, unsigned long long key, long long step, int patternIndex,
        int channel, int count, double *opl, double *intensity, int *entity, int *slot, const double *candBackground,
        double rangeMin, double rangeMax) {
    if (!detection_decides(t, channel)) {
        return count;
    }
    long long index = patternIndex; // Java's int key widened to the long index
    int kept = 0;
    for (int k = 0; k < count; k++) {
        double snr = detection_snr(t, channel, intensity[k], candBackground[slot[k]]);
        if (counter_uniform(key, step, index, 2 * k) < detection_probability(t, channel, snr)) {
            double sigma = detection_range_sigma(t, channel, snr);
            int to = kept++;
            opl[to] = sigma > 0 ? opl[k] + sigma * counter_gaussian(key, step, index, 6 + k) : opl[k];
            intensity[to] = intensity[k];
            entity[to] = entity[k];
            slot[to] = slot[k];
        }
    }
    if (kept == 0 && counter_uniform(key, step, index, 4) < detection_false_alarm_rate(t, channel)) {
        opl[0] = rangeMin + (rangeMax - rangeMin) * counter_uniform(key, step, index, 5);
        intensity[0] = detection_threshold_intensity(t, channel);
        entity[0] = -1;
        slot[0] = -1;
        kept = 1;
    }
    return kept;
}

// ---------------------------------------------------------------- [L-DN] [N-2] output noise (NoiseStages)

#define NOISE_AXIS_X 0
#define NOISE_AXIS_Y 1
#define NOISE_AXIS_Z 2

/** Rotates v about a lidar axis (NOISE_AXIS_X, _Y, _Z) by a (NoiseStages.rotate). */
SIM_HD void noise_rotate(int axis, double a, double v[3]) {
    double c = cos(a), s = sin(a), x = v[0], y = v[1], z = v[2];
    switch (axis) {
    case NOISE_AXIS_X:
        v[1] = c * y - s * z;
        v[2] = s * y + c * z;
        break;
    case NOISE_AXIS_Y:
        v[0] = c * x + s * z;
        v[2] = -s * x + c * z;
        break;
    case NOISE_AXIS_Z:
        v[0] = c * x - s * y;
        v[1] = s * x + c * y;
        break;
    }
}

/**
 * [N-2] Hitpoint angular noise on one point (NoiseStages.HitpointAngle): the point rotated about {@code axis} through
 * the lidar origin by N(mean, sigma²) (draw 1, keyed by its pattern index), in double, stored back as floats.
 */
SIM_HD void hitpoint_angle_noise(int axis, double mean, double sigma, unsigned long long key, long long step,
        int patternIndex, float xyz[3]) {
    double a = counter_gaussian(key, step, patternIndex, 1, mean, sigma);
    double v[3] = {xyz[0], xyz[1], xyz[2]};
    noise_rotate(axis, a, v);
    xyz[0] = (float) v[0];
    xyz[1] = (float) v[1];
    xyz[2] = (float) v[2];
}

/**
 * [L-DN] Distance noise on one point (NoiseStages.Distance): a point of positive distance x moves along its ray by
 * η ~ N(mean, (sigmaBase + sigmaSlope·x)²) (draw 2, keyed by its pattern index). As in Java, the point's norm is
 * summed in float (the squares of the float coordinates, then widened for the square root), the factor (r + η)/r is
 * rounded to float before it scales each coordinate, and the distance becomes (float) (x + η).
 */
SIM_HD void distance_noise(double mean, double sigmaBase, double sigmaSlope, unsigned long long key, long long step,
        int patternIndex, float xyz[3], float *distance) {
    double x = *distance;
    if (!(x > 0)) {
        return;
    }
    double eta = counter_gaussian(key, step, patternIndex, 2, mean, sigmaBase + sigmaSlope * x);
    float sum = xyz[0] * xyz[0] + xyz[1] * xyz[1] + xyz[2] * xyz[2]; // float arithmetic, as Java's
    double r = sqrt((double) sum);
    double k = r > 0 ? (r + eta) / r : 1;
    xyz[0] *= (float) k;
    xyz[1] *= (float) k;
    xyz[2] *= (float) k;
    *distance = (float) (x + eta);
}
