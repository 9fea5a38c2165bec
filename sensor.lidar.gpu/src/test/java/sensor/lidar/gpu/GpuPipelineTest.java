package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import sensor.api.material.AmbientMaterial;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.lidar.api.ReturnMode;
import sensor.materials.impl.Atmosphere;

/**
 * On a real GPU (skipped without one): the lidarMaterials, lidarTrace and lidarFinish kernels on the frames of
 * {@link PipelineOnHostTest}, against the Java pipeline with the same bounds; here the device's own exp, log and pow
 * take the place of the C library's.
 */
class GpuPipelineTest {
    @BeforeEach
    void needsCuda() {
        Gpu.require();
    }

    /**
     * The device's frame laid out as the host program's (see PipelineOnHostTest.onHost): the trace stage in two time
     * slices, their candidates copied back, then the divergence, selection and detection stages of the frame whose
     * candidates stayed on the device (lidarFinish), and its diverged candidates copied back.
     */
    static double[] onDevice(PipelineOnHostTest.Setup s) {
        ShadingTraceScene.Finish finish = s.finish();
        int rays = s.key().length, slots = 2 * s.inputs().nodes() * rays, beams = finish.beams();
        int half = rays / 2 / finish.samples() * finish.samples();
        int per = finish.mode() == ShadingTraceScene.Finish.DUAL ? 2 : 1;
        FlatScene flat = FlatSceneTest.flat(s.view().shapes, 0);
        try (LidarKernels k = Gpu.DEVICE.newKernels()) {
            k.uploadMeshes(flat);
            k.uploadInstances(flat);
            k.uploadInputs(s.inputs());
            double[] opl = new double[slots], intensity = new double[slots], mirror = new double[slots],
                    power = new double[slots], background = new double[slots], diverged = new double[slots];
            int[] entity = new int[slots];
            for (int[] slice : new int[][] {{0, half}, {half, rays - half}}) {
                k.trace(s.origins(), s.directions(), s.key(), slice[0], slice[1]);
                k.candidates(slice[0], slice[1], opl, intensity, entity, mirror, power, background, null);
            }
            ShadingTraceScene.Returns out = new ShadingTraceScene.Returns(new int[beams], new double[per * beams],
                    new double[per * beams], new int[per * beams], new int[per * beams], null);
            k.finish(finish, out);
            k.candidates(0, rays, new double[slots], diverged, new int[slots], new double[slots], new double[slots],
                    new double[slots], null);
            double[] r = new double[7 * slots + 9 * beams];
            for (int i = 0; i < slots; i++) {
                double[] v = {opl[i], intensity[i], entity[i], mirror[i], power[i], background[i]};
                System.arraycopy(v, 0, r, 6 * i, 6);
                r[6 * slots + i] = diverged[i];
            }
            for (int b = 0; b < beams; b++) {
                int n = out.count()[b];
                r[7 * slots + 9 * b] = n;
                for (int j = 0; j < n; j++) {
                    int at = 7 * slots + 9 * b + 1 + 4 * j;
                    r[at] = out.opl()[per * b + j];
                    r[at + 1] = out.intensity()[per * b + j];
                    r[at + 2] = out.entity()[per * b + j];
                    r[at + 3] = out.slot()[per * b + j];
                }
            }
            assertTrue(k.allocations() > 0, "device buffers were allocated");
            return r;
        }
    }

    @Test
    void aFrameWithFogMirrorsAndSunlightIsJavasWithinTheDeviceMathBoundsLP() {
        PipelineOnHostTest.Setup s = PipelineOnHostTest.setup(PipelineOnHostTest.scene(7,
                new Atmosphere(1.000273, 0.004, 0.15, 1.5, 12)), ReturnMode.STRONGEST, 0.4, false);
        PipelineOnHostTest.check(s, onDevice(s));
    }

    @Test
    void aFrameInClearAirWithFogBanksIsJavasWithinTheDeviceMathBoundsLP() {
        PipelineOnHostTest.Setup s = PipelineOnHostTest.setup(PipelineOnHostTest.scene(8, AmbientMaterial.clear(1.0, 0)),
                ReturnMode.DUAL, 0, false);
        PipelineOnHostTest.check(s, onDevice(s));
    }

    @Test
    void aFrameWithTheDetectionLawInSunlightIsJavasWithinTheDeviceMathBoundsLDET() {
        PipelineOnHostTest.Setup s = PipelineOnHostTest.setup(PipelineOnHostTest.scene(9,
                new Atmosphere(1.000273, 0.004, 0.15, 1.5, 12)), ReturnMode.DUAL, 0.4, true);
        PipelineOnHostTest.check(s, onDevice(s));
    }
}
