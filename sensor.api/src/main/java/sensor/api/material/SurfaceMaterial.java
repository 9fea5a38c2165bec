package sensor.api.material;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A surface material as the lidar pipeline evaluates it ([L-3]). Directions are unit vectors in the
 * surface's local frame, normal = +z: {@code l} towards the emitter, {@code v} towards the detector.
 * Implementations on the hot path must not allocate.
 */
@ConsumerType
public interface SurfaceMaterial {
    /** The BRDF {@code f(l, v)} in 1/sr. */
    double brdf(double lx, double ly, double lz, double vx, double vy, double vz);

    /** Specular power reflectance at incidence cosine {@code cosTheta} (a reflection child if {@code > 0}). */
    default double specularReflectance(double cosTheta) {
        return 0;
    }

    /** Power transmittance into the material at incidence cosine {@code cosTheta} (a transmission child if {@code > 0}). */
    default double transmittance(double cosTheta) {
        return 0;
    }

    /** Its closed form for a device pipeline; empty (the default) when it is evaluated in Java only. */
    default java.util.Optional<KernelForm> kernelForm() {
        return java.util.Optional.empty();
    }

    /** Lambertian opaque material {@code f = C_D / π} ([L-4]); {@code 0 ≤ C_D ≤ 1}. */
    static SurfaceMaterial lambertian(double reflectivity) {
        return new Lambertian(reflectivity);
    }
}
