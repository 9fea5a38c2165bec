package sensor.lidar.api;

import java.util.ArrayList;
import java.util.List;

import sensor.api.Args;
import sensor.api.lidar.LidarModelType;
import sensor.api.frame.CloudLayout;
import sensor.api.frame.OutputField;
import sensor.api.lidar.RayPatternGenerator;

/**
 * Typed configuration of the {@code lidar} sensor type, fluent in the spirit of the AGX manual. Every
 * setter validates first and leaves the configuration unchanged when it throws. Defaults: range
 * [0.3, 100] m, divergence half-angle 1 mrad, emitter and detector radius 5 mm ([L-16], [L-21]), heap
 * depth 2, strongest return, one sample per beam, 16 time slices per output, all processors.
 */
public final class LidarConfig {
    /** Dark share of the detection noise at the datasheet's condition [L-DET] when none is set. */
    public static final double DEFAULT_DARK_SHARE = 0.1;

    private RayPatternGenerator pattern;
    private LidarModelType model;
    private LidarModelType.Mode mode;
    private double rangeMin = 0.3, rangeMax = 100;
    private double divergenceHalfAngle = 0.001, emitterRadius = 0.005, detectorRadius = 0.005, detectorOffset = 0;
    private int heapDepth = 2;
    private ReturnMode returnMode = ReturnMode.STRONGEST;
    private int beamSamples = 1;
    private double minIntensity = 0;
    private int timeSlices = 16;
    private int threads = Runtime.getRuntime().availableProcessors();
    private LidarBackend backend = LidarBackend.CPU;
    private boolean emitMisses;
    private List<StageSpec> distortions = List.of();
    private List<StageSpec> noises = List.of();
    private CloudLayout cloudLayout;
    private List<LidarModelType.DetectionLine> detection;
    private double darkShare = DEFAULT_DARK_SHARE;
    private double pulseWidth;
    private List<OutputField> fields =
            List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32, OutputField.RING_ID_U16, OutputField.TIME_STAMP_F64);

    /** A configuration of a catalog model in one of its modes (pattern, range and divergence from the model). */
    public static LidarConfig of(LidarModelType model, LidarModelType.Mode mode) {
        return new LidarConfig().setModel(model, mode);
    }

    /** Uses a catalog model in {@code mode}: its pattern, range limits, divergence and a 10 mm beam. */
    public LidarConfig setModel(LidarModelType m, LidarModelType.Mode mode) {
        RayPatternGenerator p = RayPatterns.of(m, mode);
        this.model = m;
        this.mode = mode;
        this.pattern = p;
        this.rangeMax = m.rangeMax();
        this.rangeMin = m.rangeMin();
        this.divergenceHalfAngle = m.divergenceHalfAngle();
        this.emitterRadius = 0.005;
        this.detectorRadius = 0.005;
        return this;
    }

    /** Uses a custom ray pattern. */
    public LidarConfig setPattern(RayPatternGenerator p) {
        this.pattern = Args.notNull("pattern", p);
        this.model = null;
        this.mode = null;
        return this;
    }

    /** Range limits, m: {@code 0 <= min < max}. */
    public LidarConfig setRange(double min, double max) {
        Args.nonNegative("rangeMin", min);
        Args.positive("rangeMax", max);
        if (!(min < max)) {
            throw new IllegalArgumentException("rangeMin must be < rangeMax, got " + min + " >= " + max);
        }
        rangeMin = min;
        rangeMax = max;
        return this;
    }

    /** Beam divergence half-angle θ_D, rad, in [0, 0.1] ([L-16]). */
    public LidarConfig setDivergenceHalfAngle(double rad) {
        divergenceHalfAngle = Args.inRange("divergenceHalfAngle", rad, 0, 0.1);
        return this;
    }

    /** Emitter radius E, detector radius R and the detector's lateral offset r_D, m ([L-16], [L-21]). */
    public LidarConfig setOptics(double emitterRadius, double detectorRadius, double detectorOffset) {
        Args.inRange("emitterRadius", emitterRadius, 0, 1);
        Args.inRange("detectorRadius", detectorRadius, 1e-6, 1);
        Args.inRange("detectorOffset", detectorOffset, 0, 1);
        this.emitterRadius = emitterRadius;
        this.detectorRadius = detectorRadius;
        this.detectorOffset = detectorOffset;
        return this;
    }

    /** Depth of the interface heap, 1 (first hit only) to 8 ([L-P]). */
    public LidarConfig setHeapDepth(int depth) {
        heapDepth = Args.inRange("heapDepth", depth, 1, 8);
        return this;
    }

    public LidarConfig setReturnMode(ReturnMode mode) {
        returnMode = Args.notNull("returnMode", mode);
        return this;
    }

    /** Sub-rays per beam over its cross-section, 1 to 64 ([L-MS]). */
    public LidarConfig setBeamSamples(int n) {
        beamSamples = Args.inRange("beamSamples", n, 1, 64);
        return this;
    }

    /** Detection threshold on the relative intensity, in [0, 1]. */
    public LidarConfig setMinIntensity(double v) {
        minIntensity = Args.inRange("minIntensity", v, 0, 1);
        return this;
    }

    /** Scene updates per output when objects move with bodies, 1 to 4096 ([L-T]); a static scene needs one. */
    public LidarConfig setTimeSlices(int n) {
        timeSlices = Args.inRange("timeSlices", n, 1, 4096);
        return this;
    }

    /** Where the trace stage runs (default {@link LidarBackend#CPU}). */
    public LidarConfig setBackend(LidarBackend b) {
        backend = Args.notNull("backend", b);
        return this;
    }

    /** Worker threads, 1 to 256; the output does not depend on it. */
    public LidarConfig setThreads(int n) {
        threads = Args.inRange("threads", n, 1, 256);
        return this;
    }

    /** Also output rays that hit nothing (IS_HIT_I32 = 0). */
    public LidarConfig setEmitMisses(boolean b) {
        emitMisses = b;
        return this;
    }

    /** Ray distortion stages applied before tracing, in order. */
    public LidarConfig setDistortions(List<StageSpec> stages) {
        distortions = List.copyOf(Args.notNull("distortions", stages));
        return this;
    }

    /** Output-stage noise applied after tracing, in order. */
    public LidarConfig setNoises(List<StageSpec> stages) {
        noises = List.copyOf(Args.notNull("noises", stages));
        return this;
    }

    /** Output fields, packed in this order; at least one, no duplicates, none of the radar's. */
    public LidarConfig setFields(List<OutputField> f) {
        Args.notNull("fields", f);
        if (f.isEmpty() || f.stream().anyMatch(java.util.Objects::isNull) || f.stream().distinct().count() != f.size()) {
            throw new IllegalArgumentException("fields must be a non-empty list of distinct OutputField values, got " + f);
        }
        for (OutputField radar : List.of(OutputField.RADIAL_VELOCITY_F32, OutputField.RCS_F32)) {
            if (f.contains(radar)) {
                throw new IllegalArgumentException("fields: " + radar + " is a radar field, a lidar cannot produce it");
            }
        }
        fields = List.copyOf(new ArrayList<>(f));
        return this;
    }

    /** Publishes the points in {@code layout}; null (the default) means the model's vendor's layout. */
    public LidarConfig setCloudLayout(CloudLayout layout) {
        cloudLayout = layout;
        return this;
    }

    /**
     * Decides detection by these datasheet lines [L-DET] instead of the model's; an empty list turns detection off
     * (every return above {@code minIntensity} is kept, as without a datasheet).
     */
    public LidarConfig setDetection(List<LidarModelType.DetectionLine> lines) {
        detection = List.copyOf(Args.notNull("detection", lines));
        return this;
    }

    /** The dark share of the detection noise at the datasheet's condition [L-DET], in [0, 1] (default 0.1). */
    public LidarConfig setDarkShare(double share) {
        darkShare = Args.inRange("darkShare", share, 0, 1);
        return this;
    }

    /**
     * The laser pulse's duration τ, s, in [0, 1e-6] (default 0: returns do not mix). With several samples per beam
     * [L-MS], returns closer in range than c·τ/2 merge into one mixed-pixel return [L-DET].
     */
    public LidarConfig setPulseWidth(double seconds) {
        pulseWidth = Args.inRange("pulseWidth", seconds, 0, 1e-6);
        return this;
    }

    public double pulseWidth() { return pulseWidth; }

    /** The pulse's range resolution c·τ/2, m (0 without a pulse width). */
    public double rangeResolution() {
        return 299_792_458.0 * pulseWidth / 2;
    }

    public RayPatternGenerator pattern() { return pattern; }
    /** The catalog model, or null for a custom pattern. */
    public LidarModelType model() { return model; }
    /** The model's mode, or null for a custom pattern. */
    public LidarModelType.Mode mode() { return mode; }
    public double rangeMin() { return rangeMin; }
    public double rangeMax() { return rangeMax; }
    public double divergenceHalfAngle() { return divergenceHalfAngle; }
    public double emitterRadius() { return emitterRadius; }
    public double detectorRadius() { return detectorRadius; }
    public double detectorOffset() { return detectorOffset; }
    public int heapDepth() { return heapDepth; }
    public ReturnMode returnMode() { return returnMode; }
    public int beamSamples() { return beamSamples; }
    public double minIntensity() { return minIntensity; }
    public int timeSlices() { return timeSlices; }
    public int threads() { return threads; }
    public LidarBackend backend() { return backend; }
    public boolean emitMisses() { return emitMisses; }
    public List<StageSpec> distortions() { return distortions; }
    public List<StageSpec> noises() { return noises; }
    public List<OutputField> fields() { return fields; }

    /** The detection lines set, else the model's datasheet lines, else none (detection off). */
    public List<LidarModelType.DetectionLine> detection() {
        return detection != null ? detection : model != null ? model.detection() : List.of();
    }

    public double darkShare() { return darkShare; }

    /** The layout set, else the model's vendor's ({@link CloudLayout#ofVendor}), else {@link CloudLayout#GENERIC}. */
    public CloudLayout cloudLayout() {
        return cloudLayout != null ? cloudLayout : model != null ? CloudLayout.ofVendor(model.vendor()) : CloudLayout.GENERIC;
    }
}
