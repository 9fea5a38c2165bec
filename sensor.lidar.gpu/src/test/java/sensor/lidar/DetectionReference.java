package sensor.lidar;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;

import sensor.api.ComputePool;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.RayBuffer;
import sensor.api.random.CounterRandom;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.sensor.SampleContext;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.ReturnMode;

/**
 * The package-private Java stages of sensor.lidar that {@code detection.cuh} ports, opened for
 * {@code sensor.lidar.gpu.DetectionOnHostTest}: Expm1, BeamDivergence, a calibrated Detection with the tables its
 * constructor made (the ones a kernel receives), and LidarStages.detect itself on a frame of beams.
 */
public final class DetectionReference {
    private DetectionReference() {}

    /** Expm1.expm1. */
    public static double expm1(double x) {
        return Expm1.expm1(x);
    }

    /** BeamDivergence's radius(x), detectedRatio(x) and mirrorReturn(x, cos). */
    public static double[] divergence(double halfAngle, double emitterRadius, double detectorRadius,
            double detectorOffset, double x, double cos) {
        BeamDivergence b = new BeamDivergence(halfAngle, emitterRadius, detectorRadius, detectorOffset);
        return new double[] {b.radius(x), b.detectedRatio(x), b.mirrorReturn(x, cos)};
    }

    /** Detection.normal. */
    public static double normal(double x) {
        return Detection.normal(x);
    }

    /** Detection.erfc. */
    public static double erfc(double x) {
        return Detection.erfc(x);
    }

    /** A Detection calibrated from datasheet lines, and the per-channel tables its constructor made. */
    public static final class Calibration {
        final Detection detection;
        final BeamDivergence divergence;
        public final int channels;
        public final double darkShare;
        public final double[] scale, threshold, falseAlarm, background;
        public final double[][] logSnr, logSigma;

        public Calibration(List<DetectionLine> lines, int channels, double halfAngle, double emitterRadius,
                double detectorRadius, double detectorOffset, double darkShare) {
            this.channels = channels;
            this.darkShare = darkShare;
            divergence = new BeamDivergence(halfAngle, emitterRadius, detectorRadius, detectorOffset);
            detection = new Detection(lines, channels, divergence, darkShare);
            scale = field("scale");
            threshold = field("threshold");
            falseAlarm = field("falseAlarm");
            background = field("background");
            logSnr = field("logSnr");
            logSigma = field("logSigma");
            if (this.<Double>field("darkShare") != darkShare) {
                throw new AssertionError("Detection's darkShare");
            }
        }

        @SuppressWarnings("unchecked")
        private <T> T field(String name) {
            try {
                Field f = Detection.class.getDeclaredField(name);
                f.setAccessible(true);
                return (T) f.get(detection);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("Detection." + name + ": " + e, e);
            }
        }

        /** Detection.onDevice: the tables a device receives. */
        public sensor.api.raytrace.ShadingTraceScene.Detection onDevice(int[] channelOf, int[] patternIndex, long key) {
            return detection.onDevice(channelOf, patternIndex, key);
        }

        public boolean decides(int c) { return detection.decides(c); }
        public double snr(int c, double intensity, double b) { return detection.snr(c, intensity, b); }
        public double probability(int c, double snr) { return detection.probability(c, snr); }
        public double rangeSigma(int c, double snr) { return detection.rangeSigma(c, snr); }
        public double thresholdIntensity(int c) { return detection.thresholdIntensity(c); }
        public double falseAlarmRate(int c) { return detection.falseAlarmRate(c); }

        /**
         * The tables as detection_cases.cu reads them: darkShare, C, F, scale[C], threshold[C], falseAlarm[C],
         * background[C], precisionStart[C + 1], logSnr[F], logSigma[F] (a channel without figures: none).
         */
        public double[] tables() {
            return hostTables(detection.onDevice(new int[0], new int[0], 0));
        }
    }

