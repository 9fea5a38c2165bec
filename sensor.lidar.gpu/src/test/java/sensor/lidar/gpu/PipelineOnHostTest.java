package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.api.random.CounterRandom;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.raytrace.TraceScene;
import sensor.api.scene.Light;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.RangePrecision;
import sensor.lidar.DetectionReference;
import sensor.lidar.DetectionReference.Beams;
import sensor.lidar.JavaReturns;
import sensor.lidar.api.ReturnMode;
import sensor.materials.impl.Atmosphere;
import sensor.materials.impl.ExplicitBrdf;
import sensor.materials.impl.GgxOrenNayarBrdf;
import sensor.raytrace.CpuBvhBackend;

/**
 * One frame of the lidar's trace, divergence, selection and detection stages [L-P] by the CUDA pipeline
 * ({@code pipeline.cuh}, {@code returns.cuh}, {@code detection.cuh}) compiled for the host, against the Java pipeline on
 * the CPU backend: a scene of every shape kind with Lambertian, GGX + Oren–Nayar (mirrors among them), explicit-BRDF
 * surfaces, two fog banks, an ambient atmosphere with returns, a sun and the sky, sub-rays and three heap levels, and
 * a datasheet detection law whose threshold lies among the frame's returns. What only {@code + − × ÷ √} and the ported fdlibm
 * functions compute is the same bits; what goes through {@code exp}, {@code log} and {@code pow} (the attenuation, the
 * beam's Gaussian, the gamma sampling) is bounded, and the number of candidates that differ at all is reported.
 */
class PipelineOnHostTest {
    private static final int BEAMS = 6_000, SAMPLES = 2, DEPTH = 3, NODES = 7;

    /** The test scene, its materials, its fog banks, the ambient and the lights. */
    static final class View implements SceneView {
        final TestScene shapes;
        final List<SurfaceMaterial> materials = new ArrayList<>();
        final List<Atmosphere> volumes = new ArrayList<>();
        final AmbientMaterial ambient;
        final List<Light> lights;

        View(TestScene shapes, AmbientMaterial ambient, List<Light> lights) {
            this.shapes = shapes;
            this.ambient = ambient;
            this.lights = lights;
        }

        @Override public List<ObjectSpec> objects() { return shapes.objects(); }
        @Override public Pose objectPose(int index, double t) { return shapes.objectPose(index, t); }
        @Override public SurfaceMaterial material(int index) { return materials.get(index); }
        @Override public AmbientMaterial ambient() { return ambient; }
        @Override public AmbientMaterial volume(int index) { return volumes.get(index); }
        @Override public List<Light> lights() { return lights; }
        @Override public long revision() { return shapes.revision(); }
    }

    static View scene(long seed, AmbientMaterial ambient) {
        Random rnd = new Random(seed);
        TestScene s = TestScene.mixed(seed);
        s.add(new Shape.Box(3, 2, 1.5), new Pose(new Vec3(4, 2, 0), Quat.axisAngle(Vec3.Z, 0.4)));
        s.add(new Shape.Sphere(2.5), new Pose(new Vec3(-5, -3, 1), Quat.IDENTITY));
        View v = new View(s, ambient, List.of(Light.sun(new Vec3(0.3, -0.5, -0.8), 900), Light.sky(120)));
        int n = s.objects().size();
        for (int i = 0; i < n; i++) {
            v.volumes.add(i >= n - 2 ? new Atmosphere(1.0, 0.08, 0.5, 2, 2.5) : null);
            v.materials.add(switch (i % 5) {
                case 0, 4 -> new Lambertian(0.05 + 0.9 * rnd.nextDouble());
                case 1 -> new GgxOrenNayarBrdf(1.3 + rnd.nextDouble(), rnd.nextDouble(), 0.05 + 0.4 * rnd.nextDouble(),
                        0.5 * rnd.nextDouble(), rnd.nextDouble());
                case 2 -> new GgxOrenNayarBrdf(i % 2 == 0 ? 1.5 : 0.2, i % 2 == 0 ? 0 : 3.5, 0.005, 0.2, 0.3);
                default -> new ExplicitBrdf(3, 2, 4, 3, rnd.doubles(72, 0, 0.6).toArray());
            });
        }
        return v;
    }

