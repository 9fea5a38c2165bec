// The lidar's trace, divergence, selection and detection stages [L-P], ported line by line from sensor.lidar's
// ReturnPipeline (trace, shade, diverge) and composed with returns.cuh and detection.cuh per beam: one sub-ray's
// interface heap (node h has its reflection child at 2h+1 and its transmission child at 2h+2), each node traced from
// its start to its closest hit in its medium, with an atmospheric candidate [L-14] on the segment and a surface
// candidate at the hit (BRDF [L-3], Beer–Lambert [L-13], the mirror's direct return [L-SPEC]); volumes (fog banks) are
// crossed, not hit. ReturnPipeline runs the heap wave by wave over all rays; a kernel thread walks one sub-ray's nodes
// one after the other. Every node's work depends only on its parent's, and its random numbers on (step, pattern index,
// node, crossing), so both give the same candidates.
#pragma once
#include "atmosphere.cuh"
#include "detection.cuh"
#include "materials.cuh"
#include "random.cuh"
#include "returns.cuh"
#include "trace.cuh"

/** Volume boundaries a node may cross before it stops (ReturnPipeline.MAX_CROSSINGS). */
#define PIPE_MAX_CROSSINGS 8
/** How far a child starts along its direction (ReturnPipeline.EPS). */
#define PIPE_EPS 1e-4

/**
 * What the trace of a lidar's rays reads: the scene, each object's material (index into materials) and volume medium
 * (index into media, −1: a surface), the ambient medium (media[0]), the beam's optics, the suns (unit vector towards
 * each, then klx; 4 values a sun) and the sky (klx), the range limit and the heap's nodes.
 */
struct PipelineScene {
    Scene trace;
    const int *objectMaterial;
    const Material *materials;
    const double *brdfTable;
    const int *objectMedium;
    const AtmosphereParams *media;
    BeamDivergence divergence;
    const double *suns;
    int sunCount;
    double skyKlx;
    double rangeMax;
    int nodes;
    bool keepNormals, keepBackground;
    unsigned long long randomKey;
    long long step;
};

/** The candidate arrays (ReturnPipeline's), slot = ((ray · nodes) + node) · 2 + kind (0 surface, 1 atmosphere). */
struct Candidates {
    double *opl, *intensity, *mirror, *power, *background;
    int *entity;
    float *normal;
};

/** A heap node waiting to be traced (one entry of a ReturnPipeline wave). */
struct PipeNode {
    double ox, oy, oz, dx, dy, dz, opl, prior, tau, entry;
    int h, medium, crossings;
};

/** Wave.put: a node starting at o along d (normalised here, as put does). */
SIM_HD PipeNode pipe_node(int h, double ox, double oy, double oz, double dx, double dy, double dz, double x,
        double p, double t, int m, double e, int c) {
    PipeNode n;
    n.h = h;
    n.ox = ox; n.oy = oy; n.oz = oz;
    double len = sqrt(dx * dx + dy * dy + dz * dz);
    n.dx = dx / len; n.dy = dy / len; n.dz = dz / len;
    n.opl = x;
    n.prior = p;
    n.tau = t;
    n.medium = m;
    n.entry = e;
    n.crossings = c;
    return n;
}

SIM_HD void pipe_store(const PipelineScene &p, const Candidates &c, long long slot, double opl, double intensity,
        int entity, double nx, double ny, double nz) {
    c.opl[slot] = opl;
    c.intensity[slot] = intensity;
    c.entity[slot] = entity;
    if (p.keepNormals) {
        c.normal[3 * slot] = (float) nx;
        c.normal[3 * slot + 1] = (float) ny;
        c.normal[3 * slot + 2] = (float) nz;
    }
}

/**
 * One segment of one heap node (ReturnPipeline.shade), after its closest hit (distance d, object obj, world normal).
 * ray is the sub-ray, key its pattern index. The node goes on in *next (its continuation through a volume boundary,
 * or its mirror child) when it returns true: the built-in materials transmit nothing, so a node has at most one.
 */