    /**
     * Detection tables as host_detection.h reads them: darkShare, C, F, scale[C], threshold[C], falseAlarm[C],
     * background[C], precisionStart[C + 1], logSnr[F], logSigma[F].
     */
    public static double[] hostTables(ShadingTraceScene.Detection d) {
        int c = d.scale().length, f = d.logSnr().length;
        double[] t = new double[3 + 5 * c + 1 + 2 * f];
        t[0] = d.darkShare();
        t[1] = c;
        t[2] = f;
        System.arraycopy(d.scale(), 0, t, 3, c);
        System.arraycopy(d.threshold(), 0, t, 3 + c, c);
        System.arraycopy(d.falseAlarm(), 0, t, 3 + 2 * c, c);
        System.arraycopy(d.background(), 0, t, 3 + 3 * c, c);
        for (int k = 0; k <= c; k++) {
            t[3 + 4 * c + k] = d.precisionStart()[k];
        }
        System.arraycopy(d.logSnr(), 0, t, 3 + 5 * c + 1, f);
        System.arraycopy(d.logSigma(), 0, t, 3 + 5 * c + 1 + f, f);
        return t;
    }

    /** A frame of beams for {@link #detect}: per beam its pattern index and returns, per return slot its background. */
    public static final class Beams {
        public final int[] patternIndex, count, entity, slot;
        public final double[] opl, intensity, candBackground;
        public final int perBeam;

        public Beams(int beams, int perBeam) {
            this(beams, perBeam, new double[beams * perBeam]);
        }

        /** Beams whose returns' slots index {@code candBackground} (a frame's candidate slots). */
        public Beams(int beams, int perBeam, double[] candBackground) {
            this.perBeam = perBeam;
            patternIndex = new int[beams];
            count = new int[beams];
            entity = new int[beams * perBeam];
            slot = new int[beams * perBeam];
            opl = new double[beams * perBeam];
            intensity = new double[beams * perBeam];
            this.candBackground = candBackground;
        }
    }

    /**
     * Runs the detection stage of LidarStages (its private {@code detect}, by reflection) on {@code beams} as the
     * first random stage of a sample of index {@code step} of a sensor with random key {@code sensorKey}; the
     * returns are changed in place. Returns the key of the stream the stage drew from.
     */
    public static long detect(Calibration cal, int[] channelOf, long sensorKey, long step, double rangeMin,
            double rangeMax, Beams beams) {
        SampleContext ctx = (SampleContext) Proxy.newProxyInstance(DetectionReference.class.getClassLoader(),
                new Class<?>[] {SampleContext.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "index" -> step;
                    case "random" -> CounterRandom.ofKey(sensorKey);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        ReturnMode mode = beams.perBeam == 2 ? ReturnMode.DUAL : ReturnMode.STRONGEST;
        LidarConfig config = new LidarConfig().setRange(rangeMin, rangeMax).setReturnMode(mode);
        ReturnPipeline pipeline = new ReturnPipeline(2, 1, rangeMin, rangeMax, 0, 0, mode, cal.divergence,
                ComputePool.serial(), 1);
        pipeline.candBackground = beams.candBackground;
        LidarFrame frame = new LidarFrame(ctx, null, null, null);
        frame.rays = new RayBuffer(beams.count.length);
        System.arraycopy(beams.patternIndex, 0, frame.rays.patternIndex, 0, beams.count.length);
        frame.returnCount = beams.count;
        frame.returnOpl = beams.opl;
        frame.returnIntensity = beams.intensity;
        frame.returnEntity = beams.entity;
        frame.returnSlot = beams.slot;
        try {
            Method detect = LidarStages.class.getDeclaredMethod("detect", LidarFrame.class, LidarConfig.class,
                    ReturnPipeline.class, Detection.class, int[].class);
            detect.setAccessible(true);
            detect.invoke(null, frame, config, pipeline, cal.detection, channelOf);
        } catch (InvocationTargetException e) {
            throw new AssertionError("LidarStages.detect: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("LidarStages.detect: " + e, e);
        }
        return new LidarFrame(ctx, null, null, null).nextStream().key(); // the first random stage's stream, as detect's
    }
}
