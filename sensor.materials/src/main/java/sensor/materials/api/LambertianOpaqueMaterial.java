package sensor.materials.api;

import java.util.Objects;

import sensor.api.Args;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;

/**
 * Configuration of the Lambertian opaque surface [L-4], {@code f(l, v) = C_D/π} (type id
 * {@code "lambertian"}, AGX {@code RtLambertianOpaqueMaterial}). Default {@code C_D = 0.8}, the material
 * of every surface that has none. Mutable and fluent, not thread-safe; a setter that rejects its
 * argument leaves the object unchanged.
 *
 * <pre>{@code SurfaceMaterial m = new LambertianOpaqueMaterial().setReflectivity(0.2).build();}</pre>
 */
public final class LambertianOpaqueMaterial {
    /** Default reflectivity {@code C_D} (manual). */
    public static final double DEFAULT_REFLECTIVITY = 0.8;

    private double reflectivity = DEFAULT_REFLECTIVITY;

    /** Sets the total diffuse reflectivity {@code C_D} in [0, 1]. */
    public LambertianOpaqueMaterial setReflectivity(double reflectivity) {
        this.reflectivity = Args.inRange("reflectivity", reflectivity, 0, 1);
        return this;
    }

    public double getReflectivity() {
        return reflectivity;
    }

    /** The immutable material: the kernel's {@link Lambertian}. */
    public SurfaceMaterial build() {
        return new Lambertian(reflectivity);
    }

    public LambertianOpaqueMaterial copy() {
        return new LambertianOpaqueMaterial().setReflectivity(reflectivity);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LambertianOpaqueMaterial m && Double.compare(m.reflectivity, reflectivity) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(reflectivity);
    }

    @Override
    public String toString() {
        return "LambertianOpaqueMaterial[reflectivity=" + reflectivity + "]";
    }
}