    /** What the device pipeline reads for {@code view}, as the GPU scene encodes it from the kernel forms. */
    static LidarKernels.Inputs inputs(View v, double[] optics, double rangeMax, CounterRandom random, long step) {
        double sky = 0;
        List<Double> suns = new ArrayList<>();
        for (Light l : v.lights) {
            if (l.kind() == Light.Kind.SKY) {
                sky += l.irradiance() * 0.1; // as ReturnPipeline.lights converts them (Detection.KLX_PER_W_M2)
            } else {
                Vec3 to = l.direction().normalized().times(-1);
                suns.addAll(List.of(to.x(), to.y(), to.z(), l.irradiance() * 0.1));
            }
        }
        assertTrue(ShadingInputs.unsupported(v).isEmpty(), "every material has a kernel form");
        return ShadingInputs.of(v, new ShadingTraceScene.Shading(NODES, rangeMax, Math.tan(optics[0]), optics[1],
                optics[2], optics[3], random.key(), step, false, true, doubles(suns), sky));
    }

    static double[] doubles(List<Double> list) {
        return list.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The host program's arguments for one frame (see pipeline_cases.cu): the scene, the inputs, the rays. */
    static double[] encode(FlatScene flat, LidarKernels.Inputs in, ShadingTraceScene.Finish sel, double[] o, double[] d,
            int[] key) {
        List<Double> a = new ArrayList<>();
        for (double x : HostScene.encode(flat)) {
            a.add(x);
        }
        a.addAll(List.of(in.rangeMax(), (double) in.nodes(), in.keepBackground() ? 1.0 : 0.0,
                Double.longBitsToDouble(in.randomKey()), (double) in.step()));
        for (double[] array : new double[][] {in.optics(), in.suns(), in.materialSpec(), in.brdfTable(), in.media()}) {
            a.add((double) array.length);
            for (double x : array) {
                a.add(x);
            }
        }
        a.add(in.skyKlx());
        for (int[] array : new int[][] {in.materialOffset(), in.objectMaterial(), in.objectMedium()}) {
            a.add((double) array.length);
            for (int x : array) {
                a.add((double) x);
            }
        }
        a.addAll(List.of((double) sel.samples(), (double) sel.mode(), sel.rangeMin(), sel.minIntensity(),
                sel.mixingRange()));
        ShadingTraceScene.Detection det = sel.detection();
        a.add(det == null ? 0.0 : 1.0);
        if (det != null) {
            for (double x : DetectionReference.hostTables(det)) {
                a.add(x);
            }
            a.addAll(List.of((double) (det.randomKey() >>> 32), (double) (det.randomKey() & 0xffffffffL),
                    (double) det.channelOf().length));
            for (int x : det.channelOf()) {
                a.add((double) x);
            }
        }
        int rays = key.length;
        a.add((double) rays);
        for (int r = 0; r < rays; r++) {
            a.addAll(List.of(o[3 * r], o[3 * r + 1], o[3 * r + 2], d[3 * r], d[3 * r + 1], d[3 * r + 2], (double) key[r]));
        }
        return doubles(a);
    }

    @Test
    void aFrameWithFogMirrorsAndSunlightIsJavasWithinTheLibmBoundsLP() {
        Setup s = setup(scene(7, new Atmosphere(1.000273, 0.004, 0.15, 1.5, 12)), ReturnMode.STRONGEST, 0.4, false);
        check(s, onHost(s));
    }

    @Test
    void aFrameInClearAirWithFogBanksIsJavasWithinTheLibmBoundsLP() {
        Setup s = setup(scene(8, AmbientMaterial.clear(1.0, 0)), ReturnMode.DUAL, 0, false);
        check(s, onHost(s));
    }

    @Test
    void aFrameWithTheDetectionLawInSunlightIsJavasWithinTheLibmBoundsLDET() {
        Setup s = setup(scene(9, new Atmosphere(1.000273, 0.004, 0.15, 1.5, 12)), ReturnMode.DUAL, 0.4, true);
        Frame f = check(s, onHost(s));
        assertTrue(f.dropped() > BEAMS / 50 && f.falseAlarms() > 0 && f.kept() > BEAMS / 10,
                "the detection law decides among the returns: " + f);
    }

    /**
     * The detection law of {@link #setup}: channels 1 and 2 under a line at 25 m, 10 %, 100 klx with two range
     * precision figures, a 0.3 % false-alarm rate; channel 3 without a line (kept as selected).
     */
    static DetectionReference.Calibration calibration(double[] optics) {
        return new DetectionReference.Calibration(List.of(new DetectionLine(25, 0.1, 100, 0.9, 3e-3, List.of(1, 2),
                List.of(new RangePrecision(10, 0.05), new RangePrecision(100, 0.01)), "frame")), 3, optics[0], optics[1],
                optics[2], optics[3], 0.2);
    }

    /**
     * What a comparison found: candidates (surface, atmospheric) and how many differ in presence or bits, with the
     * largest differences; beams whose candidates differ and that pick other returns; beams with the same candidates
     * whose returns are not Java's bits (the detection's range noise), with their largest OPL difference; and the
     * Java frame's kept returns, dropped ones and false alarms.
     */
    record Frame(int surfaces, int atmospheric, int presenceDiffers, int bitsDiffer, double maxOplError,
            double maxRelativeError, int beamsDiffer, int returnsOffBits, double maxReturnOplError, int kept,
            int dropped, int falseAlarms) {}

    /** A frame to run: its scene, sub-rays, the device inputs, and the Java pipeline's result. */
    record Setup(View view, double[] origins, double[] directions, int[] key, LidarKernels.Inputs inputs,
            ShadingTraceScene.Finish finish, JavaReturns.Frame java, int dropped) {}

    /** The frame: every beam's sub-rays and the Java pipeline's result, with the detection law when {@code detect}. */
    static Setup setup(View v, ReturnMode mode, double mixing, boolean detect) {
        Random rnd = new Random(11);
        int rays = BEAMS * SAMPLES;
        double[] o = new double[3 * rays], d = new double[3 * rays];
        int[] key = new int[rays];
        double[] beamO = new double[3 * BEAMS], beamD = new double[3 * BEAMS];
        TestScene.rays(21, BEAMS, beamO, beamD);
        for (int b = 0; b < BEAMS; b++) {
            for (int k = 0; k < SAMPLES; k++) {
                int r = b * SAMPLES + k;
                double x = beamD[3 * b] + 0.002 * k * rnd.nextGaussian(), y = beamD[3 * b + 1] + 0.002 * k * rnd.nextGaussian(),
                        z = beamD[3 * b + 2] + 0.002 * k * rnd.nextGaussian(), len = Math.sqrt(x * x + y * y + z * z);
                System.arraycopy(beamO, 3 * b, o, 3 * r, 3);
                d[3 * r] = x / len;
                d[3 * r + 1] = y / len;
                d[3 * r + 2] = z / len;
                key[r] = 1000 + b;
            }
        }
        double[] optics = {0.0015, 0.004, 0.01, 0.02};
        CounterRandom random = CounterRandom.of(62, "lidar");
        long step = 5;
        double rangeMin = 0.3, rangeMax = 60, minIntensity = 1e-7;
        JavaReturns.Frame java;
        try (TraceScene trace = new CpuBvhBackend().createScene(v, 1)) {
            trace.update(v, 0);
            java = JavaReturns.frame(v, trace, o, d, key, rays, random, step, DEPTH, SAMPLES, mode, rangeMin, rangeMax,
                    minIntensity, mixing, optics, true);
        }
        ShadingTraceScene.Detection detection = null;
        int dropped = 0; // selected returns the detection law dropped
        if (detect) {
            DetectionReference.Calibration cal = calibration(optics);
            int[] channelOf = new int[1000 + BEAMS], patternIndex = new int[BEAMS];
            for (int i = 0; i < channelOf.length; i++) {
                channelOf[i] = i % 3;
            }
            int per = mode == ReturnMode.DUAL ? 2 : 1;
            Beams beams = new Beams(BEAMS, per, java.background());
            double[] sel = java.selection();
            for (int b = 0; b < BEAMS; b++) {
                patternIndex[b] = key[b * SAMPLES];
                beams.patternIndex[b] = patternIndex[b];
                beams.count[b] = (int) sel[9 * b];
                for (int k = 0; k < beams.count[b]; k++) {
                    beams.opl[per * b + k] = sel[9 * b + 1 + 4 * k];
                    beams.intensity[per * b + k] = sel[9 * b + 2 + 4 * k];
                    beams.entity[per * b + k] = (int) sel[9 * b + 3 + 4 * k];
                    beams.slot[per * b + k] = (int) sel[9 * b + 4 + 4 * k];
                }
            }
            long streamKey = DetectionReference.detect(cal, channelOf, random.key(), step, rangeMin, rangeMax, beams);
            double[] detected = new double[9 * BEAMS];
            for (int b = 0; b < BEAMS; b++) {
                boolean falseAlarm = beams.count[b] == 1 && beams.slot[per * b] < 0;
                dropped += (int) sel[9 * b] - (falseAlarm ? 0 : beams.count[b]);
                detected[9 * b] = beams.count[b];
                for (int k = 0; k < beams.count[b]; k++) {
                    detected[9 * b + 1 + 4 * k] = beams.opl[per * b + k];
                    detected[9 * b + 2 + 4 * k] = beams.intensity[per * b + k];
                    detected[9 * b + 3 + 4 * k] = beams.entity[per * b + k];
                    detected[9 * b + 4 + 4 * k] = beams.slot[per * b + k];
                }
            }
            java = new JavaReturns.Frame(java.opl(), java.intensity(), java.entity(), java.mirror(), java.power(),
                    java.background(), java.diverged(), detected);
            detection = cal.onDevice(channelOf, patternIndex, streamKey);
        }
        return new Setup(v, o, d, key, inputs(v, optics, rangeMax, random, step), new ShadingTraceScene.Finish(BEAMS,
                SAMPLES, mode.ordinal(), rangeMin, rangeMax, minIntensity, mixing, detection, false), java, dropped);
    }

    /** The host program's frame: per slot 6 values after the trace, per slot the diverged intensity, per beam 9. */
    static double[] onHost(Setup s) {
        return HostProgram.run("frame", List.of(encode(FlatSceneTest.flat(s.view().shapes, 0), s.inputs(), s.finish(),
                s.origins(), s.directions(), s.key())))[0];
    }

    /** Compares {@code cuda} (laid out as {@link #onHost} gives it) with the Java pipeline's frame. */
    static Frame check(Setup setup, double[] cuda) {
        JavaReturns.Frame java = setup.java();
        View v = setup.view();
        int rays = setup.key().length;
        int slots = rays * NODES * 2;
        assertEquals(7 * slots + 9 * BEAMS, cuda.length, "results");
        int surfaces = 0, atmospheric = 0, presence = 0, bits = 0, beamsDiffer = 0;
        double oplError = 0, relError = 0;
        boolean[] beamAffected = new boolean[BEAMS];
        for (int s = 0; s < slots; s++) {
            double ci = cuda[6 * s + 1];
            boolean j = java.intensity()[s] >= 0, c = ci >= 0;
            if (j != c) {
                presence++;
                beamAffected[s / (2 * NODES * SAMPLES)] = true;
                continue;
            }
            if (!j) {
                continue;
            }
            if (s % 2 == 0) {
                surfaces++;
            } else {
                atmospheric++;
            }
            assertEquals(java.entity()[s], (int) cuda[6 * s + 2], "entity of slot " + s);
            double[] expected = {java.opl()[s], java.intensity()[s], java.mirror()[s], java.power()[s],
                java.background()[s], java.diverged()[s]};
            double[] actual = {cuda[6 * s], ci, cuda[6 * s + 3], cuda[6 * s + 4], cuda[6 * s + 5], cuda[6 * slots + s]};
            boolean same = true;
            for (int k = 0; k < expected.length; k++) {
                if (s % 2 == 1 && (k == 2 || k == 3)) {
                    continue; // kept for surface candidates only (an atmospheric one's background is 0)
                }
                same &= Double.doubleToLongBits(expected[k]) == Double.doubleToLongBits(actual[k]);
                if (k == 0) {
                    oplError = Math.max(oplError, Math.abs(expected[k] - actual[k]));
                } else if (expected[k] != actual[k]) {
                    relError = Math.max(relError, Math.abs(expected[k] - actual[k]) / Math.abs(expected[k]));
                }
            }
            if (!same) {
                bits++;
                beamAffected[s / (2 * NODES * SAMPLES)] = true;
            }
        }
        int offBits = 0, kept = 0, falseAlarms = 0;
        double returnOplError = 0;
        for (int b = 0; b < BEAMS; b++) {
            double[] e = java.selection(), a = cuda;
            int je = 9 * b, ja = 7 * slots + 9 * b;
            boolean same = true;
            for (int k = 0; k < 9; k++) {
                same &= Double.doubleToLongBits(e[je + k]) == Double.doubleToLongBits(a[ja + k]);
            }
            for (int k = 0; k < (int) e[je]; k++) {
                if (e[je + 4 + 4 * k] < 0) {
                    falseAlarms++;
                } else {
                    kept++;
                }
            }
            if (same) {
                continue;
            }
            if (beamAffected[b]) {
                beamsDiffer++;
                continue;
            }
            // the same candidates: the same returns, up to the range noise's σ (log, exp) and Gaussian (log, cos)
            offBits++;
            assertEquals(e[je], a[ja], "beam " + b + ": count");
            for (int k = 0; k < (int) e[je]; k++) {
                int at = 1 + 4 * k;
                assertEquals(e[je + at + 2], a[ja + at + 2], "beam " + b + ": entity");
                assertEquals(e[je + at + 3], a[ja + at + 3], "beam " + b + ": slot");
                assertEquals(e[je + at + 1], a[ja + at + 1], Math.abs(e[je + at + 1]) * 1e-12, "beam " + b + ": intensity");
                returnOplError = Math.max(returnOplError, Math.abs(e[je + at] - a[ja + at]));
            }
        }
        Frame f = new Frame(surfaces, atmospheric, presence, bits, oplError, relError, beamsDiffer, offBits,
                returnOplError, kept, setup.dropped(), falseAlarms);
        System.out.println("pipeline frame, " + v.ambient + ": " + f);
        assertTrue(surfaces > slots / 40 && atmospheric > slots / 400, "candidates: " + f);
        assertTrue(oplError <= 1e-9, "OPL within 1e-9 m: " + oplError);
        assertTrue(relError <= 1e-12, "intensities within 1e-12 relative: " + relError);
        assertTrue(presence <= slots / 10_000, "candidates present on one side only: " + presence);
        assertTrue(returnOplError <= 1e-9, "returns' OPL within 1e-9 m: " + returnOplError);
        return f;
    }
}