SIM_HD bool pipe_shade(const PipelineScene &p, const Candidates &c, long long ray, int key, const PipeNode &w,
        double d, int obj, const double *normal, PipeNode *next) {
    int h = w.h, medium = w.medium;
    const AtmosphereParams &ambient = p.media[medium < 0 ? 0 : p.objectMedium[medium]];
    double n = ambient.n, alpha = ambient.alpha;
    double x0 = w.opl, prior = w.prior, tau = w.tau, entry = w.entry;
    double dx = w.dx, dy = w.dy, dz = w.dz;
    double x1 = sim_min(p.rangeMax, x0 + n * d);
    long long slot = (ray * p.nodes + h) * 2;
    int drawBase = (h * (PIPE_MAX_CROSSINGS + 1) + w.crossings) * 2;
    double u = 1;
    if (atm_candidate_draws(ambient, x0, x1) && c.intensity[slot + 1] < 0) {
        u = counter_uniform(p.randomKey, p.step, key, drawBase);
    }
    if (u < atm_max_return_probability(ambient)) { // the second draw only where a return may follow
        double xa, intensity;
        if (atm_candidate(ambient, x0, x1, entry, prior, tau, u, counter_uniform(p.randomKey, p.step, key,
                drawBase + 1), &xa, &intensity)) {
            pipe_store(p, c, slot + 1, xa, intensity, -1, -dx, -dy, -dz);
            if (p.keepBackground) c.background[slot + 1] = 0; // no sunlight on an atmospheric return (device memory
                                                              // is not zeroed: the slot must be written)
        }
    }
    if (!(d < INFINITY) || x0 + n * d > p.rangeMax) return false;
    double x = x0 + n * d, tauHere = tau + alpha * (x - x0);
    double nx = normal[0], ny = normal[1], nz = normal[2];
    double px = w.ox + d * dx, py = w.oy + d * dy, pz = w.oz + d * dz;
    if (p.objectMedium[obj] >= 0) { // a volume boundary: on in the volume (entering) or back in the ambient
        if (w.crossings < PIPE_MAX_CROSSINGS) {
            bool leaving = medium == obj;
            *next = pipe_node(h, px + PIPE_EPS * dx, py + PIPE_EPS * dy, pz + PIPE_EPS * dz, dx, dy, dz,
                    x + n * PIPE_EPS, prior, tauHere, leaving ? -1 : obj, leaving ? 0 : x, w.crossings + 1);
            return true;
        }
        return false;
    }
    double cos = -(dx * nx + dy * ny + dz * nz);
    if (!(cos > 0)) return false;
    const Material &m = p.materials[p.objectMaterial[obj]];
    double tx, ty, tz;
    if (sim_abs(nz) < 0.9) {
        tx = ny; ty = -nx; tz = 0;
    } else {
        tx = 0; ty = nz; tz = -ny;
    }
    double tl = sqrt(tx * tx + ty * ty + tz * tz);
    tx /= tl; ty /= tl; tz /= tl;
    double bx = ny * tz - nz * ty, by = nz * tx - nx * tz, bz = nx * ty - ny * tx;
    double lx = -(dx * tx + dy * ty + dz * tz), ly = -(dx * bx + dy * by + dz * bz);
    double f = material_brdf(m, p.brdfTable, lx, ly, cos, lx, ly, cos);
    double power = prior * exp(-tauHere);
    pipe_store(p, c, slot, x, power * f * cos, obj, nx, ny, nz);
    double reflect = material_specular_reflectance(m, cos);
    c.mirror[slot] = reflect > 0 ? power * reflect * beam_mirror_return(p.divergence, x, cos) : 0;
    c.power[slot] = power;
    if (p.keepBackground) {
        double b = p.skyKlx > 0 ? p.skyKlx * SIM_PI * material_brdf(m, p.brdfTable, 0, 0, 1, lx, ly, cos) * (1 + nz) / 2
                : 0;
        for (int k = 0; k < 4 * p.sunCount; k += 4) {
            const double *s = p.suns + k;
            double sn = s[0] * nx + s[1] * ny + s[2] * nz;
            if (sn > 0) {
                double st = s[0] * tx + s[1] * ty + s[2] * tz;
                double sb = s[0] * bx + s[1] * by + s[2] * bz;
                b += s[3] * SIM_PI * material_brdf(m, p.brdfTable, st, sb, sn, lx, ly, cos) * sn;
            }
        }
        c.background[slot] = b;
    }
    if (reflect > 0 && 2 * h + 1 < p.nodes) {
        double k = 2 * cos;
        double rx = dx + k * nx, ry = dy + k * ny, rz = dz + k * nz;
        *next = pipe_node(2 * h + 1, px + PIPE_EPS * rx, py + PIPE_EPS * ry, pz + PIPE_EPS * rz, rx, ry, rz,
                x + n * PIPE_EPS, prior * reflect, tauHere, medium, entry, w.crossings);
        return true;
    }
    return false; // the built-in materials are opaque (transmittance 0): no transmission child (ReturnPipeline's 2h+2)
}

