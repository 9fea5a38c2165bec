package sensor.api.raytrace;

import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.scene.SceneView;

/**
 * A trace scene that also runs the lidar's trace stage on its device [L-P]: each sub-ray's interface heap (the mirror
 * children of mirror-like coats), its atmospheric candidates [L-14] and its surface candidates (BRDF [L-3], Beer–Lambert
 * [L-13], the mirror's direct return [L-SPEC]), into the candidate arrays of the lidar's Java pipeline, so that its
 * later stages (divergence, selection, detection, noise) run unchanged. A device can do it only where every material
 * and medium of the scene has a {@link sensor.api.material.KernelForm}; {@link #unsupported} says why not otherwise.
 * Results equal the Java pipeline's up to the last bits of {@code exp} and {@code log}.
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

    /** Why the device cannot run the trace stage over {@code view} (a material or medium without a kernel form), or empty. */
    Optional<String> unsupported(SceneView view);

    /**
     * Runs the trace stage over sub-rays {@code first .. first+count−1} (world origins and directions, packed xyz, and
     * pattern indices, of the whole frame) in the scene as last {@link #update updated}, filling their slots of
     * {@code out}. Returns false when the device failed: the scene has then left it (as {@link #closestHit} does) and
     * the caller runs the stage in Java for these rays.
     */
    boolean shade(SceneView view, Shading shading, double[] origins, double[] directions, int[] rayKey, int first,
            int count, Candidates out);
}
