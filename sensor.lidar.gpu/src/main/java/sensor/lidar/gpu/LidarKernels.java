package sensor.lidar.gpu;

/**
 * The device side of one lidar's trace, divergence and selection stages [L-P] (the {@code lidarMaterials},
 * {@code lidarTrace} and {@code lidarSelect} kernels): the scene as {@link GpuKernels} uploads it, and a frame's
 * inputs, sub-rays and candidates. A frame: {@link #uploadFrame}, then per time slice the instances and
 * {@link #trace}, then {@link #select}; the candidates stay on the device and only the picked returns come back.
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

    /** How a beam's returns are picked: sub-rays a beam, return mode (ReturnMode's ordinal) and the gates. */
    record Selection(int samples, int mode, double rangeMin, double rangeMax, double minIntensity,
            double mixingRange) {}

    /** The picked returns of each beam: count, and two a beam of OPL, intensity, entity and candidate slot. */
    record Returns(int[] count, double[] opl, double[] intensity, int[] entity, int[] slot) {
        Returns(int beams) {
            this(new int[beams], new double[2 * beams], new double[2 * beams], new int[2 * beams], new int[2 * beams]);
        }
    }

    /** Uploads a frame's inputs and its {@code rays} sub-rays (world origins, directions, pattern indices). */
    void uploadFrame(Inputs inputs, double[] origins, double[] directions, int[] rayKey, int rays);

    /** Traces sub-rays {@code first .. first+count−1} through the scene as last uploaded. */
    void trace(int first, int count);

    /** The divergence stage and the selection of every beam; the returns are copied into {@code out}. */
    void select(Selection selection, Returns out);

    /** Copies the candidates of the last trace back (before the divergence stage when called before select). */
    void candidates(double[] opl, double[] intensity, int[] entity, double[] mirror, double[] power,
            double[] background);
}
