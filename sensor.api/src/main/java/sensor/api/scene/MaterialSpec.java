package sensor.api.scene;

import java.util.List;

import sensor.api.Args;

/**
 * A reference to a material by type id and typed configuration; the environment resolves it through the
 * registered material types. A {@code null} configuration means the type's default. {@code color} is the surface's
 * visible-light colour for cameras (linear RGB, each in [0, 1]; {@code null}: {@link #GREY}).
 */
public record MaterialSpec(String typeId, Object config, List<Double> color) {
    /** The colour of a material that names none. */
    public static final List<Double> GREY = List.of(0.5, 0.5, 0.5);

    public MaterialSpec {
        Args.id("material typeId", typeId);
        color = color == null ? null : Light.checkColor(color);
    }

    /** A material without a colour of its own. */
    public MaterialSpec(String typeId, Object config) {
        this(typeId, config, null);
    }

    /** A material of the given type with its default configuration. */
    public static MaterialSpec of(String typeId) {
        return new MaterialSpec(typeId, null);
    }

    /** The visible-light colour: {@link #color} or {@link #GREY}. */
    public List<Double> visibleColor() {
        return color == null ? GREY : color;
    }
}
