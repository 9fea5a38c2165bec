package sensor.api.raytrace;

import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.scene.SceneView;

/**
 * A trace scene that also runs the lidar's trace stage on its device [L-P]: each sub-ray's interface heap (the mirror
 * children of mirror-like coats), its atmospheric candidates [L-14] and its surface candidates (BRDF [L-3], Beer–Lambert
 * [L-13], the mirror's direct return [L-SPEC]), into the candidate arrays of the lidar's Java pipeline, so that its
 * later stages (divergence, selection, detection, noise) run unchanged; or, keeping the candidates on the device, its
 * divergence, selection and detection stages too ({@link #finish}), so that only the frame's returns come back. A device
 * can do it only where every material and medium of the scene has a {@link sensor.api.material.KernelForm};
 * {@link #unsupported} says why not otherwise. Results equal the Java pipeline's up to the last bits of {@code exp} and
 * {@code log}.
 */
@ProviderType
public interface ShadingTraceScene extends TraceScene {
    /**
     * What the trace stage reads besides the scene: heap nodes per sub-ray (2^depth − 1), the range limit (OPL, m), the
     * beam's optics ({@code tan} of the divergence half-angle, emitter radius, detector radius, detector offset, m), the
     * lidar's random stream (its key) and the step, whether candidates keep their normals and their sunlight background,
     * and the light for the background: the suns (a unit vector towards each, then its klx; 4 values a sun) and the
     * sky (klx).
     */
    record Shading(int nodes, double rangeMax, double tanDivergence, double emitterRadius, double detectorRadius,
            double detectorOffset, long randomKey, long step, boolean normals, boolean background, double[] suns,
            double skyKlx) {}

    /**
     * The candidate arrays, two slots a heap node: slot {@code ((ray · nodes) + node) · 2 + kind} (0 surface,
     * 1 atmosphere), intensity −1 where there is none; mirror, power and background are kept for surface candidates,
     * normal (3 floats a slot) only when asked.
     */
    record Candidates(double[] opl, double[] intensity, int[] entity, double[] mirror, double[] power,
            double[] background, float[] normal) {}

    /**
     * How {@link #finish} picks a frame's returns: the frame's beams (its first {@code beams · samples} sub-rays,
     * {@code samples} a beam), the return mode ({@link #STRONGEST}, {@link #FIRST}, {@link #LAST} or {@link #DUAL}), the
     * range gates (OPL, m) and the least intensity, the range resolution that merges mixed pixels (0: none), the
     * detection law (null: every selected return is kept), and whether returns carry their candidate's normal (the
     * shading's normals must then have been kept).
     */
    record Finish(int beams, int samples, int mode, double rangeMin, double rangeMax, double minIntensity,
            double mixingRange, Detection detection, boolean normals) {
        /** Return modes: the strongest, the first or the last return, or the strongest and the last. */
        public static final int STRONGEST = 0, FIRST = 1, LAST = 2, DUAL = 3;
    }

    /**
     * The detection law [L-DET] as calibrated on the host: per channel the signal scale (NaN: no datasheet line, the
     * channel keeps its returns), the threshold, the false-alarm rate per ray and the datasheet's background (klx); its
     * range precision, ln SNR and ln σ (m) at {@code precisionStart[c] .. precisionStart[c + 1] − 1} sorted by SNR; the
     * dark share of the noise; the channel of each pattern index, the pattern index of each beam, and the random stream
     * (its key) of the detection stage.
     */
    record Detection(double[] scale, double[] threshold, double[] falseAlarm, double[] background, int[] precisionStart,
            double[] logSnr, double[] logSigma, double darkShare, int[] channelOf, int[] patternIndex, long randomKey) {}

    /**
     * A frame's returns, P a beam (2 in dual mode, else 1): per beam how many; per return (beam · P + k) its OPL, its
     * intensity, its object (−1 none), its candidate slot (−1 for a false alarm) and, when asked, its candidate's normal
     * (3 floats a return).
     */
    record Returns(int[] count, double[] opl, double[] intensity, int[] entity, int[] slot, float[] normal) {}

    /** Why the device cannot run the trace stage over {@code view} (a material or medium without a kernel form), or empty. */
    Optional<String> unsupported(SceneView view);

    /**
     * Runs the trace stage over sub-rays {@code first .. first+count−1} (world origins and directions, packed xyz, and
     * pattern indices, of the whole frame) in the scene as last {@link #update updated}, filling their slots of
     * {@code out}; with {@code out} null the candidates stay on the device for {@link #finish}. Returns false when the
     * device failed: the scene has then left it (as {@link #closestHit} does) and the caller runs the stage in Java for
     * these rays (and, where earlier slices kept theirs on the device, for those too).
     */
    boolean shade(SceneView view, Shading shading, double[] origins, double[] directions, int[] rayKey, int first,
            int count, Candidates out);

    /**
     * The divergence, selection and detection stages of the frame whose every sub-ray was traced by {@link #shade} with
     * candidates kept on the device (the same random step), into {@code out}. Returns false when the device failed or
     * holds no such frame: the caller then runs the whole frame in Java.
     */
    boolean finish(Finish finish, Returns out);
}
