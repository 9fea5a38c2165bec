package sensor.lidar.api;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.function.Function;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

import sensor.api.Args;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.RayPatternGenerator;

/**
 * A lidar model held as data, what a vendor bundle registers: a spinning model's beam table ({@link #spinning}) or a
 * pattern of its own. {@link #register} publishes a bundle's models as services, so the lidar finds them by id.
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
 * @param patterns            the pattern of each mode
 */
public record CatalogModel(String id, String vendor, String description, Source source, List<Beam> beams,
        List<Mode> modes, double rangeMin, double rangeMax, double divergenceHalfAngle, List<String> returnModes,
        Function<Mode, RayPatternGenerator> patterns) implements LidarModelType {

    /** Checks the fields: an id, a source, at least one mode, {@code 0 <= rangeMin < rangeMax}. */
    public CatalogModel {
        Args.id("id", id);
        Args.notNull("source", source);
        beams = List.copyOf(Args.notNull("beams", beams));
        modes = List.copyOf(Args.notNull("modes", modes));
        returnModes = List.copyOf(Args.notNull("returnModes", returnModes));
        Args.notNull("patterns", patterns);
        if (modes.isEmpty()) {
            throw new IllegalArgumentException("lidar model " + id + " needs at least one mode");
        }
        Args.nonNegative("rangeMin", rangeMin);
        if (!(rangeMax > rangeMin)) {
            throw new IllegalArgumentException("lidar model " + id + ": rangeMax must exceed rangeMin, got " + rangeMax);
        }
        Args.inRange("divergenceHalfAngle", divergenceHalfAngle, 0, 0.1);
    }

    /** A spinning model whose pattern in each mode is {@link RayPatterns#spinning} of its beams. */
    public static CatalogModel spinning(String id, String vendor, String description, Source source, List<Beam> beams,
            List<Mode> modes, double rangeMin, double rangeMax, double divergenceHalfAngle, List<String> returnModes) {
        List<Beam> table = List.copyOf(beams);
        return new CatalogModel(id, vendor, description, source, table, modes, rangeMin, rangeMax, divergenceHalfAngle,
                returnModes, m -> RayPatterns.spinning(m, table));
    }

    /** The 1/e² half-angle of a Gaussian beam whose full width at half maximum is {@code fwhmDeg} degrees ([L-16]). */
    public static double halfAngleOfFwhm(double fwhmDeg) {
        // I ∝ exp(−2 r²/w²): the FWHM diameter is w·sqrt(2 ln 2), so w = FWHM / sqrt(2 ln 2) per unit range
        return Math.toRadians(fwhmDeg) / Math.sqrt(2 * Math.log(2));
    }

    @Override
    public RayPatternGenerator pattern(Mode mode) {
        if (!modes.contains(mode)) {
            throw new IllegalArgumentException("mode " + mode + " is not a mode of " + id + "; its modes: "
                    + modes.stream().map(Mode::name).toList());
        }
        return patterns.apply(mode);
    }

    /**
     * Registers {@code models} as {@link LidarModelType} services with their {@link #ID_PROPERTY}; closing the result
     * unregisters them (a vendor bundle's component does this on activation and deactivation).
     */
    public static AutoCloseable register(BundleContext context, List<? extends LidarModelType> models) {
        List<ServiceRegistration<?>> registrations = new ArrayList<>();
        for (LidarModelType m : models) {
            Hashtable<String, Object> props = new Hashtable<>();
            props.put(ID_PROPERTY, m.id());
            props.put("lidar.vendor", m.vendor());
            registrations.add(context.registerService(LidarModelType.class, m, props));
        }
        return () -> registrations.forEach(r -> {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the bundle stopped first: the framework has unregistered it
            }
        });
    }
}
