package sensor.api.scene;

import java.util.List;

import sensor.api.Args;
import sensor.api.geom.Vec3;

/**
 * A light for visible-light sensors: the {@code SUN}, parallel light travelling along {@code direction} (a unit vector,
 * from the sun towards the scene) with {@code irradiance} (W/m² on a surface facing it), or the {@code SKY}, light from
 * every direction above with {@code irradiance} on an upward surface (direction unused). {@code color} is the light's
 * linear RGB tint, each in [0, 1].
 */
public record Light(Kind kind, Vec3 direction, double irradiance, List<Double> color) {
    /** The kinds of light. */
    public enum Kind { SUN, SKY }

    public Light {
        Args.notNull("kind", kind);
        Args.inRange("irradiance", irradiance, 0, 1e5);
        if (kind == Kind.SUN) {
            Args.notNull("direction", direction);
            double n = direction.norm();
            if (!(n > 1e-9) || !Double.isFinite(n)) {
                throw new IllegalArgumentException("direction must be a finite non-zero vector, got " + direction);
            }
            direction = direction.times(1 / n);
        }
        color = checkColor(color == null ? List.of(1.0, 1.0, 1.0) : color);
    }

    /** A white sun. */
    public static Light sun(Vec3 direction, double irradiance) {
        return new Light(Kind.SUN, direction, irradiance, null);
    }

    /** A white sky. */
    public static Light sky(double irradiance) {
        return new Light(Kind.SKY, null, irradiance, null);
    }

    /** Checks a linear RGB colour: three values in [0, 1]; returns an unmodifiable copy. */
    public static List<Double> checkColor(List<Double> color) {
        if (color == null || color.size() != 3 || color.stream().anyMatch(c -> c == null || !(c >= 0 && c <= 1))) {
            throw new IllegalArgumentException("color must be [r, g, b], each in [0, 1] (linear), got " + color);
        }
        return List.copyOf(color);
    }
}
