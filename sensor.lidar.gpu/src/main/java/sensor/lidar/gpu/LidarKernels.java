package sensor.lidar.gpu;

/**
 * The device side of the lidar's trace stage and, for the device tests, its divergence and selection stages [L-P]
 * (the {@code lidarMaterials}, {@code lidarTrace} and {@code lidarSelect} kernels): the scene as {@link GpuKernels}
 * uploads it, the inputs, and one time slice of sub-rays with their candidates. Per slice: the instances,
 * {@link #trace}, then {@link #candidates} or {@link #select}.
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

    /** Uploads the inputs and builds the materials on the device. */
    void uploadInputs(Inputs inputs);

    /**
     * Traces sub-rays {@code first .. first+count−1} of the frame's arrays (world origins, directions, pattern indices)
     * through the scene as last uploaded: the slice's candidates stay on the device.
     */
    void trace(double[] origins, double[] directions, int[] rayKey, int first, int count);

    /**
     * Copies the last slice's candidates into the frame's arrays, at the slots of its sub-rays (normal: 3 floats a
     * slot, only with keepNormals; background only with keepBackground).
     */
    void candidates(int first, double[] opl, double[] intensity, int[] entity, double[] mirror, double[] power,
            double[] background, float[] normal);

    /**
     * The divergence stage and the selection of every beam of the last slice (whose sub-rays are whole beams); the
     * returns are copied into {@code out} (slots counted from the slice's first sub-ray).
     */
    void select(Selection selection, Returns out);
}
