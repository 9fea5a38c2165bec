package sensor.api.lidar;

import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.Args;
import sensor.api.ConfigReader;
import sensor.api.PluginType;

/**
 * A lidar model as its maker publishes it: the beam table, where each beam starts and when it fires, the modes
 * and rates the sensor offers, its range limits, beam divergence and return modes, and the file all that was read
 * from. Vendor bundles register models as services with {@link #ID_PROPERTY}; a lidar names one with
 * {@code model: <id>} and {@code mode: <mode name>}, and the lidar bundle builds the ray pattern from the beams (a
 * spinning model) or the {@link #replay} (a non-repetitive one), so a model bundle needs only this contract. Its
 * configuration is the mode.
 */
@ConsumerType
public interface LidarModelType extends PluginType<LidarModelType.Mode> {
    /** The service property carrying the model id, for target filters: {@code (lidar.model=VLP-16)}. */
    String ID_PROPERTY = "lidar.model";

    /**
     * A way the sensor can run: {@code columns} firing columns (blocks, firing sequences) per scan and
     * {@code rate} scans per second. A non-repetitive pattern has no columns (0) and names its point rate instead.
     *
     * @param name    as the maker writes it ({@code 1024x10}, {@code 600rpm}, {@code 10Hz})
     * @param columns columns per scan, 0 for a non-repetitive pattern
     * @param rate    scans (rotations, frames) per second, Hz
     */
    record Mode(String name, int columns, double rate) {}

    /** How a table relates to the sensors sold under the model's name. */
    enum Provenance {
        /** The maker's design values (nominal angles), as published. */
        NOMINAL,
        /** The factory calibration of one unit, as published; other units differ by fractions of a degree. */
        UNIT_CALIBRATION,
        /** A scan pattern recorded or published for the model. */
        PATTERN,
        /** Computed here from another published table; the note says how. */
        DERIVED,
        /**
         * Geometry only approximated (from a datasheet's field of view and point rate, or a vendor's formula with assumed
         * angles): the real rays differ, so the model is not counted among the catalog's exact models; the note says how
         * it was made.
         */
        APPROXIMATE
    }

    /**
     * Where a model's table comes from.
     *
     * @param file       the vendor file, as named in the bundle
     * @param origin     repository, path and commit it was copied from
     * @param licence    its licence
     * @param provenance what the table is
     * @param note       what else a user should know (a derivation, a firmware, a choice made in reading it)
     */
    record Source(String file, String origin, String licence, Provenance provenance, String note) {}

    /**
     * One laser of a spinning model. The sensor head turns about +z; at head angle θ (counter-clockwise from +x)
     * the beam points along {@code (cos φ cos(θ+α), cos φ sin(θ+α), sin φ)} from the point {@code R_z(θ)·origin}.
     *
     * @param elevation     φ, rad, up from the xy plane
     * @param azimuthOffset α, rad, counter-clockwise from the head angle
     * @param originX       beam origin in the head frame at θ = 0, m
     * @param originY       idem
     * @param originZ       idem
     * @param firingTime    when the beam fires relative to its column's time, s
     */
    record Beam(double elevation, double azimuthOffset, double originX, double originY, double originZ,
            double firingTime) {}

    /** The maker, e.g. {@code Velodyne}. */
    String vendor();

    /** The file the table was read from, its licence and what it is. */
    Source source();

    /** The lasers in channel order (the ring field's numbering); empty for a non-repetitive pattern. */
    List<Beam> beams();

    /** The modes the sensor offers, the default first. */
    List<Mode> modes();

    /** Nearest range reported, m. */
    double rangeMin();

    /** Farthest range reported, m. */
    double rangeMax();

    /** The 1/e² beam divergence half-angle, rad ([L-16]). */
    double divergenceHalfAngle();

    /** The return modes the sensor offers, as the lidar's {@code returnMode} names them ({@code STRONGEST}...). */
    List<String> returnModes();

    /**
     * A published ray list, replayed at {@code pointRate} rays per second: ray i (azimuth counter-clockwise from +x,
     * elevation up, rad) fires at {@code times[i]} into its frame, or at {@code i / pointRate} without times, frames
     * going on where the last stopped and wrapping after the last ray; a frame of n rays lasts
     * {@code n / pointRate}. A recorded non-repetitive pattern has no times; a solid-state or 2D scanner's frame
     * (every ray of one scan with its firing time) has.
     *
     * @param azimuths   rad
     * @param elevations rad, as many as azimuths
     * @param pointRate  rays per second
     * @param times      s into the frame, in {@code [0, n / pointRate)}, as many as azimuths; null: {@code i / pointRate}
     * @param channels   the channel (ring, layer) of each ray, from 0; null: every ray is channel 0
     */
    record Replay(double[] azimuths, double[] elevations, double pointRate, double[] times, int[] channels) {
        /** A recorded pattern fired at even intervals, one channel. */
        public Replay(double[] azimuths, double[] elevations, double pointRate) {
            this(azimuths, elevations, pointRate, null, null);
        }
    }

    /** The recorded pattern of a non-repetitive model; null for a spinning model, whose {@link #beams()} fire. */
    Replay replay();

