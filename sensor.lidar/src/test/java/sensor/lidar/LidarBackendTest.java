package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import sensor.api.env.SensorEnvironment.SensorInfo;
import sensor.api.frame.OutputField;
import sensor.api.frame.PointCloud;
import sensor.api.lidar.LidarModelType.RangePrecision;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.raytrace.TraceScene;
import sensor.api.scene.SceneView;
import sensor.lidar.api.LidarBackend;
import sensor.lidar.api.LidarConfig;
import sensor.raytrace.CpuBvhBackend;

/**
 * Where the trace stage runs [L-P], as the lidar's {@code backend} setting says, with a stand-in device: a scene whose
 * closest hits are the CPU backend's and whose "device" puts every sub-ray's surface candidate at 7.5 m, so a cloud
 * shows which ran. The device's candidates go through the Java stages after it unchanged; a device that cannot shade
 * the scene, or fails, leaves the frame to Java with the same points as without it.
 */
class LidarBackendTest {
    static final double DEVICE_RANGE = 7.5;

    /**
     * The stand-in: shading refused with {@code refusal} (null: accepted), failing in shade when {@code fails}, in
     * finish when {@code finishFails}. Its frame finished on the "device" is one return a beam at
     * {@link #DEVICE_RANGE}, normal +z.
     */
    static final class Device implements RaytraceBackend {
        final String refusal;
        final boolean fails, finishFails;
        int shaded, kept, finished;
        /** What the last shade and finish calls were given. */
        ShadingTraceScene.Shading last;
        ShadingTraceScene.Finish lastFinish;
        ShadingTraceScene.Candidates lastCandidates;

        Device(String refusal, boolean fails) {
            this(refusal, fails, false);
        }

        Device(String refusal, boolean fails, boolean finishFails) {
            this.refusal = refusal;
            this.fails = fails;
            this.finishFails = finishFails;
        }

        @Override
        public String id() { return "device"; }

        @Override
        public TraceScene createScene(SceneView view, int threads) {
            TraceScene cpu = new CpuBvhBackend().createScene(view, threads);
            return new ShadingTraceScene() {
                @Override public void update(SceneView scene, double t) { cpu.update(scene, t); }
                @Override public void closestHit(double[] o, double[] d, int n, double max, HitBuffer out) {
                    cpu.closestHit(o, d, n, max, out);
                }
                @Override public void close() { cpu.close(); }
                @Override public Optional<String> unsupported(SceneView scene) { return Optional.ofNullable(refusal); }

                @Override
                public boolean shade(SceneView scene, Shading s, double[] origins, double[] directions, int[] rayKey,
                        int first, int count, Candidates out) {
                    shaded++;
                    last = s;
                    if (fails) {
                        return false;
                    }
                    lastCandidates = out;
                    if (out == null) {
                        kept++;
                        return true;
                    }
                    for (int r = first; r < first + count; r++) {
                        int slot = r * s.nodes() * 2;
                        Arrays.fill(out.intensity(), slot, slot + s.nodes() * 2, -1);
                        out.opl()[slot] = DEVICE_RANGE;
                        out.intensity()[slot] = 0.5;
                        out.entity()[slot] = 0;
                        out.mirror()[slot] = 0;
                        out.power()[slot] = 1;
                    }
                    return true;
                }

                @Override
                public boolean finish(Finish f, Returns out) {
                    finished++;
                    lastFinish = f;
                    if (finishFails) {
                        return false;
                    }
                    int per = f.mode() == Finish.DUAL ? 2 : 1;
                    for (int b = 0; b < f.beams(); b++) {
                        out.count()[b] = 1;
                        out.opl()[per * b] = DEVICE_RANGE;
                        out.intensity()[per * b] = 0.5;
                        out.entity()[per * b] = 0;
                        out.slot()[per * b] = b * f.samples() * last.nodes() * 2;
                        if (f.normals()) {
                            out.normal()[3 * per * b + 2] = 1;
                        }
                    }
                    return true;
                }
            };
        }
    }

    private static LidarRig rig(RaytraceBackend backend) {
        LidarRig rig = new LidarRig();
        rig.type.setBackend(backend);
        rig.wallAtX("wall", 4, null);
        return rig;
    }

