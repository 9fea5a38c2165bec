package sensor.api.scene;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.Args;
import sensor.api.geom.Vec3;

/** A magnetic flux density field over the world, in tesla, world frame (x east, y north, z up). */
@ConsumerType
@FunctionalInterface
public interface MagneticField {
    /** The flux density at a world position and time. */
    Vec3 at(Vec3 position, double time);

    /** A uniform, constant field. */
    static MagneticField uniform(Vec3 b) {
        if (b == null || !b.isFinite()) {
            throw new IllegalArgumentException("magnetic field must be a finite vector, got " + b);
        }
        return (p, t) -> b;
    }

    /**
     * A uniform field from the elements a world magnetic model gives: declination {@code D} (rad, east of
     * north positive), inclination {@code I} (rad, below the horizontal positive) and total intensity
     * {@code F} (T). In the east-north-up world frame: {@code (F cos I sin D, F cos I cos D, −F sin I)}.
     */
    static MagneticField fromElements(double declination, double inclination, double intensity) {
        Args.inRange("declination", declination, -Math.PI, Math.PI);
        Args.inRange("inclination", inclination, -Math.PI / 2, Math.PI / 2);
        Args.nonNegative("intensity", intensity);
        double h = intensity * Math.cos(inclination);
        return uniform(new Vec3(h * Math.sin(declination), h * Math.cos(declination), -intensity * Math.sin(inclination)));
    }
}
