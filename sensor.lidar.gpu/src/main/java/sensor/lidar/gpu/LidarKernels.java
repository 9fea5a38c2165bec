package sensor.lidar.gpu;

import sensor.api.raytrace.ShadingTraceScene;

/**
 * The device side of the lidar's trace, divergence, selection and detection stages [L-P] (the {@code lidarMaterials},
 * {@code lidarTrace} and {@code lidarFinish} kernels): the scene as {@link GpuKernels} uploads it, the inputs, and a
 * frame's candidates, which stay on the device. Per time slice: the instances, then {@link #trace} (and
 * {@link #candidates} where the host runs the later stages); per frame, {@link #finish}.
 */
interface LidarKernels extends GpuKernels {
    /**
     * What the stages read besides the scene (see lidarTrace in trace.cu): per object its material (index) and medium
     * (index into media, −1 for a surface); the materials' specifications (material i at materialSpec[materialOffset[i]]:
     * kind 0 Lambertian C_D; 1 GGX + Oren–Nayar n, k, σ_B, σ_ON, C_D; 2 explicit BRDF its four counts and its samples'
     * offset in brdfTable); six doubles a medium (n, α, A, k, θ, ln Γ(k)), the ambient first; the optics (tan θ_D,
     * emitter radius, detector radius, detector offset); the suns (unit vector towards each, klx) and the sky (klx).
     */
    record Inputs(int[] objectMaterial, double[] materialSpec, int[] materialOffset, double[] brdfTable,
            int[] objectMedium, double[] media, double[] optics, double[] suns, double skyKlx, double rangeMax,
            int nodes, boolean keepNormals, boolean keepBackground, long randomKey, long step) {}

    /** Uploads the inputs and builds the materials on the device. */
    void uploadInputs(Inputs inputs);

    /**
     * Traces sub-rays {@code first .. first+count−1} of the frame's arrays (world origins, directions, pattern indices,
     * whose length gives the frame's sub-rays) through the scene as last uploaded: their candidates stay on the device,
     * in the frame's candidate arrays there.
     */
    void trace(double[] origins, double[] directions, int[] rayKey, int first, int count);

    /**
     * Copies the candidates of sub-rays {@code first .. first+count−1} into the frame's arrays, at their slots (normal:
     * 3 floats a slot, only with keepNormals; background only with keepBackground).
     */
    void candidates(int first, int count, double[] opl, double[] intensity, int[] entity, double[] mirror,
            double[] power, double[] background, float[] normal);

    /** The divergence, selection and detection stages of every beam of the frame on the device, into {@code out}. */
    void finish(ShadingTraceScene.Finish finish, ShadingTraceScene.Returns out);
}