    /** A fan of 200 rays towards the wall, every one hitting it. */
    private static LidarConfig config(LidarBackend backend) {
        java.util.List<sensor.api.geom.Vec3> dirs = new java.util.ArrayList<>();
        for (int i = 0; i < 200; i++) {
            dirs.add(new sensor.api.geom.Vec3(1, (i % 20 - 10) * 0.05, (i / 20 - 5) * 0.05));
        }
        java.util.List<sensor.api.geom.Pose> rays = LidarRig.rays(dirs.toArray(sensor.api.geom.Vec3[]::new));
        return new LidarConfig().setPattern(sensor.lidar.api.RayPatterns.generic(rays,
                java.util.List.of(new sensor.api.lidar.RayInterval(0, rays.size())))).setBackend(backend);
    }

    private static float[] ranges(PointCloud c) {
        float[] r = new float[c.count()];
        for (int i = 0; i < r.length; i++) {
            float x = c.getFloat(i, OutputField.XYZ_VEC3_F32, 0), y = c.getFloat(i, OutputField.XYZ_VEC3_F32, 1),
                    z = c.getFloat(i, OutputField.XYZ_VEC3_F32, 2);
            r[i] = (float) Math.sqrt(x * x + y * y + z * z);
        }
        return r;
    }

    private static String summary(LidarRig rig) {
        java.util.List<SensorInfo> sensors = rig.env.sensors();
        assertEquals(1, sensors.size());
        return sensors.get(0).summary();
    }

    @Test
    void cpuIsTheDefaultAndNeverAsksTheDeviceLP() {
        Device d = new Device(null, false);
        LidarRig rig = rig(d);
        PointCloud c = rig.run(config(LidarBackend.CPU));
        assertEquals(LidarBackend.CPU, new LidarConfig().backend());
        assertEquals(0, d.shaded);
        assertEquals(200, ranges(c).length, "the wall's points");
        assertTrue(ranges(c)[0] < DEVICE_RANGE - 1, "at the wall, 4 m and a little more");
        assertNull(summary(rig), "nothing to report for the default");
    }

    @Test
    void autoRunsTheTraceStageOnTheDeviceWhereItCanLP() {
        Device d = new Device(null, false);
        LidarRig rig = rig(d);
        LidarConfig c = config(LidarBackend.AUTO).setDivergenceHalfAngle(0.002).setOptics(0.004, 0.01, 0.02).setHeapDepth(3);
        float[] r = ranges(rig.run(c));
        assertTrue(d.shaded > 0 && r.length == 200, "shaded " + d.shaded + " times, " + r.length + " points");
        ShadingTraceScene.Shading s = d.last; // the lidar's own stage parameters reach the device
        assertEquals(7, s.nodes());
        assertEquals(c.rangeMax(), s.rangeMax());
        assertEquals(Math.tan(0.002), s.tanDivergence());
        assertEquals(0.004, s.emitterRadius());
        assertEquals(0.01, s.detectorRadius());
        assertEquals(0.02, s.detectorOffset());
        for (float x : r) {
            assertEquals(DEVICE_RANGE, x, 1e-5, "every point comes from the device's candidates");
        }
        assertEquals("trace stage on the GPU (device); divergence, selection there too", summary(rig));
    }

    @Test
    void aFrameFinishedOnTheDeviceComesBackAsItsReturnsLP() {
        Device d = new Device(null, false);
        LidarConfig c = config(LidarBackend.GPU).setBeamSamples(3).setPulseWidth(1e-9)
                .setReturnMode(sensor.lidar.api.ReturnMode.DUAL)
                .setFields(java.util.List.of(OutputField.XYZ_VEC3_F32, OutputField.NORMAL_VEC3_F32));
        PointCloud cloud = rig(d).run(c);
        assertEquals(d.shaded, d.kept, "every slice kept its candidates on the device");
        assertEquals(1, d.finished);
        ShadingTraceScene.Finish f = d.lastFinish;
        assertEquals(new ShadingTraceScene.Finish(200, 3, ShadingTraceScene.Finish.DUAL, c.rangeMin(), c.rangeMax(),
                c.minIntensity(), c.rangeResolution(), null, true), f, "the lidar's selection settings, no detection");
        assertTrue(d.last.normals(), "the normals stay on the device for the normal field");
        for (float x : ranges(cloud)) {
            assertEquals(DEVICE_RANGE, x, 1e-5, "the device's returns");
        }
        for (int i = 0; i < cloud.count(); i++) {
            assertEquals(1, cloud.getFloat(i, OutputField.NORMAL_VEC3_F32, 2), 1e-6, "the device's normal, turned");
        }
    }

