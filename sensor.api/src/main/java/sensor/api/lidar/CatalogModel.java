package sensor.api.lidar;

import java.util.List;
import java.util.function.BiFunction;

import sensor.api.Args;

/**
 * A lidar model held as data, what a vendor bundle registers as a {@link LidarModelType} service: a spinning model's
 * beam table, or a non-repetitive model's recorded pattern ({@link #replay}). The lidar bundle turns either into
 * the ray pattern of a mode.
 *
 * @param id                  e.g. {@code VLP-16}
 * @param vendor              e.g. {@code Velodyne}
 * @param description         one line: the model and what its table is
 * @param source              where the table comes from
 * @param beams               the lasers in channel order (empty for a non-repetitive pattern)
 * @param modes               the modes offered, the default first
 * @param rangeMin            nearest range reported, m
 * @param rangeMax            farthest range reported, m
 * @param divergenceHalfAngle 1/e² divergence half-angle, rad
 * @param returnModes         the return modes offered
 * @param replay              the recorded pattern of a non-repetitive model, null for a spinning one
 * @param detection           the datasheet's detection figures [L-DET], empty when none is known
 * @param calibration         how a unit's own calibration file is read, null when the model reads none
 */
public record CatalogModel(String id, String vendor, String description, Source source, List<Beam> beams,
        List<Mode> modes, double rangeMin, double rangeMax, double divergenceHalfAngle, List<String> returnModes,
        Replay replay, List<DetectionLine> detection, Calibration calibration) implements LidarModelType {

    /**
     * How a vendor bundle reads a unit's calibration file: {@code reader} gives the beams of a file's name and text, or
     * refuses it at its line.
     *
     * @param format what the file is, e.g. {@code Hesai angle-correction CSV (channel, elevation, azimuth)}
     * @param reader (file name, text) to beams in channel order
     */
    public record Calibration(String format, BiFunction<String, String, List<Beam>> reader) {}

    /** A model without a calibration reader. */
    public CatalogModel(String id, String vendor, String description, Source source, List<Beam> beams,
            List<Mode> modes, double rangeMin, double rangeMax, double divergenceHalfAngle, List<String> returnModes,
            Replay replay, List<DetectionLine> detection) {
        this(id, vendor, description, source, beams, modes, rangeMin, rangeMax, divergenceHalfAngle, returnModes, replay,
                detection, null);
    }

    /** A model without detection figures. */
    public CatalogModel(String id, String vendor, String description, Source source, List<Beam> beams,
            List<Mode> modes, double rangeMin, double rangeMax, double divergenceHalfAngle, List<String> returnModes,
            Replay replay) {
        this(id, vendor, description, source, beams, modes, rangeMin, rangeMax, divergenceHalfAngle, returnModes, replay,
                List.of());
    }

    /** Checks the fields: an id, a source, at least one mode, {@code 0 <= rangeMin < rangeMax}, beams or a replay. */
    public CatalogModel {
        Args.id("id", id);
        Args.notNull("source", source);
        beams = List.copyOf(Args.notNull("beams", beams));
        modes = List.copyOf(Args.notNull("modes", modes));
        returnModes = List.copyOf(Args.notNull("returnModes", returnModes));
        detection = List.copyOf(Args.notNull("detection", detection));
        if (modes.isEmpty()) {
            throw new IllegalArgumentException("lidar model " + id + " needs at least one mode");
        }
        if (beams.isEmpty() == (replay == null)) {
            throw new IllegalArgumentException("lidar model " + id + " needs either beams or a replay, not both");
        }
        Args.nonNegative("rangeMin", rangeMin);
        if (!(rangeMax > rangeMin)) {
            throw new IllegalArgumentException("lidar model " + id + ": rangeMax must exceed rangeMin, got " + rangeMax);
        }
        Args.inRange("divergenceHalfAngle", divergenceHalfAngle, 0, 0.1);
    }

    /** A spinning model: its beam table, no replay. */
    public static CatalogModel spinning(String id, String vendor, String description, Source source, List<Beam> beams,
            List<Mode> modes, double rangeMin, double rangeMax, double divergenceHalfAngle, List<String> returnModes) {
        return new CatalogModel(id, vendor, description, source, beams, modes, rangeMin, rangeMax, divergenceHalfAngle,
                returnModes, null);
    }

    /** This model with the datasheet's detection figures. */
    public CatalogModel withDetection(List<DetectionLine> lines) {
        return new CatalogModel(id, vendor, description, source, beams, modes, rangeMin, rangeMax, divergenceHalfAngle,
                returnModes, replay, lines, calibration);
    }

    /** This model reading a unit's calibration file with {@code reader}. */
    public CatalogModel withCalibration(String format, BiFunction<String, String, List<Beam>> reader) {
        return new CatalogModel(id, vendor, description, source, beams, modes, rangeMin, rangeMax, divergenceHalfAngle,
                returnModes, replay, detection, new Calibration(format, reader));
    }

    @Override
    public String calibrationFormat() {
        return calibration == null ? null : calibration.format();
    }

    /**
     * This model with the beams of the unit file {@code file}: as many channels as the model has, each beam as the
     * vendor's reader gives it; the source names the file as one unit's calibration.
     */
    @Override
    public CatalogModel calibrated(String file, String text) {
        if (calibration == null) {
            return (CatalogModel) LidarModelType.super.calibrated(file, text);
        }
        List<Beam> unit = calibration.reader().apply(file, text);
        if (unit.size() != beams.size()) {
            throw new IllegalArgumentException(file + ": " + unit.size() + " channels, but " + vendor + " " + id + " has "
                    + beams.size() + "; expected " + calibration.format() + " with " + beams.size() + " channels");
        }
        Source own = new Source(file, "the user's file", "the user's", Provenance.UNIT_CALIBRATION,
                "one unit's calibration, read as " + calibration.format() + "; in place of " + source.file());
        return new CatalogModel(id, vendor, description + ", calibrated from " + file, own, unit, modes, rangeMin,
                rangeMax, divergenceHalfAngle, returnModes, replay, detection, calibration);
    }

    /** The 1/e² half-angle of a Gaussian beam whose full width at half maximum is {@code fwhmDeg} degrees ([L-16]). */
    public static double halfAngleOfFwhm(double fwhmDeg) {
        // I ∝ exp(−2 r²/w²): the FWHM diameter is w·sqrt(2 ln 2), so w = FWHM / sqrt(2 ln 2) per unit range
        return Math.toRadians(fwhmDeg) / Math.sqrt(2 * Math.log(2));
    }
}
