package sensor.lidar;

import java.util.List;

import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.raytrace.ShadingTraceScene;
import sensor.api.lidar.LidarModelType.RangePrecision;

/**
 * Threshold detection calibrated from a datasheet [L-DET]. A return's signal is {@code S = K·I}, its intensity I from
 * the chain ([L-3], [L-13], [L-21]) times the sensor's signal scale K. The noise has a dark part and a part from the
 * sunlight the target reflects towards the sensor (background B: illuminance in klx times the target's reflectance in
 * the sensor's view, {@code π·f(l_sun, v)·cos θ_sun}, which is ρ·cos θ_sun for a Lambertian target), in units of the
 * noise at the datasheet's condition: {@code σ² = d + (1 − d)·B / (E_ds·ρ_ds)}, d the dark share. A detector that
 * keeps its false-alarm rate constant (an adaptive threshold) sets the threshold at {@code z·σ},
 * {@code z = Φ⁻¹(1 − P_fa)}, so a return is detected with {@code P_d = Φ(S/σ − z)} (a known signal in Gaussian
 * noise, Neyman–Pearson). K follows from the datasheet line: {@code K = (z + Φ⁻¹(P_d,ds)) / I_ds}, where {@code I_ds}
 * is the intensity of a perpendicular Lambertian target of ρ_ds at R_ds in clear air, so the datasheet's condition is
 * detected with exactly its P_d. A ray without a detected return reports a false alarm with probability P_fa, at a
 * range uniform over the sensor's range (uniform over its range bins).
 *
 * <p>Range precision: where the line prints the range's standard deviation at some SNRs, a detected return's range
 * scatters with σ(S/σ) interpolated between them linearly in log σ over log SNR (a power law between two figures, the
 * form of timing jitter, σ ∝ SNR^−p), the best figure above the highest SNR and the lowest segment's law continued
 * below the lowest SNR (returns near the threshold scatter most), down to SNR 1 (or the lowest figure, if lower),
 * where it holds: a crossing triggered at the noise's level is timed no worse, and σ stays finite at SNR 0.
 *
 * <p>Where a datasheet gives the detection probability at two ranges (two lines on one channel), both hold: the pair
 * fixes the scale and the threshold, and the false-alarm rate is the one they imply.
 */
final class Detection {
    /** Sunlight: illuminance of 1 W/m² of irradiance, klx (daylight's luminous efficacy, about 100 lm/W). */
    static final double KLX_PER_W_M2 = 0.1;

    private final double[] scale, threshold, falseAlarm, background;
    /** Per channel: the line's precision figures sorted by SNR, as log SNR and log σ (null: none). */
    private final double[][] logSnr, logSigma;
    private final double darkShare;

    /**
     * The calibration of each of {@code channels} channels from {@code lines} (a line without channels holds for all);
     * {@code divergence} gives the intensity of the datasheet's target. A channel no line covers is not decided
     * (always detected, no false alarms).
     */
    Detection(List<DetectionLine> lines, int channels, BeamDivergence divergence, double darkShare) {
        if (!(darkShare >= 0 && darkShare <= 1)) {
            throw new IllegalArgumentException("darkShare must be in [0, 1], got " + darkShare);
        }
        this.darkShare = darkShare;
        scale = new double[channels];
        threshold = new double[channels];
        falseAlarm = new double[channels];
        background = new double[channels];
        logSnr = new double[channels][];
        logSigma = new double[channels][];
        java.util.Arrays.fill(scale, Double.NaN);
        for (int c = 0; c < channels; c++) {
            int channel = c + 1;
            List<DetectionLine> own = lines.stream()
                    .filter(l -> l.channels().isEmpty() || l.channels().contains(channel)).toList();
            if (own.isEmpty()) {
                continue;
            }
            if (own.size() > 2) {
                throw new IllegalArgumentException("detection: channel " + channel + " has " + own.size()
                        + " lines; at most two (one probability at each of two ranges) may cover a channel");
            }
            DetectionLine l = own.get(0);
            double intensity = l.reflectivity() / Math.PI * divergence.detectedRatio(l.range());
            double q = inverseNormal(l.detectionProbability());
            if (own.size() == 1) {
                threshold[c] = inverseNormal(1 - l.falseAlarmRate());
                scale[c] = (threshold[c] + q) / intensity;
                falseAlarm[c] = l.falseAlarmRate();
            } else {
                fitTwo(c, l, intensity, q, own.get(1), divergence);
            }
            background[c] = l.ambientKlx() * l.reflectivity();
            List<RangePrecision> figures = own.stream().flatMap(d -> d.precision().stream())
                    .sorted(java.util.Comparator.comparingDouble(RangePrecision::snr)).toList();
            logSnr[c] = figures.isEmpty() ? null : figures.stream().mapToDouble(p -> Math.log(p.snr())).toArray();
            logSigma[c] = figures.stream().mapToDouble(p -> Math.log(p.sigma())).toArray();
        }
    }