    @Test
    void theDevicesReturnModesAreTheLidarsLP() {
        for (sensor.lidar.api.ReturnMode m : sensor.lidar.api.ReturnMode.values()) {
            Device d = new Device(null, false);
            rig(d).run(config(LidarBackend.GPU).setReturnMode(m));
            int expected = switch (m) {
                case STRONGEST -> ShadingTraceScene.Finish.STRONGEST;
                case FIRST -> ShadingTraceScene.Finish.FIRST;
                case LAST -> ShadingTraceScene.Finish.LAST;
                case DUAL -> ShadingTraceScene.Finish.DUAL;
            };
            assertEquals(expected, d.lastFinish.mode(), m.toString());
        }
    }

    @Test
    void detectionRunsWithTheSelectionOnTheDeviceOnItsOwnStreamLDET() {
        Device d = new Device(null, false);
        // a line no return at the wall passes: had the Java detection run after the device, the cloud would be empty
        LidarConfig c = config(LidarBackend.GPU).setDetection(java.util.List.of(
                new sensor.api.lidar.LidarModelType.DetectionLine(0.5, 0.1, 100, 0.9, 1e-4, java.util.List.of(2, 3),
                        java.util.List.of(new RangePrecision(100, 0.01), new RangePrecision(10, 0.05)), "t")));
        LidarRig rig = rig(d);
        float[] r = ranges(rig.run(c));
        assertEquals(200, r.length, "the device's returns, left as they are");
        assertEquals("trace stage on the GPU (device); divergence, selection, detection there too", summary(rig));
        ShadingTraceScene.Detection det = d.lastFinish.detection();
        assertTrue(d.last.background(), "the candidates keep their sunlight background for the detection");
        assertEquals(d.last.randomKey() + 0x9E3779B97F4A7C15L, det.randomKey(),
                "the detection stage's stream: the one after the sensor's, as in Java");
        assertEquals(200, det.patternIndex().length);
        int channels = det.scale().length;
        assertEquals(channels, Arrays.stream(det.channelOf()).max().getAsInt() + 1, "a channel for every beam");
        int[] start = new int[channels + 1];
        for (int k = 0; k < channels; k++) { // the line holds for channels 2 and 3 (indices 1 and 2) only
            boolean covered = k == 1 || k == 2;
            assertEquals(covered, det.scale()[k] > 0 && det.threshold()[k] > 3.7 && det.threshold()[k] < 3.8,
                    "z = Φ⁻¹(1 − 1e-4) ≈ 3.719: " + det.threshold()[k]);
            assertEquals(covered, Double.isFinite(det.scale()[k]), "an undecided channel's scale is NaN");
            assertEquals(covered ? 1e-4 : 0, det.falseAlarm()[k]);
            start[k + 1] = start[k] + (covered ? 2 : 0);
        }
        assertArrayEquals(start, det.precisionStart(), "two precision figures on each covered channel");
        double[] snr = {Math.log(10), Math.log(100)}, sigma = {Math.log(0.05), Math.log(0.01)}; // sorted by SNR
        assertArrayEquals(new double[] {snr[0], snr[1], snr[0], snr[1]}, det.logSnr());
        assertArrayEquals(new double[] {sigma[0], sigma[1], sigma[0], sigma[1]}, det.logSigma());
    }