    /**
     * One detection figure of a datasheet [L-DET]: a perpendicular Lambertian target of {@code reflectivity} at
     * {@code range} under {@code ambientKlx} of sunlight is detected with {@code detectionProbability}, and a ray
     * reports a false alarm with {@code falseAlarmRate}; for the 1-based {@code channels} listed (empty: every channel).
     * The datasheet's range precision at given signal-to-noise ratios, where it prints one, makes the range noise of a
     * detected return grow as its SNR falls.
     *
     * @param range                m, &gt; 0
     * @param reflectivity         in (0, 1]
     * @param ambientKlx           sunlight on the target, klx, in [0, 200]
     * @param detectionProbability in (0, 1)
     * @param falseAlarmRate       per ray, in (0, 0.5)
     * @param channels             1-based channels the line holds for, empty for all
     * @param precision            range precision (1σ) at SNR levels, distinct SNRs; empty: no SNR-dependent noise
     * @param source               where the figure is printed (document, page)
     * @param citation             how directly {@code source} gives the figure
     */
    record DetectionLine(double range, double reflectivity, double ambientKlx, double detectionProbability,
            double falseAlarmRate, List<Integer> channels, List<RangePrecision> precision, String source,
            Citation citation) {
        /** A line read on the maker's own document ({@link Citation#CITED}). */
        public DetectionLine(double range, double reflectivity, double ambientKlx, double detectionProbability,
                double falseAlarmRate, List<Integer> channels, List<RangePrecision> precision, String source) {
            this(range, reflectivity, ambientKlx, detectionProbability, falseAlarmRate, channels, precision, source,
                    Citation.CITED);
        }

        /** A cited line without range precision figures. */
        public DetectionLine(double range, double reflectivity, double ambientKlx, double detectionProbability,
                double falseAlarmRate, List<Integer> channels, String source) {
            this(range, reflectivity, ambientKlx, detectionProbability, falseAlarmRate, channels, List.of(), source);
        }

        /** Checks each figure against its range. */
        public DetectionLine {
            Args.positive("range", range);
            Args.inRange("reflectivity", reflectivity, 1e-9, 1);
            Args.inRange("ambientKlx", ambientKlx, 0, 200);
            Args.inRange("detectionProbability", detectionProbability, 1e-9, 1 - 1e-9);
            Args.inRange("falseAlarmRate", falseAlarmRate, 1e-12, 0.5);
            channels = List.copyOf(channels == null ? List.of() : channels);
            for (int c : channels) {
                if (c < 1) {
                    throw new IllegalArgumentException("channels are numbered from 1, got " + c);
                }
            }
            precision = List.copyOf(precision == null ? List.of() : precision);
            if (precision.stream().map(RangePrecision::snr).distinct().count() < precision.size()) {
                throw new IllegalArgumentException("precision: each SNR may be given once, got " + precision);
            }
            Args.notNull("citation", citation);
        }

        /** The same line with these range precision figures. */
        public DetectionLine withPrecision(List<RangePrecision> figures) {
            return new DetectionLine(range, reflectivity, ambientKlx, detectionProbability, falseAlarmRate, channels,
                    figures, source, citation);
        }
    }

    /** How directly a datasheet figure was read. */
    enum Citation {
        /** On the maker's datasheet or manual, or quoted from it with the document named. */
        CITED,
        /** From a third party's page that quotes the maker without naming the document. */
        SECONDARY,
        /** From a licensed file that states the figure without any source. */
        UNCITED;

        /** Lower case, as {@code types} and the models page print it. */
        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A datasheet's range precision [L-DET]: returns with signal-to-noise ratio {@code snr} scatter in range with standard
     * deviation {@code sigma}.
     *
     * @param snr   signal over noise (amplitude), &gt; 0
     * @param sigma m, in (0, 10]
     */
    record RangePrecision(double snr, double sigma) {
        /** Checks both figures against their ranges. */
        public RangePrecision {
            Args.positive("snr", snr);
            Args.inRange("sigma", sigma, 1e-9, 10);
        }
    }

    /**
     * This model with the beams of one unit's own calibration file (named {@code file}, content {@code text}), read as
     * the maker's driver reads it; a file that does not fit the model is refused at its line, naming the layout the
     * model expects. A model without a reader refuses every file.
     */
    default LidarModelType calibrated(String file, String text) {
        throw new IllegalArgumentException("lidar model " + id() + " reads no calibration file; docs/lidar-models.md"
                + " names the models that do and their formats");
    }

    /** The calibration file this model reads ({@link #calibrated}), in a few words; null when it reads none. */
    default String calibrationFormat() {
        return null;
    }

    /** The datasheet's detection figures; empty when none is known (then nothing decides detection). */
    default List<DetectionLine> detection() {
        return List.of();
    }

    @Override
    default Class<Mode> configType() {
        return Mode.class;
    }

    @Override
    default Mode defaultConfig() {
        return modes().get(0);
    }

    /** {@code {mode: <name>}}: the mode of that name. */
    @Override
    default Mode readConfig(Map<String, Object> fields, ConfigReader reader) {
        for (String k : fields.keySet()) {
            if (!k.equals("mode")) {
                throw new IllegalArgumentException("unknown field '" + k + "' of lidar model " + id() + "; expected [mode]");
            }
        }
        Object name = fields.get("mode");
        return name == null ? defaultConfig() : mode(String.valueOf(name));
    }

    /** The mode named {@code name} (case-insensitive); an unknown one is refused with the model's modes. */
    default Mode mode(String name) {
        for (Mode m : modes()) {
            if (m.name().equalsIgnoreCase(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("mode '" + name + "' is unknown for " + vendor() + " " + id() + "; its modes: "
                + modes().stream().map(Mode::name).toList());
    }
}