    /**
     * Two lines on channel c, one detection probability at each of two ranges (Ouster rev 6: &gt; 90 % at one range,
     * &gt; 50 % farther): both {@code K·I_i − z = Φ⁻¹(P_i)} hold, which fixes the scale K and the threshold z, and the
     * false-alarm rate follows as {@code 1 − Φ(z)} (the lines' own rates are not used).
     */
    private void fitTwo(int c, DetectionLine a, double intensityA, double qa, DetectionLine b, BeamDivergence divergence) {
        if (a.reflectivity() != b.reflectivity() || a.ambientKlx() != b.ambientKlx()) {
            throw new IllegalArgumentException("detection: the two lines of channel " + (c + 1) + " must share their"
                    + " reflectivity and sunlight, got " + a.reflectivity() + " at " + a.ambientKlx() + " klx and "
                    + b.reflectivity() + " at " + b.ambientKlx() + " klx");
        }
        double intensityB = b.reflectivity() / Math.PI * divergence.detectedRatio(b.range());
        double k = (qa - inverseNormal(b.detectionProbability())) / (intensityA - intensityB);
        double z = k * intensityA - qa;
        if (!(k > 0) || !(z > 0)) {
            throw new IllegalArgumentException("detection: the lines of channel " + (c + 1) + " (" + a.detectionProbability()
                    + " at " + a.range() + " m, " + b.detectionProbability() + " at " + b.range() + " m) contradict each"
                    + " other: the nearer range must have the higher detection probability");
        }
        scale[c] = k;
        threshold[c] = z;
        falseAlarm[c] = 1 - normal(z);
    }

    /**
     * This calibration as a device runs it [L-DET], for beams of pattern indices {@code patternIndex} whose channels
     * are {@code channelOf[index]}, drawing from the stream of key {@code randomKey}: the per-channel tables, and the
     * precision figures of all channels in one array.
     */
    ShadingTraceScene.Detection onDevice(int[] channelOf, int[] patternIndex, long randomKey) {
        int[] start = new int[scale.length + 1];
        for (int c = 0; c < scale.length; c++) {
            start[c + 1] = start[c] + (logSnr[c] == null ? 0 : logSnr[c].length);
        }
        return new ShadingTraceScene.Detection(scale.clone(), threshold.clone(), falseAlarm.clone(), background.clone(),
                start, flat(logSnr), flat(logSigma), darkShare, channelOf, patternIndex, randomKey);
    }

    /** The channels' figures in channel order, in one array (a channel without figures has none). */
    private static double[] flat(double[][] perChannel) {
        return java.util.Arrays.stream(perChannel).filter(a -> a != null).flatMapToDouble(java.util.Arrays::stream)
                .toArray();
    }

    /** Whether channel {@code c} has a datasheet line. */
    boolean decides(int c) {
        return !Double.isNaN(scale[c]);
    }

    /** Signal over noise of a return of {@code intensity} on channel {@code c} with background {@code b} (klx). */
    double snr(int c, double intensity, double b) {
        double ref = background[c]; // a line without sunlight: the noise is the dark noise whatever the sun
        return scale[c] * intensity / Math.sqrt(ref > 0 ? darkShare + (1 - darkShare) * b / ref : 1);
    }

    /** The probability that a return of signal-to-noise ratio {@code snr} is detected on channel c. */
    double probability(int c, double snr) {
        return normal(snr - threshold[c]);
    }

    /** The range's standard deviation (m) of a return with signal-to-noise ratio {@code snr} on channel c; 0 without figures. */
    double rangeSigma(int c, double snr) {
        double[] x = logSnr[c], y = logSigma[c];
        if (x == null) {
            return 0;
        }
        double l = Math.max(Math.log(snr), Math.min(0, x[0])); // held below SNR 1 (or the lowest figure's below it)
        if (x.length == 1 || l >= x[x.length - 1]) {
            return Math.exp(y[y.length - 1]);
        }
        int k = 0; // the segment [k, k+1] holding l (below the highest SNR), or the lowest one below the lowest SNR
        while (l > x[k + 1]) {
            k++;
        }
        return Math.exp(y[k] + (y[k + 1] - y[k]) * (l - x[k]) / (x[k + 1] - x[k]));
    }

    /** The intensity at the threshold with the datasheet's noise on channel {@code c} (a false alarm's). */
    double thresholdIntensity(int c) {
        return threshold[c] / scale[c];
    }

    /** The false-alarm rate per ray of channel {@code c}. */
    double falseAlarmRate(int c) {
        return falseAlarm[c];
    }

    /** Φ(x), the standard normal distribution function: {@code erfc(−x/√2)/2}. */
    static double normal(double x) {
        return 0.5 * erfc(-x / Math.sqrt(2));
    }

    /**
     * erfc(x) by the Chebyshev fit of Numerical Recipes ({@code erfcc}, fractional error below 1.2e-7 everywhere).
     */
    static double erfc(double x) {
        double z = Math.abs(x), t = 1 / (1 + 0.5 * z);
        double r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
                + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? r : 2 - r;
    }

    /** Φ⁻¹(p) for p in (0, 1): bisection on {@link #normal} to 1e-12. */
    static double inverseNormal(double p) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("a probability in (0, 1) is needed, got " + p);
        }
        double lo = -40, hi = 40;
        for (int i = 0; i < 200 && hi - lo > 1e-12; i++) {
            double mid = 0.5 * (lo + hi);
            if (normal(mid) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }
}