    @Test
    void aDeviceThatFailsToFinishLeavesTheWholeFrameToJavaLP() {
        java.util.List<OutputField> fields = java.util.List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32);
        PointCloud cpu = rig(new CpuBvhBackend()).run(config(LidarBackend.CPU).setFields(fields));
        Device d = new Device(null, false, true);
        PointCloud c = rig(d).run(config(LidarBackend.AUTO).setFields(fields));
        assertEquals(1, d.finished);
        assertArrayEquals(ranges(cpu), ranges(c), "the Java pipeline's points");
        for (int i = 0; i < c.count(); i++) {
            assertEquals(cpu.getFloat(i, OutputField.INTENSITY_F32, 0), c.getFloat(i, OutputField.INTENSITY_F32, 0),
                    "and intensities, the divergence stage's included");
        }
    }

    @Test
    void theDeviceFinishesAFrameWhileABeamsCandidateSlotsFitItsSelectionLP() {
        Device fits = new Device(null, false), over = new Device(null, false);
        rig(fits).run(config(LidarBackend.AUTO).setHeapDepth(1).setBeamSamples(32)); // 32 × 1 node × 2 = 64 slots
        rig(over).run(config(LidarBackend.AUTO).setHeapDepth(1).setBeamSamples(33));
        assertEquals(1, fits.finished);
        assertEquals(0, over.finished + over.kept);
    }

    @Test
    void aHeapTooDeepForTheKernelsSelectionTakesTheCandidatesBackLP() {
        Device d = new Device(null, false);
        LidarRig rig = rig(d);
        float[] r = ranges(rig.run(config(LidarBackend.AUTO).setHeapDepth(6))); // 63 nodes: 126 slots a beam
        assertEquals(0, d.kept + d.finished, "nothing kept on the device");
        assertEquals("trace stage on the GPU (device)", summary(rig));
        assertNull(d.lastCandidates.normal(), "no normals asked");
        rig(d).run(config(LidarBackend.AUTO).setHeapDepth(6).setFields(java.util.List.of(OutputField.XYZ_VEC3_F32,
                OutputField.NORMAL_VEC3_F32)));
        assertTrue(d.lastCandidates.normal() != null, "the normals come back with the candidates");
        assertTrue(d.shaded > 0 && r.length == 200);
        for (float x : r) {
            assertEquals(DEVICE_RANGE, x, 1e-5, "the device's candidates, selected in Java");
        }
    }

    @Test
    void autoLeavesAFrameTheDeviceCannotShadeToJavaAndSaysWhyLP() {
        float[] cpu = ranges(rig(new CpuBvhBackend()).run(config(LidarBackend.CPU)));
        LidarRig rig = rig(new Device("object 'wall' has a third-party material", false));
        assertArrayEquals(cpu, ranges(rig.run(config(LidarBackend.AUTO))), "the Java pipeline's points");
        assertEquals("trace stage in Java: object 'wall' has a third-party material", summary(rig));
        LidarRig plain = rig(new CpuBvhBackend());
        plain.run(config(LidarBackend.AUTO));
        assertTrue(summary(plain).startsWith("trace stage in Java: the raytrace backend cpu-bvh has no GPU"), summary(plain));
    }

    @Test
    void aDeviceThatFailsLeavesTheSliceToJavaLP() {
        float[] cpu = ranges(rig(new CpuBvhBackend()).run(config(LidarBackend.CPU)));
        Device d = new Device(null, true);
        float[] r = ranges(rig(d).run(config(LidarBackend.AUTO)));
        assertTrue(d.shaded > 0);
        assertArrayEquals(cpu, r, "the Java pipeline's points");
    }

    @Test
    void gpuStopsTheRunWithTheReasonWhereTheDeviceCannotLP() {
        LidarRig rig = rig(new Device("object 'wall' has a third-party material", false));
        RuntimeException e = assertThrows(RuntimeException.class, () -> rig.run(config(LidarBackend.GPU)));
        assertTrue(String.valueOf(e.getMessage()).contains("backend gpu, but object 'wall' has a third-party material;"
                + " set backend: auto"), e.getMessage());
        RuntimeException none = assertThrows(RuntimeException.class,
                () -> rig(new CpuBvhBackend()).run(config(LidarBackend.GPU)));
        assertTrue(String.valueOf(none.getMessage()).contains("cpu-bvh has no GPU"), none.getMessage());
    }
}