/**
 * The whole heap of sub-ray {@code ray} (world origin o, direction d as the pattern gives it, pattern index key):
 * clears its candidate slots and fills them, as ReturnPipeline.trace does for that ray.
 */
SIM_HD void pipe_trace_ray(const PipelineScene &p, const Candidates &c, long long ray, int key, double ox, double oy,
        double oz, double dx, double dy, double dz) {
    for (int s = 0; s < 2 * p.nodes; s++) c.intensity[ray * p.nodes * 2 + s] = -1;
    double maxDistance = p.rangeMax / p.media[0].n;
    PipeNode w;
    w.ox = ox; w.oy = oy; w.oz = oz;
    w.dx = dx; w.dy = dy; w.dz = dz; // the first wave takes the directions as they are
    w.opl = 0; w.prior = 1; w.tau = 0; w.entry = 0;
    w.h = 0; w.medium = -1; w.crossings = 0;
    for (bool more = true; more;) {
        double distance, normal[3];
        int object;
        closest_hit(p.trace, w.ox, w.oy, w.oz, w.dx, w.dy, w.dz, maxDistance, &distance, &object, normal);
        PipeNode next;
        more = pipe_shade(p, c, ray, key, w, distance, object, normal, &next);
        w = next;
    }
}

/**
 * ReturnPipeline.diverge for one slot: the candidate scaled by the beam's detected power ratio at its OPL [L-21]; a
 * surface candidate then gains its mirror's direct return, and none exceeds the power that reached its surface.
 */
SIM_HD void pipe_diverge(const PipelineScene &p, const Candidates &c, long long s) {
    if (c.intensity[s] >= 0) {
        double i = c.intensity[s] * beam_detected_ratio(p.divergence, c.opl[s]);
        c.intensity[s] = (s & 1) == 0 ? sim_min(i + c.mirror[s], c.power[s]) : i;
    }
}

/**
 * The stages after the trace for beam b, as the lidar runs them on the host: its candidates (sub-rays b·S .. b·S+S−1)
 * through the divergence stage (pipe_diverge) [L-21], its returns picked (ReturnPipeline.select) [L-P], then, with
 * detection tables, LidarStages.detect's decision on them [L-DET] (random stream key, the beam's pattern index and
 * channel; the candidates' background). Returns the beam's count; its returns are sel's opl, intensity, entity, slot.
 */
SIM_HD int pipe_finish_beam(const PipelineScene &p, const Candidates &c, const SelectConfig &config,
        const DetectionTables *detection, unsigned long long key, int patternIndex, int channel, long long b,
        Selection &sel) {
    long long first = b * config.samples * config.nodes * 2, end = first + (long long) config.samples * config.nodes * 2;
    for (long long s = first; s < end; s++) pipe_diverge(p, c, s);
    int n = select_beam(config, c.opl, c.intensity, c.entity, b, sel);
    if (detection != nullptr) {
        n = detection_beam(*detection, key, p.step, patternIndex, channel, n, sel.opl, sel.intensity, sel.entity,
                sel.slot, c.background, config.rangeMin, config.rangeMax);
    }
    return n;
}

/** A frame's returns as lidarFinish writes them, P a beam (2 in dual mode, else 1); normal null: none wanted. */
struct FrameReturns {
    int *count;
    double *opl, *intensity;
    int *entity, *slot;
    float *normal;
};

/**
 * lidarFinish's work for beam b: its returns (pipe_finish_beam) into r at b·P + k, with their candidates' normals
 * (3 floats a return) when r.normal is set; a false alarm's normal is left as it is.
 */
SIM_HD void pipe_finish_write(const PipelineScene &p, const Candidates &c, const SelectConfig &config,
        const DetectionTables *detection, unsigned long long key, int patternIndex, int channel, long long b,
        const FrameReturns &r) {
    Selection sel;
    int n = pipe_finish_beam(p, c, config, detection, key, patternIndex, channel, b, sel);
    int per = config.mode == RETURN_DUAL ? 2 : 1;
    r.count[b] = n;
    for (int k = 0; k < n; k++) {
        long long j = per * b + k;
        r.opl[j] = sel.opl[k];
        r.intensity[j] = sel.intensity[k];
        r.entity[j] = sel.entity[k];
        r.slot[j] = sel.slot[k];
        if (r.normal != nullptr && sel.slot[k] >= 0) {
            for (int a = 0; a < 3; a++) r.normal[3 * j + a] = c.normal[3LL * sel.slot[k] + a];
        }
    }
}
