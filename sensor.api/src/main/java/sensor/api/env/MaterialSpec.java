package sensor.api.env;

import sensor.api.Args;

/**
 * A reference to a material by type id and typed configuration; the environment resolves it through the
 * registered material types. A {@code null} configuration means the type's default.
 */
public record MaterialSpec(String typeId, Object config) {
    public MaterialSpec {
        Args.id("material typeId", typeId);
    }

    /** A material of the given type with its default configuration. */
    public static MaterialSpec of(String typeId) {
        return new MaterialSpec(typeId, null);
    }
}
